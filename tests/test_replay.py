"""Replays (cabo.replay): a round rebuilt from its seed, rules and moves, its views per seat,
the round as a link, and the deal of the day."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from cabo.i18n import LANGS, Texts
from cabo.replay import daily, link, moves, shelf
from cabo.replay.record import ReplayError, RoundRecord, rebuild
from cabo.game.rules import PRESETS, preset
from cabo.play.session import Seat, Session

from test_net import card_ids

PRESET_NAMES = sorted(PRESETS)


def played(rules, n=3, seed=7, rounds=1):
    """A session whose first `rounds` rounds are played to their end by bots."""
    levels = ["easy", "medium", "easy", "medium", "easy", "medium"][:n]
    session = Session(rules, [Seat(f"P{i}", lv) for i, lv in enumerate(levels)], seed)
    for r in range(rounds):
        if r:
            session.next_round()
        session.run_bots()
        assert session.state.phase in ("round_over", "game_over")
        if session.state.phase == "game_over":
            break
    return session


def record_of(session, daily_date=None):
    return RoundRecord(session.rules, tuple(s.name for s in session.seats),
                       tuple(s.bot for s in session.seats), session.seed,
                       tuple(session.moves), daily_date)


def events_of_round(session):
    """Every event of the session's last round with its secrets, from its log."""
    entries = [e for e in session.log if e["public"]["kind"] not in
               ("quip", "achievement", "awards", "reaction")]
    last = max(i for i, e in enumerate(entries) if e["public"]["kind"] == "deal")
    return [{**e["public"], **(e["secret"] or {})} for e in entries[last:]]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_round_rebuilt_from_its_link_equals_the_round_played(name):
    for rounds, n in ((1, 3), (2, 2)):
        session = played(PRESETS[name], n=n, seed=11 + rounds, rounds=rounds)
        text = link.make(record_of(session))
        assert text.startswith("#replay=1")
        replay = rebuild(link.read(text))
        assert replay.round_no == session.state.round_no
        assert replay.event_views() == events_of_round(session)
        final = replay.final
        assert final.hands == session.state.hands and final.totals == session.state.totals


def test_custom_rules_and_names_travel_in_the_link():
    rules = preset("party", hand_size=5, extras=False)
    session = played(rules, n=2, seed=3)
    record = link.read(link.make(record_of(session, "2026-12-06")))
    assert record.rules == rules
    assert record.names == ("P0", "P1") and record.bots == ("easy", "medium")
    assert record.daily == "2026-12-06"


def hidden_from(state, seat) -> set:
    """Card ids `seat` cannot see in `state` (as the network tests' leak scan)."""
    secret = set(state.deck)
    for row, masks in zip(state.hands, state.known):
        secret |= {c for c, k in zip(row, masks) if c is not None and not k >> seat & 1}
    if state.drawn is not None and not (state.drawn_from == "discard" or state.current == seat):
        secret.add(state.drawn)
    return secret


def obs_card_ids(obs) -> set:
    ids = set(obs.discard) | ({obs.drawn} if obs.drawn is not None else set())
    for row in obs.hands:
        ids |= {cell[0] for cell in row if cell is not None and cell[0] is not None}
    return ids


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_seats_replay_never_holds_a_card_that_seat_did_not_see(name):
    checked = 0
    for seed in (1, 2, 3):
        session = played(PRESETS[name], n=3, seed=seed)
        replay = rebuild(record_of(session))
        for seat in range(3):
            view = replay.seat_view(seat)
            for frame, full in zip(view.frames, replay.frames):
                secret = hidden_from(full.state, seat)
                found = card_ids(json.loads(json.dumps(frame.events))) | obs_card_ids(frame.obs)
                assert not found & secret, (seat, frame.events)
                checked += len(frame.events)
    assert checked > 100


def test_the_leak_scan_catches_the_face_up_view():
    session = played(PRESETS["official"], n=3, seed=1)
    replay = rebuild(record_of(session))
    leaked = 0
    for frame, full in zip(replay.face_up(), replay.frames):
        leaked += bool(card_ids(json.loads(json.dumps(frame.events))) & hidden_from(full.state, 1))
    assert leaked > 0


def _data(head, move_bytes=b"") -> str:
    raw = json.dumps(head).encode() + b"\n" + move_bytes
    return "#replay=1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


GOOD_HEAD = {"r": "official", "o": {}, "s": 5, "p": [["A", None], ["B", "hard"]]}


def bad_links():
    session = played(PRESETS["official"], n=2, seed=4)
    good = link.make(record_of(session))
    record = record_of(session)
    half = RoundRecord(record.rules, record.names, record.bots, record.seed,
                       record.moves[: len(record.moves) // 2])
    yield "", "not_a_link"
    yield "hello", "not_a_link"
    yield "#replay=", "not_a_link"
    yield "#replay=9" + good[9:], "version"
    yield good[:-7], "truncated"
    yield good[: len(good) // 2], "truncated"
    yield good[:9] + "!" + good[10:], "damaged"
    yield good[:20] + ("A" if good[20] != "A" else "B") + good[21:], "damaged"
    yield good + "AAAA", "damaged"
    yield "#replay=1" + "A" * 50_000, "too_long"
    bomb = base64.urlsafe_b64encode(zlib.compress(b"{" + b" " * 2_000_000, 9)).decode()
    yield "#replay=1" + bomb.rstrip("="), "too_long"
    yield _data({**GOOD_HEAD, "r": "chess"}), "damaged"
    yield _data({**GOOD_HEAD, "o": {"hand_size": "four"}}), "bad_rules"
    yield _data({**GOOD_HEAD, "o": {"deck": "tarot"}}), "bad_rules"
    yield _data({**GOOD_HEAD, "p": [["A", None]] * 7}), "damaged"
    yield _data({**GOOD_HEAD, "s": -1}), "damaged"
    yield _data(GOOD_HEAD, bytes([1, 0, 4, 0])), "bad_moves"
    yield _data(GOOD_HEAD, bytes([200])), "damaged"
    yield _data(GOOD_HEAD, bytes([99, 0])), "damaged"
    yield _data(GOOD_HEAD, bytes([0, 0, 64] + [0] * 64)), "bad_moves"
    yield _data(GOOD_HEAD, bytes([0, 0, 65])), "damaged"
    yield _data(GOOD_HEAD, bytes([0, 0, 2, 0])), "damaged"
    yield link.make(half), "unfinished"
    yield "#replay=1" + base64.urlsafe_b64encode(zlib.compress(b"[1,2]\n")).decode(), "damaged"


def test_bad_links_are_refused_with_a_readable_message_in_both_languages():
    seen = set()
    for text, reason in bad_links():
        with pytest.raises(link.LinkError) as caught:
            link.read(text)
        assert caught.value.reason == reason, (text[:60], caught.value)
        seen.add(reason)
        for lang in LANGS:
            message = Texts(lang)(f"replay_bad_{caught.value.reason}")
            assert message and "{" not in message
    assert seen >= {"not_a_link", "too_long", "damaged", "truncated", "bad_moves"}


def test_random_damage_never_raises_anything_but_a_link_error():
    import random
    rng = random.Random(5)
    good = link.make(record_of(played(PRESETS["party"], n=3, seed=2)))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    refused = 0
    for _ in range(300):
        chars = list(good)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(9, len(chars))
            chars[i] = rng.choice(alphabet)
        text = "".join(chars)[: rng.choice([len(chars), rng.randrange(9, len(chars))])]
        try:
            link.read(text)
        except link.LinkError:
            refused += 1
    assert refused >= 290  # (a changed character past the data's last bits may change nothing)


def test_moves_round_trip_through_bytes_and_text():
    session = played(PRESETS["party"], n=4, seed=9)
    assert moves.decode(moves.encode(session.moves)) == session.moves
    assert moves.from_text(moves.to_text(session.moves)) == session.moves
    with pytest.raises(moves.MovesError):
        moves.from_text("***")


def test_a_saved_game_keeps_its_moves_and_a_bad_one_is_refused():
    from cabo.game.errors import SaveError
    session = played(PRESETS["official"], n=2, seed=6)
    again = Session.from_json(session.to_json())
    assert again.moves == session.moves
    d = json.loads(session.to_json())
    d["moves"] = moves.to_text(session.moves[:-1])
    with pytest.raises(SaveError):
        Session.from_json(json.dumps(d))
    del d["moves"]
    assert Session.from_json(json.dumps(d)).moves is None  # (an older save: no replay)


def test_rebuild_refuses_moves_that_do_not_fit():
    session = played(PRESETS["official"], n=2, seed=6)
    record = record_of(session)
    swapped = RoundRecord(record.rules, record.names, record.bots, record.seed + 1, record.moves)
    with pytest.raises(ReplayError):
        rebuild(swapped)


def test_the_deal_of_the_day_is_the_same_for_a_date_and_differs_between_dates():
    days = [f"2026-12-{d:02d}" for d in range(1, 29)]
    seeds = [daily.seed_for(d) for d in days]
    assert seeds == [daily.seed_for(d) for d in days]
    assert len(set(seeds)) == len(days)
    deals = []
    for day in days[:3]:
        games = [Session(daily.rules(), [Seat(name, bot) for name, bot in daily.seats("Me")],
                         daily.seed_for(day)) for _ in range(2)]
        assert games[0].state.hands == games[1].state.hands
        for g in games:  # the person plays the same moves: the bots answer the same
            for _ in range(400):
                if g.state.phase in ("round_over", "game_over"):
                    break
                if g.waiting_bot() is None and not g.reacting_bots():
                    g.act(g.legal(0)[0])
                g.run_bots()
        assert games[0].moves == games[1].moves and games[0].state.phase == "game_over"
        deals.append(games[0].state.history[0]["hands"])
    assert len({json.dumps(d) for d in deals}) == len(deals)
    with pytest.raises(ValueError):
        daily.seed_for("2026-13-01")


def test_the_day_before_a_date_crosses_months_years_and_leap_days():
    assert daily.previous_day("2026-12-07") == "2026-12-06"
    assert daily.previous_day("2026-12-01") == "2026-11-30"
    assert daily.previous_day("2027-01-01") == "2026-12-31"
    assert daily.previous_day("2028-03-01") == "2028-02-29"
    assert daily.previous_day("2100-03-01") == "2100-02-28"
    assert daily.previous_day("2000-03-01") == "2000-02-29"
    with pytest.raises(ValueError):
        daily.previous_day("2026-02-30")


def test_the_share_text_of_the_deal_of_the_day():
    assert daily.share_text("2026-12-06", 3, 1, 3, Texts("en")) == "Cabo, 6 Dec: 3 points, 1st of 3"
    assert daily.share_text("2026-03-21", 1, 2, 3, Texts("en")) == "Cabo, 21 Mar: 1 point, 2nd of 3"
    assert daily.share_text("2026-12-06", 3, 1, 3, Texts("de")) == (
        "Cabo, 6. Dez.: 3 Punkte, Platz 1 von 3")
    assert daily.placing([5, 3, 5], 0) == 2 and daily.placing([5, 3, 5], 1) == 1


def test_the_shelf_keeps_the_last_rounds_and_one_try_a_day():
    s = shelf.empty()
    for i in range(shelf.KEEP + 3):
        s = shelf.keep_round(s, {"link": f"1abc{i}", "date": "2026-12-06", "rules": "official",
                                 "names": ["A", "B"], "points": [i, 0]})
    assert len(s["rounds"]) == shelf.KEEP and s["rounds"][-1]["link"] == f"1abc{shelf.KEEP + 2}"
    s, counted = shelf.keep_daily(s, "2026-12-06", {"points": 3, "place": 1, "n": 3, "link": "1x"})
    assert counted
    s, counted = shelf.keep_daily(s, "2026-12-06", {"points": 0, "place": 1, "n": 3, "link": "1y"})
    assert not counted and s["daily"]["2026-12-06"]["points"] == 3
    assert shelf.read(json.dumps(s)) == s
    with pytest.raises(ValueError):
        shelf.read(json.dumps({"rounds": [{"link": "<script>"}], "daily": {}}))


def _daily_try(date, level, seed):
    """A whole round of `date`'s deal, the person's seat played by a `level` bot."""
    from cabo.bots import make_bot
    from cabo.game.state import OVER_PHASES

    session = Session(daily.rules(), [Seat(n, b) for n, b in daily.seats("Me")],
                      daily.seed_for(date))
    me = make_bot(level, seed)
    for _ in range(3000):
        session.run_bots()
        if session.state.phase in OVER_PHASES:
            return session
        session.act(me.choose(session.observation(0), session.legal(0)))
    raise AssertionError("the round did not end")


def test_a_second_try_of_the_deal_of_the_day_is_played_but_not_counted():
    """Two whole rounds of the same date's deal, played differently: the first is the day's
    result; the second is told its own result and that the first one counts, and the shelf
    still holds the first (what cabo.web.replaypage does after each finished round)."""
    from cabo.ui import replay_view

    date, en = "2026-12-06", Texts("en")
    first, second = _daily_try(date, "easy", 1), _daily_try(date, "random", 2)
    mine = [replay_view.result_of(s.state, 0) for s in (first, second)]
    assert mine[0] != mine[1]  # (played differently: different results)
    data = [link.make(record_of(s, date))[len(link.PREFIX):] for s in (first, second)]
    kept, counted = replay_view.keep_daily_try(shelf.empty(), first.state, date, data[0])
    assert counted
    view = replay_view.daily_try_view(en, kept, first.state, date, "u#" + data[0])
    text = daily.share_text(date, mine[0]["points"], mine[0]["place"], 3, en)
    assert view["line"] == en("daily_result", text=text)
    assert view["text"] == f"{text}\nu#{data[0]}"
    again, counted = replay_view.keep_daily_try(kept, second.state, date, data[1])
    assert not counted and again == kept
    assert again["daily"][date] == {**mine[0], "link": data[0]}
    view = replay_view.daily_try_view(en, again, second.state, date, "u#" + data[1])
    assert view["line"] == en("daily_not_counted", text=text)
    assert view["text"].startswith(text + "\n")  # the text to share: the counted try's
    # the next day's deal counts again
    _, counted = replay_view.keep_daily_try(again, second.state, "2026-12-07", data[1])
    assert counted


def test_a_guest_replays_its_own_seats_view_from_what_it_received():
    from test_net import Harness, play_round
    from cabo.net.guest import RemoteSession
    from cabo.ui import replay_view

    h = Harness("official", 3, seed=8)
    play_round(h)
    assert not h.leaks  # (every message, so every frame made from one, passed the scan)
    seat, (link_id, guest) = 1, h.guests[1]
    assert guest.frames and guest.frames[0].events[0]["kind"] == "deal"
    received = [json.loads(text) for text in guest.received]
    sent_events = [e for m in received if m.get("t") == "state" for e in m["events"]]
    kept = [e for f in guest.frames[1:] for e in f.events]  # (the first: the join's log)
    assert kept and kept == sent_events[len(sent_events) - len(kept):]
    assert all(f.obs.seat == seat for f in guest.frames)
    viewer = replay_view.guest_viewer(RemoteSession(guest))
    assert viewer.replay is None and viewer.views() == [seat]
    assert not viewer.choose(replay_view.ALL) and not viewer.choose(0)
    t = Texts("en")
    for i in range(viewer.length):
        viewer.go(i)
        table = viewer.table_view(t)
        assert table["status"] and table["buttons"] == []
    assert viewer.round_no == 1


def test_the_statistics_list_the_kept_rounds_and_the_days_newest_first():
    from cabo.ui import replay_view

    s = shelf.empty()
    for i, date in enumerate(("2026-12-05", "2026-12-06")):
        s = shelf.keep_round(s, {"link": f"1abc{i}", "date": date, "rules": "official",
                                 "round": i + 1, "names": ["Eve", "Ada", "Bo"],
                                 "points": [3, 0, 7]})
        s, _ = shelf.keep_daily(s, date, {"points": 3 - i, "place": 1 + i, "n": 3,
                                          "link": f"1abc{i}"})
    en, de = Texts("en"), Texts("de")
    assert replay_view.kept_list(s, en) == [
        {"i": 1, "label": "6 Dec: round 2, Eve, Ada and Bo"},
        {"i": 0, "label": "5 Dec: round 1, Eve, Ada and Bo"}]
    assert replay_view.kept_list(s, de)[0]["label"].startswith("6. Dez.: Runde 2, Eve")
    assert replay_view.daily_list(s, en) == [
        {"date": "2026-12-06", "label": "Cabo, 6 Dec: 2 points, 2nd of 3"},
        {"date": "2026-12-05", "label": "Cabo, 5 Dec: 3 points, 1st of 3"}]
    assert replay_view.daily_list(s, en, n=1) == replay_view.daily_list(s, en)[:1]


def test_a_step_back_flies_its_cards_back_silently():
    from cabo.ui import motion
    from cabo.ui.replay_view import backwards

    events = [{"kind": "draw", "seat": 0},
              {"kind": "replace", "seat": 0, "ok": True, "slots": [2]},
              {"kind": "peek", "seat": 0, "slot": 1}]
    steps = motion.motion(events, 0)[1]
    assert [s["kind"] for s in steps] == ["fly", "fly", "fly", "flip"]
    back = backwards(steps)
    # the drawn card leaves the hand for the drawn place, the old card the discard for its
    # slot, the draw goes back to the deck; the peek turns back by itself (motion.js)
    assert [(s["from"], s["to"]) for s in back] == [
        (("slot", 0, 2), "drawn"), ("discard", ("slot", 0, 2)), ("drawn", "deck")]
    assert all(s["kind"] == "fly" and s["sound"] is None and s["delay"] == 0 for s in back)
    deal = motion.motion([{"kind": "deal", "seats": [0, 1], "hand_size": 1, "dealer": 1,
                           "discard": 5}], 0)[1]
    assert [s["to"] for s in backwards(deal)] == ["deck"] * 3
    assert backwards([{"kind": "shake", "from": None, "to": ("slot", 0, 0), "sound": "wrong"},
                      {"kind": "sound", "from": None, "to": None, "sound": "cabo"}]) == []
