"""A claim is judged by the top card its maker saw (cabo.play.claims), on one device and through
the net host alike.

Seeded positions, for every preset that allows claims: seat 0 draws and discards a card of
value `new` onto a pile whose top has value `seen`; the person at seat 2 had selected its own
card of value `seen` while that card was on top, and taps "Match" `delay` ms after the change.
Within the reaction window (0.1, 0.5 and 1.4 s) the claim is too late and free: the state is
unchanged and only a log line is added. After 3 s it is judged against the new top (a wrong
match, as always). A card matching neither is wrong at any time; a card matching the new top
is right at any time.
"""

from __future__ import annotations

import json
import random

import pytest

from cabo.game.actions import Discard, DrawDeck, Match, SkipPower
from cabo.play.claims import REACTION_MS, TableMemory, judge
from cabo.i18n import Texts
from cabo.net.guest import RemoteSession
from cabo.ui.seat_table import SeatTable
from cabo.game.rules import PRESETS
from cabo.play.session import Seat, Session
from cabo.ui.table import Table

from stacking import stacked
from test_net import Harness

CLAIMS = [name for name, rules in PRESETS.items() if rules.match != "off"]
SEEDS = (3, 17, 40)
CHANGE_MS = 100_000  # when seat 0's discard lands on the pile (the clocks below)
LATE = (100, 500, 1400)


def test_the_reaction_window_is_one_named_constant_of_about_a_second_and_a_half():
    assert 1000 <= REACTION_MS <= 2000
    assert CLAIMS and "official" not in CLAIMS


def _position(preset, seed):
    """(rules, seen, new, neither, hands): three distinct values without a power."""
    rng = random.Random(seed)
    seen, new, neither = rng.sample(range(1, 7), 3)
    hands = [[9, 9, 9, 9], [8, 8, 8, 8], [seen, neither, new, seen]]
    return PRESETS[preset], seen, new, neither, hands


class Clock:
    """A clock the test sets (ms)."""

    def __init__(self, now=0):
        self.now = now

    def __call__(self):
        return self.now


def _change(act, clock):
    """Seat 0 draws (a second before) and discards the deck's top card at CHANGE_MS."""
    clock.now = CHANGE_MS - 1000
    act(DrawDeck(0))
    clock.now = CHANGE_MS
    events = act(Discard(0))
    if events and events[-1].kind == "power":
        act(SkipPower(0))


def _tap_match(table, slot, at):
    """The person taps "Match" on its card at `slot`. Where the next player's draw closed the
    window (rules "until_draw"), the selection went with it: the person selects it again,
    half way between the change and the tap."""
    if (2, slot) not in table.selection:
        table.click_card(2, slot)
    assert "match" in [k for k, _ in table.buttons()]
    table.press("match", at)


# -- on one device ------------------------------------------------------------------------------
def _one_device(preset, seed):
    rules, seen, new, neither, hands = _position(preset, seed)
    session = Session(rules, [Seat("Bo", "medium"), Seat("Cy", "medium"), Seat("You")], seed)
    session.state = stacked(rules, 3, hands=hands, deck=[new], discard=[seen], first=0,
                            seed=seed)
    clock = Clock(CHANGE_MS - 5000)
    session.clock = clock
    session.memory.clear()
    table = Table(session, Texts("de"), "instant")
    table.clock = clock
    return session, table, clock, (seen, new, neither)


def _tap_match_on_one_device(preset, seed, slot, delay):
    session, table, clock, values = _one_device(preset, seed)
    clock.now = CHANGE_MS - 2000
    table.click_card(2, slot)                 # selected while the `seen` card is on top
    assert table.sel_top == session.state.discard[-1]
    _change(table.act, clock)  # (the bot's moves go through the table, as the page's do)
    clock.now = CHANGE_MS + delay // 2
    before = json.dumps(session.state.to_dict())
    log_before = len(session.log)
    _tap_match(table, slot, CHANGE_MS + delay)
    return session, table, before, log_before, values


@pytest.mark.parametrize("preset", CLAIMS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("delay", LATE)
def test_on_one_device_a_claim_on_the_card_seen_just_before_it_was_covered_is_free(
        preset, seed, delay):
    session, table, before, log_before, (seen, new, _) = _tap_match_on_one_device(
        preset, seed, 0, delay)
    assert json.dumps(session.state.to_dict()) == before      # nothing changed ...
    added = [e["public"] for e in session.log[log_before:]]
    assert [e["kind"] for e in added] == ["too_late"]         # ... but the log
    assert added[0]["seat"] == 2 and added[0]["why"] == "top"
    values = session.state.values
    assert values[added[0]["seen"]] == seen and values[added[0]["top"]] == new
    # nothing stays selected, nothing offers the claim again, and the table says so
    assert table.selection == () and table.sel_top is None
    assert not any(k in ("match", "pair") for k, _ in table.buttons())
    alerts = [a["text"] for a in table.view()["alerts"]]
    assert any("Zu spät" in a and "nichts" in a for a in alerts), alerts


@pytest.mark.parametrize("preset", CLAIMS)
@pytest.mark.parametrize("seed", SEEDS)
def test_on_one_device_a_claim_long_after_the_change_is_judged_against_the_new_top(
        preset, seed):
    session, table, _, log_before, _ = _tap_match_on_one_device(preset, seed, 0, 3000)
    added = [e["public"] for e in session.log[log_before:]]
    assert added[0]["kind"] == "match" and added[0]["ok"] is False
    assert "penalty" in [e["kind"] for e in added] or session.state.rules.wrong_match_penalty == 0
    assert any("passt nicht" in a["text"] for a in table.view()["alerts"])


@pytest.mark.parametrize("preset", CLAIMS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("delay", LATE + (3000,))
def test_on_one_device_a_claim_matching_neither_card_is_wrong_and_the_new_top_right(
        preset, seed, delay):
    session, _, _, log_before, _ = _tap_match_on_one_device(preset, seed, 1, delay)
    added = [e["public"] for e in session.log[log_before:]]
    assert added[0]["kind"] == "match" and added[0]["ok"] is False
    session, _, _, log_before, _ = _tap_match_on_one_device(preset, seed, 2, delay)
    added = [e["public"] for e in session.log[log_before:]]
    assert added[0]["kind"] == "match" and added[0]["ok"] is True


# -- through the host ---------------------------------------------------------------------------
def _through_host(preset, seed):
    rules, seen, new, neither, hands = _position(preset, seed)
    h = Harness(preset, 3, seed=seed)
    clock = Clock(CHANGE_MS - 5000)
    h.session.clock = h.host.clock = clock
    h.session.state = stacked(rules, 3, hands=hands, deck=[new], discard=[seen], first=0,
                              seed=seed)
    h.session.memory.clear()
    h.deliver(h.host.updates())
    guest = h.guests[2][1]
    table = SeatTable(RemoteSession(guest), Texts("en"), "instant", seat=2)
    table.clock = clock
    receive = guest.receive

    def shown(text):  # as the guest's page: the new events go to its table
        kind, events = receive(text)
        if kind == "state":
            table.new_events(events)
        return kind, events

    guest.receive = shown
    return h, guest, table, clock


def _tap_match_through_host(preset, seed, slot, delay):
    h, guest, table, clock = _through_host(preset, seed)
    clock.now = CHANGE_MS - 2000
    table.click_card(2, slot)            # selected on the guest's page while `seen` is on top
    _change(h.session.act, clock)        # the host's discard reaches the guest at once
    assert guest.obs.step == h.session.state.step
    clock.now = CHANGE_MS + delay // 2
    before = json.dumps(h.session.state.to_dict())
    log_before = len(h.session.log)
    _tap_match(table, slot, None)
    clock.now = CHANGE_MS + delay        # the guest's claim arrives at the host
    h.pump()
    return h, guest, table, before, log_before


@pytest.mark.parametrize("preset", CLAIMS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("delay", LATE)
def test_through_the_host_a_claim_on_the_card_seen_just_before_it_was_covered_is_free(
        preset, seed, delay):
    h, guest, table, before, log_before = _tap_match_through_host(preset, seed, 0, delay)
    assert guest.error == "too_late"
    assert json.dumps(h.session.state.to_dict()) == before
    added = [e["public"] for e in h.session.log[log_before:]]
    assert [e["kind"] for e in added] == ["too_late"]
    # the guest's table: the line where the person looks, nothing selected or offered
    assert guest.log[-1]["kind"] == "too_late"
    assert table.selection == () and not any(k == "match" for k, _ in table.buttons())
    assert any("Too late" in a["text"] and "nothing" in a["text"]
               for a in table.view()["alerts"])


@pytest.mark.parametrize("preset", CLAIMS)
@pytest.mark.parametrize("seed", SEEDS)
def test_through_the_host_a_claim_long_after_the_change_is_judged_against_the_new_top(
        preset, seed):
    h, guest, _, _, log_before = _tap_match_through_host(preset, seed, 0, 3000)
    assert guest.error is None
    added = [e["public"] for e in h.session.log[log_before:]]
    assert added[0]["kind"] == "match" and added[0]["ok"] is False


@pytest.mark.parametrize("preset", CLAIMS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("delay", LATE + (3000,))
def test_through_the_host_a_claim_matching_neither_card_is_wrong_and_the_new_top_right(
        preset, seed, delay):
    h, guest, _, _, log_before = _tap_match_through_host(preset, seed, 1, delay)
    added = [e["public"] for e in h.session.log[log_before:]]
    assert added[0]["kind"] == "match" and added[0]["ok"] is False and guest.error is None
    h, guest, _, _, log_before = _tap_match_through_host(preset, seed, 2, delay)
    added = [e["public"] for e in h.session.log[log_before:]]
    assert added[0]["kind"] == "match" and added[0]["ok"] is True and guest.error is None


def test_a_seen_top_that_was_never_on_the_pile_lately_earns_nothing():
    # a guest naming a card that was not a recent top cannot make its wrong claim free
    h, guest, table, clock = _through_host("party", 3)
    rules, seen, new, neither, hands = _position("party", 3)
    _change(h.session.act, clock)
    clock.now = CHANGE_MS + 100
    st = h.session.state
    fake = next(c for c in range(len(st.values)) if st.values[c] == neither
                and c not in st.discard)
    guest.send_action(Match(2, 2, 1), fake)
    h.pump()
    assert guest.error is None
    assert [e["public"]["kind"] for e in h.session.log][-2:] == ["match", "penalty"]


def test_the_judge_never_changes_the_state():
    rules, seen, new, neither, hands = _position("party", 17)
    state = stacked(rules, 3, hands=hands, deck=[new], discard=[seen], first=0, seed=17)
    memory = TableMemory()
    memory.note(state, 0)
    top = state.discard[-1]
    before = json.dumps(state.to_dict())
    assert judge(state, Match(2, 2, 0), top, None, memory, 10) is None
    assert judge(state, DrawDeck(0), top, None, memory, 10) is None
    assert json.dumps(state.to_dict()) == before
