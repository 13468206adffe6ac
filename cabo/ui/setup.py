"""The new-game form: settings (a preset, rule changes, seats, speed) and the session they make.

Settings are a plain JSON-safe dict, saved by the page under "cabo.settings". `normalize`
turns anything (old, foreign, damaged) into valid settings, so the form never breaks.
"""

from __future__ import annotations

from .. import bots
from ..game.rules import PRESETS
from ..play.seating import NAME_MAX, Seat
from ..play.session import Session
from . import default_name
from .pacing import AUTO_END_MS

PRESET_IDS = tuple(PRESETS)
SPEEDS = ("slow", "normal", "fast", "instant")
BOT_LEVELS = tuple(getattr(bots, "PAGE_LEVELS", None) or ("random",))
KINDS = ("person",) + BOT_LEVELS
BOT_NAMES = ("Ada", "Bruno", "Cleo", "Dario", "Ela", "Finn")
# Names for people sharing one device: "You" names nobody once two people play.
PERSON_NAMES = ("Alex", "Kim", "Sam", "Robin", "Luca", "Mika")
HAND_SIZES = (3, 4, 5, 6)
AUTO_END_CHOICES = (3000, 5000, 0)  # ms after which "End turn" presses itself; 0: never

# The custom-rules editor: option, kind ("bool", "choice", "int") and allowed values.
OPTIONS = (
    ("initial_peek", "choice", ("choose", "outer", "all")),
    ("peek_count", "int", (1, 2, 3)),
    ("start_discard", "bool", None),
    ("take_discard", "bool", None),
    ("multi_replace", "bool", None),
    ("match", "choice", ("off", "own", "any")),
    ("match_window", "choice", ("until_draw", "anytime")),
    ("pair_discard", "bool", None),
    ("wrong_match_penalty", "int", (0, 1, 2, 3)),
    ("cabo_instead", "bool", None),
    ("cabo_after_turn", "bool", None),
    ("cabo_min_rounds", "int", (0, 1, 2, 3, 4, 5)),
    ("protect_caller", "bool", None),
    ("jokers", "int", (0, 1, 2, 3, 4)),
    ("kamikaze", "choice", ("off", "hand", "cabo_zero")),
    ("target", "int", (50, 100, 150)),
    ("most_points_win", "bool", None),
    ("one_eyed_king", "bool", None),
    ("extras", "bool", None),
)
OPTION_KINDS = {key: (kind, values) for key, kind, values in OPTIONS}


def default_seat(i: int, texts, kind: str | None = None) -> dict:
    """Seat i of a fresh form: a person at seat 0, medium (or the middle level) bots else."""
    if kind is None:
        kind = "person" if i == 0 else BOT_LEVELS[len(BOT_LEVELS) // 2]
    name = texts("you_default") if i == 0 else BOT_NAMES[(i - 1) % len(BOT_NAMES)]
    return {"name": name, "kind": kind}


def defaults(texts) -> dict:
    """Official rules, you against two bots, normal speed."""
    return {"preset": "official", "custom": {}, "hand_size": PRESETS["official"].hand_size,
            "players": [default_seat(i, texts) for i in range(3)], "speed": "normal",
            "ask_cabo": True, "auto_end": AUTO_END_MS}


def normalize(value, texts) -> dict:
    """Valid settings from anything: unknown or bad parts fall back to the defaults."""
    out = defaults(texts)
    if not isinstance(value, dict):
        return out
    if value.get("preset") in PRESETS:
        out["preset"] = value["preset"]
        out["hand_size"] = PRESETS[out["preset"]].hand_size
    if value.get("speed") in SPEEDS:
        out["speed"] = value["speed"]
    if isinstance(value.get("ask_cabo"), bool):
        out["ask_cabo"] = value["ask_cabo"]
    if value.get("auto_end") in AUTO_END_CHOICES and type(value["auto_end"]) is int:
        out["auto_end"] = value["auto_end"]
    if value.get("hand_size") in HAND_SIZES:
        out["hand_size"] = value["hand_size"]
    custom = value.get("custom")
    if isinstance(custom, dict):
        out["custom"] = {k: v for k, v in custom.items() if _option_ok(k, v)}
    players = value.get("players")
    if isinstance(players, list) and players:
        seats = []
        for i, p in enumerate(players[:6]):
            if not isinstance(p, dict):
                return out
            seat = default_seat(i, texts)
            if isinstance(p.get("name"), str):
                seat["name"] = p["name"][:NAME_MAX]
            if p.get("kind") in KINDS:
                seat["kind"] = p["kind"]
            seats.append(seat)
        out["players"] = seats
    rules = PRESETS[out["preset"]]
    if not rules.min_players <= len(out["players"]) <= rules.max_players:
        out["players"] = [default_seat(i, texts) for i in range(3)]
    return out


def _option_ok(key, value) -> bool:
    if key not in OPTION_KINDS:
        return False
    kind, values = OPTION_KINDS[key]
    if kind == "bool":
        return isinstance(value, bool)
    return value in values and (kind != "int" or type(value) is int)


def rules_of(settings):
    """The Rules the settings describe; ValueError (with the reason) if they do not fit."""
    base = PRESETS[settings["preset"]]
    changes = {k: v for k, v in settings["custom"].items() if getattr(base, k) != v}
    if settings["hand_size"] != base.hand_size:
        changes["hand_size"] = settings["hand_size"]
    rules = base.with_options(**changes) if changes else base
    rules.check_players(len(settings["players"]))
    return rules


def problem(settings, texts) -> str | None:
    """Why these settings cannot start a game, in words; None if they can."""
    if not any(p["kind"] == "person" for p in settings["players"]):
        return texts("need_person")
    try:
        rules_of(settings)
    except ValueError as exc:
        return texts("rules_bad", reason=_reason(settings, exc, texts))
    return None


def _reason(settings, exc, texts) -> str:
    """Why the options clash, in the page's language (the engine's message as a fallback)."""
    base = PRESETS[settings["preset"]]

    def value(key):
        return settings["custom"].get(key, getattr(base, key))

    if value("pair_discard") and value("match") == "off":
        return texts("bad_pair_needs_match")
    if not (value("cabo_instead") or value("cabo_after_turn")) and base.reshuffle:
        return texts("bad_cabo_never")
    return str(exc)


def name_people(players) -> list:
    """With two or more people at one device, a person still called "You" (or nothing) gets
    a real name, one that no other seat has."""
    if sum(p["kind"] == "person" for p in players) < 2:
        return players
    taken = {p["name"].strip().casefold() for p in players}
    out = []
    for p in players:
        if p["kind"] == "person" and (default_name.is_default(p["name"]) or not p["name"].strip()):
            name = next(n for n in PERSON_NAMES + BOT_NAMES if n.casefold() not in taken)
            taken.add(name.casefold())
            p = {**p, "name": name}
        out.append(p)
    return out


def make_session(settings, seed: int, texts) -> Session:
    """A new game from valid settings (see `problem`)."""
    seats = []
    for i, p in enumerate(name_people(settings["players"])):
        name = p["name"].strip() or texts("player_default", n=i + 1)
        seats.append(Seat(name, None if p["kind"] == "person" else p["kind"]))
    return Session(rules_of(settings), seats, seed)


def change(settings, field: str, value: str, texts) -> dict:
    """The settings after one form field changed (values arrive as strings from the page)."""
    s = {**settings, "custom": dict(settings["custom"]),
         "players": [dict(p) for p in settings["players"]]}
    if field == "preset" and value in PRESETS:
        rules = PRESETS[value]
        s["preset"], s["custom"], s["hand_size"] = value, {}, rules.hand_size
        count = min(max(len(s["players"]), rules.min_players), rules.max_players)
        s["players"] = _resize(s["players"], count, texts)
    elif field == "count" and value.isdigit():
        rules = PRESETS[s["preset"]]
        count = min(max(int(value), rules.min_players), rules.max_players)
        s["players"] = _resize(s["players"], count, texts)
    elif field == "hand_size" and value.isdigit() and int(value) in HAND_SIZES:
        s["hand_size"] = int(value)
    elif field == "speed" and value in SPEEDS:
        s["speed"] = value
    elif field == "ask_cabo" and value in ("true", "false"):
        s["ask_cabo"] = value == "true"
    elif field == "auto_end" and value.isdigit() and int(value) in AUTO_END_CHOICES:
        s["auto_end"] = int(value)
    elif field.startswith("name:"):
        s["players"][int(field[5:])]["name"] = value[:NAME_MAX]
    elif field.startswith("kind:") and value in KINDS:
        s["players"][int(field[5:])]["kind"] = value
        s["players"] = name_people(s["players"])
    elif field.startswith("opt:") and field[4:] in OPTION_KINDS:
        key = field[4:]
        kind, _ = OPTION_KINDS[key]
        parsed = value == "true" if kind == "bool" else int(value) if kind == "int" else value
        if _option_ok(key, parsed):
            s["custom"][key] = parsed
    return s


def _resize(players, count, texts):
    players = players[:count]
    while len(players) < count:
        players.append(default_seat(len(players), texts))
    return players


THEMES = ("system", "light", "dark")


def summary(settings, texts) -> str:
    """The settings in one line, under the start screen's Play: preset, seats, speed."""
    people = sum(p["kind"] == "person" for p in settings["players"])
    bots = len(settings["players"]) - people
    if people == 1:
        seats = texts("st_you_and_bot") if bots == 1 else texts("st_you_and_bots", n=bots)
    else:
        seats = texts("st_people", people=people, bots=bots)
    preset = texts("preset_" + settings["preset"])
    if settings["custom"] or settings["hand_size"] != PRESETS[settings["preset"]].hand_size:
        preset += " *"
    return texts("st_summary", preset=preset, seats=seats,
                 speed=texts("speed_" + settings["speed"]))


def view(settings, texts) -> dict:
    """The form's contents: every control with its words, value and choices."""
    rules = PRESETS[settings["preset"]]
    try:
        current = rules_of(settings)
    except ValueError:
        current = rules
    options = []
    for key, kind, values in OPTIONS:
        value = getattr(current, key)
        if kind == "bool":
            choices = [("true", texts("yes")), ("false", texts("no"))]
            value = "true" if value else "false"
        elif kind == "choice":
            choices = [(v, texts(f"opt_{key}_{v}")) for v in values]
        else:
            choices = [(str(v), str(v)) for v in values]
            value = str(value)
        options.append({"field": "opt:" + key, "label": texts("opt_" + key), "value": value,
                        "choices": choices})
    return {
        "title": texts("setup_title"),
        "presets": [{"id": p, "name": texts("preset_" + p), "desc": texts(f"preset_{p}_desc"),
                     "checked": p == settings["preset"]} for p in PRESET_IDS],
        "count": {"label": texts("player_count"), "value": str(len(settings["players"])),
                  "choices": [str(n) for n in range(rules.min_players, rules.max_players + 1)]},
        "hand_size": {"label": texts("hand_size"), "value": str(settings["hand_size"]),
                      "choices": [str(n) for n in HAND_SIZES]},
        "seats": [{"i": i, "name": p["name"], "kind": p["kind"],
                   "name_label": texts("seat_name", n=i + 1),
                   "kind_label": texts("seat_kind", n=i + 1),
                   "kinds": [(k, texts("kind_" + k)) for k in KINDS]}
                  for i, p in enumerate(settings["players"])],
        "ask_cabo": {"label": texts("ask_cabo"), "value": "true" if settings["ask_cabo"] else "false",
                     "choices": [("true", texts("yes")), ("false", texts("no"))]},
        "auto_end": {"label": texts("auto_end"), "value": str(settings["auto_end"]),
                     "choices": [(str(ms), texts(f"auto_end_{ms}")) for ms in AUTO_END_CHOICES]},
        "options": options,
        "options_label": texts("custom_rules"),
        "problem": problem(settings, texts),
    }
