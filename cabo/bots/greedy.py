"""The greedy baseline, for measurement only: a heuristic used by open-source Cabo games.

Every unknown card counts as 6; it calls Cabo when its own estimate is 5 or less; it keeps a
card if it is lower than its worst slot; it peeks at own cards and ignores the other powers.
"""

from __future__ import annotations

from ..game.actions import (CallCabo, Discard, DrawDeck, EndTurn, Match, PeekOwn, Replace,
                            SkipPower, TakeDiscard, permits)
from .base import Bot, own_moves
from .knowledge import from_obs

UNKNOWN_VALUE = 6
CABO_AT = 5


class GreedyBot(Bot):
    """Unknown = 6, Cabo at an estimate of 5 or less, replace the worst slot."""

    name = "greedy"
    reaction_ms = 1000

    def choose(self, obs, legal):
        moves = own_moves(legal) or legal
        v = from_obs(obs)
        me = v.seat
        est = {i: (v.values[c] if c >= 0 else UNKNOWN_VALUE)
               for i, c in enumerate(v.cards[me]) if c is not None}
        worst = max(est, key=lambda i: (est[i], -i)) if est else None
        kinds = {type(a): a for a in moves}
        if CallCabo in kinds and sum(est.values()) <= CABO_AT:
            return kinds[CallCabo]
        if v.phase == "turn":
            if TakeDiscard in kinds and worst is not None \
                    and v.values[v.discard[-1]] < est[worst] - 1:
                return kinds[TakeDiscard]
            if DrawDeck in kinds:
                return kinds[DrawDeck]
        if v.phase == "drawn" and worst is not None:
            if v.values[v.drawn] < est[worst] or Discard not in kinds:
                return Replace(me, (worst,))
            return kinds[Discard]
        if v.phase == "power":
            unknown = [a for a in moves if isinstance(a, PeekOwn) and v.cards[me][a.slot] < 0]
            if unknown:
                return unknown[0]
        if v.phase in ("power", "king") and SkipPower in kinds:
            return kinds[SkipPower]
        if EndTurn in kinds:
            return kinds[EndTurn]
        if v.gives and worst is not None:
            return next((a for a in moves if getattr(a, "slot", None) == worst), moves[0])
        return moves[0]

    def react(self, obs, legal):
        target = obs.match_target
        if target is None:
            return None
        v = from_obs(obs)
        for i, c in enumerate(v.cards[v.seat]):
            if c is not None and c >= 0 and v.values[c] == v.values[target] > 0:
                action = Match(v.seat, v.seat, i)
                return action if permits(legal, action) else None
        return None
