"""The coach's review (cabo.replay.review): it judges the person's decisions from the
person's observation only, marks at most three, and marks the same for the same round."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from cabo.game.observation import Observation, observe
from cabo.game.rules import PRESETS
from cabo.i18n import LANGS, Texts
from cabo.replay import link, review
from cabo.replay.record import RoundRecord, rebuild
from cabo.play.session import Seat, Session
from cabo.ui import reviewwords

from test_observation import shuffled_unknowns


def a_round(seed, preset="official", levels=("easy", "medium")):
    session = Session(PRESETS[preset], [Seat(f"P{i}", lv) for i, lv in enumerate(levels)], seed)
    session.run_bots()
    return rebuild(RoundRecord(session.rules, tuple(s.name for s in session.seats),
                               (None,) + tuple(levels[1:]), seed, tuple(session.moves)))


def summary(marks):
    return [(m.frame, repr(m.done), repr(m.suggested), round(m.points, 6)) for m in marks]


def test_the_review_marks_at_most_three_costly_decisions_of_the_person():
    marked = 0
    for seed in range(1, 5):
        replay = a_round(seed)
        marks = review.review(replay, 0)
        assert len(marks) <= review.MARKS
        assert [m.points for m in marks] == sorted((m.points for m in marks), reverse=True)
        for m in marks:
            frame = replay.frames[m.frame]
            assert frame.move == m.done and m.done.seat == 0 and m.suggested != m.done
            assert m.points >= review.MIN_POINTS and m.points > review.MARK_Z * m.error
            assert isinstance(m.obs, Observation) and m.obs.seat == 0
        marked += len(marks)
    assert marked >= 3  # (the easy bot plays the person: it makes costly moves)


def test_the_review_reads_only_the_persons_observation():
    """Every decision judged again from a table whose cards the person had not seen are
    shuffled (another deal, the same observation) gets the same verdict."""
    replay = a_round(2)
    rng = random.Random(4)
    compared = differed = 0
    for d in review.decisions(replay, 0):
        before = replay.frames[d.frame - 1].state
        other = shuffled_unknowns(before, 0, rng)
        differed += other.hands != before.hands or other.deck != before.deck
        obs = observe(other, 0)
        assert obs == d.obs
        again = review.Decision(d.frame, obs, d.legal, d.done)
        first = _run(review.judge(d, 99))
        second = _run(review.judge(again, 99))
        assert (first is None) == (second is None)
        if first is not None:
            assert summary([first]) == summary([second])
            compared += 1
    assert compared >= 1 and differed >= 5


def _run(gen):
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value


def test_the_review_marks_are_stable_for_a_seeded_round():
    replay = a_round(5)
    first = summary(review.review(replay, 0))
    assert first
    again = link.read(link.make(replay.record))
    assert summary(review.review(rebuild(again), 0)) == first
    code = ("import json, sys; sys.path.insert(0, 'tests'); from test_review import a_round, "
            "summary; from cabo.replay import review; "
            "print(json.dumps(summary(review.review(a_round(5), 0))))")
    for hashseed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env={"PYTHONHASHSEED": hashseed, "PATH": ""}, check=True)
        assert json.loads(out.stdout) == json.loads(json.dumps(first))


def test_the_review_is_worded_in_both_languages_as_an_estimate():
    replay = a_round(2)
    marks = review.review(replay, 0)
    assert marks
    for lang in LANGS:
        t = Texts(lang)
        for m in marks:
            view = reviewwords.mark_view(t, list(replay.record.names), replay.record.rules, m,
                                         m.frame)
            assert all(view[k] and "{" not in view[k] for k in ("title", "done", "coach",
                                                                   "points"))
            assert str(m.worlds) in view["points"]
            assert ("estimate" if lang == "en" else "geschätzt") in view["points"]


def test_the_review_yields_in_slices():
    replay = a_round(3)
    work = review.thinking(replay, 0)
    yields = 0
    while True:
        try:
            next(work)
            yields += 1
        except StopIteration:
            break
    assert yields > 50
