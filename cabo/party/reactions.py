"""Emoji reactions: the six emoji at the bottom of the table, and the rate limit per person.

A reaction is {"kind": "reaction", "seat", "emoji"}; it flies over the sender's seat for
SHOW_MS. `RateLimit` allows one reaction per MIN_GAP_MS and at most MAX_IN_WINDOW within
WINDOW_MS per seat, so a table cannot be flooded. Times are the page's clock in ms.
"""

from __future__ import annotations

EMOJI = (("thumbs", "👍"), ("laugh", "😂"), ("wow", "😮"), ("scream", "😱"), ("clown", "🤡"),
         ("party", "🎉"))
EMOJI_IDS = tuple(i for i, _ in EMOJI)
GLYPH = dict(EMOJI)
MIN_GAP_MS = 700
WINDOW_MS = 8000
MAX_IN_WINDOW = 4
SHOW_MS = 2500


class RateLimit:
    """Recent reaction times per seat."""

    def __init__(self):
        self.times = {}

    def allow(self, seat: int, at_ms: float) -> bool:
        """Whether `seat` may react at `at_ms`; records the reaction if so."""
        recent = [t for t in self.times.get(seat, []) if at_ms - t < WINDOW_MS]
        if (recent and at_ms - recent[-1] < MIN_GAP_MS) or len(recent) >= MAX_IN_WINDOW:
            self.times[seat] = recent
            return False
        self.times[seat] = recent + [at_ms]
        return True
