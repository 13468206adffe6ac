"""The hint button: the hard bot's suggestion for a person's current decision.

`suggest(obs, legal, seed)` sees only that person's Observation and legal actions (never the
State) and returns `(action, code)`; the page turns the code into words (one place per
language). It returns `(None, "wait")` when there is nothing to decide.
"""

from __future__ import annotations

from ..actions import (
    CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSpy, KingSwap, Match,
    NextRound, PairDiscard, PeekOwn, Ready, Replace, SkipPower, Spy, Swap, TakeDiscard)
from .base import own_moves
from .hard import HardBot

CODES = ("wait", "initial_peek", "call_cabo", "draw", "take_discard", "replace_unknown",
         "replace_known", "multi_replace", "discard", "peek_own", "spy", "swap", "king_spy",
         "king_swap", "skip_power", "end_turn", "match", "pair_discard", "give_worst", "ready",
         "next_round", "end_game")
HINT_SIMULATIONS = 48   # the page runs on the main thread: keep a hint short


def suggest(obs, legal, seed: int = 0, simulations: int = HINT_SIMULATIONS) -> tuple:
    """(action, explanation code) the hard bot would play for this seat now."""
    bot = HardBot(seed, simulations=simulations)
    moves = own_moves(legal)
    if moves:
        action = bot.choose(obs, legal)
    else:
        action = bot.react(obs, legal) if legal else None
    return action, explain(obs, action)


def explain(obs, action) -> str:
    """The code that names why `action` is suggested."""
    if action is None:
        return "wait"
    if isinstance(action, Replace):
        if len(action.slots) > 1:
            return "multi_replace"
        return "replace_known" if obs.knows(obs.seat, action.slots[0]) else "replace_unknown"
    return _CODE_OF[type(action)]


_CODE_OF = {
    InitialPeek: "initial_peek", CallCabo: "call_cabo", DrawDeck: "draw",
    TakeDiscard: "take_discard", Discard: "discard", PeekOwn: "peek_own", Spy: "spy",
    Swap: "swap", KingSpy: "king_spy", KingSwap: "king_swap", SkipPower: "skip_power",
    EndTurn: "end_turn", Match: "match", PairDiscard: "pair_discard", Give: "give_worst",
    Ready: "ready", NextRound: "next_round", EndGame: "end_game",
}
