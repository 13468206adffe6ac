"""The world sampler: deal the unseen cards consistently with an observation.

`sample_world(obs, rng)` keeps everything the observer knows and shuffles the rest (the
CloneAndRandomize step of information-set Monte Carlo search), so that
`observe(sample_world(obs, rng), obs.seat) == obs`. It ignores weaker inferences (for example
that a hidden wrong multi-replace held unequal cards); the sample is consistent, not a
posterior.
"""

from __future__ import annotations

import random

from .rounds import shuffle
from .state import State


def unseen_cards(obs, cards_total: int) -> list[int]:
    """Card ids the observer has not located: in unknown slots, the deck, or a hidden draw."""
    seen = set(obs.discard)
    for row in obs.hands:
        for cell in row:
            if cell is not None and cell[0] is not None:
                seen.add(cell[0])
    if obs.drawn is not None:
        seen.add(obs.drawn)
    return [c for c in range(cards_total) if c not in seen]


def sample_world(obs, rng: random.Random) -> State:
    """A full state that looks exactly like `obs` to its seat; hidden cards dealt by `rng`."""
    s = State.__new__(State)
    s.rules = obs.rules
    s.n = obs.n
    s._derive()
    pool = unseen_cards(obs, len(s.cards))
    shuffle(rng, pool)
    s.seed = 0
    s.seed_rng(rng.getrandbits(64))
    s.hands, s.known = [], []
    for row in obs.hands:
        hand, known = [], []
        for cell in row:
            if cell is None:
                hand.append(None)
                known.append(0)
            else:
                hand.append(cell[0] if cell[0] is not None else pool.pop())
                known.append(cell[1])
        s.hands.append(hand)
        s.known.append(known)
    s.drawn = pool.pop() if obs.drawn_hidden else obs.drawn
    if len(pool) != obs.deck_size:
        raise ValueError("observation is inconsistent: unseen cards do not fill the deck")
    s.deck = pool
    s.discard = list(obs.discard)
    for name in ("round_no", "seats", "dealer", "first", "phase", "current", "caller",
                 "final_left", "turns_done", "step", "drawn_from", "power", "king_target",
                 "match_target", "game_over", "winners"):
        setattr(s, name, getattr(obs, name))
    s.peeked = list(obs.peeked)
    s.ready = list(obs.ready)
    s.gives = [list(g) for g in obs.gives]
    s.totals = list(obs.totals)
    s.rounds_won = list(obs.rounds_won)
    s.history = list(obs.history)
    return s
