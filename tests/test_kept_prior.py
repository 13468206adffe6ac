"""tools/kept_prior: the kept-card prior measured by the owner's turns."""

import pytest

from cabo.bots.worlds import weight
from cabo.game.rules import PRESETS
from tools import kept_prior


def test_table_of_one_bucket():
    row = kept_prior.table({0: 2, 10: 2}, {0: 2, 10: 8})
    assert row["n"] == 4 and row["mean"] == 5.0
    # shares among the kept cards over shares in the pool: 0.5/0.2 and 0.5/0.8
    assert row["weights"] == {0: 1.0, 10: pytest.approx(0.25)}
    w0, w10 = weight(0), weight(10)
    assert row["prior"] == pytest.approx(10 * w10 * 8 / (w0 * 2 + w10 * 8))
    assert kept_prior.table({}, {3: 1}) is None


def test_kept_cards_fall_with_the_owners_turns_in_official_self_play():
    kept, pool = kept_prior.measure(PRESETS["official"], 2, games=12, seed=4242)
    first, last = kept_prior.table(kept[0], pool[0]), kept_prior.table(kept[-1], pool[-1])
    assert first["n"] > 200 and last["n"] > 100
    # right after the initial peek the kept cards are nearly random; later the owner has
    # replaced its high ones, so one table for the whole round is too low early
    assert first["mean"] > 5.0 > 3.5 > last["mean"]
    assert first["mean"] > first["prior"] + 1.0
    for k, p in zip(kept, pool):
        assert sum(k.values()) <= sum(p.values())
