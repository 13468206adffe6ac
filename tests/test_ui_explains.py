"""The table explains itself: where a power comes from, what a mistake cost, the Cabo
question, looks that stay until hidden, a discard that changed under a selection, and the
recent-moves strip (stacked deals, through the Table as the page drives it)."""

from __future__ import annotations

from cabo.game.actions import DrawDeck, Discard, Match, Replace
from cabo.i18n import Texts
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session
from cabo.ui.table import Table

from stacking import stacked

T = Texts("en")
DE = Texts("de")


def table_of(preset, hands, deck=(), discard=(), first=0, peeked=True, texts=T, n=None):
    n = n or len(hands)
    state = stacked(PRESETS[preset], n, hands, deck=deck, discard=discard, first=first,
                    peeked=peeked)
    seats = [Seat("Me")] + [Seat(name, "medium") for name in ("Ada", "Bo", "Cy")[:n - 1]]
    return Table(Session(PRESETS[preset], seats, 3, state=state), texts, "instant")


def alerts(table) -> list:
    return [a["text"] for a in table.view()["alerts"]]


def test_a_power_says_which_card_gave_it():
    table = table_of("official", [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[0])
    table.act(DrawDeck(0))
    table.act(Discard(0))
    status = table.view()["status"]
    assert status.startswith("You discarded a 9. Power: look at a card of another player")
    de = table_of("official", [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[11], discard=[0], texts=DE)
    de.act(DrawDeck(0))
    de.act(Discard(0))
    assert de.view()["status"].startswith("Du hast eine 11 abgelegt. Fähigkeit:")


def test_calling_cabo_asks_once_and_the_setting_turns_the_question_off():
    table = table_of("official", [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[0])
    assert table.press("cabo") == [] and table.session.state.caller is None
    view = table.view()
    assert view["status"] == T("cabo_confirm")
    assert "Everyone else gets one more turn" in view["status"]
    assert [b["key"] for b in view["buttons"]] == ["cabo_yes", "cabo_no"]
    table.press("cabo_no")
    assert "cabo" in [b["key"] for b in table.view()["buttons"]]
    assert table.session.state.caller is None
    table.press("cabo")
    events = table.press("cabo_yes")
    assert events and table.session.state.caller == 0
    quick = table_of("official", [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[0])
    quick.ask_cabo = False
    assert quick.press("cabo") and quick.session.state.caller == 0


def test_a_failed_match_is_said_on_the_table_until_the_next_move():
    # party: the person throws a 5 onto a 4; the card goes back and a penalty card comes
    table = table_of("party", [[5, 1, 2, 3], [6, 7, 8, 9]], deck=[10, 11, 12, 13, 0, 1],
                     discard=[4], first=1)
    table.act(Match(0, 0, 0))
    said = alerts(table)
    assert len(said) == 1 and "does not match" in said[0] and "penalty card" in said[0]
    assert len([c for c in table.session.state.hands[0] if c is not None]) == 5
    for _ in range(3):  # the bots move on: it stays
        task = table.bot_task()
        if task is None:
            break
        table.run_bot_task(task[1], task[2])
    assert alerts(table) == said
    table.act(next(a for a in table.session.legal(0) if not isinstance(a, Match)))
    assert all("does not match" not in a for a in alerts(table))


def test_a_wrong_multi_replace_is_said_with_its_cost():
    table = table_of("official", [[5, 6, 2, 3], [6, 7, 8, 9]], deck=[1], discard=[4])
    table.act(DrawDeck(0))
    table.act(Replace(0, (0, 1)))
    said = alerts(table)
    assert len(said) == 1 and "they differ" in said[0] and "card 5" in said[0], said


def test_a_look_stays_until_hidden_and_the_status_speaks_of_it():
    table = table_of("official", [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9, 10, 11, 12],
                     discard=[0], first=1, peeked=False)
    table.click_card(0, 0)
    table.click_card(0, 1)
    table.press("look")
    for _ in range(10):  # the bot peeks and plays its whole turn meanwhile
        task = table.bot_task()
        if task is None:
            break
        table.run_bot_task(task[1], task[2])
    assert table.session.state.current == 0
    view = table.view()
    faces = [s["face"] for s in view["players"][-1]["slots"]]
    assert faces[:2] == ["1", "2"] and faces[2:] == [None, None]
    assert view["status"].startswith("You are looking at your cards 1 and 2: remember them")
    assert "hide" in [b["key"] for b in view["buttons"]]
    table.act(DrawDeck(0))  # a move of the person turns them face down, and says so
    view = table.view()
    assert [s["face"] for s in view["players"][-1]["slots"]] == [None] * 4
    assert T("look_over") in [a["text"] for a in view["alerts"]]


def test_hiding_the_cards_needs_no_note():
    table = table_of("official", [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9], discard=[0],
                     peeked=False)
    table.click_card(0, 0)
    table.click_card(0, 1)
    table.press("look")
    table.press("hide")
    view = table.view()
    assert not view["alerts"] and not view["status"].startswith("You are looking")


def test_a_discard_that_changed_under_a_selection_is_flagged():
    table = table_of("party", [[5, 1, 2, 3], [6, 7, 8, 9]], deck=[10, 11, 12, 13, 0, 1],
                     discard=[4], first=1)
    table.click_card(0, 0)
    assert alerts(table) == []
    table.act(DrawDeck(1))
    table.act(Discard(1))  # Ada discards a 10 meanwhile
    assert alerts(table) == [T("top_changed", a_card="a 10")]
    table.click_card(0, 0)  # unselected: nothing to flag
    assert alerts(table) == []


def test_the_recent_strip_is_newest_first_with_own_moves_and_no_old_peeks():
    table = table_of("official", [[1, 2, 3, 4], [5, 6, 7, 8]], deck=[9, 10, 11, 12],
                     discard=[0], peeked=False)
    table.click_card(0, 0)
    table.click_card(0, 1)
    table.press("look")
    assert table.view()["recent"][0].startswith("You look at")  # before the first turn
    while (task := table.bot_task()) is not None:
        table.run_bot_task(task[1], task[2])
    assert not any("look at" in line for line in table.view()["recent"])
    table.act(DrawDeck(0))
    table.act(Replace(0, (3,)))
    recent = table.view()["recent"]
    assert recent[0].startswith("You replace"), recent
    assert not any("look at" in line for line in recent)
    while (task := table.bot_task()) is not None:
        table.run_bot_task(task[1], task[2])
    recent = table.view()["recent"]
    assert recent[0].startswith("Ada") and recent[1].startswith("You replace"), recent
