"""Observation: exactly what one seat may know (docs/DESIGN.md, "Hidden information").

A seat sees every public fact (pile sizes, the whole discard pile, who looked at which slot,
scores) and the cards it has seen since they last moved out of sight. Knowledge of a card
follows the card when it moves, because everyone sees cards move. The seed and the deck order
are never part of an observation. Bots and the screen get an Observation, never the State.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True)
class Observation:
    """A read-only snapshot of the game from one seat.

    `hands[s][i]` is None for an empty slot, else `(card, knowers)`: `card` is the card id if
    this seat knows it, else None; `knowers` is the bit mask of seats that know the card.
    """

    seat: int
    rules: Rules
    n: int
    seats: tuple
    round_no: int
    dealer: int
    first: int
    phase: str
    current: int
    caller: int | None
    final_left: int
    turns_done: int
    step: int
    hands: tuple
    deck_size: int
    discard: tuple
    drawn: int | None          # the drawn card, if this seat may see it
    drawn_hidden: bool         # someone holds a drawn card this seat cannot see
    drawn_from: str | None
    power: str | None
    king_target: tuple | None
    peeked: tuple
    ready: tuple
    match_target: int | None
    gives: tuple
    totals: tuple
    rounds_won: tuple
    history: tuple
    game_over: bool
    winners: tuple

    def knows(self, owner: int, slot: int) -> bool:
        """Whether this seat knows the card in (owner, slot)."""
        cell = self.hands[owner][slot]
        return cell is not None and cell[0] is not None

    def own(self) -> tuple:
        """This seat's row."""
        return self.hands[self.seat]


def drawn_knowers(state) -> int:
    """The seats (a bit mask) that see the drawn card: everyone when it was taken from the
    discard pile, else only the player who drew it (the rule's one home)."""
    return state.all_mask if state.drawn_from == "discard" else 1 << state.current


def drawn_power(powers, card, drawn_from):
    """The power of the drawn `card` when it goes straight to the discard pile: only a card
    drawn from the deck has one (the rule's one home; `powers`: a State's or View's card
    table)."""
    return powers[card] if drawn_from == "deck" else None


def observe(state, seat: int) -> Observation:
    """What `seat` knows now."""
    bit = 1 << seat
    hands = tuple(
        tuple(None if c is None else ((c if k & bit else None), k) for c, k in zip(h, kn))
        for h, kn in zip(state.hands, state.known))
    drawn = state.drawn
    visible = drawn is not None and drawn_knowers(state) >> seat & 1 == 1
    return Observation(
        seat=seat, rules=state.rules, n=state.n, seats=state.seats, round_no=state.round_no,
        dealer=state.dealer, first=state.first, phase=state.phase, current=state.current,
        caller=state.caller, final_left=state.final_left, turns_done=state.turns_done,
        step=state.step, hands=hands, deck_size=len(state.deck), discard=tuple(state.discard),
        drawn=drawn if visible else None, drawn_hidden=drawn is not None and not visible,
        drawn_from=state.drawn_from, power=state.power, king_target=state.king_target,
        peeked=tuple(state.peeked), ready=tuple(state.ready), match_target=state.match_target,
        gives=tuple(tuple(g) for g in state.gives), totals=tuple(state.totals),
        rounds_won=tuple(state.rounds_won), history=tuple(state.history),
        game_over=state.game_over, winners=state.winners)
