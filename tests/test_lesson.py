"""The guided lesson (cabo.ui.lesson, issue 32): the stacked deal is the engine's deal of the
script's cards, every beat of the script is a legal move of its seat, the table shows the
learner's move (primary button and glow), a move off the script is refused with a gentle
line and changes nothing, the coach's lines read the learner's observation only, a saved
lesson resumes at its beat, and round 2 is real play against the easy bot."""

from __future__ import annotations

import re

import pytest

from cabo.game.actions import CallCabo, Discard, DrawDeck, Several, TakeDiscard
from cabo.game.engine import legal_actions
from cabo.i18n import Texts
from cabo.ui import choices, lesson
from cabo.ui.lesson import BOT, LEARNER, SCRIPT, LessonSession
from cabo.ui.table import Table

LANGS = ("en", "de")


def _values(state, ids):
    return [state.values[c] for c in ids]


def _person_press(table, action) -> list:
    """Select the action's cards and press its button, as a person would."""
    table.selection = ()
    for card in sorted(choices.cards_of(action), key=lambda c: c[0] != LEARNER):
        table.click_card(*card)
    buttons = table.view()["buttons"]
    primary = [b["key"] for b in buttons if b["primary"]]
    assert len(primary) == 1, buttons
    key = primary[0]
    if key == "cabo":
        table.press("cabo")
        assert [b["key"] for b in table.view()["buttons"] if b["primary"]] == ["cabo_yes"]
        key = "cabo_yes"
    assert choices.same_move(dict(table.buttons()).get(key, action), action)
    return table.press(key)


def test_the_stacked_deal_is_the_engine_s_deal_of_the_script_s_cards():
    s = LessonSession.start("You")
    st = s.state
    assert [_values(st, h) for h in st.hands] == [list(h) for h in lesson.HANDS]
    assert st.values[st.discard[-1]] == lesson.FIRST_DISCARD
    assert _values(st, st.deck[::-1][:len(lesson.DRAWS)]) == list(lesson.DRAWS)
    assert sorted(st.hands[0] + st.hands[1] + st.deck + st.discard) == list(range(52))
    assert (st.round_no, st.phase, st.first, st.step) == (1, "peek", LEARNER, 0)
    assert [e["kind"] for e in s.log_for(LEARNER)] == ["deal"]
    with pytest.raises(ValueError):
        from cabo.game.rounds import deal_round
        deal_round(st.clone(), [], order=list(range(51)))


def test_every_beat_is_a_legal_move_of_its_seat_and_ends_in_a_real_score():
    s = LessonSession.start("You")
    for i, beat in enumerate(SCRIPT):
        assert s.beat() == i
        legal = legal_actions(s.state, beat.seat)
        assert any(a == beat.action or (getattr(a, "kind", None) is type(beat.action)
                                        and beat.action in a) for a in legal), (i, beat)
        if beat.seat == BOT:
            # the lesson waits for its reader: the bot moves only after "Next"
            assert s.waits_for_reader() and s.waiting_bot() is None
            assert s.run_bots() == 0 and s.beat() == i
            s.go_on()
            assert not s.waits_for_reader()
            assert s.waiting_bot() == BOT and s.bot_move(BOT) == beat.action
            assert s.reacting_bots() == [] and s.bot_reaction(BOT) is None
        else:
            assert s.waiting_bot() is None
        s.act(beat.action)
        if i == len(SCRIPT) - 2:  # the reveal: the real scoring of the official rules
            last = s.state.history[-1]
            assert (last["caller"], last["sums"], last["points"]) == (LEARNER, [3, 31], [0, 31])
    assert s.beat() is None and s.state.round_no == 2 and s.state.phase == "peek"


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_shows_each_learner_move_and_refuses_others_gently(lang):
    t = Texts(lang)
    s = LessonSession.start(t("lc_you"))
    table = Table(s, t, "instant")
    refused = 0
    while s.beat() is not None:
        beat = SCRIPT[s.beat()]
        coach = lesson.coach(s, t)
        assert coach["lines"] and coach["wrong"] is None and not coach["done"]
        assert all("{" not in line and "?" not in line for line in coach["lines"]), coach
        assert coach["step"] == t("lc_step", n=s.beat() + 1, of=len(SCRIPT))
        if beat.seat == BOT:
            assert table.suggestion(LEARNER) is None  # nothing glows for the learner
            assert coach["next"] == t("lc_go_on") and coach["lines"][-1] == t("lc_tap_next")
            s.go_on()
            assert lesson.coach(s, t)["next"] is None
            table.act(s.bot_move(BOT))
            continue
        assert coach["next"] is None
        view = table.view()
        assert view["deck"]["suggested"] == isinstance(beat.action, DrawDeck)
        glow = {(x["owner"], x["slot"]) for p in view["players"] for x in p["slots"]
                if x.get("suggested")}
        assert glow == set(choices.cards_of(beat.action))
        # a legal move off the script: refused, the game unchanged, a gentle line
        wrong = next((a for a in s.legal(LEARNER)
                      if type(a) in (TakeDiscard, Discard, CallCabo)
                      and not choices.same_move(a, beat.action)), None)
        if wrong is not None:
            before = s.to_json()
            assert table.act(wrong) == []
            assert s.to_json() == before
            assert lesson.coach(s, t)["wrong"] == t("lc_wrong")
            refused += 1
        _person_press(table, beat.action)
        assert lesson.coach(s, t)["wrong"] is None
    assert refused >= 5
    # round 2: real play against the easy bot, the coach speaks of each phase
    assert s.state.round_no == 2 and table.suggestion(LEARNER) is not None
    for turn in range(400):
        s.run_bots()
        if s.state.phase in ("round_over", "game_over"):
            break
        assert lesson.coach(s, t)["lines"]
        legal = s.legal(LEARNER)
        cabo = [a for a in legal if isinstance(a, CallCabo)]
        action = cabo[0] if cabo and turn > 6 else table.suggestion(LEARNER) or legal[0]
        if type(action) is Several:
            action = action.make(list(action.pool)[:action.least])
        table.act(action)
    coach = lesson.coach(s, t)
    assert coach["done"] and coach["lines"][-1] == t("lc2_end")
    assert any(t("lc_scored", name=t("lc_you"), cards="", sum="", points="", why="")[:3]
               in line for line in coach["lines"])


def test_the_coach_reads_only_what_the_learner_may_know():
    """Swapping two cards the learner never sees (Bruno's cards 3 and 4) changes no line
    before the reveal."""
    t = Texts("en")
    a = LessonSession.start("You")
    for i, beat in enumerate(SCRIPT[:-1]):
        b = LessonSession.from_json(a.to_json())
        row = b.state.hands[BOT]
        row[2], row[3] = row[3], row[2]
        assert lesson.coach(a, t) == lesson.coach(b, t), i
        a.act(beat.action)


def test_the_lines_name_the_cards_the_learner_saw():
    t = Texts("en")
    s = LessonSession.start("You")
    seen = {}
    for beat in SCRIPT:
        seen[beat.key] = " ".join(lesson.coach(s, t)["lines"])
        s.act(beat.action)
    assert "card 1 is a 3, your card 2 a 9" in seen["remember"]
    assert "You drew a 2. Your card 2 is a 9" in seen["replace"]
    assert "Bruno discarded a 3" in seen["match"]
    assert "Your card 3 is a 1" in seen["peeked"]
    assert "Bruno’s card 2 is a 0" in seen["spied"]
    assert "2 + 1 + 0 = 3" in seen["cabo"]
    assert re.search(r"You: 2 \+ 1 \+ 0 = 3; points: 0", seen["reveal"])
    assert re.search(r"Bruno: 6 \+ 12 \+ 9 \+ 4 = 31; points: 31", seen["reveal"])


def test_a_saved_lesson_resumes_at_its_beat_and_a_damaged_one_is_none():
    s = LessonSession.start("Du")
    for beat in SCRIPT[:9]:
        s.act(beat.action)
    text = lesson.stored_text(s, True, False)
    back, active, end = lesson.read_stored(text)
    assert (active, end, back.beat(), back.to_json()) == (True, False, 9, s.to_json())
    assert lesson.coach(back, Texts("de")) == lesson.coach(s, Texts("de"))
    for bad in (None, "", "{", "[]", text.replace('"v":1', '"v":2'),
                text.replace('"active":true', '"active":1'), text[:-40] + "}" * 3):
        assert lesson.read_stored(bad) is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_preset_has_three_or_four_lines(lang):
    t = Texts(lang)
    rows = lesson.preset_lines(t)
    assert [r["id"] for r in rows] == ["official", "party", "standard52", "hut", "single"]
    assert all(3 <= len(r["lines"]) <= 4 for r in rows)
    single = " ".join(rows[-1]["lines"])
    assert "K" in single and ("king" in single or "König" in single)


def test_each_bot_move_is_a_step_of_its_own_with_its_own_words():
    """The counter never jumps: every beat is one step, and no two neighbouring steps of the
    bot say the same thing (a reader sees each, until "Next")."""
    for lang in LANGS:
        t = Texts(lang)
        s = LessonSession.start(t("lc_you"))
        seen, last = [], None
        while s.beat() is not None:
            lines = lesson.coach(s, t)["lines"]
            seen.append(lesson.coach(s, t)["step"])
            if SCRIPT[s.beat()].seat == BOT:
                assert lines != last, (s.beat(), lines)
                s.go_on()
                s.act(s.bot_move(BOT))
            else:
                s.act(SCRIPT[s.beat()].action)
            last = lines
        assert seen == [t("lc_step", n=i + 1, of=len(SCRIPT)) for i in range(len(SCRIPT))]
