"""Measurement only: how much would the hard bot gain if it knew the other players' cards?

    python -m tools.truth_bound all --rules official --players 2 --bots oracle,medium \
        --rounds 600 --seed 101 --jobs 1
    python -m tools.truth_bound kept ...   (only the cards their owner knows)
    python -m tools.truth_bound kept@power ...   (the truth only in decisions of these
                                                   phases, comma-separated; else as hard)

The first argument is the mode, the rest goes to `cabo.play.arena`, where the level "oracle" is
replaced by a hard bot whose worlds (`worlds.deal_world`) deal the other players' hidden
cards as they truly are: "all" of them, or only the "kept" ones (those their owner knows).
Its own unknown cards, the deck and a hidden draw are still sampled, and the rollouts still
model the others as medium. Compare with plain `hard` on the same seeds: the difference is
an upper bound of what better inference of the others' cards could buy. It reads the true
cards through `State.perfect_information()`, which the arena hands to the "oracle" level
only; nothing here is reachable from the page.

Measured at 9f21e09 (official 2p, seed 101, 600 rounds, --jobs 1, against medium; round-win
share, 95 % Wilson interval): plain hard 57.8 % [53.8-61.7]; "all" 67.8 % [64.0-71.5];
"kept" 62.8 % [58.9-66.6]; "kept@turn" (the truth only when drawing, taking or calling
Cabo) 66.2 % [62.3-69.8]; "kept@power,king" (only for swaps) 57.5 % [53.5-61.4]. So what
the others' kept cards are worth is in the turn decisions, the Cabo call above all (medium
scores 10.2 points a round against "kept@turn", 7.7 against plain hard).
"""

from __future__ import annotations

import sys

from cabo.play import arena
from cabo.bots import LEVELS
from cabo.bots import hard
from cabo.bots.worlds import deal_rest, deal_world

MODE = "all"
PHASES = None    # the phases whose decisions get true worlds (None: all)
_PEEK = [None]   # the perfect_information callable of the bot that is thinking


def true_world(obs, rng, *args):
    """`deal_world`, then the others' hidden cards (all, or the kept ones) set to the
    truth and the rest of the unseen cards dealt again around them."""
    world = deal_world(obs, rng, *args)
    if PHASES is not None and obs.phase not in PHASES:
        return world
    truth = _PEEK[0]()
    fixed = {}
    for o, row in enumerate(obs.hands):
        if o == obs.seat:
            continue
        for i, cell in enumerate(row):
            if cell is None or cell[0] is not None:
                continue
            if MODE == "kept" and not cell[1] >> o & 1:
                continue
            fixed[(o, i)] = truth["hands"][o][i]
    if not fixed:
        return world
    slots = [(o, i) for o, row in enumerate(obs.hands) for i, cell in enumerate(row)
             if cell is not None and cell[0] is None and (o, i) not in fixed]
    pool = [world.hands[o][i] for o, i in list(fixed) + slots] + list(world.deck)
    if obs.drawn_hidden:
        pool.append(world.drawn)
    want = set(fixed.values())
    rest = [c for c in pool if c not in want]
    if len(rest) + len(want) != len(pool):
        raise AssertionError("the true cards are not among the unseen ones")
    for (o, i), c in fixed.items():
        world.hands[o][i] = c
    return deal_rest(world, obs, slots, rest, rng)


class TruthHard(hard.HardBot):
    """The hard bot with `true_world` worlds (built by the arena as level "oracle")."""

    name = "oracle"

    def __init__(self, seed, peek_state=None, **options):
        if peek_state is None:
            raise ValueError("truth_bound needs peek_state")
        super().__init__(seed, **options)
        self.peek_state = peek_state

    def think(self, obs, legal):
        _PEEK[0] = self.peek_state
        return (yield from super().think(obs, legal))


def main(argv):
    global MODE, PHASES
    mode, _, phases = argv[0].partition("@") if argv else ("", "", "")
    if mode not in ("all", "kept"):
        raise SystemExit("usage: python -m tools.truth_bound all|kept[@phase,...] ARENA-ARGS...")
    MODE = mode
    PHASES = set(phases.split(",")) if phases else None
    hard.deal_world = true_world
    LEVELS["oracle"] = TruthHard
    arena.main(argv[1:])


if __name__ == "__main__":
    main(sys.argv[1:])
