"""How low are the cards a player knows and kept, by its turns so far? (measurement only)

The hard bot's worlds (`cabo.bots.worlds.deal_world`) deal the cards that another player
knows and the searcher does not ("kept" cards) with one table of weights, KEPT_WEIGHT, at
every moment of a round. This tool measures that prior by the moment: it plays medium
self-play games and, at every turn and drawn decision before a Cabo call, counts for every
other player its kept cards and the cards the deciding seat has not seen (the pool
`deal_world` draws from), by the bucket of the owner's turns so far
(`turns_done // players`, the last bucket for all later turns). It prints per bucket the
number of kept cards, their mean value, the mean that KEPT_WEIGHT gives on that pool, and
the weights (a value's share among the kept cards over its share in the pool, scaled so
that the largest of the five lowest values is 1: the form of KEPT_WEIGHT).

    python -m tools.kept_prior --rules official --players 2 --games 1500 --seed 900000

Measured so (official, 2 players, 1,500 games of 5 rounds): the kept cards average 5.55 in
the owner's first turn (the initial peek is nearly random), 4.19 in its second, 3.50 in its
fourth and 2.95 from its seventh on, where KEPT_WEIGHT gives 3.82 down to 3.52. Hard with
these per-turn weights in its worlds (branch `prior` of /work/strength3, not landed) won
55.7 % (seed 101) and 58.5 % (seed 202) of 600 rounds each against medium, against 57.8 %
and 60.5 % with KEPT_WEIGHT on the same seeds (-2.0 points over 1,200 paired rounds, inside
the noise but not a gain): a better calibrated prior alone did not make it stronger.
"""

from __future__ import annotations

import argparse

from cabo.game.actions import NextRound
from cabo.bots import make_bot
from cabo.bots.worlds import weight
from cabo.game.engine import apply, new_game
from cabo.game.legal import legal_actions, to_move
from cabo.game.observation import observe
from cabo.game.rules import PRESETS
from cabo.game.sampler import unseen_cards

BUCKETS = 7


def measure(rules, players: int, games: int, seed: int, rounds: int = 5,
            buckets: int = BUCKETS) -> tuple:
    """(kept, pool): per bucket of the owner's turns, {value: count} of the other players'
    kept cards and of the deciding seat's unseen cards, in medium self-play."""
    kept = [{} for _ in range(buckets)]
    pool = [{} for _ in range(buckets)]
    for g in range(games):
        state = new_game(rules, players, seed + g)
        bots = [make_bot("medium", (seed + g) * 7919 + s) for s in range(players)]
        while not state.game_over:
            if state.phase == "round_over":
                if state.round_no >= rounds:
                    break
                apply(state, NextRound(0))
                continue
            seat = to_move(state)[0]
            obs = observe(state, seat)
            if state.phase in ("turn", "drawn") and state.caller is None and not state.gives:
                _count(state, obs, seat, kept, pool, buckets)
            apply(state, bots[seat].choose(obs, legal_actions(state, seat)))
    return kept, pool


def _count(state, obs, seat, kept, pool, buckets) -> None:
    b = min(state.turns_done // len(state.seats), buckets - 1)
    values = state.values
    mine = 1 << seat
    for o in state.seats:
        if o == seat:
            continue
        bit = 1 << o
        for c, k in zip(state.hands[o], state.known[o]):
            if c is not None and k & bit and not k & mine:
                kept[b][values[c]] = kept[b].get(values[c], 0) + 1
    for c in unseen_cards(obs, len(values)):
        pool[b][values[c]] = pool[b].get(values[c], 0) + 1


def table(kept: dict, pool: dict) -> dict:
    """For one bucket: {"n": kept cards, "mean": their mean value, "prior": the mean of
    KEPT_WEIGHT applied to the pool, "weights": {value: weight}} (None for an empty one)."""
    n, size = sum(kept.values()), sum(pool.values())
    if not n or not size:
        return None
    ratio = {x: (kept.get(x, 0) / n) / (pool[x] / size) for x in sorted(pool)}
    low = sorted(ratio)[:5]
    top = max(ratio[x] for x in low) or 1.0
    mass = sum(weight(x) * c for x, c in pool.items())
    return {"n": n, "mean": sum(x * c for x, c in kept.items()) / n,
            "prior": sum(x * weight(x) * c for x, c in pool.items()) / mass,
            "weights": {x: r / top for x, r in ratio.items()}}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Kept-card prior by the owner's turns.")
    parser.add_argument("--rules", default="official", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5, help="rounds per game at most")
    parser.add_argument("--seed", type=int, default=900000)
    args = parser.parse_args(argv)
    kept, pool = measure(PRESETS[args.rules], args.players, args.games, args.seed, args.rounds)
    print("turns   kept   mean  KEPT_WEIGHT  weights by value")
    for b, (k, p) in enumerate(zip(kept, pool)):
        row = table(k, p)
        if row is None:
            continue
        label = f"{b}+" if b == len(kept) - 1 else str(b)
        weights = " ".join(f"{x}:{w:.2f}" for x, w in row["weights"].items())
        print(f"{label:>5} {row['n']:>6} {row['mean']:>6.2f} {row['prior']:>12.2f}  {weights}")


if __name__ == "__main__":
    main()
