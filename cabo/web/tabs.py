"""Two tabs, one game: the tab that plays the saved game owns it; others pause and say so.

Every tab of the site shares one localStorage, so two tabs playing would overwrite each
other's saves. A tab that starts or loads a game writes its id under "cabo.owner" (the
newest tab wins, as the person just opened or reloaded it). The browser tells every other
tab through a `storage` event; a tab that learns it no longer owns the game stops its bots
and saving and offers to take the game over (which loads the latest save and claims it
back). Before each save a tab also checks the owner, in case an event was missed. Where
storage is unavailable nothing is shared, so every tab owns its own game.
"""

from __future__ import annotations

from ..ui.storage import OWNER_KEY


class Tabs:
    """This tab's id and its claim on the saved game."""

    def __init__(self, window, get, set_, on_lost):
        self.get, self.set, self.on_lost = get, set_, on_lost
        crypto = getattr(window, "crypto", None)
        if crypto is not None and hasattr(crypto, "randomUUID"):
            self.id = str(crypto.randomUUID())
        else:  # an old browser or an insecure context: the time is unique enough per tab
            self.id = f"{window.Date.now()}-{window.performance.now()}"

    def claim(self) -> None:
        """This tab plays the saved game from now on."""
        self.set(OWNER_KEY, self.id)

    def owns(self) -> bool:
        """Whether no other tab has claimed the game since this one did."""
        owner = self.get(OWNER_KEY)
        return owner is None or owner == self.id

    def on_storage(self, event) -> None:
        """The `storage` event: another tab wrote a key."""
        key = getattr(event, "key", None)
        if key == OWNER_KEY and not self.owns():
            self.on_lost()
