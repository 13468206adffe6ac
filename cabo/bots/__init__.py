"""Bots: they receive an Observation and the legal actions, never the State.

`PAGE_LEVELS` are offered in the page. "random", "greedy" and "oracle" are baselines for
measurement; the oracle sees every card and must be built with an explicit `peek_state`.

Each level's module is imported when its class is first asked for (`LEVELS[level]`,
`make_bot`, or `cabo.bots.HardBot`): a page whose game has no hard bot never loads the
search.
"""

from collections.abc import MutableMapping
from importlib import import_module

# level -> (module in this package, class name)
_WHERE = {"random": ("random_bot", "RandomBot"), "easy": ("easy", "EasyBot"),
          "medium": ("medium", "MediumBot"), "hard": ("hard", "HardBot"),
          "greedy": ("greedy", "GreedyBot"), "oracle": ("oracle", "OracleBot")}
_CLASSES = {cls: (module, cls) for module, cls in _WHERE.values()} | {"Bot": ("base", "Bot")}
PAGE_LEVELS = ("easy", "medium", "hard")


class Levels(MutableMapping):
    """Level name -> bot class, each imported on first use; a class set here (a tuned
    level in tools/) is used as given."""

    def __init__(self, where):
        self._where = dict(where)
        self._classes = {}

    def __getitem__(self, level):
        cls = self._classes.get(level)
        if cls is None:
            module, name = self._where[level]  # KeyError: no such level
            cls = self._classes[level] = getattr(import_module(f"{__name__}.{module}"), name)
        return cls

    def __setitem__(self, level, cls) -> None:
        self._where[level] = None
        self._classes[level] = cls

    def __delitem__(self, level) -> None:
        del self._where[level]
        self._classes.pop(level, None)

    def __iter__(self):
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


LEVELS = Levels(_WHERE)


def make_bot(level: str, seed: int, **options):
    """A bot of the named level with its own seeded generator.

    `options` go to the constructor: `simulations=` for "hard", `peek_state=` (a callable
    returning `State.perfect_information()`) for "oracle", which cannot be built without it.
    """
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
    return cls(seed, **options)


def __getattr__(name):
    """`cabo.bots.HardBot` and the other classes, imported on first use."""
    if name not in _CLASSES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, cls = _CLASSES[name]
    return getattr(import_module(f"{__name__}.{module}"), cls)


__all__ = ["Bot", "RandomBot", "EasyBot", "MediumBot", "HardBot", "GreedyBot", "OracleBot",
           "LEVELS", "PAGE_LEVELS", "make_bot"]
