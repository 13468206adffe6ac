"""Cabo: the memory card game, engine and bots in pure Python.

Nothing in this package outside `cabo.web` imports from the browser (js / pyscript), so the
engine, bots, arena and benchmarks run alike under CPython and in Pyodide.
"""

from .game.rules import PRESETS, Rules, preset
from .game.state import State
from .game.engine import apply, legal_actions, new_game, to_move
from .game.observation import Observation, observe
from .game.errors import IllegalAction, SaveError

__version__ = "0.1.0"

__all__ = [
    "PRESETS", "Rules", "preset", "State", "apply", "legal_actions", "new_game", "to_move",
    "Observation", "observe", "IllegalAction", "SaveError", "__version__",
]
