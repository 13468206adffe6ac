"""Schemas of saved objects and of messages: what outside input must look like before use.

Everything the page keeps in localStorage (the saved game and its parts, the settings, and
what later features add) is outside input: it may be damaged, truncated, edited by hand or
written by another version. So is every message from another device: the wire's schemas
(cabo/net/protocol.py, room.py, carriage.py) are built from the same nodes. Each saved object has exactly one schema, declared next to the
code that writes it, built from the few node types below. `parse(text, schema)` reads a
stored string in three bounded steps and raises `Invalid` (a ValueError) for any damage:

1. size: longer than `max_chars` is refused before anything else;
2. nesting: brackets are counted (outside strings) before `json.loads` sees the text, so a
   value nested 100,000 levels deep never reaches the recursive parser;
3. shape: the schema walks the value; every list and map has a maximum length, so the walk
   is bounded by the (already bounded) size of the text.

Messages name the place of the damage ("state.history[0]: 'round_no' is missing") and the
expected type, never the stored value itself (a message must not repeat megabytes of text).

How to add a stored object (a new localStorage key or a new part of the saved game):
- declare its schema once, e.g.
      STATS = Record({"games": Int(0, 10**6), "names": List(Str(40), max_len=50)})
  cross-field rules (lengths that depend on another field, ...) go in `Record(check=...)`,
  a function that raises `Invalid`;
- a part of the saved game: one `Part(...)` entry in `cabo.play.saved.SAVE_PARTS`;
  a new localStorage key: one `Stored(...)` entry in `cabo.ui.storage.STORED`;
  both read through the same guarded path (cabo.ui.storage.load), which turns any failure
  into a readable message, moves the damaged value to a backup key and starts fresh.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

MAX_CHARS = 1_000_000   # default size limit of a stored string (characters)
MAX_DEPTH = 24          # default nesting limit of a stored JSON value
MAX_KEY = 64            # the longest key accepted in a map


class Invalid(ValueError):
    """A stored value that does not fit its schema; the message says where, not what."""


def _type_name(value) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text",
            list: "a list", dict: "an object", type(None): "null"}.get(type(value), "garbage")


# A place in a value is "" (the top), a name ("state"), or (parent place, key): a check
# passes places down as tuples, which cost less than text, and `_where` spells one out only
# for a message. _KEY as the key stands for a map's key itself ("settings: a key").
_KEY = object()


def _where(path) -> str:
    """A place as text ("state.history[0]"); "the value" for the top."""
    keys = []
    while type(path) is tuple:
        path, key = path
        keys.append(key)
    text = path
    for key in reversed(keys):
        if key is _KEY:
            text = f"{text or 'the value'}: a key"
        elif isinstance(key, int):
            text = f"{text}[{key}]"
        else:
            text = f"{text}.{key}" if text else str(key)
    return text or "the value"


class Schema:
    """A node of a schema: `check(value, path)` raises Invalid or returns None (`path`: the
    value's place, named in the message)."""

    def check(self, value, path="") -> None:
        raise NotImplementedError

    def _fail(self, value, path: str, expected: str):
        raise Invalid(f"{_where(path)}: expected {expected}, found {_type_name(value)}")


class Any(Schema):
    """Anything (only where another schema checks the value later, and after `parse` has
    bounded its size and nesting)."""

    def check(self, value, path=""):
        return None


class Int(Schema):
    """A whole number in [lo, hi] (true/false are not numbers here)."""

    def __init__(self, lo: int | None = None, hi: int | None = None):
        self.lo, self.hi = lo, hi

    def check(self, value, path=""):
        if type(value) is not int:
            self._fail(value, path, "a whole number")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise Invalid(f"{_where(path)}: a number out of range "
                          f"({self.lo if self.lo is not None else '…'}.."
                          f"{self.hi if self.hi is not None else '…'})")


class Num(Schema):
    """A finite number (int or float) in [lo, hi]."""

    def __init__(self, lo: float, hi: float):
        self.lo, self.hi = lo, hi

    def check(self, value, path=""):
        if type(value) not in (int, float):
            self._fail(value, path, "a number")
        if not self.lo <= value <= self.hi:  # also false for NaN
            raise Invalid(f"{_where(path)}: a number out of range ({self.lo}..{self.hi})")


class Bool(Schema):
    def check(self, value, path=""):
        if type(value) is not bool:
            self._fail(value, path, "true/false")


class Str(Schema):
    """Text of at most `max_len` characters, optionally matching a regular expression."""

    def __init__(self, max_len: int, pattern: str | None = None):
        self.max_len = max_len
        self.pattern = re.compile(pattern) if pattern else None

    def check(self, value, path=""):
        if type(value) is not str:
            self._fail(value, path, "text")
        if len(value) > self.max_len:
            raise Invalid(f"{_where(path)}: text longer than {self.max_len} characters")
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise Invalid(f"{_where(path)}: text of an unexpected form")


class Name(Str):
    """A person's name as typed: 1 to `max_len` characters, printable, not blank."""

    def __init__(self, max_len: int):
        super().__init__(max_len)

    def check(self, value, path=""):
        super().check(value, path)
        if not value.strip() or not value.isprintable():
            raise Invalid(f"{_where(path)}: not a name (blank, or a control character)")


class Enum(Schema):
    """One of a few given values (compared by type and value)."""

    def __init__(self, *values):
        self.values = values

    def check(self, value, path=""):
        if not any(type(value) is type(v) and value == v for v in self.values):
            raise Invalid(f"{_where(path)}: not one of the allowed values")


class Optional(Schema):
    """null, or a value of `inner`."""

    def __init__(self, inner: Schema):
        self.inner = inner

    def check(self, value, path=""):
        if value is not None:
            self.inner.check(value, path)


class AnyOf(Schema):
    """A value of the first schema that accepts it."""

    def __init__(self, *options: Schema):
        self.options = options

    def check(self, value, path=""):
        for option in self.options:
            try:
                option.check(value, path)
                return
            except Invalid:
                continue
        raise Invalid(f"{_where(path)}: not of any allowed form "
                      f"(found {_type_name(value)})")


class List(Schema):
    """A list of `item`s; its length in [min_len, max_len]."""

    def __init__(self, item: Schema, max_len: int, min_len: int = 0):
        self.item, self.max_len, self.min_len = item, max_len, min_len

    def check(self, value, path=""):
        if type(value) is not list:
            self._fail(value, path, "a list")
        if not self.min_len <= len(value) <= self.max_len:
            raise Invalid(f"{_where(path)}: a list of {len(value)} items "
                          f"(allowed {self.min_len}..{self.max_len})")
        item = self.item
        if type(item) is Int and item.lo is not None and item.hi is not None:
            lo, hi = item.lo, item.hi  # whole numbers in a range, the long lists: one pass
            for v in value:
                if type(v) is not int or not lo <= v <= hi:
                    break
            else:
                return
        for i, v in enumerate(value):
            item.check(v, (path, i))


class Tuple(Schema):
    """A list of fixed length whose items have one schema each."""

    def __init__(self, *items: Schema):
        self.items = items

    def check(self, value, path=""):
        if type(value) is not list:
            self._fail(value, path, "a list")
        if len(value) != len(self.items):
            raise Invalid(f"{_where(path)}: {len(value)} items instead of "
                          f"{len(self.items)}")
        for i, (item, schema) in enumerate(zip(value, self.items)):
            schema.check(item, (path, i))


class Map(Schema):
    """An object with any keys (`key`, text) and values of one schema; at most max_len."""

    def __init__(self, value: Schema, max_len: int, key: Schema = Str(MAX_KEY)):
        self.value, self.max_len, self.key = value, max_len, key

    def check(self, value, path=""):
        if type(value) is not dict:
            self._fail(value, path, "an object")
        if len(value) > self.max_len:
            raise Invalid(f"{_where(path)}: more than {self.max_len} entries")
        for k, v in value.items():
            self.key.check(k, (path, _KEY))
            self.value.check(v, (path, k))


class Record(Schema):
    """An object with named fields. `optional` fields may be missing; other keys are refused
    unless `extra` (a schema for their values) is given. `check(value)` runs last, for rules
    across fields, and raises Invalid."""

    def __init__(self, fields: dict, optional: dict | None = None, extra: Schema | None = None,
                 max_extra: int = 32, check=None):
        self.fields, self.optional = dict(fields), dict(optional or {})
        self.extra, self.max_extra, self.cross = extra, max_extra, check

    def with_fields(self, **more: Schema) -> "Record":
        """This record with more required fields (a subclass's saved state, ...)."""
        return Record({**self.fields, **more}, self.optional, self.extra, self.max_extra,
                      self.cross)

    def check(self, value, path=""):
        if type(value) is not dict:
            self._fail(value, path, "an object")
        for name, schema in self.fields.items():
            if name not in value:
                raise Invalid(f"{_where(path)}: {name!r} is missing")
            schema.check(value[name], (path, name))
        for name, schema in self.optional.items():
            if name in value:
                schema.check(value[name], (path, name))
        others = [k for k in value if k not in self.fields and k not in self.optional]
        if others:
            if self.extra is None:
                name = others[0] if isinstance(others[0], str) and len(others[0]) <= 40 else "?"
                raise Invalid(f"{_where(path)}: unexpected field {name!r}")
            if len(others) > self.max_extra:
                raise Invalid(f"{_where(path)}: more than {self.max_extra} extra fields")
            for k in others:
                Str(MAX_KEY).check(k, (path, _KEY))
                self.extra.check(value[k], (path, k))
        if self.cross is not None:
            self.cross(value)


class Json(Schema):
    """Any JSON value, nested at most `depth` levels, lists/maps/text of at most `max_len`."""

    def __init__(self, depth: int = 3, max_len: int = 64):
        self.depth, self.max_len = depth, max_len

    def check(self, value, path=""):
        if value is None or type(value) in (bool, int):
            return
        if type(value) is float:
            Num(-1e300, 1e300).check(value, path)
            return
        if type(value) is str:
            Str(self.max_len).check(value, path)
            return
        if type(value) not in (list, dict) or self.depth <= 0:
            raise Invalid(f"{_where(path)}: nested too deeply")
        if len(value) > self.max_len:
            raise Invalid(f"{_where(path)}: more than {self.max_len} entries")
        inner = Json(self.depth - 1, self.max_len)
        items = value.items() if type(value) is dict else enumerate(value)
        for k, v in items:
            if type(k) is str:
                Str(MAX_KEY).check(k, (path, _KEY))
            inner.check(v, (path, k))


# A random.Random state as saved by `rng_state`: version 3, 624 words and an index, gauss.
RNG_STATE = Tuple(Enum(3), List(Int(0, 2**32 - 1), max_len=625, min_len=625),
                  Optional(Num(-1e300, 1e300)))

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def depth(text: str) -> int:
    """How deeply the JSON text nests (brackets outside strings), without parsing it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)))


def parse(text, schema: Schema, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH):
    """The JSON value stored in `text`, checked against `schema`; Invalid otherwise."""
    if type(text) is not str:
        raise Invalid("the stored value is not text")
    if len(text) > max_chars:
        raise Invalid(f"the stored value is too large ({len(text):,} characters, "
                      f"allowed {max_chars:,})")
    try:
        value = load_json(text, max_depth)
    except Invalid as exc:
        raise Invalid(f"the stored value is {exc}") from None
    schema.check(value)
    return value


def parse_or_none(text, schema: Schema, max_chars: int, max_depth: int):
    """`parse`, but None for anything Invalid: for a message that is dropped silently."""
    try:
        return parse(text, schema, max_chars, max_depth)
    except Invalid:
        return None


def load_json(text: str, max_depth: int):
    """The JSON value of `text`, its nesting bounded on the text before anything (json, a
    check) recurses into it; Invalid otherwise. Saved values and wire messages both."""
    if depth(text) > max_depth:
        raise Invalid(f"nested too deeply (more than {max_depth} levels)")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise Invalid("not readable JSON") from None


def rng_state(rng) -> list:
    """A random.Random's state as JSON (see RNG_STATE)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def set_rng_state(rng, saved) -> None:
    """Restore a state checked against RNG_STATE (random.setstate checks the index)."""
    version, internal, gauss = saved
    rng.setstate((version, tuple(internal), gauss))
