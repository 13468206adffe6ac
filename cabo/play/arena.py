"""Bot tournaments: round and game win rates with 95 % intervals (also per seat), Cabo calls,
matches, speed.

    python -m cabo.arena --rules official --players 2 --bots hard,medium --rounds 2000
    python -m cabo.arena --rules hut --players 4 --bots medium,easy --games 200 --json

Levels are assigned to seats in turn (seat s of game g plays level (s + g) mod k), so every
level plays every seat equally often. A round's win is split between tied winners. Decision
time is the wall-clock and the CPU time of `choose` (the off-turn `react` is timed
separately); the CPU time hardly depends on other load on the machine.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from multiprocessing import Pool

from ..bots import make_bot
from ..game.actions import NextRound
from ..game.engine import new_game
from ..game.rules import PRESETS
from ..game.seeds import headless_bot_seed
from .driver import Driver, between_rounds


class Tally:
    """Statistics of one level."""

    def __init__(self):
        self.seat_rounds = self.wins = self.points = 0.0
        self.calls = self.call_wins = self.matches = self.wrong = self.penalties = 0
        self.games = self.game_wins = 0.0
        self.choose_ms, self.choose_cpu_ms, self.react_ms = [], [], []
        self.by_seat = {}  # seat -> [rounds, wins] of this level in that seat

    def merge(self, other: "Tally") -> None:
        for k, val in vars(other).items():
            if k == "by_seat":
                for seat, (r, w) in val.items():
                    mine = self.by_seat.setdefault(seat, [0, 0.0])
                    mine[0] += r
                    mine[1] += w
            else:
                setattr(self, k, getattr(self, k) + val)


def play(rules, n, levels, seed, max_rounds, bot_options):
    """One game; returns {level: Tally} and the number of rounds played."""
    state = new_game(rules, n, seed)
    seat_level = [levels[(s + seed) % len(levels)] for s in range(n)]
    tally = {lv: Tally() for lv in levels}
    bots = []
    for s, level in enumerate(seat_level):
        opts = dict(bot_options.get(level, {}))
        if level == "oracle":
            opts["peek_state"] = state.perfect_information  # perfect information, named
        bots.append(Timed(make_bot(level, headless_bot_seed(seed, s), **opts), tally[level]))
    rounds = 0

    def count(state, action, events):
        nonlocal rounds
        if type(action) is not NextRound:
            for e in events:
                rounds += _count(e, seat_level, tally)

    Driver(state, dict(enumerate(bots))).play(between_rounds(max_rounds), count)
    if state.game_over and state.history:
        for s in state.history[-1]["seats"]:
            t = tally[seat_level[s]]
            t.games += 1
            t.game_wins += (s in state.winners) / max(1, len(state.winners))
    return tally, rounds


class Timed:
    """A bot whose decisions are timed into its level's Tally: `choose` in wall and CPU ms,
    the off-turn `react` in wall ms."""

    def __init__(self, bot, tally: Tally):
        self.bot, self.tally = bot, tally

    def choose(self, obs, legal):
        t0, c0 = time.perf_counter(), time.process_time()
        action = self.bot.choose(obs, legal)
        self.tally.choose_cpu_ms.append((time.process_time() - c0) * 1000)
        self.tally.choose_ms.append((time.perf_counter() - t0) * 1000)
        return action

    def react(self, obs, legal):
        t0 = time.perf_counter()
        action = self.bot.react(obs, legal)
        self.tally.react_ms.append((time.perf_counter() - t0) * 1000)
        return action

    def new_round(self) -> None:
        self.bot.new_round()


def _count(e, seat_level, tally) -> int:
    d = e.view_all()
    kind = d["kind"]
    if kind in ("match", "pair_discard"):
        t = tally[seat_level[e.seat]]
        t.matches += d["ok"]
        t.wrong += not d["ok"]
    elif kind == "penalty":
        tally[seat_level[e.seat]].penalties += 1
    elif kind == "round_end":
        winners = d["winners"]
        for s in d["seats"]:
            t = tally[seat_level[s]]
            t.seat_rounds += 1
            t.points += d["points"][s]
            t.wins += (s in winners) / len(winners)
            seat = t.by_seat.setdefault(s, [0, 0.0])
            seat[0] += 1
            seat[1] += (s in winners) / len(winners)
        if d["caller"] is not None:
            t = tally[seat_level[d["caller"]]]
            t.calls += 1
            t.call_wins += d["caller"] in winners
        return 1
    return 0


def _worker(job):
    rules_name, n, levels, first, step, rounds, games, game_rounds, opts = job
    rules = PRESETS[rules_name]
    total = {lv: Tally() for lv in levels}
    played = g = done = 0
    seed = first
    while (played < rounds) if rounds else (done < games):
        cap = min(game_rounds, rounds - played) if rounds else 10_000
        tally, r = play(rules, n, levels, seed, cap, opts)
        for lv, t in tally.items():
            total[lv].merge(t)
        played += r
        done += 1
        seed += step
        g += 1
    return total, played, done


def run(rules_name, n, levels, rounds=0, games=0, seed=1, jobs=1, game_rounds=10,
        bot_options=None):
    """Play the tournament; returns (per-level Tally, rounds played, games played)."""
    opts = bot_options or {}
    jobs = max(1, jobs)
    chunks = [(rules_name, n, levels, seed * 1_000_003 + j, jobs,
               _share(rounds, jobs, j), _share(games, jobs, j), game_rounds, opts)
              for j in range(jobs)]
    if jobs == 1:
        results = [_worker(chunks[0])]
    else:
        with Pool(jobs) as pool:
            results = pool.map(_worker, chunks)
    total = {lv: Tally() for lv in levels}
    played = done = 0
    for tally, r, g in results:
        for lv, t in tally.items():
            total[lv].merge(t)
        played += r
        done += g
    return total, played, done


def _share(k, jobs, j):
    return k // jobs + (j < k % jobs)


def wilson(wins: float, n: float, z: float = 1.96) -> tuple:
    """95 % Wilson score interval of a proportion."""
    if n <= 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(xs, q: float) -> float:
    """The q-quantile (0..1) by nearest rank; 0 for no data."""
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summary(total, rounds, games) -> dict:
    """A JSON-safe dict of the statistics per level."""
    out = {}
    for lv, t in total.items():
        lo, hi = wilson(t.wins, t.seat_rounds)
        glo, ghi = wilson(t.game_wins, t.games)
        out[lv] = {
            "seat_rounds": int(t.seat_rounds), "round_win_share": _r(t.wins / t.seat_rounds)
            if t.seat_rounds else 0.0, "round_win_ci95": [_r(lo), _r(hi)],
            "mean_round_score": _r(t.points / t.seat_rounds) if t.seat_rounds else 0.0,
            "cabo_calls": t.calls, "cabo_success": _r(t.call_wins / t.calls) if t.calls else None,
            "matches": t.matches, "wrong_matches": t.wrong, "penalty_cards": t.penalties,
            "games": int(t.games), "game_win_share": _r(t.game_wins / t.games) if t.games else None,
            "game_win_ci95": [_r(glo), _r(ghi)] if t.games else None,
            "decisions": len(t.choose_ms),
            "choose_ms_p50": _r(percentile(t.choose_ms, 0.5)),
            "choose_ms_p95": _r(percentile(t.choose_ms, 0.95)),
            "choose_cpu_ms_p50": _r(percentile(t.choose_cpu_ms, 0.5)),
            "choose_cpu_ms_p95": _r(percentile(t.choose_cpu_ms, 0.95)),
            "react_ms_p95": _r(percentile(t.react_ms, 0.95)),
            "by_seat": {str(seat): {"rounds": r, "round_win_share": _r(w / r),
                                    "round_win_ci95": [_r(x) for x in wilson(w, r)]}
                        for seat, (r, w) in sorted(t.by_seat.items()) if r},
        }
    return {"rounds": rounds, "games": games, "levels": out}


def _r(x):
    return round(x, 4)


def print_table(result, title) -> None:
    print(title)
    print(f"{result['rounds']} rounds, {result['games']} games")
    head = (f"{'level':8} {'round win':>9} {'95% CI':>15} {'score':>6} {'cabo':>6} {'cabo ok':>7}"
            f" {'match':>6} {'wrong':>5} {'pen.':>5} {'game win':>8} {'p50 ms':>7} {'p95 ms':>7}"
            f" {'cpu p95':>7}")
    print(head)
    for lv, d in result["levels"].items():
        ci = d["round_win_ci95"]
        ok = f"{d['cabo_success']:.0%}" if d["cabo_success"] is not None else "-"
        gw = f"{d['game_win_share']:.1%}" if d["game_win_share"] is not None else "-"
        print(f"{lv:8} {d['round_win_share']:>9.1%} {f'{ci[0]:.1%}-{ci[1]:.1%}':>15} "
              f"{d['mean_round_score']:>6.2f} {d['cabo_calls']:>6} {ok:>7} {d['matches']:>6} "
              f"{d['wrong_matches']:>5} {d['penalty_cards']:>5} {gw:>8} "
              f"{d['choose_ms_p50']:>7.2f} {d['choose_ms_p95']:>7.2f} "
              f"{d['choose_cpu_ms_p95']:>7.2f}")
    for lv, d in result["levels"].items():
        if len(d["by_seat"]) > 2:
            cells = [f"seat {k} {v['round_win_share']:.1%} ({v['round_win_ci95'][0]:.1%}-"
                     f"{v['round_win_ci95'][1]:.1%})" for k, v in d["by_seat"].items()]
            print(f"{lv:8} by seat: " + ", ".join(cells))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Cabo bot tournaments.")
    parser.add_argument("--rules", default="official", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="medium,easy", help="comma-separated levels")
    parser.add_argument("--rounds", type=int, default=0, help="play this many rounds")
    parser.add_argument("--games", type=int, default=0, help="or this many whole games")
    parser.add_argument("--game-rounds", type=int, default=10,
                        help="with --rounds: a game is cut after this many rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--simulations", type=int, default=None, help="hard bot budget")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args(argv)
    if not args.rounds and not args.games:
        args.rounds = 200
    levels = args.bots.split(",")
    PRESETS[args.rules].check_players(args.players)
    opts = {"hard": {"simulations": args.simulations}} if args.simulations is not None else {}
    t0 = time.perf_counter()
    total, rounds, games = run(args.rules, args.players, levels, args.rounds, args.games,
                               args.seed, args.jobs, args.game_rounds, opts)
    result = summary(total, rounds, games)
    result.update(rules=args.rules, players=args.players, bots=levels, seed=args.seed,
                  seconds=round(time.perf_counter() - t0, 1))
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print_table(result, f"{args.rules}, {args.players} players, bots {args.bots}")
        print(f"{result['seconds']} s")


if __name__ == "__main__":
    main()
