"""The engine benchmark's long-round loop (tools.bench): an honest caller of the public path."""

from tools.bench import _long_round_play


def test_long_rounds_are_long_and_every_move_is_legal():
    """Every move the loop plays is one of the seat's own legal moves (`apply` is strict and
    would raise), and rounds last about 20 turns (Cabo with p = 0.05 per turn)."""
    for seed in (1, 2, 3):
        turns, rounds, state, _, _ = _long_round_play(0, seed, max_rounds=40)
        assert 40 <= rounds <= 41  # (a game's end counts as a round too)
        assert turns / rounds > 15


def test_trusted_play_is_the_same_play():
    strict = _long_round_play(0, 4, max_rounds=30)
    trusted = _long_round_play(0, 4, trusted=True, max_rounds=30)
    assert strict[:2] == trusted[:2]
    assert strict[2].to_dict() == trusted[2].to_dict()


def test_think_gaps_drive_whole_searches():
    """The gaps benchmark drives the hard bots' thinking to the end of a round: a stretch per
    yield and one after the last, searched decisions yield many times, no stretch is negative."""
    from tools.bench import think_gaps
    d = think_gaps(1, seed=3)
    assert d["decisions"] >= 6  # three seats, a peek and at least a turn each
    assert d["gaps"] > 10 * d["decisions"]  # searches yield every few rollout steps
    assert 0 <= d["gap_cpu_ms_p50"] <= d["gap_cpu_ms_p99"] <= d["gap_cpu_ms_max"]
