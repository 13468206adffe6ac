"""One driver of a table: who acts next, in one off-turn order, until the round is over.

Every place that plays a game forward asks this module: the page (cabo.play.session.Session, paced
by cabo.ui.pacing), the net host, the arena, self-play and the bench; the search's rollouts
(cabo.bots.rollout) take their off-turn order from the same `off_turn_order`. The answers:

- the round is over when the phase is one of `OVER_PHASES`: nobody is waited for then but the
  host, who deals the next round or ends the game (`between_rounds`);
- off turn, the seats that may throw cards now are offered the move in ONE order: seat order
  starting after the current player, the current player last
  (cabo.game.matching.reacting_seats). The first who takes it acts; a bot is asked at most once
  per game step (a later ask at the same step would see the same table);
- when nobody reacts, the seat the game waits for moves (`to_move`; during the simultaneous
  first peek the first of them that is a bot).

A seat is a person (on this device, or a guest on another: the game waits for them) or a bot;
`bots` maps the bot seats to their Bot (a dict, shared with the caller: a stand-in bot that
plays for an away guest comes and goes). Bots see only their Observation and legal actions.
"""

from __future__ import annotations

from ..game.actions import EndGame, NextRound
from ..game.engine import apply, legal_actions, to_move
from ..game.matching import may_match, reacting_seats
from ..game.observation import observe
from ..game.state import OVER_PHASES

__all__ = ["OVER_PHASES", "Driver", "round_over", "waiting", "off_turn_order",
           "between_rounds"]


def round_over(state) -> bool:
    """Whether the round is over (scored, or the game ended): only the host acts then."""
    return state.phase in OVER_PHASES


def waiting(state) -> list:
    """The seats the game waits for now; empty while the round is over."""
    return [] if state.phase in OVER_PHASES else list(to_move(state))


def off_turn_order(state) -> list:
    """The seats that may throw cards now, in the one order every driver offers them the move:
    seat order starting after the current player."""
    return reacting_seats(state)


class Driver:
    """Who acts next at one table: its `state` and its bot seats `bots` (seat -> Bot).

    A subclass may narrow what the bots do (a lesson's script) by overriding `reacting_bots`,
    `bot_reaction`, `bot_move` or `bot_thinking`; `next_bot_action` asks through them.
    """

    def __init__(self, state, bots: dict):
        self.state = state
        self.bots = bots

    def act(self, action) -> list:
        """Apply an action (IllegalAction leaves the state as it was); every bot starts a new
        round when one is dealt. Returns the events."""
        events = apply(self.state, action)
        for e in events:
            if e.kind == "deal":
                for bot in self.bots.values():
                    bot.new_round()
        return events

    def round_over(self) -> bool:
        return self.state.phase in OVER_PHASES

    def waiting(self) -> list:
        """The seats the game waits for now (people, guests or bots); empty between rounds."""
        return waiting(self.state)

    def reacting_bots(self) -> list:
        """The bot seats that may throw cards now, in the off-turn order."""
        bots = self.bots
        return [seat for seat in reacting_seats(self.state) if seat in bots]

    def waiting_bot(self):
        """The first bot seat the game waits for now, or None (a person must act, or the
        round is over)."""
        state = self.state
        if state.phase in OVER_PHASES:
            return None
        for seat in to_move(state):
            if seat in self.bots:
                return seat
        return None

    def bot_move(self, seat):
        """The move of the bot at `seat`, from its observation and legal actions only."""
        state = self.state
        return self.bots[seat].choose(observe(state, seat), legal_actions(state, seat))

    def bot_thinking(self, seat):
        """`bot_move` as a generator that yields while the bot thinks (a bot with a `think`
        generator, the hard one), so that a page can give the browser a turn."""
        bot = self.bots[seat]
        obs, legal = observe(self.state, seat), legal_actions(self.state, seat)
        think = getattr(bot, "think", None)
        if think is None:
            return bot.choose(obs, legal)
        return (yield from think(obs, legal))

    def bot_reaction(self, seat):
        """The off-turn move of the bot at `seat`, or None (also when it may not throw now)."""
        state = self.state
        if not may_match(state, seat):
            return None
        return self.bots[seat].react(observe(state, seat), legal_actions(state, seat))

    def off_turn_action(self):
        """The first off-turn move a bot makes now (each asked once, in the off-turn order),
        or None."""
        for seat in self.reacting_bots():
            action = self.bot_reaction(seat)
            if action is not None:
                return action
        return None

    def next_bot_action(self):
        """The next bot action: the first off-turn move a bot makes, else the move of the bot
        the game waits for; None when a person must act or the round is over."""
        action = self.off_turn_action()
        if action is not None:
            return action
        seat = self.waiting_bot()
        return None if seat is None else self.bot_move(seat)

    def run_bots(self, max_steps: int = 10_000) -> int:
        """Play bot actions until a person must act or the round is over; the steps taken."""
        steps = 0
        while steps < max_steps:
            action = self.next_bot_action()
            if action is None:
                break
            self.act(action)
            steps += 1
        return steps

    def play(self, host, on_step=None):
        """Play a game of bots forward: the bots' actions from `next_bot_action`, the host's
        between rounds from `host(state)` (an action, or None to stop). Stops when the game is
        over, the host stops, or a person must act. `on_step(state, action, events)` sees
        every applied action. Returns the state."""
        state = self.state
        while not state.game_over:
            if state.phase == "round_over":
                action = host(state)
            else:
                action = self.next_bot_action()
            if action is None:
                break
            events = self.act(action)
            if on_step is not None:
                on_step(state, action, events)
        return state


def between_rounds(rounds: int, host_rounds: int | None = None):
    """The host of a headless game: after a round it deals the next one until `rounds` rounds
    are played (then None: stop); in a game the host ends (`rules.game_end == "host"`) it ends
    the game after `host_rounds` rounds instead, when given."""
    def host(state):
        if state.round_no >= rounds:
            return None
        if host_rounds is not None and state.rules.game_end == "host" \
                and state.round_no >= host_rounds:
            return EndGame(0)
        return NextRound(0)
    return host
