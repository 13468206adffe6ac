"""The pace of the bots: how long the page waits before a bot moves or reacts.

A bot's own move waits a speed-dependent pause, so a person can follow it. An off-turn match
waits the bot's human-like `reaction_ms`, scaled by the speed. "instant" waits for nothing,
like `Session.run_bots`. Each bot is asked once per game step whether it reacts.
"""

from __future__ import annotations

# speed -> (pause before a bot's move in ms, factor on reaction times, ms a peeked card shows)
SPEEDS = {
    "slow": (1800, 1.5, 5000),
    "normal": (1000, 1.0, 3500),
    "fast": (450, 0.5, 2500),
    "instant": (0, 0.0, 2500),
}


def reveal_ms(speed: str) -> int:
    """How long a card one has just looked at stays face up."""
    return SPEEDS.get(speed, SPEEDS["normal"])[2]


def next_bot_task(session, speed: str, asked: set, step: int):
    """(delay_ms, kind, seat) of the next bot action to try, or None.

    kind is "move" (the game waits for this bot) or "react" (an off-turn match it may make);
    `asked` holds the (seat, step) pairs already asked to react at this step.
    """
    pause, factor, _ = SPEEDS.get(speed, SPEEDS["normal"])
    tasks = [(round(ms * factor), "react", seat) for seat, ms in session.reacting_bots()
             if (seat, step) not in asked]
    mover = session.waiting_bot()
    if mover is not None:
        tasks.append((pause, "move", mover))
    if not tasks:
        return None
    return min(tasks, key=lambda t: (t[0], t[1] == "move", t[2]))
