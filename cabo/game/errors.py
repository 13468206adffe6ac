"""The two errors the engine raises on bad input."""


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state; the state was left unchanged."""


class SaveError(ValueError):
    """A saved game that cannot be loaded (corrupt, foreign, or of an unknown schema)."""
