"""Engine and bot speed.

    python -m cabo.bench                 # random self-play rounds/s, bot decision times
    python -m cabo.bench --json --seconds 5

For the hard bot it also gives the search budget used per decision in engine steps (the
budget is a step count, never time: `HardBot.last_steps`, 0 for an unsearched decision);
in-page thinking is measured by `python -m tools.bench_thinking`.

Random self-play is the raw engine: every step the seat the game waits for plays a uniformly
random own move (`own_actions`: no off-turn matches), the host deals the next round, and a
finished game is replaced by a new one; a round counts when it is scored. Decision times are
those of `choose` in 2-player official games of each level against the medium bot. Rates and
times are given per wall-clock second and per CPU second of this process: the latter hardly
depends on other load on the machine.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from .actions import NextRound
from .bots import make_bot
from .arena import percentile
from .engine import apply, legal_actions, new_game, own_actions, to_move
from .observation import observe
from .rules import PRESETS

LEVELS = ("random", "greedy", "easy", "medium", "hard")


def random_rounds_per_second(rules_name: str, n: int, seconds: float, seed: int = 1) -> tuple:
    """Scored rounds per second of uniformly random play: (per wall second, per CPU second)."""
    rules = PRESETS[rules_name]
    rng = random.Random(seed)
    rand = rng.random
    rounds = 0
    game = 0
    state = new_game(rules, n, seed)
    t0, c0 = time.perf_counter(), time.process_time()
    deadline = t0 + seconds
    while True:
        phase = state.phase
        if phase == "round_over":
            rounds += 1
            if rounds % 64 == 0 and time.perf_counter() > deadline:
                break
            apply(state, NextRound(0))
        elif phase == "game_over":
            rounds += 1
            game += 1
            state = new_game(rules, n, seed + game)
        else:
            seat = to_move(state)[0]
            moves = own_actions(state, seat)
            apply(state, moves[int(rand() * len(moves))])
    return rounds / (time.perf_counter() - t0), rounds / (time.process_time() - c0)


def decision_times(level: str, rounds: int, seed: int = 1) -> dict:
    """choose() wall and CPU milliseconds (p50, p95) of `level` against medium, official 2p."""
    rules = PRESETS["official"]
    wall, cpu, steps = [], [], []
    played = 0
    game = 0
    while played < rounds:
        state = new_game(rules, 2, seed + game)
        bots = [make_bot(level, seed + game), make_bot("medium", seed + game + 1)]
        game += 1
        while not state.game_over and played < rounds:
            if state.phase == "round_over":
                played += 1
                apply(state, NextRound(0))
                continue
            seat = to_move(state)[0]
            obs, legal = observe(state, seat), legal_actions(state, seat)
            if seat == 0:
                w0, c0 = time.perf_counter(), time.process_time()
                action = bots[0].choose(obs, legal)
                cpu.append((time.process_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
                steps.append(getattr(bots[0], "last_steps", 0))
            else:
                action = bots[1].choose(obs, legal)
            apply(state, action)
    searched = [k for k in steps if k > 0]
    return {"decisions": len(wall),
            "searched": len(searched),
            "steps_p50": percentile(steps, 0.5), "steps_p95": percentile(steps, 0.95),
            "searched_steps_p50": percentile(searched, 0.5),
            "wall_ms_p50": round(percentile(wall, 0.5), 3),
            "wall_ms_p95": round(percentile(wall, 0.95), 3),
            "cpu_ms_p50": round(percentile(cpu, 0.5), 3),
            "cpu_ms_p95": round(percentile(cpu, 0.95), 3)}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Cabo engine and bot speed.")
    parser.add_argument("--seconds", type=float, default=3.0, help="per random self-play run")
    parser.add_argument("--rounds", type=int, default=30, help="rounds per level for timing")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = {"random_rounds_per_s": {}, "decision_ms": {}}
    for rules_name in ("official", "party"):
        for n in (2, 4):
            wall, cpu = random_rounds_per_second(rules_name, n, args.seconds)
            result["random_rounds_per_s"][f"{rules_name}/{n}p"] = {
                "wall": round(wall), "cpu": round(cpu)}
            if not args.json:
                print(f"random self-play {rules_name:8} {n}p: {wall:8.0f} rounds/s "
                      f"({cpu:.0f} per CPU second)")
    for level in args.levels.split(","):
        if not level:
            continue
        d = decision_times(level, args.rounds)
        result["decision_ms"][level] = d
        if not args.json:
            print(f"{level:7} decisions {d['decisions']:5}  wall p50 {d['wall_ms_p50']:8.3f} ms  "
                  f"p95 {d['wall_ms_p95']:8.3f} ms   cpu p50 {d['cpu_ms_p50']:8.3f} ms  "
                  f"p95 {d['cpu_ms_p95']:8.3f} ms")
            if d["searched"]:
                print(f"{'':7} searched {d['searched']:5}  budget steps per decision p50 "
                      f"{d['steps_p50']}, p95 {d['steps_p95']} (searched ones: p50 "
                      f"{d['searched_steps_p50']})")
    if args.json:
        print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
