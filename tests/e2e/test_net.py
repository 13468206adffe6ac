"""Play across devices: a host page and guest pages in separate browser contexts, joined by
real WebRTC data channels (iceServers: [], host candidates on this machine), by the text path:
the guest opens the invitation link, the host pastes the guest's answer code."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from cabo.net import signal

from . import driver
from .conftest import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.e2e
HOST_NAME = "Alex"
NAMES = {1: "Ada", 2: "Bruno"}  # what each guest types as its name


class Devices:
    """The host's page and its guests' pages, each in its own browser context."""

    def __init__(self, browser: Browser, base_url: str, count: int = 3):
        self.browser, self.base_url = browser, base_url
        self.errors = []
        self.drops = []  # (page, console line) of every message a page dropped
        self.console = []  # every console line, for a failure's message
        self.contexts = []
        self.pages = [self.new_page() for _ in range(count)]

    def new_page(self, context=None) -> Page:
        if context is None:
            context = self.browser.new_context(base_url=self.base_url)
            self.contexts.append(context)
        page = context.new_page()
        driver.no_auto_end(page)  # (each test decides when a turn ends)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("console", lambda m: self.console.append(m.text[:200]))
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("console", lambda m, page=page: self.drops.append((page, m.text))
                if "cabo.net: dropped" in m.text else None)
        return page

    @property
    def host(self) -> Page:
        return self.pages[0]

    def host_game(self, preset: str, seed: int, host_name: str = HOST_NAME) -> None:
        """The host opens a table for itself and one person per other page, no bots: its
        invitations appear at once, one per person."""
        page = self.host
        driver.open_page(page, seed)
        driver.across_devices_form(page, preset, host_name, len(self.pages) - 1)
        page.get_by_role("button", name="Open the table").click()
        expect(page.get_by_role("region", name="Devices at this table")).to_be_visible()

    def invite(self, seat: int, guest: Page, fresh: bool = False, via: str = "goto") -> float:
        """Seat `seat`'s guest takes the invitation the host shows (a new one first with
        `fresh`): it opens the link (`via` "goto") or pastes it into the field its page
        shows ("paste"), types its name if asked, and the host pastes the answer; the
        seconds from the start to the guest's table."""
        host = self.host
        start = time.monotonic()
        link = host.locator(f"#invite-link-{seat}")
        shown = link.input_value() if link.count() else ""  # an earlier invitation's link
        if fresh:
            host.locator(f'[data-ctl="net-invite"][data-seat="{seat}"]').click()
            if shown:  # (until the page took the click: else the guest would open the old
                expect(link).not_to_have_value(shown, timeout=10_000)  # link, now closed)
        expect(link).to_have_value(re.compile("#join="), timeout=10_000)
        url = link.input_value()
        if via == "goto":
            guest.goto(url)
            expect(guest.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        else:
            field = guest.get_by_label("Invitation link or code from the host")
            if not field.count():  # (the way back to a table shows it; the start screen not)
                driver.open_friends(guest)
            field.fill(url)
            guest.get_by_role("button", name="Join", exact=True).click()
        answer = guest.get_by_label("Answer code")
        name_form = guest.get_by_role("heading", name="Your name at the table")
        expect(answer.or_(name_form)).to_be_visible(timeout=10_000)
        if name_form.count():
            guest.get_by_role("textbox", name="Your name").fill(NAMES[seat])
            guest.get_by_role("button", name="Continue").click()
        expect(answer).to_have_value(re.compile(".{40,}"), timeout=10_000)
        host.locator(f"#answer-{seat}").fill(answer.input_value())
        host.locator(f'[data-ctl="net-connect"][data-seat="{seat}"]').click()
        # (as long as the host itself waits for the channel before it reports a failure: on
        # a loaded machine ICE took over 10 s, while the host still said "connecting")
        patience = host.evaluate("window.caboNet.connectMs")
        try:
            expect(guest.locator("#status")).to_be_visible(timeout=patience + 5_000)
        except AssertionError as exc:  # where it stopped: the host's side of the link
            panel = host.get_by_role("region", name="Devices at this table")
            raise AssertionError(f"{exc}\nThe host's devices: {panel.aria_snapshot()}\n"
                                 f"Console: {self.console[-20:]}") from None
        return time.monotonic() - start

    def sync(self) -> None:
        in_step(self.host, self.pages[1:], ".net-panel")

    def close(self) -> None:
        for context in self.contexts:
            context.close()



# Records every text message a page's data channels receive (window.__rx), before the page's
# own handler sees it.
RECORD_RX = """(() => {
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    set(f) { d.set.call(this, (e) => { (window.__rx ||= []).push(e.data); f(e); }); },
    get() { return d.get.call(this); }, configurable: true });
})();"""


def secrets_in(messages: list) -> list:
    """What a guest received but may not know: a face-down card of a slot its seat has not
    seen (the card id is only sent with the seat's own knower bit), a drawn card that another
    seat drew from the deck, or an event's secret (draw, peek, spy) of another seat."""
    found, seat = [], None
    for text in messages:
        msg = json.loads(text)
        if msg["t"] == "welcome":
            seat = msg["seat"]
        if msg["t"] != "state":
            continue
        obs = msg["obs"]
        assert obs["seat"] == seat
        for owner, row in enumerate(obs["hands"]):
            for cell in row:
                if cell is not None and cell[0] is not None and not cell[1] >> seat & 1:
                    found.append(("hand", owner, cell))
        if (obs["drawn"] is not None and obs["current"] != seat
                and obs["drawn_from"] != "discard"):
            found.append(("drawn", obs["drawn"]))
        for e in msg["events"] + (msg["log"] or []):
            if e["kind"] in ("draw", "peek", "spy", "king_spy", "initial_peek") \
                    and e["seat"] != seat and ("card" in e or "cards" in e):
                found.append(("event", e))
    return found


@pytest.fixture
def devices(browser: Browser, base_url: str):
    d = Devices(browser, base_url)
    yield d
    d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors


def in_step(host: Page, guests: list, panel: str, timeout_s: float = 15.0) -> None:
    """Until the host has no bot to move and every guest shows the host's game step (in
    the `panel`'s data-step). The host's step is read anew each time: a guest's move may
    still be on its way to the host (then the host's step moves on, and the guests follow)."""
    deadline = time.monotonic() + timeout_s
    while True:
        driver.wait_idle(host)
        step = host.locator(panel).get_attribute("data-step")
        steps = [g.locator(panel).get_attribute("data-step") for g in guests]
        if all(s == step for s in steps) and host.get_attribute("#app", "data-busy") == "false":
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the devices are not in step: host {step}, guests {steps}")
        host.wait_for_timeout(50)


PEEKING = re.compile(r"^Choose \d of your cards")


def peeking(page: Page) -> bool:
    """The page asks its person for the first peek."""
    return bool(page.get_by_text(PEEKING).count())


def has_move(page: Page) -> bool:
    names = [n for n in driver.buttons(page) if n not in ("Hint", "Hide the cards", "Clear the selection")]
    return bool(names) or peeking(page)


def first_peeks(d, players: dict) -> None:
    """Every device's person takes the first peek (each page once its table asks)."""
    while any(peeking(p) for p in d.pages):
        for page in d.pages:
            if peeking(page):
                players[page].step()
        d.sync()


def mover(d, timeout_s: float = 15.0):
    """A device with a move (None once every device shows the reveal). Right after a guest's
    move no device may show one, and the devices still look in step: the move is on its way
    to the host, and the guest's page shows the moves again only with the host's answer."""
    deadline = time.monotonic() + timeout_s
    while True:
        if all(reveal_shown(p) for p in d.pages):
            return None
        page = next((p for p in d.pages if not reveal_shown(p) and has_move(p)), None)
        if page is not None:
            return page
        if time.monotonic() > deadline:
            raise AssertionError("no device has a move")
        d.pages[0].wait_for_timeout(50)
        d.sync()


def play_moves(d, players: dict, moves: int) -> None:
    """`moves` steps, each by a device with something to do, and the devices in step."""
    for _ in range(moves):
        d.sync()
        players[mover(d)].step()
    d.sync()


def reveal_shown(page: Page) -> bool:
    return bool(page.get_by_role("heading", name=re.compile(r"^Round \d+: the reveal")).count())


def play_round(d: Devices, players: dict, max_steps: int = 400) -> None:
    for _ in range(max_steps):
        d.sync()
        page = mover(d)
        if page is None:
            return
        players[page].step()
    raise AssertionError("the round did not end")


def totals(page: Page) -> dict:
    return {name: row["total"] for name, row in driver.round_result(page)["rows"].items()}


def join_all(d: Devices, preset: str, seed: int) -> list:
    d.host_game(preset, seed)
    return [d.invite(seat, guest) for seat, guest in enumerate(d.pages[1:], start=1)]


@pytest.mark.parametrize("preset", ["official", "party"])
def test_host_and_two_guests_play_a_whole_round(devices, preset):
    d = devices
    d.contexts[2].add_init_script(RECORD_RX)
    times = join_all(d, preset, seed=7)
    print(f"\nseconds from invitation to a guest's table (page boot included): {times}")
    host, g1, g2 = d.pages
    for guest in (g1, g2):
        expect(guest.get_by_role("group", name="Your cards")).to_be_visible()
    players = {host: driver.Player(host, 99), g1: driver.Player(g1, cabo_after_draws=1),
               g2: driver.Player(g2, 99)}
    play_round(d, players)
    assert players[g1].called  # a guest called Cabo
    results = [totals(p) for p in d.pages]
    assert results[0] == results[1] == results[2]
    assert "Ada called Cabo." in driver.round_result(host)["text"]
    # every message Bruno's page received in the whole round: nothing Bruno may not know
    received = g2.evaluate("window.__rx")
    assert len(received) > 20
    assert secrets_in(received) == []
    # the rules screen works on a guest's page too
    g2.get_by_role("button", name="Rules").click()
    expect(g2.locator("#rules-title")).to_be_visible()


def test_off_turn_race_in_party_one_claim_wins(devices):
    d = devices
    join_all(d, "party", seed=9)
    host, g1, g2 = d.pages
    players = {p: driver.Player(p, 99) for p in d.pages}
    first_peeks(d, players)
    d.sync()
    claim = re.compile(r"^(Ada|Bruno) (matches|throws) ")
    assert not [x for x in host.locator(".log-list li").all_text_contents() if claim.match(x)]
    # both guests double-click the host's first card at the same moment: two mouse clicks
    # (the first one redraws the table, so the card is looked up again for the second)
    at = int(time.time() * 1000) + 400
    for guest in (g1, g2):
        guest.evaluate("""(at) => setTimeout(() => {
            for (const detail of [1, 2])
                document.getElementById('slot-0-0').dispatchEvent(
                    new MouseEvent('click', {bubbles: true, detail}));
        }, at - Date.now())""", at)
    time.sleep(1.0)
    d.sync()
    late = [g for g in (g1, g2) if g.get_by_text(re.compile("^Too late: ")).count()]
    assert len(late) == 1
    # exactly one claim was applied, by the guest that was not too late; it cost the other
    # one nothing (no penalty card: still four cards)
    claims = [x for x in host.locator(".log-list li").all_text_contents() if claim.match(x)]
    assert len(claims) == 1, claims
    winner = "Ada" if late[0] is g2 else "Bruno"
    assert claims[0].startswith(winner)
    assert late[0].locator(".player.me .card").count() == 4


def test_guest_reload_and_host_reload_mid_round(devices):
    d = devices
    join_all(d, "official", seed=12)
    host, g1, g2 = d.pages
    players = {p: driver.Player(p, 99) for p in d.pages}
    play_moves(d, players, 4)  # the first peeks and a move or two
    before = g2.locator(".player.me").inner_text()
    # a guest reloads: it opens on the way back to its table, never on the set-up form; the
    # host's page shows a fresh invitation for the away seat by itself, at the top
    g2.reload()
    expect(g2.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(g2.get_by_role("heading", name="Back to Alex's table")).to_be_visible()
    expect(g2.get_by_role("heading", name="New game")).to_have_count(0)
    expect(host.get_by_text("Bruno: away")).to_be_visible(timeout=10_000)
    panel = host.get_by_role("region", name="Devices at this table")
    expect(panel.locator(".invite").first).to_have_id("invite-2", timeout=10_000)
    d.invite(2, g2, via="paste")  # no name asked again: the page kept it
    d.sync()
    assert g2.locator(".player.me").inner_text() == before
    assert g2.locator(".player.me").get_attribute("aria-label") == "Your cards"
    # the host reloads: the game resumes from its save, and every guest sees one clear line,
    # no stale status and nothing to press on its table, until it takes the new invitation
    step = host.locator(".net-panel").get_attribute("data-step")
    host.reload()
    expect(host.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(host.get_by_text("Ada: away")).to_be_visible()
    assert host.locator(".net-panel").get_attribute("data-step") == step
    for guest in (g1, g2):
        expect(guest.get_by_role("alert")).to_contain_text(
            "The connection to Alex's page is gone", timeout=15_000)
        expect(guest.get_by_text(re.compile("^Connected:"))).to_have_count(0)
        expect(guest.locator(".inert-table[inert]")).to_have_count(1)  # nothing to press
        assert guest.evaluate("document.querySelector('.inert-table').inert") is True
    for seat in (1, 2):  # both invitations are there without a tap on the host's page
        expect(host.locator(f"#invite-link-{seat}")).to_have_value(re.compile("#join="),
                                                                     timeout=15_000)
    d.invite(1, g1, via="paste")
    d.invite(2, g2, via="paste")
    d.sync()
    expect(g1.locator(".inert-table")).to_have_count(0)
    play_round(d, {p: driver.Player(p, 1 if p is g1 else 99) for p in d.pages})
    assert totals(host) == totals(g1) == totals(g2)


def test_names_typed_by_guests_and_badges_that_tell_them_apart(devices):
    """Each guest types its own name; the host sees it; "Alex" and "Ada" share a first
    letter, so their "seen by" badges are "Al" and "Ad", never "A" twice."""
    d = devices
    join_all(d, "official", seed=4)
    host, g1, g2 = d.pages
    expect(host.get_by_text("Ada: connected")).to_be_visible()
    expect(host.get_by_text("Bruno: connected")).to_be_visible()
    expect(g1.locator("#net-status")).to_contain_text("Alex")
    # the first peeks: everyone looks at two cards; the host's own badges read "Al"
    players = {p: driver.Player(p, 99) for p in d.pages}
    first_peeks(d, players)
    letters = "els => els.map(e => e.dataset.b)"  # drawn by CSS from data-b
    mine = host.locator(".player.me .eyes").evaluate_all(letters)
    ada = g1.locator(".player.me .eyes").evaluate_all(letters)
    assert mine and all(text.strip() == "Al" for text in mine), mine
    assert ada and all(text.strip() == "Ad" for text in ada), ada


def test_copy_buttons_hand_on_the_link_and_the_answer(browser, base_url):
    d = Devices(browser, base_url, count=2)
    try:
        for context in d.contexts:
            context.grant_permissions(["clipboard-read", "clipboard-write"])
        d.host_game("official", 3)
        host, guest = d.pages
        link = host.locator("#invite-link-1")
        expect(link).to_have_value(re.compile("#join="), timeout=10_000)
        host.get_by_role("button", name="Copy the link").click()
        expect(host.get_by_role("status").filter(has_text="Copied.")).to_be_visible()
        assert host.evaluate("navigator.clipboard.readText()") == link.input_value()
        guest.goto(link.input_value())
        guest.get_by_role("textbox", name="Your name").fill("Ada")
        guest.get_by_role("button", name="Continue").click()
        answer = guest.get_by_label("Answer code")
        expect(answer).to_have_value(re.compile(".{40,}"), timeout=10_000)
        guest.get_by_role("button", name="Copy the code").click()
        expect(guest.get_by_role("status").filter(has_text="Copied.")).to_be_visible()
        assert guest.evaluate("navigator.clipboard.readText()") == answer.input_value()
    finally:
        d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors


def test_a_frozen_guest_page_and_a_short_network_break(devices):
    """A guest page frozen by the browser (a sleeping phone, a tab in the background) and
    woken again keeps its seat; an interrupted connection is shown as unstable, not lost."""
    d = devices
    join_all(d, "official", seed=21)
    host, g1, g2 = d.pages
    d.sync()
    cdp = g1.context.new_cdp_session(g1)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    players = {host: driver.Player(host, 99), g2: driver.Player(g2, 99)}
    for _ in range(3):  # the others play on while Ada's page is frozen (as far as they can)
        driver.wait_idle(host)
        page = next((p for p in (host, g2) if has_move(p)), None)
        if page is None:
            break
        players[page].step()
    host.wait_for_timeout(2000)
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    d.sync()  # the woken page shows the host's step again: nothing was lost
    expect(host.get_by_text("Ada: connected")).to_be_visible()
    # the host's page is told that Ada's link is interrupted, then that it is back
    host.evaluate("window.caboNet.onevent('s1-1', 'unstable', null)")
    expect(host.get_by_text("Ada: connection unstable, waiting …")).to_be_visible()
    host.evaluate("window.caboNet.onevent('s1-1', 'stable', null)")
    expect(host.get_by_text("Ada: connected")).to_be_visible()
    g1.evaluate("window.caboNet.onevent('host', 'unstable', null)")
    expect(g1.get_by_role("status").filter(has_text="The connection to Alex is unstable")
           ).to_be_visible()
    g1.evaluate("window.caboNet.onevent('host', 'stable', null)")
    expect(g1.get_by_text("The connection to Alex is unstable")).to_have_count(0)


def test_malformed_oversized_and_replayed_messages_at_both_ends(devices):
    d = devices
    join_all(d, "official", seed=3)
    host, g1, g2 = d.pages
    d.sync()
    step = host.locator(".net-panel").get_attribute("data-step")
    mine = g1.locator(".player.me").inner_text()
    # guest -> host: garbage, an oversized message, an unknown type, a replayed hello
    for text in ("garbage", "x" * 100_000, json.dumps({"v": 1, "t": "shout", "n": 50}),
                 json.dumps({"v": 1, "t": "hello", "n": 1, "build": "x", "token": None,
                             "lang": "en"})):
        g1.evaluate("(t) => window.caboNet.send('host', t)", text)
    # host -> guest: garbage, oversized, a state for another seat
    for text in ("garbage", "y" * 250_000, json.dumps({"v": 1, "t": "error", "n": 1,
                                                        "code": "illegal", "text": "old"})):
        host.evaluate("""(t) => { for (const id of ['s2-2', 's2-1', 's1-1']) window.caboNet.send(id, t); }""", text)
    for _ in range(50):  # until every page has dropped what it got
        if (len([1 for p, _ in d.drops if p is host]) == 4
                and len([1 for p, _ in d.drops if p is not host]) == 6):
            break
        host.wait_for_timeout(100)
    assert len([1 for p, _ in d.drops if p is host]) == 4, d.drops
    assert len([1 for p, _ in d.drops if p is not host]) == 6, d.drops
    assert host.locator(".net-panel").get_attribute("data-step") == step
    assert g1.locator(".player.me").inner_text() == mine
    expect(host.get_by_text("Ada: connected")).to_be_visible()
    # the game goes on
    players = {p: driver.Player(p, 1 if p is g2 else 99) for p in d.pages}
    players[mover(d)].step()
    d.sync()
    assert host.locator(".net-panel").get_attribute("data-step") != step


def test_a_bot_plays_for_a_guest_who_left_until_the_seat_is_handed_back(browser, base_url):
    """The host hands an away guest's seat to a bot: the round goes on to its reveal without
    the guest; handed back, the table waits for the guest, who joins again and plays on."""
    d = Devices(browser, base_url, count=2)
    try:
        d.host_game("official", 9)
        host, guest = d.pages
        d.invite(1, guest)
        players = {p: driver.Player(p, 99) for p in d.pages}
        for _ in range(3):  # the first peeks and a move
            d.sync()
            players[mover(d)].step()
        d.sync()
        guest.close()
        expect(host.get_by_text("Ada: away")).to_be_visible(timeout=15_000)
        host.get_by_role("button", name="Let a bot play for Ada").click()
        expect(host.get_by_text("Ada: away, a bot plays for now")).to_be_visible()
        me = driver.Player(host, cabo_after_draws=2)
        for _ in range(200):  # only the host plays: Ada's seat moves by itself
            driver.wait_idle(host)
            if reveal_shown(host):
                break
            assert has_move(host), "the table waits for the away guest"
            me.step()
        assert reveal_shown(host)
        host.get_by_role("button", name="Ada plays again").click()
        expect(host.get_by_role("button", name="Let a bot play for Ada")).to_be_visible()
        expect(host.get_by_text("a bot plays for now")).to_have_count(0)
        driver.press(host, "Next round")
        expect(host.locator("#net-status")).to_contain_text("Ada")  # it waits for Ada
        again = d.new_page()
        d.pages[1] = again
        d.invite(1, again)
        play_round(d, {host: driver.Player(host, 99), again: driver.Player(again, 1)})
        assert totals(host) == totals(again)
    finally:
        d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors


def unreachable_answer(seat: int) -> str:
    """A well-formed answer code for `seat` whose only candidate is a closed port: the host
    accepts it, and no channel ever opens."""
    sdp = "\r\n".join([
        "a=ice-ufrag:Zq3x", "a=ice-pwd:" + "Ab1/" * 6,
        "a=fingerprint:sha-256 " + ":".join(["5A"] * 32),
        "a=candidate:1 1 udp 2130706431 127.0.0.1 9 typ host"])
    return signal.compact(sdp, "answer", seat)


def test_an_answer_that_never_connects_is_reported_and_a_new_invitation_works(browser, base_url):
    """The host reads an answer but the channel never opens (another network, a stale code):
    the host says so instead of waiting silently, in both languages; a new invitation then
    joins the guest as usual."""
    d = Devices(browser, base_url, count=2)
    try:
        d.host_game("official", 5)
        host, guest = d.pages
        patience = host.evaluate("window.caboNet.connectMs")  # the page's own, 20 s
        assert patience >= 10_000
        host.evaluate("window.caboNet.connectMs = 4000")  # (a shorter wait for this code)
        expect(host.get_by_label("Invitation link for Guest 1")).to_have_value(
            re.compile("#join="), timeout=10_000)
        host.get_by_label("Answer code from Guest 1").fill(unreachable_answer(1))
        host.get_by_role("button", name="Connect Guest 1").click()
        expect(host.get_by_role("status").filter(
            has_text="The answer from Guest 1 is read: connecting …")).to_be_visible()
        failed = host.get_by_role("alert").filter(has_text="No connection to Guest 1.")
        expect(failed).to_be_visible(timeout=15_000)
        expect(host.get_by_text("Guest 1: away")).to_be_visible()
        # the closed invitation is gone: its code could not connect anyone any more
        expect(host.get_by_role("img", name=re.compile("^QR code of the invitation"))).to_have_count(0)
        expect(host.get_by_role("button", name="Connect Guest 1")).to_have_count(0)
        host.get_by_label("Language").select_option("de")
        expect(host.get_by_role("alert")).to_contain_text("Keine Verbindung zu Guest 1.")
        host.get_by_label("Sprache").select_option("en")
        host.evaluate(f"window.caboNet.connectMs = {patience}")
        host.get_by_role("button", name="New invitation for Guest 1").click()
        expect(host.get_by_label("Answer code from Guest 1")).to_have_value("")  # not the old
        # with an invitation shown, its seat's line says so and offers no other one
        expect(host.get_by_text("Guest 1: not here yet (the invitation is above)")).to_be_visible()
        expect(host.get_by_role("button", name="New invitation for Guest 1")).to_have_count(0)
        d.invite(1, guest)  # the guest takes the new invitation, the host its answer
        expect(guest.get_by_role("group", name="Your cards")).to_be_visible()
        expect(host.get_by_text("Ada: connected")).to_be_visible()
        expect(host.get_by_role("alert")).to_have_count(0)
    finally:
        d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors


VIBRATE_STUB = "navigator.vibrate = (ms) => { (window.__vibrations ||= []).push(ms); return true; };"
# a turn that begins and ends on a page nobody has tapped yet (a timer, not a gesture)
UNTAPPED_TURN = """addEventListener("load", () => setTimeout(() => {
    window.caboAwake.turn(true, "x", true); window.caboAwake.turn(false, "x", true);
    window.__untapped = [navigator.userActivation.hasBeenActive, window.__vibrations || []];
}, 0));"""


def test_a_dropped_link_and_a_stale_claim(devices):
    """A guest's link drops (the network, not a reload): the guest sees one line and the way
    back, the host a fresh invitation; back by pasting it. A claim sent for a table that has
    changed since is too late and costs nothing."""
    d = devices
    join_all(d, "party", seed=6)
    host, g1, g2 = d.pages
    players = {p: driver.Player(p, 99) for p in d.pages}
    top = host.locator("#discard").get_attribute("aria-label")
    for _ in range(40):  # the first peeks, then moves until the top discard has changed
        d.sync()
        if host.locator("#discard").get_attribute("aria-label") != top and not any(
                peeking(p) for p in d.pages):
            break
        players[mover(d)].step()
    d.sync()
    assert host.locator("#discard").get_attribute("aria-label") != top
    # Ada claims, from her view of step 0, the host's card that Alex has replaced since: the
    # claim names another card than the one she saw, so it is too late and free (cabo.play.claims)
    log = host.locator(".log-list li").all_text_contents()
    slot = next(int(m[1]) for x in log if (m := re.match(r"^You replace your card (\d)", x)))
    stale = json.dumps({"v": 1, "t": "act", "n": 10**6, "step": 0, "seen": None,
                        "action": {"type": "Match", "seat": 1, "owner": 0, "slot": slot - 1}})
    g1.evaluate("(t) => window.caboNet.send('host', t)", stale)
    expect(g1.locator(".news")).to_contain_text("Too late: that card had already moved")
    d.sync()
    now = host.locator(".log-list li").all_text_contents()  # (the newest first)
    assert now[1:] == log and now[0].startswith("Ada was too late")  # nothing else applied
    assert g1.locator(".player.me .card").count() == 4  # no penalty card
    # Bruno's link drops: one line and the way back on his page, a new invitation on the host
    g2.evaluate("window.caboNet.close('host'); window.caboNet.onevent('host', 'close', null)")
    expect(g2.get_by_role("alert")).to_contain_text("The connection to Alex's page is gone")
    expect(host.get_by_text("Bruno: away")).to_be_visible(timeout=15_000)
    d.invite(2, g2, via="paste")
    d.sync()
    expect(g2.locator(".inert-table")).to_have_count(0)
    expect(host.get_by_text("Bruno: connected")).to_be_visible()


def test_the_screen_stays_on_and_a_turn_is_told_while_the_page_looks_away(browser, base_url):
    """During a game the page holds a screen wake lock; a turn that begins vibrates (across
    devices, unless turned off) and shows "● Your turn" in the title while the page is hidden."""
    d = Devices(browser, base_url, count=2)
    try:
        d.contexts[0].add_init_script(VIBRATE_STUB + UNTAPPED_TURN)
        host, guest = d.pages
        driver.open_page(host, 5)
        assert host.evaluate("window.caboAwake.held") is False  # no game, no wake lock
        # before the person's first tap (a reloaded phone) a turn does not try to vibrate:
        # the browser would refuse it and say so in the console (UNTAPPED_TURN; Playwright's
        # evaluate counts as a tap, a timer does not)
        assert host.evaluate("window.__untapped") == [False, []]
        d.host_game("official", 5)
        d.invite(1, guest)
        for _ in range(50):
            if host.evaluate("window.caboAwake.held"):
                break
            host.wait_for_timeout(100)
        assert host.evaluate("window.caboAwake.held") is True
        assert host.evaluate("window.__vibrations || []") == [120]  # the first peek is a turn
        # the page looks away: its title says whose turn it is; back, the title is plain again
        host.evaluate("""() => { Object.defineProperty(document, 'visibilityState',
            {value: 'hidden', configurable: true});
            document.dispatchEvent(new Event('visibilitychange')); }""")
        expect(host).to_have_title("● Your turn – Cabo")
        host.evaluate("""() => { Object.defineProperty(document, 'visibilityState',
            {value: 'visible', configurable: true});
            document.dispatchEvent(new Event('visibilitychange')); }""")
        expect(host).to_have_title("Cabo")
        # turned off: the next turn of the host's does not vibrate
        host.get_by_label("Vibrate when it is my turn").uncheck()
        assert host.evaluate("localStorage.getItem('cabo.net.vibrate')") == "off"
        players = {p: driver.Player(p, 99) for p in d.pages}
        waited = False
        for _ in range(80):
            d.sync()
            if has_move(host) and waited:
                break
            waited = waited or not has_move(host)
            players[mover(d)].step()
        assert waited and has_move(host)
        assert host.evaluate("window.__vibrations") == [120]
    finally:
        d.close()
    assert not [e for e in d.errors if "favicon" not in e], d.errors
