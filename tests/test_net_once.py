"""Each message across devices is parsed once, and a guest joining costs one round of updates.

A guest's `act` becomes one Action at the host, a host's `state` one Observation and one list
of legal actions at the guest: `protocol.decode` returns them, nobody parses them again."""

from __future__ import annotations

from cabo.net import host as host_module
from cabo.net import protocol
from cabo.net.host import NetHost

from test_net import Harness


def _count(monkeypatch, module, name) -> list:
    calls = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(name)
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_guest_action_is_parsed_once_at_the_host(monkeypatch):
    h = Harness("official", 3, seed=11)
    while 1 not in h.host.waiting_for():
        h.first_waiting_plays()
    guest = h.guests[1][1]
    calls = []
    for module in (protocol, host_module):
        if "action_from_dict" in vars(module):
            calls += [module]
    counts = [_count(monkeypatch, module, "action_from_dict") for module in calls]
    step = h.session.state.step
    guest.send_action(guest.legal[0])
    (link, text), = h.to_host
    h.to_host.clear()
    pushed = []
    h.host.send = pushed.extend     # the guests read the new state after the count
    h.host.receive(link, text)
    parsed = sum(len(c) for c in counts)
    assert h.session.state.step == step + 1 and len(pushed) == 2
    assert parsed == 1


def test_a_state_is_parsed_once_at_the_guest(monkeypatch):
    h = Harness("official", 3, seed=11)
    guest = h.guests[1][1]
    obs = _count(monkeypatch, protocol, "obs_from_dict")
    legal = _count(monkeypatch, protocol, "legal_from_wire")
    rules = _count(monkeypatch, protocol.Rules, "from_dict")
    step = h.session.state.step
    before = sum(len(g.received) for _, g in h.guests.values())
    h.first_waiting_plays()
    messages = sum(len(g.received) for _, g in h.guests.values()) - before
    assert guest.obs.step == step + 1 and messages >= 2
    assert len(obs) == len(legal) == messages and not rules, (messages, obs, legal)


def test_a_guest_joining_runs_updates_once(monkeypatch):
    h = Harness("official", 3, seed=11)
    h.host.close_link(h.guests[2][0])
    h.deliver(h.host.updates())
    assert h.guests[1][1].seats[2]["away"] is True
    calls = _count(monkeypatch, NetHost, "updates")
    guest = h.join(2, token=h.guests[2][1].token, link="again")
    assert guest.ready and len(calls) == 1
    # the other guest hears of it in that same round: seat 2 is back
    assert h.guests[1][1].seats[2]["away"] is False


def test_a_welcome_is_parsed_once_at_the_guest(monkeypatch):
    h = Harness("official", 3, seed=11)
    rules = _count(monkeypatch, protocol.Rules, "from_dict")
    guest = h.join(2, token=h.guests[2][1].token, link="again")
    assert guest.ready and guest.rules == h.session.rules
    assert len(rules) == 1
