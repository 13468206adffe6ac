"""Worlds for the search bot: `sample_world` with a better guess of the others' kept cards.

`sample_world` deals every unseen card uniformly. But a card that another player knows and
kept is usually low (players replace high cards): in medium self-play such cards average
about 4 against 6.4 for unseen cards. Dealing them uniformly makes the others look weaker
than they are and the searcher call Cabo too often. So the cards in the hidden slots that
their owner knows are re-drawn from the unseen cards with weights that favour low values;
the result still looks exactly like the observation to the observer.
"""

from __future__ import annotations

from ..sampler import sample_world

KEEP_BELOW = 5      # values up to this keep weight 1
DECAY = 0.65        # each point above KEEP_BELOW multiplies the weight by this


def weight(value: int) -> float:
    """Relative chance that a kept card has this value."""
    return 1.0 if value <= KEEP_BELOW else DECAY ** (value - KEEP_BELOW)


def deal_world(obs, rng):
    """A consistent world for `obs`; the others' kept cards are biased towards low values."""
    world = sample_world(obs, rng)
    values = world.values
    kept, other = [], []
    for o, row in enumerate(obs.hands):
        for i, cell in enumerate(row):
            if cell is None or cell[0] is not None:
                continue
            (kept if o != obs.seat and cell[1] >> o & 1 else other).append((o, i))
    if not kept:
        return world
    pool = [world.hands[o][i] for o, i in kept + other] + world.deck
    if obs.drawn_hidden:
        pool.append(world.drawn)
    weights = [weight(values[c]) for c in pool]
    for o, i in kept:
        r = rng.random() * sum(weights)
        k = 0
        while k < len(pool) - 1 and r >= weights[k]:
            r -= weights[k]
            k += 1
        world.hands[o][i] = pool.pop(k)
        weights.pop(k)
    rng.shuffle(pool)
    for o, i in other:
        world.hands[o][i] = pool.pop()
    if obs.drawn_hidden:
        world.drawn = pool.pop()
    world.deck = pool
    return world
