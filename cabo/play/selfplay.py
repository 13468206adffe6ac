"""Headless self-play: whole games between bots, seeded, with an optional transcript.

    python -m cabo.play.selfplay --rules party --players 4 --seed 7 --transcript
"""

from __future__ import annotations

import argparse

from ..bots import make_bot
from ..game.engine import new_game
from ..game.rules import PRESETS
from ..game.seeds import headless_bot_seed
from .driver import Driver, between_rounds


def play_game(rules, n, seed, bots=None, max_rounds=10, on_events=None, host_rounds=3):
    """Play one game to its end (or `max_rounds` rounds); return the final state.

    `bots` maps seats to Bot objects (default: random bots). In games the host ends, the host
    ends it after `host_rounds` rounds. `on_events(state, action, events)` sees every step.
    """
    bots = bots or [make_bot("random", headless_bot_seed(seed, s)) for s in range(n)]
    driver = Driver(new_game(rules, n, seed), dict(enumerate(bots)))
    return driver.play(between_rounds(max_rounds, host_rounds), on_events)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Headless Cabo self-play between bots.")
    parser.add_argument("--rules", default="official", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random", help="comma-separated levels, one per seat")
    parser.add_argument("--transcript", action="store_true", help="print every event")
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules]
    levels = args.bots.split(",")
    bots = [make_bot(levels[s % len(levels)], headless_bot_seed(args.seed, s))
            for s in range(args.players)]

    def show(state, action, events):
        if args.transcript:
            for e in events:
                print(e.view_all())

    state = play_game(rules, args.players, args.seed, bots, on_events=show)
    for r in state.history:
        print(f"round {r['round_no']}: caller {r['caller']}, sums {r['sums']}, "
              f"points {r['points']}, totals {r['totals']}")
    print(f"game over: {state.game_over}, winners {list(state.winners)}, "
          f"totals {state.totals}, rounds won {state.rounds_won}")


if __name__ == "__main__":
    main()
