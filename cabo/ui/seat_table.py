"""The table view model on a device that shows one seat only (a host or a guest).

Hot-seat play passes one device around; across devices each device always shows its own
seat at the bottom: the host's page seat 0 (HOST), a guest's page the seat it joined.
"""

from __future__ import annotations

from ..game.engine import HOST
from .table import Table, _failed


class SeatTable(Table):
    """A Table whose screen always shows `seat`, with no hand-over screen."""

    def __init__(self, session, texts, speed="normal", seat=HOST):
        super().__init__(session, texts, speed)
        self.seat = seat
        self.confirmed = seat

    def screen_seat(self):
        return self.seat

    def new_events(self, views) -> None:
        """Events the host sent (already as this seat saw them): animate, show what was seen."""
        self.last = list(views)
        # the extras' quips, achievements and reactions fly here as on the host's screen
        self.flying.add([v for v in views if v.get("kind") in ("quip", "achievement",
                                                               "reaction")],
                        self.clock() if self.clock else None)
        self.selection = tuple(c for c in self.selection if self._still_selectable(c))
        if not self.selection:
            self.sel_top = None
        self._remember_reveals(self.seat)
        mine = [v for v in views if v.get("seat") == self.seat and _failed(v)]
        if mine:  # this seat's claim came too late or failed: said on its table
            self.mistake = mine + [v for v in views if v.get("seat") == self.seat
                                   and v["kind"] in ("penalty", "penalty_skipped")]
            self.selection, self.sel_top = (), None
