"""🏆 The leaderboard and the statistics per person, kept on this device (localStorage).

Seed 001: "Sortiert nach gewonnenen Runden: Eine Runde gewinnt, wer darin die wenigsten Punkte
bekommt. Gezählt werden nur Partien mit mindestens 2 echten Spielern – Bots zählen nie.
Spielsiege: wer beim Beenden des Spiels die meisten Runden gewonnen hat."

The board is a JSON dict {"schema", "people": {key: person}}; a person's key is their name
with spaces squeezed and case folded ("ADA " and "ada" are one person). Each person has two
sets of counters: "ranked" (only games with at least two people: the leaderboard) and "all"
(every game on this device, also against bots: the statistics screen). Bots never appear.

`record(board, session)` adds what the game scored since it last recorded (rounds when they are
scored; the game and its wins when it ends: a game left unfinished is no game played); the
session's party state remembers how far it got, so a reload never counts a round twice. Damaged board data
load as an empty board and a reason (the page keeps the old text under BACKUP_KEY).
"""

from __future__ import annotations

import json

from .tracker import ACHIEVEMENTS, AWARDS

KEY = "cabo.board"
BACKUP_KEY = "cabo.board.backup"
SCHEMA = 1
RECENT = 30            # points of the last rounds kept per person (for the chart)
MIN_PEOPLE = 2         # a game counts on the leaderboard with this many people
RANKED = ("games", "game_wins", "rounds", "rounds_won", "cabo", "cabo_lost")
ALL = ("games", "game_wins", "rounds", "rounds_won", "points", "cabo", "cabo_won",
       "matches_ok", "matches_wrong")
# Counters added later: a board saved before them reads them as 0.
LATER = ("match_rounds",)  # rounds played under rules with matching


def person_key(name: str) -> str:
    """Names equal ignoring case and surrounding or doubled spaces are one person."""
    return " ".join(str(name).split()).casefold()


def empty() -> dict:
    return {"schema": SCHEMA, "people": {}}


def counts(session) -> bool:
    """Whether this game counts on the leaderboard: at least two seats played by people."""
    return len(session.humans()) >= MIN_PEOPLE


def _person(name: str) -> dict:
    return {"name": name, "ranked": {k: 0 for k in RANKED},
            "all": {**{k: 0 for k in ALL + LATER}, "achievements": {}, "awards": {},
                    "recent": []}}


def record(board: dict, session) -> bool:
    """Add the rounds and the end of `session` not recorded yet; True if the board changed."""
    party, state = session.party, session.state
    humans = session.humans()
    if not humans:
        return False
    ranked = counts(session)
    people = board.setdefault("people", {})
    changed = False
    for h in state.history:
        if h["round_no"] <= party.recorded:
            continue
        summary = party.last_round(h["round_no"])
        for seat in humans:
            name = session.seats[seat].name
            p = people.setdefault(person_key(name), _person(name))
            p["name"] = name
            if seat in h["seats"]:
                _add_round(p, seat, h, summary, ranked)
                p["all"]["match_rounds"] += session.rules.match != "off"
        party.recorded = h["round_no"]
        changed = True
    if state.game_over and not party.recorded_end:
        for seat in humans:
            p = people.setdefault(person_key(session.seats[seat].name),
                                  _person(session.seats[seat].name))
            p["all"]["games"] += 1
            if ranked:
                p["ranked"]["games"] += 1
            if seat in state.winners:
                p["all"]["game_wins"] += 1
                if ranked:
                    p["ranked"]["game_wins"] += 1
        party.recorded_end = True
        changed = True
    return changed


def _add_round(p, seat, h, summary, ranked) -> None:
    a, r = p["all"], p["ranked"]
    won = seat in h["winners"]
    called = h["caller"] == seat
    a["rounds"] += 1
    a["rounds_won"] += won
    a["points"] += h["points"][seat] or 0
    a["cabo"] += called
    a["cabo_won"] += called and won
    a["recent"] = (a["recent"] + [h["points"][seat] or 0])[-RECENT:]
    if summary is not None:
        a["matches_ok"] += summary["matched"][seat]
        a["matches_wrong"] += summary["wrong"][seat]
        for s, achievement in summary["earned"]:
            if s == seat:
                a["achievements"][achievement] = a["achievements"].get(achievement, 0) + 1
        for award, seats, _ in summary["awards"]:
            if seat in seats:
                a["awards"][award] = a["awards"].get(award, 0) + 1
    if ranked:
        r["rounds"] += 1
        r["rounds_won"] += won
        r["cabo"] += called
        r["cabo_lost"] += called and not won


def ranking(board: dict) -> list:
    """People with at least one counted round, by rounds won, then game wins, then name."""
    rows = [(key, p) for key, p in board.get("people", {}).items() if p["ranked"]["rounds"]]
    rows.sort(key=lambda kp: (-kp[1]["ranked"]["rounds_won"], -kp[1]["ranked"]["game_wins"],
                              kp[0]))
    return rows


def to_json(board: dict) -> str:
    return json.dumps(board, separators=(",", ":"), ensure_ascii=False)


def load(text):
    """(board, None) for good or missing data; (empty board, reason) for damaged data."""
    if text is None or text == "":
        return empty(), None
    try:
        d = json.loads(text)
        if not isinstance(d, dict) or d.get("schema") != SCHEMA:
            raise ValueError("another version")
        people = d.get("people")
        if not isinstance(people, dict):
            raise ValueError("no people")
        return {"schema": SCHEMA, "people": {k: _check_person(k, p) for k, p in people.items()}}, None
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        return empty(), str(exc) or type(exc).__name__


def _count(value) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("a count must be an int >= 0")
    return value


def _check_person(key, p) -> dict:
    if not (isinstance(key, str) and isinstance(p, dict) and isinstance(p.get("name"), str)
            and person_key(p["name"]) == key):
        raise ValueError("a person's name does not match its key")
    ranked, every = p["ranked"], p["all"]
    out = _person(p["name"])
    out["ranked"] = {k: _count(ranked[k]) for k in RANKED}
    out["all"].update({k: _count(every[k]) for k in ALL})
    out["all"].update({k: _count(every[k]) for k in LATER if k in every})
    for part, known in (("achievements", ACHIEVEMENTS), ("awards", AWARDS)):
        if not isinstance(every[part], dict) or not set(every[part]) <= set(known):
            raise ValueError(f"unknown {part}")
        out["all"][part] = {k: _count(v) for k, v in every[part].items()}
    recent = every["recent"]
    if not isinstance(recent, list) or any(type(x) is not int for x in recent):
        raise ValueError("recent points must be ints")
    out["all"]["recent"] = recent[-RECENT:]
    return out
