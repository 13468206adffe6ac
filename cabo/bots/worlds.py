"""Worlds for the search bot: `sample_world` with a better guess of the others' kept cards.

`sample_world` deals every unseen card uniformly. But a card that another player knows and
kept is usually low (players replace high cards). Dealing them uniformly makes the others
look weaker than they are and the searcher call Cabo too often. So the cards in the hidden
slots that their owner knows are re-drawn from the unseen cards with weights that favour low
values; the result still looks exactly like the observation to the observer. The weights
are measured in medium self-play (docs/speed.md, "cards their owner kept").
"""

from __future__ import annotations

from ..game.rounds import shuffle
from ..game.sampler import sample_world

# Relative chance that a card its owner knows and kept has this value. Values beyond the
# table (standard52's or party's) take the last weight.
KEPT_WEIGHT = (1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.69, 0.35, 0.17, 0.17, 0.11, 0.075, 0.072, 0.071)


def weight(value: int) -> float:
    """Relative chance that a kept card has this value."""
    if value < 0:
        return 1.0
    return KEPT_WEIGHT[value] if value < len(KEPT_WEIGHT) else KEPT_WEIGHT[-1]


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
    return deal_rest(world, obs, other, pool, rng)


def deal_rest(world, obs, slots, pool, rng):
    """Shuffle the unseen cards `pool` and deal them into `slots` ((seat, slot) pairs), the
    hidden drawn card (if `obs` has one) and the deck, in this order; the world."""
    shuffle(rng, pool)
    for o, i in slots:
        world.hands[o][i] = pool.pop()
    if obs.drawn_hidden:
        world.drawn = pool.pop()
    world.deck = pool
    return world
