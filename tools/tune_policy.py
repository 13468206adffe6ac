"""Self-play tuning of the heuristic policy's parameters against the medium bot.

    python -m tools.tune_policy '{"improve": 3.0}' '{"cabo_official": [0.55, 0.65]}' 4000

The first argument is a base of `cabo.bots.policy.Params` overrides, the second a grid: for
every parameter and value in it, a bot playing the policy with base + that one change plays
`rounds` rounds against medium (cabo.play.arena, seats alternated) and its round-win share is
printed with its standard error. "cabo_official" sets the official Cabo threshold alone,
"cabo_all" shifts every threshold. Without search a round costs milliseconds, so 4,000
rounds (standard error 0.8 points) take seconds. The hard bot's own policy (`hard.HARD`)
came from such runs.
"""

from __future__ import annotations

import json
import sys

from cabo.play import arena
from cabo.bots import LEVELS
from cabo.bots.medium import MediumBot
from cabo.bots.policy import Params


def level(overrides: dict):
    """A medium bot class that plays the policy with `overrides`."""
    class Tuned(MediumBot):
        name = "tuned"
        params = Params(**overrides)
    return Tuned


def share(overrides: dict, rules: str = "official", n: int = 2, rounds: int = 4000,
          seed: int = 1, opponent: str = "medium") -> tuple:
    """(round-win share, rounds) of the tuned policy against `opponent`."""
    LEVELS["tuned"] = level(overrides)
    try:
        total, _, _ = arena.run(rules, n, ["tuned", opponent], rounds=rounds, seed=seed)
    finally:
        del LEVELS["tuned"]
    t = total["tuned"]
    return t.wins / t.seat_rounds, t.seat_rounds


def main(argv=None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    base = json.loads(argv[0]) if argv else {}
    grid = json.loads(argv[1]) if len(argv) > 1 else {}
    rounds = int(argv[2]) if len(argv) > 2 else 4000
    rules = argv[3] if len(argv) > 3 else "official"
    for name, values in grid.items():
        for val in values:
            kw = dict(base)
            if name == "cabo_official":
                kw["cabo_p"] = dict(Params.cabo_p, official=val)
            elif name == "cabo_all":
                kw["cabo_p"] = {k: v + val for k, v in Params.cabo_p.items()}
            else:
                kw[name] = val
            p, n = share(kw, rules=rules, rounds=rounds)
            print(f"{name}={val}: {p:.4f} (rounds {int(n)}, se {(p * (1 - p) / n) ** .5:.4f})",
                  flush=True)


if __name__ == "__main__":
    main()
