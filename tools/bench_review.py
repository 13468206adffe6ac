"""The coach's review and the replay link, measured under CPython.

    python -m tools.bench_review --rounds 15     # 2-player official rounds
    python -m tools.bench_review --links         # link length of a typical round per preset

For each seeded round (the person's seat played by the medium bot, the other by the hard
bot) it times the review of the person's decisions (cabo.replay.review.thinking driven to its
end: CPU seconds) and the longest stretch between two of its yields (what one slice of the
page's work can cost at most, before Pyodide's slowdown). Links: the fragment's characters
for one round of each preset at 2 and 4 players, median over seeds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cabo.game.rules import PRESETS
from cabo.replay import link, review
from cabo.replay.record import RoundRecord, rebuild
from cabo.play.session import Seat, Session


def played(preset: str, n: int, seed: int) -> RoundRecord:
    levels = ["medium", "hard", "medium", "hard", "medium", "hard"][:n]
    session = Session(PRESETS[preset], [Seat(f"P{i}", lv) for i, lv in enumerate(levels)], seed)
    session.run_bots()
    return RoundRecord(session.rules, tuple(s.name for s in session.seats),
                       tuple(None if i == 0 else s.bot for i, s in enumerate(session.seats)),
                       seed, tuple(session.moves))


def bench_review(rounds: int, first_seed: int) -> dict:
    times, gaps, marks, decisions = [], [], [], []
    for seed in range(first_seed, first_seed + rounds):
        replay = rebuild(played("official", 2, seed))
        work = review.thinking(replay, 0)
        total, worst = 0.0, 0.0
        while True:
            start = time.process_time()
            try:
                next(work)
            except StopIteration as done:
                result = done.value
                break
            finally:
                spent = time.process_time() - start
                total += spent
                worst = max(worst, spent)
        times.append(total)
        gaps.append(worst)
        marks.append(len(result))
        decisions.append(len(review.decisions(replay, 0)))
    return {"rounds": rounds, "median_s": statistics.median(times), "max_s": max(times),
            "longest_slice_ms": 1000 * max(gaps), "median_decisions": statistics.median(decisions),
            "median_marks": statistics.median(marks)}


def bench_links(seeds: int) -> list:
    rows = []
    for preset in PRESETS:
        for n in (2, 4):
            lengths, moves = [], []
            for seed in range(1, seeds + 1):
                record = played(preset, n, seed)
                lengths.append(len(link.make(record)))
                moves.append(len(record.moves))
            rows.append((preset, n, statistics.median(moves), statistics.median(lengths),
                         max(lengths)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--links", action="store_true")
    args = parser.parse_args()
    if args.links:
        print("preset      players  moves  link chars (median, max)")
        for preset, n, moves, median, most in bench_links(args.rounds):
            print(f"{preset:11} {n:7}  {moves:5}  {median:6} {most:6}")
        return
    r = bench_review(args.rounds, args.seed)
    print(f"review of a 2-player official round, {r['rounds']} rounds: median {r['median_s']:.3f} s,"
          f" max {r['max_s']:.3f} s CPU; longest slice {r['longest_slice_ms']:.1f} ms;"
          f" median {r['median_decisions']} decisions, {r['median_marks']} marks")


if __name__ == "__main__":
    main()
