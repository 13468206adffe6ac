"""Headless self-play: whole games between bots, seeded, with an optional transcript.

    python -m cabo.selfplay --rules party --players 4 --seed 7 --transcript
"""

from __future__ import annotations

import argparse

from .game.actions import EndGame, NextRound
from .bots import make_bot
from .game.engine import apply, legal_actions, new_game, to_move
from .game.matching import reacting_seats
from .game.observation import observe
from .game.rules import PRESETS


def play_game(rules, n, seed, bots=None, max_rounds=10, on_events=None, host_rounds=3):
    """Play one game to its end (or `max_rounds` rounds); return the final state.

    `bots` maps seats to Bot objects (default: random bots). In games the host ends, the host
    ends it after `host_rounds` rounds. `on_events(state, action, events)` sees every step.
    """
    state = new_game(rules, n, seed)
    bots = bots or [make_bot("random", seed * 7919 + s) for s in range(n)]
    while not state.game_over:
        if state.phase == "round_over":
            if state.round_no >= max_rounds:
                break
            host_ends = rules.game_end == "host" and state.round_no >= host_rounds
            action = EndGame(0) if host_ends else NextRound(0)
            events = apply(state, action)
            for bot in bots:
                bot.new_round()
        else:
            action = _off_turn(state, bots) or _main_move(state, bots)
            events = apply(state, action)
        if on_events:
            on_events(state, action, events)
    return state


def _main_move(state, bots):
    seat = to_move(state)[0]
    return bots[seat].choose(observe(state, seat), legal_actions(state, seat))


def _off_turn(state, bots):
    """Offer each seat an off-turn move, in seat order starting after the current player."""
    for seat in reacting_seats(state):
        action = bots[seat].react(observe(state, seat), legal_actions(state, seat))
        if action is not None:
            return action
    return None


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
    bots = [make_bot(levels[s % len(levels)], args.seed * 7919 + s) for s in range(args.players)]

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
