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

from ..game.actions import (
    permits, CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSpy, KingSwap, Match,
    NextRound, PairDiscard, PeekOwn, Ready, Replace, SkipPower, Spy, Swap, TakeDiscard)
from ..game.observation import drawn_power
from .base import own_moves
from .knowledge import from_obs
from .policy import MEDIUM, best_replace, decide, react

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
    from .hard import HardBot  # the search: imported when a hint is first asked for

    bot = HardBot(seed, simulations=simulations, confidence=HINT_CONFIDENCE, params=MEDIUM,
                  max_steps=HINT_STEPS)
    if own_moves(legal):
        action = yield from bot.think(obs, legal)
    else:
        action = bot.react(obs, legal) if legal else None
    return action, explain(obs, action)


def quick(obs, legal):
    """The hint without its search, cheap enough for every drawing of the table: medium's
    move (the search's baseline, which it keeps unless another is clearly better), or a sure
    match off-turn; None when there is nothing to decide. The table's primary button and
    glow follow it until the person asks for the searched hint."""
    if not legal:
        return None
    own = own_moves(legal)
    if own:
        return decide(from_obs(obs), own, MEDIUM)
    action = react(from_obs(obs))
    return action if action is not None and permits(legal, action) else None


def facts(obs, action) -> dict:
    """What the hint's line may say about `action`, split into known and estimated.

    "mean": what an unseen card is worth on average (card counting, one decimal);
    "cards": for each card the action names, (owner, slot, card id or None, estimate, owner
    has seen it), the card id only if this seat knows it; "drawn"/"top": the drawn card and the top discard
    (ids, None if none); "own": (known sum, unseen count, estimated sum) of this seat's row.
    """
    v = from_obs(obs)
    me = obs.seat
    known = sum(v.values[c] for c in v.cards[me] if c is not None and c >= 0)
    unseen = sum(1 for c in v.cards[me] if c is not None and c < 0)
    est, _ = v.est_sum(me)
    cards = []
    if action is not None:
        for owner, slot in _named(action):
            c = v.cards[owner][slot]
            if c is None:
                continue
            cards.append(_card(v, owner, slot))
    out = {"mean": round(v.mean, 1), "cards": cards, "drawn": obs.drawn,
           "top": obs.discard[-1] if obs.discard else None,
           "own": (known, unseen, round(est)), "count": len(v.occupied(me))}
    if isinstance(action, TakeDiscard) and obs.discard:
        slots = best_replace(v, v.values[obs.discard[-1]], MEDIUM)[1] or ()
        out["cards"] = [_card(v, me, i) for i in slots]
    if isinstance(action, (CallCabo, EndTurn, DrawDeck)):
        out["p"] = round(100 * v.p_lowest(MEDIUM.improve))
    if isinstance(action, Discard) and obs.drawn is not None:
        out["power"] = drawn_power(v.powers, obs.drawn, v.drawn_from) is not None
    return out


def _card(v, owner, slot) -> tuple:
    """(owner, slot, card id if the seat knows it else None, estimate, whether its owner
    has seen it)."""
    c = v.cards[owner][slot]
    return (owner, slot, c if c >= 0 else None, round(v.value(owner, slot), 1),
            bool(v.masks[owner][slot] >> owner & 1))


def _named(action) -> list:
    """(owner, slot) of the cards `action` names, in the order a sentence names them (own
    card first)."""
    seat = action.seat
    if isinstance(action, Replace):
        return [(seat, i) for i in action.slots]
    if isinstance(action, (PeekOwn, KingSwap, Give)):
        return [(seat, action.slot)]
    if isinstance(action, (Spy, KingSpy)):
        return [(action.target, action.slot)]
    if isinstance(action, Swap):
        return [(seat, action.slot), (action.target, action.target_slot)]
    if isinstance(action, Match):
        return [(action.owner, action.slot)]
    if isinstance(action, PairDiscard):
        return [tuple(c) for c in action.cards]
    return []


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
