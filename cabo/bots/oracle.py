"""The oracle baseline, for measurement only: the medium policy with perfect information.

It is the one bot that sees hidden cards, and only through an explicitly named callable,
`peek_state`, that returns `State.perfect_information()`. The driver (arena, tests) must
pass it; the page never offers this level.
"""

from __future__ import annotations

from ..game.actions import DrawDeck, TakeDiscard
from .knowledge import from_obs
from .medium import MediumBot
from .policy import best_replace, decide, power_gain, rank


class OracleBot(MediumBot):
    """Sees every card (hands and deck) through `peek_state`; plays the medium policy."""

    name = "oracle"
    reaction_ms = 500

    def __init__(self, seed: int, peek_state=None):
        if peek_state is None:
            raise ValueError("the oracle needs peek_state: a callable returning "
                             "State.perfect_information()")
        super().__init__(seed)
        self.peek_state = peek_state

    def view(self, obs):
        truth = self.peek_state()
        v = from_obs(obs)
        values = v.values
        seen_sum = seen_sq = seen_cnt = 0
        for o, row in enumerate(truth["hands"]):
            for i, c in enumerate(row):
                if c is not None:
                    v.cards[o][i] = c
                    seen_sum += values[c]
                    seen_sq += values[c] ** 2
                    seen_cnt += 1
        extra = list(obs.discard) + ([obs.drawn] if obs.drawn is not None else [])
        seen_sum += sum(values[c] for c in extra)
        seen_sq += sum(values[c] ** 2 for c in extra)
        v.finish(seen_sum, seen_sq, seen_cnt + len(extra))
        self.deck_top = truth["deck"][-1] if truth["deck"] else None
        return v

    def choose(self, obs, legal):
        v = self.view(obs)
        best = rank(v, legal, self.params)[0][1] if v.phase == "turn" else None
        if isinstance(best, (DrawDeck, TakeDiscard)) and self.deck_top is not None:
            kinds = {type(a): a for a in legal}
            if DrawDeck in kinds and TakeDiscard in kinds:
                top, prm = self.deck_top, self.params
                draw = max(best_replace(v, v.values[top], prm)[0],
                           power_gain(v, v.powers[top], prm), 0.0)
                take = best_replace(v, v.values[v.discard[-1]], prm)[0]
                return kinds[DrawDeck] if draw >= take else kinds[TakeDiscard]
        return best if best is not None else decide(v, legal, self.params)
