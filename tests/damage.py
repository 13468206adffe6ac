"""Real saves and the kinds of damage tried on them (tests/test_storage.py, and the page
tests in tests/e2e/test_storage.py write the same values into localStorage).

`DAMAGE` maps a name to a function of a real save (a dict, changed in place or replaced)
that returns the damaged text. The first six are the rows of issue 14 that once left the
page on its loading screen for good.
"""

from __future__ import annotations

import json
import random

from cabo import PRESETS
from cabo.game.actions import Several
from cabo.play.session import Seat, Session


def real_session(preset="official", levels=("easy", "medium"), seed=5, person_moves=6):
    """A solo game some moves in: the person plays its first legal moves, bots theirs."""
    seats = [Seat("You")] + [Seat(n, lv) for n, lv in zip(("Ada", "Bruno", "Cleo"), levels)]
    s = Session(PRESETS[preset], seats, seed)
    rng = random.Random(seed)
    s.run_bots()
    for _ in range(person_moves):
        if s.state.phase in ("round_over", "game_over"):
            break
        legal = [a for a in s.legal(0) if not isinstance(a, Several)]  # concrete moves
        if legal:
            s.act(rng.choice(legal))
        s.run_bots()
    return s


def real_save(**kw) -> dict:
    return json.loads(real_session(**kw).to_json())


def _text(d) -> str:
    return json.dumps(d)


def _set(d, path, value):
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return _text(d)


def big_hand(d) -> str:
    """The person holds 24 cards and a drawn card (legal cards, each in one place)."""
    st = d["state"]
    st["phase"], st["current"], st["gives"] = "drawn", 0, []
    st["power"] = st["king_target"] = st["match_target"] = None
    st["peeked"] = [True] * st["n"]
    pool = st["deck"] + ([st["drawn"]] if st["drawn"] is not None else [])
    pool += [c for c in st["hands"][0] if c is not None]
    st["hands"][0], st["deck"] = pool[:24], pool[25:]
    st["known"][0] = [1] * 24
    st["drawn"], st["drawn_from"] = pool[24], "deck"
    return _text(d)


def deep(levels: int):
    return lambda d: '{"schema": 2, "x": ' + "[" * levels + "]" * levels + "}"


DAMAGE = {
    # issue 14: stuck on the loading screen before
    "log is [1,2,3]": lambda d: _set(d, ["log"], [1, 2, 3]),
    "log is a string": lambda d: _set(d, ["log"], "a string"),
    "log entry without kind": lambda d: (d["log"][-1]["public"].pop("kind"), _text(d))[1],
    "history is [{}]": lambda d: _set(d, ["state", "history"], [{}]),
    "JSON nested 100,000 levels": deep(100_000),
    "24 cards and a drawn card": big_hand,
    # held before, kept held
    "not JSON": lambda d: "{not json",
    "truncated": lambda d: _text(d)[: len(_text(d)) // 2],
    "null": lambda d: "null",
    "a list": lambda d: "[]",
    "unknown schema": lambda d: _set(d, ["schema"], 99),
    "older schema": lambda d: _set(d, ["schema"], 1),
    "schema is text": lambda d: _set(d, ["schema"], "2"),
    "state is a list": lambda d: _set(d, ["state"], []),
    "phase unknown": lambda d: _set(d, ["state", "phase"], "dance"),
    "hands are text": lambda d: _set(d, ["state", "hands"], "AAAA"),
    "a card doubled": lambda d: _set(d, ["state", "deck", 0], d["state"]["deck"][1]),
    "0 seats": lambda d: _set(d, ["seats"], []),
    "50 seats": lambda d: _set(d, ["seats"], [{"name": "X", "bot": None}] * 50),
    "10,000 slots": lambda d: _set(d, ["state", "hands", 0], [None] * 10_000),
    "4 MB string": lambda d: _set(d, ["seats", 0, "name"], "x" * 4_000_000),
    "200-character name": lambda d: _set(d, ["seats", 0, "name"], "N" * 200),
    "absurd rules": lambda d: _set(d, ["state", "rules", "hand_size"], 10**9),
    "unknown rule": lambda d: _set(d, ["state", "rules", "colour"], "blue"),
    "seat out of range": lambda d: _set(d, ["state", "current"], 5),
    "bot level unknown": lambda d: _set(d, ["seats", 1, "bot"], "genius"),
    "bot state missing": lambda d: _set(d, ["bots"], {}),
    "easy memory is text": lambda d: _set(d, ["bots", "1", "memory"], "forgot"),
    "generator state short": lambda d: _set(d, ["bots", "1", "rng", 1], [1, 2, 3]),
    "NaN threshold": lambda d: _text(d).replace('"cabo_p":', '"cabo_p":NaN,"x":'),
    "huge number": lambda d: _text(d).replace('"seed":', '"seed":' + "9" * 5000 + ',"x":'),
    "history entry short": lambda d: _set(d, ["state", "history"], [
        {"round_no": 1, "seats": [0, 1, 2], "caller": None, "sums": [1], "points": [1],
         "notes": [[]], "winners": [0], "draw": False, "totals": [1], "hands": [[]]}]),
    "look at a stranger's seat": lambda d: _set(d, ["look"], {"seat": 1, "cards": [], "ms": 9}),
    "look is text": lambda d: _set(d, ["look"], "eyes"),
    "last viewer is a bot": lambda d: _set(d, ["last_viewer"], 1),
    "extra field": lambda d: _set(d, ["surprise"], 1),
    "HTML in a name": lambda d: _set(d, ["seats", 0, "name"], "<b>x</b>"),
}

# Damage the game must survive by loading (the value is fine, or its part is harmless).
LOADS = {"HTML in a name"}
