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

    kind is "move" (the game waits for this bot: it is asked for an off-turn move first, then
    moves) or "react" (an off-turn match it may make); `asked` holds the (seat, step) pairs
    already asked to react at this step.
    """
    pause, factor, _ = SPEEDS.get(speed, SPEEDS["normal"])
    bots = session.bots
    order = session.reacting_bots()  # the driver's one off-turn order (cabo.play.driver)
    mover = session.waiting_bot()
    if mover is not None and order and order[-1] == mover:
        # the bot to move is asked last (the current player): that ask is part of its move
        # task (cabo.ui.table.Table.mover_reaction), so it never delays its own move
        order = order[:-1]
    # (delay, reaction before move, place in the off-turn order, kind, seat): at equal delays
    # the reactions come first, in the off-turn order, as in `Session.run_bots`
    tasks = [(round(bots[seat].reaction_ms * factor), 0, k, "react", seat)
             for k, seat in enumerate(order) if (seat, step) not in asked]
    if mover is not None:
        tasks.append((pause, 1, 0, "move", mover))
    if not tasks:
        return None
    delay, _, _, kind, seat = min(tasks)
    return delay, kind, seat
