"""What the table's view model and the page ask of a game, declared once.

Two classes implement it: `cabo.play.session.Session` on the device that holds the game (the
engine, the bots, the save) and `cabo.net.guest.RemoteSession` on a guest's device (the host's
last `state` message, nothing more). The screen is drawn from observations, legal actions and
the log as one seat saw it, so the same view model draws both; what only a device holding the
game has (saving, the bots) is told by `holds_game`, never by probing for attributes.
tests/test_interface.py checks both classes against this declaration.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, NamedTuple, Protocol, runtime_checkable

from ..game.observation import Observation
from ..game.rules import Rules


class Change(NamedTuple):
    """What one action or reaction did, as every view of the table receives it: `kind` "act"
    (the events of an applied action; none on a guest's device, where they arrive with the
    host's next state) or "reaction" (an emoji: its note in `notes`); the seat that acted, the
    events (unredacted: each view redacts them for the seat it shows, `Event.view(seat)`), the
    extras' notes, and when it happened on the page's clock (ms, or None)."""

    kind: str
    seat: int
    events: list
    notes: list
    at_ms: float | None = None


class TableView(Protocol):
    """A view of a table: the screen of a seat, or the guests of a host (cabo.net.host).
    `TableSession.watch(role, view)` makes it hear of every change, one way for all."""

    def changed(self, change: Change) -> None:
        """An action or a reaction happened at the table."""


class Watched:
    """The one way out of a table: the views that watch it, each told of every change."""

    views: dict  # role -> TableView

    def watch(self, role: str, view) -> None:
        """`view` hears of every change from now on, in the place of the view of that role
        ("screen": this device's table; "guests": a host's NetHost); None removes it."""
        if view is None:
            self.views.pop(role, None)
        else:
            self.views[role] = view

    def tell(self, change: Change) -> None:
        """Every watching view hears of `change`."""
        for view in list(self.views.values()):
            view.changed(change)


@runtime_checkable
class TableSession(Protocol):
    """A game as one device's table sees it (an action: any of cabo.game.actions)."""

    holds_game: bool   # this device holds the game: it saves it and runs its bots
    rules: Rules
    seats: list        # cabo.play.session.Seat per seat: name, bot level or None for a person
    party: Any         # the extras: a PartyTracker, a guest's cabo.party.shown.Shown, or None
    party_notes: list  # the extras' notes of the last action or reaction
    asked: set         # (seat, step): bots the page already asked to react at that step
    bots: dict         # seat -> Bot of the bots this device runs (none on a guest's)
    look: dict | None  # the cards a person was looking at (saved with a game held here)

    def humans(self) -> list:
        """Seats played by people."""

    def viewer(self) -> int | None:
        """The seat whose view is on screen."""

    def observation(self, seat: int) -> Observation:
        """What `seat` knows."""

    def legal(self, seat: int) -> list:
        """What `seat` may do now."""

    def act(self, action, at_ms: float | None = None) -> list:
        """Play an action: its events where the game is held, [] on a guest (they arrive with
        the host's next state). Every watching view hears of it (`watch`)."""

    def watch(self, role: str, view: TableView | None) -> None:
        """Let `view` hear of every change (`TableView.changed`) in the place of the view that
        had `role` before ("screen": this device's table; "guests": a host's NetHost); None
        removes it."""

    def claim(self, action, seen_top: int | None = None, seen_step: int | None = None,
              at_ms: float | None = None) -> list:
        """A person's off-turn claim with the top discard they saw when they began it, judged
        where the game is held (cabo.play.claims): its events ([] on a guest), or a "too_late"."""

    def react(self, seat: int, emoji: str, at_ms: float) -> dict | None:
        """An emoji reaction: its note, or None (held back, or sent to the host)."""

    def log_for(self, seat: int | None, start: int = 0) -> list:
        """The log from entry `start` on as `seat` saw it."""

    def waiting_bot(self) -> int | None:
        """A bot seat the game waits for now, or None."""

    def reacting_bots(self) -> list:
        """The bot seats that may match now, in the one off-turn order (cabo.play.driver)."""

    def person_may_claim(self) -> bool:
        """Whether a person at the table may claim the top discard now (the bots' pace)."""

    def bot_move(self, seat: int) -> Any:
        """The move of the bot at `seat` (only a seat `waiting_bot` named)."""

    def bot_reaction(self, seat: int) -> Any:
        """An off-turn move of the bot at `seat`, or None (only a seat of `reacting_bots`)."""

    def bot_thinking(self, seat: int) -> Generator:
        """`bot_move` as a generator that yields while the bot thinks."""

    def coach_move(self, seat: int) -> tuple:
        """(coached, move): whether a coach decides what the table shows `seat` as its move
        (the primary button and the glow), and that move (None: nothing to do). Only a lesson
        (cabo.ui.lesson) coaches; everywhere else (False, None) and the hint decides."""

    def allows(self, action) -> bool:
        """Whether a person's `action` may be applied now. Only a lesson refuses moves (those
        off its script: the game stays unchanged); everywhere else True, and the engine's
        own checks decide."""
