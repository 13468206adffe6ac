"""The pace of the bots: how long the page waits before a bot moves or reacts.

A bot's own move waits a speed-dependent pause, so a person can follow it. An off-turn match
waits the bot's human-like `reaction_ms`, scaled by the speed. "instant" waits for nothing,
like `Session.run_bots`. Each bot is asked once per game step whether it reacts.

Fair to human hands — the rule of every bot's timing (issue 42), at every speed but "instant":

1. A bot never claims faster than a quick person could: its off-turn claim waits its
   `reaction_ms` scaled by the speed, and at least BOT_REACTION_FLOOR_MS after the change.
2. A bot never ends a person's chance to claim before the person could see it coming: while
   a person at the table may still claim the top discard, a bot's own move (which may cover
   the pile or close the window) waits until that card has lain on top for
   `cabo.play.claims.REACTION_MS`, the reaction window of the claims' judge.
3. What the pace cannot prevent (a bot's claim landing while a person taps) the judge
   settles: a person's claim overtaken within the window is "too late" and free
   (cabo.play.claims, `Session.claim`).

"instant" is for watching bots and for tests: nobody races the bots at that pace.
"""

from __future__ import annotations

import math

from ..play.claims import REACTION_MS

# speed -> (pause before a bot's move in ms, factor on reaction times, ms a peeked card shows)
SPEEDS = {
    "slow": (1800, 1.5, 5000),
    "normal": (1000, 1.0, 3500),
    "fast": (450, 0.5, 2500),
    "instant": (0, 0.0, 2500),
}
# The quickest claim of a bot (ms): a person's simple reaction to a card is about 250 ms, and
# seeing that it matches one of their own cards and tapping it takes a quick person about
# 700 ms; a bot faster than that would beat every person to every card ("fast" halves the
# bots' reaction times, the hard bot's 600 ms to 300 ms).
BOT_REACTION_FLOOR_MS = 700
# "End turn" presses itself this long after a person's turn left them only the choice to call
# Cabo or end it (a setting: cabo.ui.setup AUTO_END_CHOICES; 0 waits for the tap)
AUTO_END_MS = 3000


# A bot whose pause is over while cards still move waits until they have landed, then this
# share of its pause: its move neither flies among them (nor is its drawing a long task in
# their flight) nor starts in the very moment the last card lands (cabo.web.pacer).
LANDED_SHARE = 0.4


def landed_beat_ms(speed: str) -> int:
    """How long a bot waits after the cards have landed, if they landed after its pause."""
    return round(SPEEDS.get(speed, SPEEDS["normal"])[0] * LANDED_SHARE)


def reveal_ms(speed: str) -> int:
    """How long a card one has just looked at stays face up."""
    return SPEEDS.get(speed, SPEEDS["normal"])[2]


def next_bot_task(session, speed: str, asked: set, step: int, now_ms=None):
    """(delay_ms, kind, seat) of the next bot action to try, or None.

    kind is "move" (the game waits for this bot: it is asked for an off-turn move first, then
    moves) or "react" (an off-turn match it may make); `asked` holds the (seat, step) pairs
    already asked to react at this step; `now_ms` is the clock of the session's changes (None:
    no person is timed, as in a headless run).
    """
    pause, factor, _ = SPEEDS.get(speed, SPEEDS["normal"])
    fair = factor > 0  # (the rule of the module text; "instant" keeps no pace)
    bots = session.bots
    order = session.reacting_bots()  # the driver's one off-turn order (cabo.play.driver)
    mover = session.waiting_bot()
    if mover is not None and order and order[-1] == mover:
        # the bot to move is asked last (the current player): that ask is part of its move
        # task (cabo.ui.table.Table.mover_reaction), so it never delays its own move
        order = order[:-1]
    # (delay, reaction before move, place in the off-turn order, kind, seat): at equal delays
    # the reactions come first, in the off-turn order, as in `Session.run_bots`
    tasks = [(max(round(bots[seat].reaction_ms * factor), BOT_REACTION_FLOOR_MS) if fair else 0,
              0, k, "react", seat)
             for k, seat in enumerate(order) if (seat, step) not in asked]
    if mover is not None:
        tasks.append((_move_wait(session, pause, now_ms) if fair else pause, 1, 0, "move",
                      mover))
    if not tasks:
        return None
    delay, _, _, kind, seat = min(tasks)
    return delay, kind, seat


def _move_wait(session, pause, now_ms) -> int:
    """A bot's pause before its move; while a person may still claim the top discard, at
    least until that card has lain on top for REACTION_MS (rule 2 above)."""
    if now_ms is None or not session.person_may_claim():
        return pause
    landed = session.memory.top_since()
    if landed is None:
        return pause
    return max(pause, math.ceil(landed + REACTION_MS - now_ms))
