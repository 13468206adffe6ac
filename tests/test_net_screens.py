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
