"""The wire protocol between a host's page and its guests' pages (JSON over a data channel).

Every message is one JSON object, sent as text, with three common fields:

    {"v": 1, "t": "<type>", "n": <sender's message number>, ...}

`v` is PROTOCOL; `n` counts the sender's messages on one connection from 1 up, so a message
seen again (replayed, duplicated) has an old `n` and is dropped. Guest to host:

- `hello`  {build, token, lang, name}: first message on a new connection. `build` names the
  page's build (a guest on another build is told to reload); `token` is the seat token the
  guest kept from an earlier join of this game, or null; `name` the name its person typed
  (null or left out: the seat keeps the host's name for it).
- `act`    {step, action, seen}: an action of the guest's seat (`cabo.game.actions.action_to_dict`),
  taken when the guest showed game step `step`; `seen` is the top discard (a card id, or null)
  its person was shown when they began an off-turn claim. The host judges a claim by what its
  maker saw (`cabo.play.claims`: the table at `step` and within a person's reaction time before the
  claim): if a card it names changed, or the top changed and the claim matches the card seen
  but not the new one, it is "too late" and costs nothing.
- `react`  {emoji}: an emoji reaction (the host rate-limits it and shows it everywhere).
- `again`  {seat, yes}: the answer to the host's `ask` for the guest's own seat (another seat
  is refused `illegal`); during a game that seat sits out, a yes takes it back. An answer
  nobody asked for is refused `not_asked` (cabo/net/again.py).
- `error`  {code: "bad", text}: the guest dropped a host message (the host logs it, never
  answers it).

Host to guest:

- `welcome` {seat, token, game, rules}: the seat this connection plays, its token (keep it to
  rejoin), the game's id and its rules (`Rules.to_dict`).
- `state`  {obs, legal, events, seats, waiting, log}: what the seat knows now (`obs`, an
  Observation without its rules), what it may do (`legal`, grouped by action type without the
  seat; a multi-replace or the pair discards as one `Several` family, legal.py), the events since the last `state` as this seat saw them, the table (name, bot level,
  away) of every seat, the seats the game waits for; `log` (the seat's whole log) only in the
  first `state` after a welcome, else null; `party` what the seat's screen shows of the
  extras (clown noses, its own revenge marks, the last round's awards:
  `cabo.party.shown.for_seat`), null without extras.
- `ask`    {answer}: after a game, "play another game?"; `answer` is what the host holds for
  the seat (true, false, null: none yet), sent again after every answer.
- `error`  {code, text}: `illegal` (the action was refused, nothing changed), `too_late` (an
  off-turn claim judged too late by `cabo.play.claims`; it costs nothing), `reload` (other build),
  `replaced` (the host gave this seat to another device: the token is void), `no_seat`
  (the token is not valid for this game and the invitation's seat is taken), `not_asked` (an
  answer while the host asks nothing), `bad` (a message was dropped).

`decode` validates a received message completely: size, nesting depth (on the text, before
anything recurses), JSON, `v`, a known `t` for that direction, `n`, and every field's type and
range (events by the log's schema, cabo/play/logschema.py); the action, observation, legal actions
and rules come out of it parsed. Anything else raises ProtocolError (the
receiver drops and logs it, never crashes). A guest message is at most MAX_GUEST_BYTES, a host
message at most MAX_HOST_BYTES (the data channel's max-message-size).
"""

from __future__ import annotations

import json

from ..game.actions import ACTION_TYPES, Several, action_from_dict
from ..play.logschema import LOG_ENTRY
from ..game.observation import Observation
from ..game.rules import Rules
from ..game.state import HISTORY_ENTRY, PHASES
from ..schema import (AnyOf, Bool, Enum, Int, Invalid, Json, List, Map, Name, Optional, Record,
                      Str, Tuple, load_json)
from ..party import shown
from ..party.reactions import EMOJI_IDS

PROTOCOL = 1
MAX_GUEST_BYTES = 2048
MAX_HOST_BYTES = 200_000  # below the data channel's max-message-size (262144)
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
ERROR_CODES = ("illegal", "too_late", "reload", "no_seat", "bad", "replaced", "not_asked")
MAX_SEATS = 16
# How deeply a message may nest (the message object is level 1). A guest's deepest field is a
# pair discard's card list (msg > action > cards > card: 4); a host's is a scored round in an
# observation's history (msg > obs > history > round > hands > hand: 6) or an event's extra.
MAX_GUEST_DEPTH = 5
MAX_HOST_DEPTH = 8
NAME_CHARS = 24
MAX_CARD_ID = 999  # a card id on the wire (the judge also checks it against the game's cards)


class ProtocolError(ValueError):
    """A received message that is dropped: the reason says why."""


# -- sending -------------------------------------------------------------------------------
def encode(kind: str, n: int, **fields) -> str:
    """One message as compact JSON text."""
    return json.dumps({"v": PROTOCOL, "t": kind, "n": n, **fields}, separators=(",", ":"),
                      ensure_ascii=False)


def hello(n, build, token, lang, name=None) -> str:
    return encode("hello", n, build=build, token=token, lang=lang, name=name)


def act(n, step, action_dict, seen=None) -> str:
    return encode("act", n, step=step, action=action_dict, seen=seen)


def welcome(n, seat, token, game, rules: Rules) -> str:
    return encode("welcome", n, seat=seat, token=token, game=game, rules=rules.to_dict())


def state(n, obs, legal, events, seats, waiting, log=None, party=None) -> str:
    return encode("state", n, obs=obs_to_dict(obs), legal=legal_to_wire(legal),
                  events=events, seats=seats, waiting=list(waiting), log=log, party=party)


def react(n, emoji) -> str:
    """A guest's emoji reaction; the host rate-limits it and shows it on every device."""
    return encode("react", n, emoji=emoji)


def ask(n, answer=None) -> str:
    """After a game the host asks: another game? `answer` is what it holds for the guest's
    seat so far (None: no answer yet); a new `ask` follows every answer."""
    return encode("ask", n, answer=answer)


def again(n, seat, yes) -> str:
    """A guest's answer for its own seat: play another game (`yes`) or not."""
    return encode("again", n, seat=seat, yes=yes)


def error(n, code, text="") -> str:
    return encode("error", n, code=code, text=text)


# -- receiving -----------------------------------------------------------------------------
def decode(text, sender: str, seat: int = 0, rules: Rules | None = None) -> dict:
    """The validated message from `sender` ("guest" or "host"); ProtocolError otherwise.

    The message's shape is checked by its wire schema (GUEST_TYPES, HOST_TYPES: cabo/schema.py
    nodes); the fields in PARSED then arrive parsed (an `act`'s Action, a `state`'s
    Observation with `rules` and its legal actions for `seat`, a `welcome`'s Rules): the
    receiver uses them as they are and parses nothing again."""
    limit = MAX_GUEST_BYTES if sender == "guest" else MAX_HOST_BYTES
    if not isinstance(text, str):
        raise ProtocolError("not text")
    if len(text) > limit or len(text.encode("utf-8", "replace")) > limit:
        raise ProtocolError(f"too large ({len(text)} characters, at most {limit} bytes)")
    try:
        msg = load_json(text, MAX_GUEST_DEPTH if sender == "guest" else MAX_HOST_DEPTH)
    except Invalid as exc:
        raise ProtocolError(str(exc)) from None
    if not isinstance(msg, dict):
        raise ProtocolError("not an object")
    kind = msg.get("t")
    if type(kind) is not str:
        raise ProtocolError("no message type")
    if type(msg.get("v")) is not int or msg["v"] != PROTOCOL:
        # a hello of another protocol still names its build: the host answers "reload"
        if sender == "guest" and kind == "hello":
            return {"t": "hello", "v": msg.get("v"), "n": 1, "build": None, "token": None,
                    "lang": "en", "name": None}
        raise ProtocolError(f"protocol version {str(msg.get('v'))[:20]!r}, not {PROTOCOL}")
    schema = (GUEST_TYPES if sender == "guest" else HOST_TYPES).get(kind)
    if schema is None:
        raise ProtocolError(f"unknown type {kind[:20]!r}")
    try:
        schema.check(msg)
    except Invalid as exc:
        raise ProtocolError(f"bad {kind}: {exc}") from None
    for name, into in PARSED.get(kind, {}).items():
        try:
            msg[name] = into(msg[name], seat, rules)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            raise ProtocolError(f"bad field {name!r} in {kind}") from None
    for name in schema.optional:
        msg.setdefault(name, None)
    return msg


def _message(kind: str, fields: dict, optional: dict | None = None) -> Record:
    """The wire schema of one message type: the common fields and its own."""
    return Record({"v": Enum(PROTOCOL), "t": Enum(kind), "n": Int(1, 2**53), **fields},
                  optional)


def _action(v, seat=None, rules=None):
    """A guest's action (ACTION-checked `action_to_dict` output) as an Action."""
    return action_from_dict(v)


# -- observations and legal actions on the wire -----------------------------------------
_OBS_INTS = ("seat", "n", "round_no", "dealer", "first", "current", "final_left",
             "turns_done", "step", "deck_size")
_OBS_OPT_INTS = ("caller", "drawn", "match_target")
_OBS_BOOLS = ("drawn_hidden", "game_over")
_OBS_OPT_STRS = ("drawn_from", "power")


def obs_to_dict(obs: Observation) -> dict:
    """An Observation as JSON-safe data, without its rules (sent once, in `welcome`)."""
    d = {name: getattr(obs, name) for name in _OBS_INTS + _OBS_OPT_INTS + _OBS_BOOLS
         + _OBS_OPT_STRS}
    d.update(
        phase=obs.phase, seats=list(obs.seats),
        hands=[[None if c is None else [c[0], c[1]] for c in h] for h in obs.hands],
        discard=list(obs.discard), king_target=None if obs.king_target is None
        else list(obs.king_target), peeked=list(obs.peeked), ready=list(obs.ready),
        gives=[list(g) for g in obs.gives], totals=list(obs.totals),
        rounds_won=list(obs.rounds_won), history=list(obs.history), winners=list(obs.winners))
    return d


def _obs_consistent(d: dict) -> None:
    """Rules across an observation's fields: lengths and seats fit its player count."""
    n = d["n"]
    if not (2 <= n <= MAX_SEATS and d["seat"] < n and d["current"] < n):
        raise Invalid("obs: seats out of range")
    if any(len(d[name]) != n for name in ("hands", "peeked", "ready", "totals", "rounds_won")):
        raise Invalid("obs: a per-seat list of another length")
    if any(s >= n for g in d["gives"] for s in g):
        raise Invalid("obs.gives: a seat out of range")
    for h in d["history"]:
        if (any(s >= n for s in h["seats"]) or (h["caller"] is not None and h["caller"] >= n)
                or any(len(h[name]) != n for name in ("hands", "sums", "points", "totals",
                                                       "notes"))):
            raise Invalid("obs.history: a round of another table")


_COUNT = Int(0, 10**9)
# An observation as `obs_to_dict` writes it (its rules come in `welcome`).
OBS = Record({
    **{name: _COUNT for name in _OBS_INTS},
    **{name: Optional(_COUNT) for name in _OBS_OPT_INTS},
    **{name: Bool() for name in _OBS_BOOLS},
    **{name: Optional(Str(20)) for name in _OBS_OPT_STRS},
    "phase": Enum(*PHASES), "seats": List(Int(), MAX_SEATS), "discard": List(Int(), 500),
    "hands": List(List(Optional(Tuple(Optional(Int(0, MAX_CARD_ID)), Int(0, 2**MAX_SEATS))),
                       40), MAX_SEATS),
    "king_target": Optional(Tuple(_COUNT, _COUNT)), "peeked": List(Bool(), MAX_SEATS),
    "ready": List(Bool(), MAX_SEATS), "gives": List(Tuple(_COUNT, _COUNT), 400),
    "totals": List(Int(), MAX_SEATS), "rounds_won": List(Int(), MAX_SEATS),
    "history": List(HISTORY_ENTRY, 1000), "winners": List(Int(), MAX_SEATS),
}, check=_obs_consistent)


def obs_from_dict(d, rules: Rules | None) -> Observation:
    """The Observation of OBS-checked `obs_to_dict` output."""
    kt = d["king_target"]
    return Observation(
        seat=d["seat"], rules=rules, n=d["n"], seats=tuple(d["seats"]), round_no=d["round_no"],
        dealer=d["dealer"], first=d["first"], phase=d["phase"], current=d["current"],
        caller=d["caller"], final_left=d["final_left"], turns_done=d["turns_done"],
        step=d["step"], hands=tuple(tuple(None if c is None else (c[0], c[1]) for c in h)
                                    for h in d["hands"]),
        deck_size=d["deck_size"], discard=tuple(d["discard"]), drawn=d["drawn"],
        drawn_hidden=d["drawn_hidden"], drawn_from=d["drawn_from"], power=d["power"],
        king_target=None if kt is None else tuple(kt), peeked=tuple(d["peeked"]),
        ready=tuple(d["ready"]), match_target=d["match_target"],
        gives=tuple(tuple(g) for g in d["gives"]), totals=tuple(d["totals"]),
        rounds_won=tuple(d["rounds_won"]), history=tuple(d["history"]),
        game_over=d["game_over"], winners=tuple(d["winners"]))


def legal_to_wire(legal) -> dict:
    """Legal actions grouped by type, without the seat: {"Match": [[owner, slot], ...]}; a
    family entry as {"Several": [[kind, pool, least, most], ...]} (legal.py)."""
    out = {}
    for action in legal:
        if type(action) is Several:
            pool = [list(x) if isinstance(x, tuple) else x for x in action.pool]
            d = [action.kind.__name__, pool, action.least, action.most]
        else:
            d = _action_fields(action)
        out.setdefault(type(action).__name__, []).append(d)
    return out


_SEVERAL_KINDS = ("Replace", "PairDiscard")
MAX_LEGAL = 5000  # legal actions (and the members of a family) in one `state`
# [kind, pool, least, most] of a family: a Replace pool of slots, a PairDiscard pool of cards
SEVERAL = AnyOf(Tuple(Enum("Replace"), List(_COUNT, MAX_LEGAL), Int(2, 10**9), Int(2, 10**9)),
                Tuple(Enum("PairDiscard"), List(Tuple(_COUNT, _COUNT), MAX_LEGAL),
                      Int(2, 10**9), Int(2, 10**9)))
# Rows by action type (legal_to_wire): a row holds the type's fields but the seat (numbers,
# or a list of slots); each row is parsed by `action_from_dict`, the rows' count on parsing.
LEGAL = Record({}, {"Several": List(SEVERAL, 4)},
               extra=List(List(Json(2, 40), 4), MAX_LEGAL), max_extra=len(ACTION_TYPES))


def _several_from_wire(row, seat: int):
    """A SEVERAL-checked family entry of `legal_to_wire` output; ValueError if its counts do
    not fit its pool."""
    kind, pool, least, most = row
    if not least <= most or least > len(pool):
        raise ValueError("legal: bad Several")
    members = tuple(pool) if kind == "Replace" else tuple(tuple(c) for c in pool)
    return Several(ACTION_TYPES[kind], seat, members, least, most)


def _action_fields(action) -> list:
    from ..game.actions import action_to_dict  # local: keeps the import list short
    d = action_to_dict(action)
    return [v for k, v in d.items() if k not in ("type", "seat")]


def legal_from_wire(d, seat: int) -> list:
    """The actions of LEGAL-checked `legal_to_wire` output for `seat`; ValueError if a row
    does not fit its type."""
    out = []
    count = 0
    for name, rows in d.items():
        if name == "Several":
            out += [_several_from_wire(row, seat) for row in rows]
            continue
        cls = ACTION_TYPES.get(name)
        if cls is None:
            raise ValueError(f"legal: {name[:20]!r}")
        names = cls.FIELDS[1:]
        count += len(rows)
        if count > MAX_LEGAL:
            raise ValueError("legal: too many")
        for row in rows:
            if len(row) != len(names):
                raise ValueError("legal: bad row")
            out.append(action_from_dict({"type": name, "seat": seat, **dict(zip(names, row))}))
    return out


# -- the wire schema of every message ---------------------------------------------------
TOKEN = Str(64, r"[A-Za-z0-9_-]{8,64}")
SLOT = Int(0, 99)  # a seat or a slot number in a guest's action
# An action as `action_to_dict` writes it: its type, and the fields of one of the types.
ACTION = Record({"type": Enum(*ACTION_TYPES), "seat": SLOT},
                {"slot": SLOT, "owner": SLOT, "target": SLOT, "target_slot": SLOT,
                 "slots": List(SLOT, 40), "cards": List(Tuple(SLOT, SLOT), 40)})
EVENTS = List(LOG_ENTRY.fields["public"], 2000)  # as a seat sees them (the log's schema)
SEATS = List(Record({"name": Str(40), "bot": Optional(Str(20)), "away": Bool()}),
             MAX_SEATS, 2)
WIRE_SEAT = Int(0, MAX_SEATS - 1)

GUEST_TYPES = {
    "hello": _message("hello", {"build": Optional(Str(64)), "token": Optional(TOKEN),
                                "lang": Str(8)}, {"name": Optional(Name(NAME_CHARS))}),
    "act": _message("act", {"step": Int(0, 10**9), "action": ACTION},
                    {"seen": Optional(Int(0, MAX_CARD_ID))}),
    # the extras' emoji (cabo.party.reactions)
    "react": _message("react", {"emoji": Enum(*EMOJI_IDS)}),
    # the answer to the host's `ask` (its seat must be the sender's own)
    "again": _message("again", {"seat": WIRE_SEAT, "yes": Bool()}),
    # a guest dropped a host message: it says so (the host logs it and never answers)
    "error": _message("error", {"code": Enum("bad"), "text": Str(400)}),
}

HOST_TYPES = {
    # rules, obs, legal: bounded here by the message's size and depth, checked in full by
    # their own parsers (PARSED), which also make the values the receiver uses
    "welcome": _message("welcome", {"seat": WIRE_SEAT, "token": TOKEN, "game": TOKEN,
                                    "rules": Map(Json(3, 64), 64)}),
    "state": _message("state", {"obs": OBS, "legal": LEGAL, "events": EVENTS,
                                "seats": SEATS, "waiting": List(WIRE_SEAT, MAX_SEATS),
                                "log": Optional(EVENTS), "party": shown.SHOWN}),
    "ask": _message("ask", {"answer": Optional(Bool())}),
    "error": _message("error", {"code": Enum(*ERROR_CODES), "text": Str(400)}),
}

# Fields that arrive parsed: into(value, seat, rules) after the schema's check, raising
# ValueError (or TypeError, KeyError) for what only the parser can tell.
PARSED = {
    "act": {"action": _action},
    "welcome": {"rules": lambda v, seat, rules: Rules.from_dict(v)},
    "state": {"obs": lambda v, seat, rules: obs_from_dict(v, rules),
              "legal": lambda v, seat, rules: legal_from_wire(v, seat)},
}
