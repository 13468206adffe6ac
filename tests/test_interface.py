"""Session and RemoteSession both implement the table's declared interface
(cabo.play.interface.TableSession): every member, every method with the declared parameters."""

from __future__ import annotations

import inspect

import pytest

from cabo.play.interface import TableSession
from cabo.net.guest import RemoteSession
from cabo.play.session import Session

from test_net import Harness

MEMBERS = sorted(set(TableSession.__annotations__)
                 | {name for name, v in vars(TableSession).items()
                    if callable(v) and not name.startswith("_")})


def _sessions():
    h = Harness("party", 3, seed=4)
    return {"Session": h.session, "RemoteSession": RemoteSession(h.guests[1][1])}


def test_the_interface_names_what_the_table_uses():
    assert {"holds_game", "observation", "legal", "act", "react", "log_for", "party",
            "waiting_bot"} <= set(MEMBERS)


@pytest.mark.parametrize("kind", ["Session", "RemoteSession"])
def test_both_sessions_implement_the_interface(kind):
    session = _sessions()[kind]
    assert isinstance(session, TableSession)
    cls = type(session)
    missing = [name for name in MEMBERS if not hasattr(session, name)]
    assert not missing, f"{kind} lacks {missing}"
    assert session.holds_game is (cls is Session)
    for name, declared in vars(TableSession).items():
        if name.startswith("_") or not callable(declared):
            continue
        want = list(inspect.signature(declared).parameters)[1:]
        have = list(inspect.signature(getattr(cls, name)).parameters)[1:]
        assert have[:len(want)] == want, f"{kind}.{name}{tuple(have)}: declared {tuple(want)}"


def test_both_sessions_show_a_guest_the_same_seat():
    both = _sessions()
    local, remote = both["Session"], both["RemoteSession"]
    assert remote.observation(1) == local.observation(1)
    assert remote.legal(1) == local.legal(1)
    assert remote.log_for(1) == local.log_for(1)
    assert remote.log_for(1, 2) == local.log_for(1, 2)
    assert [s.name for s in remote.seats] == [s.name for s in local.seats]
    assert remote.waiting_bot() is None and remote.reacting_bots() == []
