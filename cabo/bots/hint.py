"""The hint button: a coach's suggestion for a person's current decision.

`suggest(obs, legal, seed)` sees only that person's Observation and legal actions (never the
State) and returns `(action, code)`; the page turns the code into one line of words that
says why (one place per language). It returns `(None, "wait")` when there is nothing to
decide.

The hint is never worse than the medium bot's move: it is medium's move unless a short
search in sampled worlds (the hard bot's, with medium's own ranking as the baseline) shows
another candidate better by HINT_CONFIDENCE standard errors of the paired differences.
Clear decisions (the best move ahead of the others by more than the search gap, say replacing
a known 13 by a drawn 9) are not searched at all, so noise cannot overturn them.
"""

from __future__ import annotations

from ..actions import (
    CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSpy, KingSwap, Match,
    NextRound, PairDiscard, PeekOwn, Ready, Replace, SkipPower, Spy, Swap, TakeDiscard)
from .base import own_moves
from .hard import HardBot
from .policy import MEDIUM

CODES = ("wait", "initial_peek", "call_cabo", "draw", "take_discard", "replace_unknown",
         "replace_known", "multi_replace", "discard", "peek_own", "spy", "swap", "king_spy",
         "king_swap", "skip_power", "end_turn", "match", "pair_discard", "give_worst", "ready",
         "next_round", "end_game")
HINT_SIMULATIONS = 48   # the page runs on the main thread: keep a hint short
HINT_CONFIDENCE = 2.0   # standard errors a hint must win by to differ from medium's move
HINT_STEPS = 150        # its rollouts play the round to the end (the hard bot's may be cut)


def suggest(obs, legal, seed: int = 0, simulations: int = HINT_SIMULATIONS) -> tuple:
    """(action, explanation code) for this seat now: medium's move unless clearly beaten."""
    working = thinking(obs, legal, seed, simulations)
    while True:
        try:
            next(working)
        except StopIteration as done:
            return done.value


def thinking(obs, legal, seed: int = 0, simulations: int = HINT_SIMULATIONS):
    """`suggest` as a generator that yields every few engine steps of its search (the page
    runs it in slices, as it runs the bots' thinking) and returns what `suggest` returns."""
    bot = HardBot(seed, simulations=simulations, confidence=HINT_CONFIDENCE, params=MEDIUM,
                  max_steps=HINT_STEPS)
    if own_moves(legal):
        action = yield from bot.think(obs, legal)
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
