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
- `error`  {code, text}: `illegal` (the action was refused, nothing changed), `too_late` (an
  off-turn claim judged too late by `cabo.play.claims`; it costs nothing), `reload` (other build),
  `replaced` (the host gave this seat to another device: the token is void), `no_seat`
  (the token is not valid for this game and the invitation's seat is taken), `bad` (a message
  was dropped).

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
from ..schema import Invalid, load_json
from ..party import shown
from ..party.reactions import EMOJI_IDS

PROTOCOL = 1
MAX_GUEST_BYTES = 2048
MAX_HOST_BYTES = 200_000  # below the data channel's max-message-size (262144)
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
ERROR_CODES = ("illegal", "too_late", "reload", "no_seat", "bad", "replaced")
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


def error(n, code, text="") -> str:
    return encode("error", n, code=code, text=text)


# -- receiving -----------------------------------------------------------------------------
def decode(text, sender: str, seat: int = 0, rules: Rules | None = None) -> dict:
    """The validated message from `sender` ("guest" or "host"); ProtocolError otherwise.

    Fields checked by an `Into` arrive parsed (an `act`'s Action, a `state`'s Observation with
    `rules` and its legal actions for `seat`, a `welcome`'s Rules): the receiver uses them as
    they are and parses nothing again."""
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
    if not _int(msg.get("n"), 1, 2**53):
        raise ProtocolError("bad message number")
    extra = set(msg) - set(schema) - {"v", "t", "n"}
    if extra:
        raise ProtocolError(f"unknown fields {sorted(extra)}")
    for name, check in schema.items():
        try:
            if type(check) is Into:
                msg[name] = check.parse(msg.get(name), seat, rules)
                ok = True
            else:
                ok = check(msg.get(name))
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            ok = False
        if not ok:
            raise ProtocolError(f"bad field {name!r} in {msg['t']}")
    for name in OPTIONAL.get(kind, ()):
        msg.setdefault(name, None)
    return msg


class Into:
    """A field's check that parses: `parse(value, seat, rules)` returns what the receiver uses
    (decode puts it in the message) or raises ValueError, TypeError or KeyError."""

    __slots__ = ("parse",)

    def __init__(self, parse):
        self.parse = parse


def _int(v, lo=0, hi=10**9) -> bool:
    """An int (not a bool) in [lo, hi]."""
    return type(v) is int and lo <= v <= hi


def _str(limit):
    return lambda v: isinstance(v, str) and len(v) <= limit


def _token(v) -> bool:
    return isinstance(v, str) and 8 <= len(v) <= 64 and set(v) <= TOKEN_CHARS


def _opt(check):
    return lambda v: v is None or check(v)


def _action(v, seat=None, rules=None):
    """A guest's action (`action_to_dict` output) as an Action; ValueError if malformed."""
    if not isinstance(v, dict) or len(v) > 6 or v.get("type") not in ACTION_TYPES:
        raise ValueError("not an action")
    action = action_from_dict(v)
    for name in ("slots", "cards"):
        value = getattr(action, name, None)
        if value is None:
            continue
        if len(value) > 40:
            raise ValueError(f"too many {name}")
        if name == "slots" and not all(_int(x, 0, 99) for x in value):
            raise ValueError("bad slots")
        if name == "cards" and not all(isinstance(c, tuple) and len(c) == 2
                                       and all(_int(x, 0, 99) for x in c) for c in value):
            raise ValueError("bad cards")
    if not all(_int(getattr(action, f), 0, 99) for f in ("seat", "owner", "slot", "target",
                                                        "target_slot") if hasattr(action, f)):
        raise ValueError("bad seat or slot")
    return action


def _int_list(v, limit=400, lo=0, hi=10**9) -> bool:
    return isinstance(v, list) and len(v) <= limit and all(_int(x, lo, hi) for x in v)


def _seats(v) -> bool:
    return (isinstance(v, list) and 2 <= len(v) <= MAX_SEATS and all(
        isinstance(s, dict) and set(s) == {"name", "bot", "away"} and _str(40)(s["name"])
        and (s["bot"] is None or _str(20)(s["bot"])) and type(s["away"]) is bool for s in v))


def _events(v, limit=2000) -> bool:
    """Event views as a seat sees them: each checked by the log's schema of its kind."""
    if not isinstance(v, list) or len(v) > limit:
        return False
    try:
        for e in v:
            _EVENT.check(e)
    except Invalid:
        return False
    return True


def _name(v) -> bool:
    """A person's name as typed: 1 to NAME_CHARS characters, no control characters."""
    return (isinstance(v, str) and 0 < len(v.strip()) and len(v) <= NAME_CHARS
            and v.isprintable())


_EVENT = LOG_ENTRY.fields["public"]


GUEST_TYPES = {
    "hello": {"build": _opt(_str(64)), "token": _opt(_token), "lang": _str(8),
              "name": _opt(_name)},
    "act": {"step": _int, "action": Into(_action),
            "seen": _opt(lambda v: _int(v, 0, MAX_CARD_ID))},
    # the extras' emoji (cabo.party.reactions)
    "react": {"emoji": lambda v: type(v) is str and v in EMOJI_IDS},
    # a guest dropped a host message: it says so (the host logs it and never answers)
    "error": {"code": lambda v: v == "bad", "text": _str(400)},
}
# Fields a sender may leave out (older pages): read as None.
OPTIONAL = {"hello": ("name",), "act": ("seen",)}

HOST_TYPES = {
    "welcome": {"seat": lambda v: _int(v, 0, MAX_SEATS - 1), "token": _token,
                "game": _token, "rules": Into(lambda v, seat, rules: Rules.from_dict(v))},
    "state": {"obs": Into(lambda v, seat, rules: obs_from_dict(v, rules)),
              "legal": Into(lambda v, seat, rules: legal_from_wire(v, seat)), "events": _events,
              "seats": _seats, "waiting": lambda v: _int_list(v, MAX_SEATS, 0, MAX_SEATS - 1),
              "log": _opt(_events), "party": shown.check},
    "error": {"code": lambda v: type(v) is str and v in ERROR_CODES, "text": _str(400)},
}


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


def obs_from_dict(d, rules: Rules | None) -> Observation:
    """The Observation of `obs_to_dict` output; ValueError if it is malformed."""
    if not isinstance(d, dict):
        raise ValueError("obs is not an object")
    for name in _OBS_INTS:
        if not _int(d[name]):
            raise ValueError(f"obs.{name}")
    n = d["n"]
    if not (2 <= n <= MAX_SEATS and d["seat"] < n and d["current"] < n):
        raise ValueError("obs seats")
    for name in _OBS_OPT_INTS:
        if d[name] is not None and not _int(d[name]):
            raise ValueError(f"obs.{name}")
    for name in _OBS_BOOLS:
        if type(d[name]) is not bool:
            raise ValueError(f"obs.{name}")
    for name in _OBS_OPT_STRS + ("phase",):
        if d[name] is not None and not _str(20)(d[name]):
            raise ValueError(f"obs.{name}")
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise ValueError("obs.hands")
    out_hands = []
    for h in hands:
        if not isinstance(h, list) or len(h) > 40:
            raise ValueError("obs.hands")
        row = []
        for c in h:
            if c is None:
                row.append(None)
            elif (isinstance(c, list) and len(c) == 2 and (c[0] is None or _int(c[0], 0, 999))
                  and _int(c[1], 0, 2**MAX_SEATS)):
                row.append((c[0], c[1]))
            else:
                raise ValueError("obs.hands")
        out_hands.append(tuple(row))
    for name, size in (("seats", MAX_SEATS), ("discard", 500), ("totals", MAX_SEATS),
                       ("rounds_won", MAX_SEATS), ("winners", MAX_SEATS)):
        if not (isinstance(d[name], list) and len(d[name]) <= size
                and all(type(x) is int for x in d[name])):
            raise ValueError(f"obs.{name}")
    for name in ("peeked", "ready"):
        if not (isinstance(d[name], list) and len(d[name]) == n
                and all(type(x) is bool for x in d[name])):
            raise ValueError(f"obs.{name}")
    if len(d["totals"]) != n or len(d["rounds_won"]) != n:
        raise ValueError("obs.totals")
    gives = d["gives"]
    if not (isinstance(gives, list) and all(_int_list(g, 2, 0, n - 1) and len(g) == 2
                                            for g in gives)):
        raise ValueError("obs.gives")
    kt = d["king_target"]
    if kt is not None and not (_int_list(kt, 2) and len(kt) == 2):
        raise ValueError("obs.king_target")
    if not (isinstance(d["history"], list) and len(d["history"]) <= 1000
            and all(_history_ok(h, n) for h in d["history"])):
        raise ValueError("obs.history")
    if len(d) != len(_OBS_INTS + _OBS_OPT_INTS + _OBS_BOOLS + _OBS_OPT_STRS) + 12:
        raise ValueError("obs has unknown fields")
    return Observation(
        seat=d["seat"], rules=rules, n=n, seats=tuple(d["seats"]), round_no=d["round_no"],
        dealer=d["dealer"], first=d["first"], phase=d["phase"], current=d["current"],
        caller=d["caller"], final_left=d["final_left"], turns_done=d["turns_done"],
        step=d["step"], hands=tuple(out_hands), deck_size=d["deck_size"],
        discard=tuple(d["discard"]), drawn=d["drawn"], drawn_hidden=d["drawn_hidden"],
        drawn_from=d["drawn_from"], power=d["power"],
        king_target=None if kt is None else tuple(kt), peeked=tuple(d["peeked"]),
        ready=tuple(d["ready"]), match_target=d["match_target"],
        gives=tuple(tuple(g) for g in gives), totals=tuple(d["totals"]),
        rounds_won=tuple(d["rounds_won"]), history=tuple(d["history"]),
        game_over=d["game_over"], winners=tuple(d["winners"]))


def _history_ok(h, n) -> bool:
    """A scored round as the table screen reads it (cabo/game/scoring.py's history entry)."""
    if not isinstance(h, dict):
        return False
    seats = h["seats"]
    return (_int_list(seats, n, 0, n - 1) and _int(h["round_no"]) and isinstance(h["hands"], list)
            and len(h["hands"]) == n and all(isinstance(x, list) for x in h["hands"])
            and len(h["sums"]) == n and len(h["points"]) == n and len(h["totals"]) == n
            and len(h["notes"]) == n and isinstance(h["winners"], list)
            and (h["caller"] is None or _int(h["caller"], 0, n - 1)))


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


def _several_from_wire(row, seat: int):
    """A Several entry of `legal_to_wire` output; ValueError if malformed."""
    if not isinstance(row, list) or len(row) != 4 or row[0] not in _SEVERAL_KINDS:
        raise ValueError("legal: bad Several")
    kind, pool, least, most = row
    if not (isinstance(pool, list) and len(pool) <= 5000 and _int(least, 2) and _int(most, 2)
            and least <= most and least <= len(pool)):
        raise ValueError("legal: bad Several")
    if kind == "Replace":
        ok = all(_int(i, 0) for i in pool)
        members = tuple(pool)
    else:
        ok = all(isinstance(c, list) and len(c) == 2 and all(_int(i, 0) for i in c)
                 for c in pool)
        members = tuple(tuple(c) for c in pool) if ok else ()
    if not ok:
        raise ValueError("legal: bad Several")
    return Several(ACTION_TYPES[kind], seat, members, least, most)


def _action_fields(action) -> list:
    from ..game.actions import action_to_dict  # local: keeps the import list short
    d = action_to_dict(action)
    return [v for k, v in d.items() if k not in ("type", "seat")]


def legal_from_wire(d, seat: int) -> list:
    """The actions of `legal_to_wire` output for `seat`; ValueError if malformed."""
    if not isinstance(d, dict) or len(d) > len(ACTION_TYPES) + 1:
        raise ValueError("legal is not an object")
    out = []
    count = 0
    for name, rows in d.items():
        if name == "Several" and isinstance(rows, list) and len(rows) <= 4:
            out += [_several_from_wire(row, seat) for row in rows]
            continue
        cls = ACTION_TYPES.get(name)
        if cls is None or not isinstance(rows, list):
            raise ValueError(f"legal: {name!r}")
        names = cls.FIELDS[1:]
        for row in rows:
            count += 1
            if count > 5000 or not isinstance(row, list) or len(row) != len(names):
                raise ValueError("legal: bad row")
            out.append(action_from_dict({"type": name, "seat": seat, **dict(zip(names, row))}))
    return out
