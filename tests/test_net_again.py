"""Play again across devices (cabo/net/again.py): after a game the host asks every guest
"another game?", each guest answers for its own seat, and the host starts when it wants: the
guests who said yes play their seats, every other seat is played by a stand-in bot, whose
person can say yes after all. Host and guests wired in memory (tests/test_net.py's Harness).
"""

from __future__ import annotations

import json

import pytest

from cabo.net import protocol
from cabo.play.session import Seat, Session
from cabo.game.rules import PRESETS

from test_net import Harness, play_round


def over(n=3) -> Harness:
    """Host "Host", guests 1..n-1, one game ("single": one round) played to its end."""
    h = Harness("single", n=n, seed=5)
    play_round(h)
    assert h.session.state.phase == "game_over"
    return h


def asks(replies) -> dict:
    """link -> the `ask` messages' answers among `replies`."""
    out = {}
    for link, text in replies:
        msg = json.loads(text)
        if msg["t"] == "ask":
            out[link] = msg["answer"]
    return out


def errors(replies) -> list:
    return [json.loads(text)["code"] for _, text in replies if json.loads(text)["t"] == "error"]


def answer(h, seat, yes, as_seat=None) -> list:
    """Guest `seat` answers (for `as_seat`, if given: a forged seat); the host's replies."""
    link, guest = h.guests[seat]
    guest.out += 1
    text = protocol.again(guest.out, seat if as_seat is None else as_seat, yes)
    replies, events = h.host.receive(link, text)
    assert events == []
    h.deliver(replies)
    return replies


def second_game(h) -> Session:
    return Session(PRESETS["single"], [Seat(s.name) for s in h.session.seats], 6)


def test_no_question_before_the_game_is_over():
    h = Harness("single", n=2, seed=5)
    assert h.host.ask_again() == [] and h.host.asking is None and h.host.answers() == {}


def test_the_host_asks_every_joined_guest_and_each_answer_comes_back_to_its_guest():
    h = over()
    replies = h.host.ask_again()
    assert asks(replies) == {"L1": None, "L2": None}
    h.deliver(replies)
    for seat in (1, 2):
        guest = h.guests[seat][1]
        assert guest.asked and guest.answer is None
    assert h.host.answers() == {1: "open", 2: "open"}
    # yes from seat 1, no from seat 2: only the answering guest hears back, with its answer
    assert asks(answer(h, 1, True)) == {"L1": True}
    assert asks(answer(h, 2, False)) == {"L2": False}
    assert h.host.answers() == {1: "yes", 2: "no"}
    assert (h.guests[1][1].answer, h.guests[2][1].answer) == (True, False)
    # a guest may change its mind until the host starts
    assert asks(answer(h, 2, True)) == {"L2": True}
    assert h.host.answers() == {1: "yes", 2: "yes"}
    # asked again, the answers so far are kept (and sent again)
    assert asks(h.host.ask_again()) == {"L1": True, "L2": True}


def test_an_answer_for_another_seat_is_refused_and_changes_nothing():
    h = over()
    h.deliver(h.host.ask_again())
    replies = answer(h, 1, False, as_seat=2)
    assert errors(replies) == ["illegal"] and asks(replies) == {}
    assert h.host.answers() == {1: "open", 2: "open"}
    assert h.guests[1][1].error == "illegal"


def test_an_answer_nobody_asked_for_is_dropped_and_answered():
    h = over()
    replies = answer(h, 1, True)  # the host has not asked
    assert errors(replies) == ["not_asked"] and h.host.asking is None
    assert h.host.dropped[-1] == ("L1", "an answer while nobody is asked")
    assert h.guests[1][1].error == "not_asked"


def test_a_malformed_answer_is_dropped_and_answered_never_raised():
    h = over()
    h.deliver(h.host.ask_again())
    link, guest = h.guests[1]
    bad = [
        '{"v":1,"t":"again","n":50,"seat":1,"yes":"yes"}',      # not a boolean
        '{"v":1,"t":"again","n":51,"seat":1}',                  # no answer
        '{"v":1,"t":"again","n":52,"seat":99,"yes":true}',      # no such seat
        '{"v":1,"t":"again","n":53,"seat":1,"yes":true,"x":1}',  # an unknown field
        '{"v":1,"t":"ask","n":54,"answer":true}',               # the host's message
    ]
    for text in bad:
        replies, events = h.host.receive(link, text)
        assert errors(replies) == ["bad"] and events == [], text
    assert h.host.answers() == {1: "open", 2: "open"}
    # a replayed answer (an old message number) is dropped without a word
    guest.out = 60
    answer(h, 1, True)
    replies, _ = h.host.receive(link, protocol.again(60, 1, False))
    assert replies == [] and h.host.answers()[1] == "yes"


def test_the_guest_drops_a_question_during_a_game_and_a_malformed_one():
    h = Harness("single", n=2, seed=5)
    guest = h.guests[1][1]
    sent = []
    guest.send = sent.append
    assert guest.receive(protocol.ask(900, None)) == (None, [])
    assert not guest.asked and guest.dropped[-1] == "a question before the game is over"
    assert guest.receive('{"v":1,"t":"ask","n":901,"answer":"maybe"}') == (None, [])
    assert not guest.asked and json.loads(sent[-1])["code"] == "bad"


def test_start_with_mixed_answers_seats_the_yes_and_a_bot_plays_the_others():
    h = over(n=4)
    h.host.stand_in_level = "easy"
    h.deliver(h.host.ask_again())
    answer(h, 1, True)
    answer(h, 2, False)
    # seat 3 gives no answer; then seat 1's guest goes away (its yes does not seat it)
    answer(h, 3, True)
    answer(h, 3, False)
    h.host.close_link("L1")
    h.host.links.pop("L1", None)
    assert h.host.answers() == {1: "away", 2: "no", 3: "no"}
    answer(h, 3, True)
    token = dict(h.host.tokens)
    second = second_game(h)
    replies = h.host.restart(second)
    h.deliver(replies)
    assert h.host.asking is None and h.host.answers() == {}
    assert h.host.tokens == token  # no new code, no new token
    assert h.host.stand_ins == {1, 2}
    assert [s.bot for s in second.seats] == [None, "easy", "easy", None]
    # the guests still here get the new table: seat 3 plays, seat 2 watches its stand-in
    ada, ben = h.guests[3][1], h.guests[2][1]
    assert sorted(link for link, _ in replies) == ["L2", "L3"]
    assert ada.obs == second.observation(3) and not ada.asked and not ada.sits_out()
    assert ben.obs == second.observation(2) and ben.sits_out() and ben.legal == []
    # the new game's moves reach the guests (the host's session is the new one)
    h.session = second
    for _ in range(3):
        h.first_waiting_plays() if second.waiting_bot() is None else second.run_bots(1)
    assert second.state.step > 0 and ada.obs == second.observation(3)
    assert ben.obs == second.observation(2)
    # the guest who said no changes its mind during the game: its seat is its own again
    answer(h, 2, True)
    assert h.host.stand_ins == {1} and second.seats[2].bot is None
    assert not ben.sits_out() and ben.obs == second.observation(2)
    # the guest who was away comes back with its token: its seat, no new code
    h.join(1, token=token[1], link="L1b")
    assert h.host.stand_ins == set() and h.guests[1][1].seat == 1
    # an answer after the start, from a seat that plays: dropped and answered
    assert errors(answer(h, 3, False)) == ["not_asked"]


def test_a_guest_who_comes_back_while_the_host_asks_is_asked_too():
    h = over()
    h.deliver(h.host.ask_again())
    answer(h, 1, False)
    token = h.host.tokens[1]
    h.host.close_link("L1")
    guest = h.join(1, token=token, link="L1b")
    assert guest.asked and guest.answer is False  # what the host holds for its seat


def test_the_answers_are_saved_with_the_host_and_a_damaged_save_is_refused():
    from cabo.net.host import NetHost

    h = over()
    assert NetHost.from_dict(json.loads(json.dumps(h.host.to_dict())),
                             h.session).asking is None
    h.deliver(h.host.ask_again())
    answer(h, 1, False)
    saved = json.loads(json.dumps(h.host.to_dict()))
    assert NetHost.from_dict(saved, h.session).asking == {1: False, 2: None}
    for bad in ({"1": False}, {"1": "no", "2": None}, {"1": 0, "2": None}, [1, 2],
                {"1": None, "2": None, "3": None}):
        with pytest.raises(ValueError):
            NetHost.from_dict({**saved, "asking": bad}, h.session)
    old = {k: v for k, v in saved.items() if k != "asking"}  # a save from before
    assert NetHost.from_dict(old, h.session).asking is None
