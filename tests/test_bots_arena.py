"""The arena's bookkeeping: per-seat figures add up to the per-level ones."""

from __future__ import annotations

from cabo.play import arena


def test_per_seat_rounds_and_wins_add_up():
    total, rounds, _ = arena.run("hut", 3, ["medium", "easy"], rounds=12, seed=3)
    result = arena.summary(total, rounds, 0)
    assert sum(t.seat_rounds for t in total.values()) == 3 * rounds
    wins = 0.0
    for level, t in total.items():
        seats = result["levels"][level]["by_seat"]
        assert sum(v["rounds"] for v in seats.values()) == t.seat_rounds
        assert abs(sum(w for _, w in t.by_seat.values()) - t.wins) < 1e-9
        assert set(seats) <= {"0", "1", "2"}
        wins += t.wins
    assert abs(wins - rounds) < 1e-9  # every round has winners whose shares sum to one
