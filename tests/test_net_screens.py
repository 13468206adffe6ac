"""The HTML of play across devices and of online rooms (cabo/web/netscreens.py,
roomscreens.py, forms.py): what a person typed, and what a relay list holds, reach the page
escaped; the fields keep their limits and drafts."""

from __future__ import annotations

import re
from types import SimpleNamespace

from cabo.i18n import Texts
from cabo.net.protocol import NAME_CHARS
from cabo.web import forms, netscreens, roomscreens

T = Texts("en")
EVIL = '"><script>alert(1)</script>'


def net_state(**changes):
    """A NetPage's state as the screens read it: the shared part, the host's side (hosting)
    and a guest's (joining)."""
    hosting = dict(invites={}, invite_by_itself=True)
    joining = dict(answer=None, rejoin=None, lost=False, saved_guest=dict)
    for side in (hosting, joining):
        side.update({k: changes.pop(k) for k in list(changes) if k in side})
    state = dict(guest=None, host=None, problem=None, drafts={}, stun="", vibrate=True,
                 shared=None, unstable=set(), hosting=SimpleNamespace(**hosting),
                 joining=SimpleNamespace(**joining))
    state.update(changes)
    return SimpleNamespace(**state)


def field(html, key) -> str:
    """The <input> with id `key`."""
    found = re.findall(rf'<input [^>]*id="{re.escape(key)}"[^>]*>', html)
    assert len(found) == 1, found
    return found[0]


def test_typed_names_and_codes_are_escaped_and_kept_as_drafts():
    net = net_state(drafts={"host-name": EVIL, "join-code": EVIL, "net-bots": "2"},
                    problem=EVIL)
    html = netscreens.setup_part(net, T, "Me")
    assert "<script>" not in html
    name = field(html, "host-name")
    assert 'data-draft="host-name"' in name and f'maxlength="{NAME_CHARS}"' in name
    assert "&lt;script&gt;" in name
    assert 'data-draft="join-code"' in field(html, "join-code")
    assert '<option value="2" selected>' in html
    assert '<p class="problem" role="alert">' in html


def test_the_answer_screen_shows_the_code_read_only_and_shares_only_where_it_can():
    net = net_state(answer={"code": "abc&def", "svg": "<svg></svg>"})
    html = netscreens.screen(net, T, lambda: False, lambda: EVIL)
    code = field(html, "answer-code")
    assert "readonly" in code and 'value="abc&amp;def"' in code
    assert 'data-ctl="net-copy" data-what="answer-code"' in html
    assert 'data-ctl="net-share"' not in html
    assert "<script>" not in html and "&lt;script&gt;" in field(html, "guest-name")
    shared = netscreens.screen(net, T, lambda: True, lambda: None)
    assert 'data-ctl="net-share" data-what="answer-code"' in shared
    assert netscreens.screen(net_state(), T, lambda: True, lambda: None) == ""


def test_the_room_consent_lists_the_services_escaped_and_asks_a_guest_its_name():
    services = {"relays": ["wss://relay.example/" + EVIL], "stun": [], "turn": "",
                "turn_user": "", "turn_password": ""}
    net = net_state(drafts={"guest-name": "Ada"}, saved_guest=lambda: {})
    page = SimpleNamespace(consent={"role": "guest", "code": "ABCDEFGH"}, problem=None,
                           told=None, services=lambda: services, net=net,
                           app=SimpleNamespace(t=T, open=set()))
    html = roomscreens.screen(page)
    assert "<script>" not in html and "relay.example/&quot;&gt;&lt;script&gt;" in html
    assert "ABCD-EFGH" in html
    assert 'value="Ada"' in field(html, "guest-name")
    page.consent["role"] = "host"
    html = roomscreens.screen(page)
    assert 'id="guest-name"' not in html
    # the host chooses the stand-in bot: by itself after a while, or only when it says so
    assert 'id="room-standin-after"' in html and 'id="room-standin-level"' in html


def test_a_button_carries_its_control_and_data():
    html = forms.button("net-invite", "Invite <Bo>", "ghost", seat=2)
    assert html == ('<button type="button" class="btn ghost" data-ctl="net-invite" '
                    'data-seat="2">Invite &lt;Bo&gt;</button>')


def guest_at(seat, seats, waiting, lang="en", over=False):
    """A guest's net panel: `seats` as (name, away) from the host's seat 0 up."""
    guest = SimpleNamespace(seat=seat, waiting=waiting, ready=True,
                            obs=SimpleNamespace(step=3, game_over=over),
                            seats=[{"name": n, "bot": None, "away": a} for n, a in seats])
    return netscreens.panel(net_state(guest=guest), Texts(lang), lambda: False)


def test_a_guest_reads_whose_table_it_is_at_and_whom_it_waits_for_in_both_languages():
    # Mia hosts, Ben is this guest (seat 1), Cleo another guest; the table waits for Mia
    html = guest_at(1, [("Mia", False), ("Ben", False), ("Cleo", False)], [0])
    assert "At Mia&#x27;s table, with Cleo. Waiting for Mia." in html
    assert "Connected" not in html and "The host is waiting" not in html
    html = guest_at(1, [("Mia", False), ("Ben", False)], [0, 1], "de")
    assert "Am Tisch von Mia. Gewartet wird auf Mia und dich." in html
    html = guest_at(2, [("Mia", False), ("Ben", True), ("Cleo", False)], [])
    assert "At Mia&#x27;s table. Away: Ben. The host&#x27;s table is between rounds." in html
    html = guest_at(1, [("Mia", False), ("Ben", False)], [], "de", over=True)
    assert "Am Tisch von Mia. Das Spiel ist vorbei." in html


def host_panel(invites, connected=(), stand_ins=(), by_itself=True, seen=()):
    """The host's net panel with one remote seat, Guest 1 (seat 1); `seen`: the seats a
    guest has joined."""
    seats = [SimpleNamespace(name="Mia"), SimpleNamespace(name="Guest 1")]
    host = SimpleNamespace(session=SimpleNamespace(seats=seats), remote=[1], step=0,
                           stand_ins=set(stand_ins), seen=set(seen),
                           connected=lambda: set(connected),
                           away=lambda: [s for s in [1] if s not in connected],
                           waiting_for=lambda: [])
    net = net_state(host=host, invites=invites, invite_by_itself=by_itself)
    return netscreens.panel(net, T, lambda: False)


def test_the_host_is_offered_a_new_invitation_only_where_none_is_shown():
    shown = {1: {"link": "s1-1", "url": "https://x/#join=a", "svg": "<svg/>", "answer": None}}
    html = host_panel(shown)
    assert "Guest 1: not here yet (the invitation is above)" in html
    assert 'data-ctl="net-invite"' not in html and "Guest 1: away" not in html
    failed = {1: {**shown[1], "answer": "failed"}}
    html = host_panel(failed)
    assert "Guest 1: away" in html and "New invitation for Guest 1" in html
    # a guest that was here and left (a reload, a lost phone) is away, its new invitation shown
    html = host_panel(shown, seen={1})
    assert "Guest 1: away" in html and "not here yet" not in html
    assert 'data-ctl="net-invite"' not in html
    html = host_panel({})  # (no invitation: a guest that left, the invitations not made yet)
    assert "Guest 1: away" in html and 'data-ctl="net-invite"' in html
    # in an online room the room's panel brings the guests: no invitation by QR code
    assert 'data-ctl="net-invite"' not in host_panel({}, by_itself=False)
    assert 'data-ctl="net-bot"' in host_panel({}, by_itself=False)


def test_a_guest_at_its_hosts_table_is_offered_to_leave_it_not_a_new_game():
    from cabo.web import render
    for lang, leave in (("en", 'aria-label="Leave this table">Leave<'),
                        ("de", 'aria-label="Diesen Tisch verlassen">Verlassen<')):
        t = Texts(lang)
        bar = render.topbar(t, lang, (("de", "Deutsch"), ("en", "English")), "normal",
                            ("normal",), True, guest=True)
        assert 'data-ctl="net-leave"' in bar and leave in bar and "newgame" not in bar
        bar = render.topbar(t, lang, (("de", "Deutsch"), ("en", "English")), "normal",
                            ("normal",), True)
        assert 'data-ctl="newgame"' in bar and "net-leave" not in bar


def test_the_guests_name_screen_says_whose_table_it_joins_when_the_link_named_the_host():
    for lang, whose in (("en", "You are joining Mia&#x27;s table."),
                        ("de", "Du kommst an den Tisch von Mia.")):
        net = net_state(answer={"code": None, "svg": None, "pending": "CODE", "host": "Mia"})
        html = netscreens.screen(net, Texts(lang), lambda: False, lambda: None)
        assert whose in html
    net = net_state(answer={"code": None, "svg": None, "pending": "CODE", "host": EVIL})
    html = netscreens.screen(net, T, lambda: False, lambda: None)
    assert "<script>" not in html
    net = net_state(answer={"code": None, "svg": None, "pending": "CODE", "host": None})
    assert 'id="name-whose"' not in netscreens.screen(net, T, lambda: False, lambda: None)


def test_a_room_guests_name_screen_says_whose_table_when_the_link_named_the_host():
    services = {"relays": ["wss://relay.example"], "stun": [], "turn": "", "turn_user": "",
                "turn_password": ""}
    net = net_state(saved_guest=lambda: {})
    for lang, host, whose in (("en", "Mia", "You are joining Mia&#x27;s table."),
                              ("de", "Mia", "Du kommst an den Tisch von Mia."),
                              ("en", EVIL, "You are joining &quot;&gt;&lt;script&gt;")):
        page = SimpleNamespace(consent={"role": "guest", "code": "ABCDEFGH", "host": host},
                               problem=None, told=None, services=lambda: services, net=net,
                               app=SimpleNamespace(t=Texts(lang), open=set()))
        html = roomscreens.screen(page)
        assert whose in html and "<script>" not in html
        # first on the screen, under the code: before the services and the name field
        assert html.index("ABCD-EFGH") < html.index('id="name-whose"') < \
            html.index('id="room-relay-list"') < html.index('id="guest-name"')
    page.consent["host"] = None  # a typed code: nobody known yet, nothing said
    assert 'id="name-whose"' not in roomscreens.screen(page)


def test_a_room_guest_looking_for_its_host_reads_whose_table_once_its_offer_named_it():
    for lang, host, text in (("en", None, "Looking for the host of room"),
                             ("en", "Mia", "Found Mia&#x27;s table: connecting …"),
                             ("de", "Mia", "Tisch von Mia gefunden: verbinde …")):
        page = SimpleNamespace(consent=None, told=None, problem=None, no_relay=False, up={},
                               services=lambda: {"relays": ["wss://r.example"]},
                               joined=SimpleNamespace(guest=SimpleNamespace(
                                   code="ABCDEFGH", host=host)),
                               app=SimpleNamespace(t=Texts(lang), screen="setup", table=None))
        assert text in roomscreens.screen(page)


def test_the_hosts_play_again_lists_each_answer_and_the_guest_reads_the_question():
    seats = [SimpleNamespace(name=n) for n in ("Mia", "Ben", EVIL, "Cleo", "Dan")]
    host = SimpleNamespace(asking=None, stand_in_level="easy", session=SimpleNamespace(
        seats=seats), answers=lambda: {1: "yes", 2: "open", 3: "no", 4: "away"})
    page = SimpleNamespace(net=SimpleNamespace(host=host), app=SimpleNamespace(t=T))
    html = roomscreens._host_again(page)
    assert 'data-ctl="room-again"' in html and "room-start" not in html
    host.asking = {1: True, 2: None, 3: False, 4: None}
    html = roomscreens._host_again(page)
    rows = re.findall(r'<li id="room-answer-(\d)" data-answer="(\w+)">([^<]*)</li>', html)
    assert rows == [("1", "yes", "Ben: yes"),
                    ("2", "open", "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;: has not "
                                  "answered yet"),
                    ("3", "no", "Cleo: no"), ("4", "away", "Dan: away")]
    assert "(bot: easy)" in html and 'data-ctl="room-start"' in html
    # the guest: asked, then its answer said back with the other choice
    guest = SimpleNamespace(ready=True, asked=True, answer=None, sits_out=lambda: False,
                            obs=SimpleNamespace(game_over=True),
                            seats=[{"name": "Mia", "bot": None, "away": False}])
    page = SimpleNamespace(net=SimpleNamespace(guest=guest), app=SimpleNamespace(t=Texts("de")))
    html = roomscreens._guest_again(page)
    assert "Mia fragt: Noch ein Spiel?" in html
    assert 'data-ctl="room-yes"' in html and 'data-ctl="room-no"' in html
    guest.answer = False
    html = roomscreens._guest_again(page)
    assert "Du hast Nein gesagt." in html and 'data-ctl="room-no"' not in html
    guest.answer = True
    html = roomscreens._guest_again(page)
    assert "Du hast Ja gesagt." in html and 'data-ctl="room-yes"' not in html
    # the next game: no question; a guest who said no sits it out and may take its seat
    guest.asked, guest.obs.game_over = False, False
    assert roomscreens._guest_again(page) == ""
    guest.sits_out = lambda: True
    html = roomscreens._guest_again(page)
    assert "Du setzt dieses Spiel aus" in html and 'data-ctl="room-yes"' in html


def test_a_guests_game_over_box_offers_no_new_game():
    """The host asks for the next game (play again); a guest's "New game" left the host's
    table for the set-up form, beside the host's question."""
    from cabo.game.rules import PRESETS
    from cabo.play.session import Seat, Session
    from cabo.ui.table import Table
    from cabo.web import render
    session = Session(PRESETS["single"], [Seat("Ann"), Seat("Bo", "easy")], 3)
    table = Table(session, T, "instant")
    for _ in range(400):
        while (task := table.bot_task()) is not None:
            table.run_bot_task(task[1], task[2])
        view = table.view()
        if view["game_over"]:
            break
        keys = [b["key"] for b in view["buttons"]]
        key = next((k for k in ("look", "ready", "next_round", "end_game", "cabo_yes", "cabo",
                                "draw", "discard", "skip", "end_turn") if k in keys), None)
        if key is None:  # choose the cards to look at, or the card to give
            for slot in [s["slot"] for s in view["players"][-1]["slots"] if s.get("selectable")]:
                table.click_card(0, slot)
                key = next((k for k, _ in table.buttons() if k in ("look", "give")), None)
                if key:
                    break
        table.press(key)
    assert view["game_over"]
    assert 'data-ctl="newgame"' in render.table(view, T, False)
    over = render.table(view, T, False, guest=True)
    assert 'class="game-over"' in over and 'data-ctl="newgame"' not in over
