"""Applying actions: the turn, powers, Cabo (docs/RULES.md, "Deal", "A turn", "Cabo").

`apply(state, action)` checks the action, changes the state and returns the events; legal.py
lists what each seat may do (`legal_actions`, re-exported here with `to_move`). An illegal action raises
IllegalAction and leaves the state exactly as it was: every check runs before any change.

Decisions where the texts are silent (see also matching.py and scoring.py):
- "Cabo instead of a turn" counts as that player's turn; after a call, every other player of
  the round still owed a turn gets exactly one, in seat order; a player whose turn is under
  way when someone else calls (automatic Cabo) has that turn as the last one;
- with `last_match_chance`, the reveal waits until every player of the round said Ready;
- a multi-replace puts the drawn card in the leftmost chosen slot and empties the others;
- the player on turn, before drawing, always finds a card on the deck: at every turn boundary,
  and after every action that leaves the deck empty while that player has not drawn yet (an
  off-turn penalty card can take its last card), an empty deck is refilled from the discard
  pile; empty and nothing to reshuffle (or no reshuffle allowed) ends the round. Other cards
  that need the deck (penalty cards) refill it when they are drawn (rounds.py);
- a Cabo call instead of a turn draws nothing, so it leaves the matching window open
  ("bevor der nächste Spieler zieht", seeds/002): the window closes when a card is drawn or
  the top discard is taken.
"""

from __future__ import annotations

from . import matching
from .actions import (
    CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSpy, KingSwap, Match,
    NextRound, PairDiscard, PeekOwn, Ready, Replace, Several, SkipPower, Spy, Swap, TakeDiscard)
from .errors import IllegalAction
from .legal import (HOST, _peek_choices, legal_actions, may_call_cabo,  # noqa: F401
                    may_discard_drawn, may_take_discard, own_actions, peek_choices,
                    power_allows, to_move)
from .events import (DiscardEvent, DrawEvent, Event, InitialPeekEvent, KingSpyEvent,
                     PeekEvent, PowerEvent, ReplaceEvent, SkipEvent, SpyEvent, SwapEvent,
                     TakeEvent, WrongReplaceEvent, shared_event)
from .observation import drawn_knowers, drawn_power
from .rounds import end_game, finish_round, next_round, start_game, try_reshuffle
from .scoring import game_result
from .state import TURN_PHASES, State


def new_game(rules, n_players: int, seed: int, events: list | None = None) -> State:
    """A new game, dealt and waiting for the initial peeks; the deal's events go to `events`."""
    state = State(rules, n_players, seed)
    start_game(state, [] if events is None else events)
    return state


# -- apply ----------------------------------------------------------------------------

def apply(state, action) -> list:
    """Check `action`, do it and finish the step; return the events. IllegalAction leaves
    `state` as it was: every check runs before any change."""
    try:
        handler = _HANDLERS[type(action)]
    except KeyError:
        if type(action) is Several:
            raise IllegalAction(f"{action!r} stands for several actions: choose one (make)"
                                ) from None
        raise IllegalAction(f"not an action: {action!r}") from None
    events = []
    handler(state, action, events, True)
    state.step += 1  # (the finish, as in _finished: inlined on the hottest path)
    if not state.deck and state.phase == "turn" or state.rules.auto_cabo_empty:
        _after_action(state, events)
    return events


def apply_trusted(state, action) -> list:
    """`apply` without the check, for an action taken from the engine's own legal list now
    (a listed action, or a member of a listed `Several` family): the same do and finish, so
    the same state changes and events (search rollouts). Anything else may corrupt the state:
    every action that comes from outside (a person, a guest's device, a bot's choice) goes
    through `apply`."""
    events = []
    _HANDLERS[type(action)](state, action, events, False)
    return _finished(state, events)


def _finished(state, events) -> list:
    """The end of every step: count it, then refill an emptied deck for the player on turn or
    call Cabo for a player left without cards (`_after_action`) where needed."""
    state.step += 1
    if not state.deck and state.phase == "turn" or state.rules.auto_cabo_empty:
        _after_action(state, events)
    return events


def _check_values(state, action) -> None:
    """Malformed values raise IllegalAction: a seat of this game, then the other fields,
    ints (not bools) and tuples of ints / of pairs."""
    seat = action.seat  # (every action class has a seat)
    if type(seat) is not int or seat < 0 or seat >= state.n:
        raise IllegalAction(f"no seat {seat!r} in this game")
    for name in _FIELD_NAMES[type(action)]:
        value = getattr(action, name)
        if name == "slots":
            ok = isinstance(value, tuple)
            for i in value if ok else ():  # (a loop: cheaper than all() on a few slots)
                if type(i) is not int:
                    ok = False
                    break
        elif name == "cards":
            ok = isinstance(value, tuple) and all(
                isinstance(p, tuple) and len(p) == 2 and all(type(i) is int for i in p)
                for p in value)
        else:
            ok = type(value) is int
        if not ok:
            raise IllegalAction(f"{type(action).__name__}: malformed {name} {value!r}")


def _handler(check, do, any_seat=False):
    """The handler of an action kind, `handler(state, a, events, check)`: with `check`, run
    `check(state, a)` (`any_seat`: an action that is not the turn player's own, so first a
    seat of this game and well-formed fields), then `do(state, a, events)`. The handlers of
    the frequent moves (`_draw` ...) are written out: their check's common case inline."""
    if any_seat:
        def handler(state, a, events, checked):
            if checked:
                _check_values(state, a)
                check(state, a)
            do(state, a, events)
    else:
        def handler(state, a, events, checked):
            if checked:
                check(state, a)
            do(state, a, events)
    return handler


def _after_action(state, events) -> None:
    """Refill an emptied deck for the player on turn; automatic Cabo for a player left without
    cards, once nobody owes a card."""
    if state.phase == "turn" and not state.deck and not _deck_for_turn(state, events):
        return
    if (not state.rules.auto_cabo_empty or state.caller is not None or state.gives
            or state.phase not in _AUTO_CABO_PHASES):
        return
    hands = state.hands
    for seat in state.seats:
        hand = hands[seat]
        if hand.count(None) == len(hand):  # (no card left: State.has_cards, inlined)
            _call_cabo(state, seat, events, automatic=True)
            if seat == state.current and state.phase in ("turn", "after_turn"):
                if state.phase == "turn":
                    state.turns_done += 1
                _advance(state, events)
            return


# ("turn" events carry nothing but the seat: one read-only event per seat, handed out again)
_TURN_EVENTS = tuple(shared_event("turn", seat) for seat in range(8))

_AUTO_CABO_PHASES = TURN_PHASES


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise IllegalAction(message)


def _check_turn(state, a, phases) -> None:
    """The player on turn acts, in one of `phases`, and nobody owes a card: the full check,
    which also checks the action's fields. The handlers of the turn player's moves run their
    check's common case first, `a.seat is state.current and not state.gives and state.phase
    in phases` (the very int object) and what the move needs, and call the full check
    (`_check_draw` ...) only where that fails (an equal int that is another object passes
    there)."""
    _check_values(state, a)
    if state.gives:
        raise IllegalAction("a card must be given first")
    if state.phase not in phases:
        raise IllegalAction(f"not possible now (phase {state.phase})")
    if a.seat != state.current:
        raise IllegalAction(f"it is seat {state.current}'s turn")


_TURN, _DRAWN, _POWER_PHASES = ("turn",), ("drawn",), ("power", "king")


# InitialPeek
def _check_peek(state, a):
    if state.phase != "peek":
        raise IllegalAction("the initial peek is over")
    if a.seat not in state.seats or state.peeked[a.seat]:
        raise IllegalAction("this seat has peeked already")
    rules = state.rules
    if a.slots not in _peek_choices(rules.hand_size, rules.initial_peek, rules.peek_count):
        raise IllegalAction(f"peek at {rules.peek_count} different own slots "
                            f"({rules.initial_peek})")


def _do_peek(state, a, events):
    seat, slots = a.seat, a.slots
    bit = 1 << seat
    known, hand = state.known[seat], state.hands[seat]
    cards = []  # (a loop, not a comprehension: one reading `hand` would make it a cell)
    for i in slots:
        known[i] |= bit
        cards.append(hand[i])
    state.peeked[seat] = True
    e = InitialPeekEvent()
    e.seat, e.slots, e.cards = seat, slots, tuple(cards)
    events.append(e)
    if all(state.peeked):
        _begin_turn(state, state.current, events)


# DrawDeck / TakeDiscard
def _check_draw(state, a):
    _check_turn(state, a, _TURN)
    if not state.deck:
        raise IllegalAction("the deck is empty")


def _draw(state, a, events, check):
    deck = state.deck
    if check and (a.seat is not state.current or state.gives or state.phase != "turn"
                  or not deck):
        _check_draw(state, a)
    state.drawn = card = deck.pop()
    state.drawn_from = "deck"
    state.phase = "drawn"
    if state.rules.match_window == "until_draw":
        state.match_target = None
    e = DrawEvent()
    e.seat, e.deck_size, e.card = a.seat, len(deck), card
    events.append(e)


def _check_take(state, a):
    _check_turn(state, a, _TURN)
    if not may_take_discard(state, a.seat):
        _require(state.rules.take_discard, "these rules do not allow taking the discard")
        _require(bool(state.discard), "the discard pile is empty")
        raise IllegalAction("you have no card to replace")


def _take(state, a, events, check):
    if check and (a.seat is not state.current or state.gives or state.phase != "turn"
                  or not may_take_discard(state, a.seat)):
        _check_take(state, a)
    state.drawn = card = state.discard.pop()
    state.drawn_from = "discard"
    state.phase = "drawn"
    state.match_target = None
    e = TakeEvent()
    e.seat, e.card = a.seat, card
    events.append(e)


# Replace / Discard
def _check_replace(state, a):
    _check_turn(state, a, _DRAWN)
    slots = a.slots
    hand = state.hands[a.seat]
    _require(len(slots) >= 1, "choose at least one slot")
    _require(len(set(slots)) == len(slots) and list(slots) == sorted(slots),
             "slots must be different and in ascending order")
    _require(all(0 <= i < len(hand) and hand[i] is not None for i in slots),
             "choose your own cards")
    _require(len(slots) == 1 or state.rules.multi_replace,
             "these rules do not allow replacing several cards")
    _require(len(slots) <= state.most_equal,
             f"no more than {state.most_equal} cards can have the same value")


def _replace(state, a, events, check):
    seat, slots = a.seat, a.slots
    if check:
        if (seat is not state.current or state.gives or state.phase != "drawn"
                or type(slots) is not tuple or len(slots) != 1):
            _check_replace(state, a)
        else:  # (the common case: one own occupied slot)
            i, hand = slots[0], state.hands[seat]
            # (two comparisons, not a chained one: CPython 3.11 specializes each)
            if type(i) is not int or i < 0 or i >= len(hand) or hand[i] is None:
                _check_replace(state, a)
    hand = state.hands[seat]
    drawn = state.drawn
    state.drawn = None
    if len(slots) == 1:
        i = slots[0]
        old = hand[i]
        hand[i] = drawn
        state.known[seat][i] = drawn_knowers(state)
        state.discard.append(old)
        state.match_target = old
        discarded = (old,)
    else:
        discarded = _replace_several(state, seat, slots, hand, drawn, events)
        if discarded is None:
            return
        old = None  # (a multi-replace grants no power)
    e = ReplaceEvent()  # (filled one field at a time: no tuple to build and unpack)
    e.seat = seat
    e.slots = slots
    e.discarded = discarded
    e.card = drawn
    e.taken = state.drawn_from == "discard"
    events.append(e)
    if old is not None and state.rules.power_on == "any_discard" and state.powers[old]:
        return _enter_power(state, state.powers[old], events)
    _end_turn(state, events)


def _replace_several(state, seat, slots, hand, drawn, events):
    """The row's part of a multi-replace: the cards of equal value go onto the discard pile
    and the drawn card takes the first slot (the discarded cards returned); of different
    values, the wrong replace, done whole (None returned)."""
    discarded = [hand[i] for i in slots]
    if len({state.values[c] for c in discarded}) != 1:
        return _wrong_replace(state, seat, slots, discarded, drawn, events)
    known = state.known[seat]
    for i in slots:
        state.discard.append(hand[i])
        hand[i] = None
        known[i] = 0
    hand[slots[0]] = drawn
    known[slots[0]] = drawn_knowers(state)
    state.match_target = state.discard[-1]
    return discarded


def _wrong_replace(state, seat, slots, cards, drawn, events):
    """A multi-replace of cards of different values: the cards stay, the drawn card joins
    the row at the right end."""
    hand, known = state.hands[seat], state.known[seat]
    reveal = state.rules.wrong_multi_reveal
    if reveal:
        for i in slots:
            known[i] = state.all_mask
    hand.append(drawn)
    known.append(drawn_knowers(state))
    e = WrongReplaceEvent()
    e.seat = seat
    e.slots = slots
    e.discarded = None
    e.card = drawn
    e.taken = state.drawn_from == "discard"
    e.revealed, e.new_slot = cards if reveal else None, len(hand) - 1
    events.append(e)
    _end_turn(state, events)


def _check_discard(state, a):
    _check_turn(state, a, _DRAWN)
    if not may_discard_drawn(state, a.seat):
        raise IllegalAction("a card taken from the discard pile must replace one of yours")


def _discard(state, a, events, check):
    if check and (a.seat is not state.current or state.gives or state.phase != "drawn"
                  or state.drawn_from != "deck"):
        _check_discard(state, a)
    card = state.drawn
    state.drawn = None
    state.discard.append(card)
    state.match_target = card
    e = DiscardEvent()
    e.seat, e.card = a.seat, card
    events.append(e)
    power = drawn_power(state.powers, card, state.drawn_from)
    if power:
        return _enter_power(state, power, events)
    _end_turn(state, events)


# Powers
def _enter_power(state, power, events):
    state.power = power
    state.phase = "power"
    e = PowerEvent()
    e.seat, e.power = state.current, power
    events.append(e)


def _check_power(state, a):
    if a.seat is not state.current or state.gives or state.phase not in _POWER_PHASES:
        _check_turn(state, a, _POWER_PHASES)
    if not power_allows(state, a):
        _check_values(state, a)
        raise IllegalAction(f"{a!r} is not allowed now")


def _do_peek_own(state, a, events):
    seat, slot = a.seat, a.slot
    state.known[seat][slot] |= 1 << seat
    e = PeekEvent()
    e.seat, e.slot, e.card = seat, slot, state.hands[seat][slot]
    events.append(e)
    _end_turn(state, events)


def _do_spy(state, a, events):
    seat, target, slot = a.seat, a.target, a.slot
    state.known[target][slot] |= 1 << seat
    e = SpyEvent()
    e.seat = seat
    e.target = target
    e.slot = slot
    e.card = state.hands[target][slot]
    events.append(e)
    _end_turn(state, events)


def _do_king_spy(state, a, events):
    state.known[a.target][a.slot] |= 1 << a.seat
    e = KingSpyEvent()
    e.seat = a.seat
    e.target = a.target
    e.slot = a.slot
    e.card = state.hands[a.target][a.slot]
    events.append(e)
    state.phase = "king"
    state.king_target = (a.target, a.slot)


def _swap(state, seat, slot, target, target_slot, events):
    h, k = state.hands, state.known
    hand, other = h[seat], h[target]
    hand[slot], other[target_slot] = other[target_slot], hand[slot]
    k1, k2 = k[seat], k[target]
    k1[slot], k2[target_slot] = k2[target_slot], k1[slot]
    e = SwapEvent()
    e.seat = seat
    e.slot = slot
    e.target = target
    e.target_slot = target_slot
    events.append(e)
    _end_turn(state, events)


def _do_swap(state, a, events):
    _swap(state, a.seat, a.slot, a.target, a.target_slot, events)


def _do_king_swap(state, a, events):
    _swap(state, a.seat, a.slot, *state.king_target, events)


def _do_skip(state, a, events):
    e = SkipEvent()
    e.seat, e.power = a.seat, state.power
    events.append(e)
    _end_turn(state, events)


# Cabo and the end of a turn
def _check_cabo(state, a):
    if a.seat is not state.current or state.gives or state.phase not in _CABO_PHASES:
        _check_turn(state, a, _CABO_PHASES)
    if state.caller is not None:
        raise IllegalAction("Cabo has been called already")
    if state.phase == "turn" and not (state.rules.cabo_instead and may_call_cabo(state)):
        _require(state.rules.cabo_instead, "these rules call Cabo at the end of a turn")
        raise IllegalAction(f"Cabo only after {state.rules.cabo_min_rounds} turns of every "
                            "player")


_CABO_PHASES = ("turn", "after_turn")


def _call_cabo(state, seat, events, automatic=False):
    state.caller = seat
    state.final_left = 0
    for s in state.seats:
        if s != seat:
            state.final_left |= 1 << s
    events.append(Event("cabo", seat, {"automatic": automatic}))


def _do_cabo(state, a, events):
    instead = state.phase == "turn"
    _call_cabo(state, a.seat, events)
    if instead:  # nothing is drawn: the matching window stays open
        state.turns_done += 1
    _advance(state, events)


def _check_end_turn(state, a):
    _check_turn(state, a, ("after_turn",))


def _do_end_turn(state, a, events):
    if state.caller is not None:  # an automatic Cabo came during this turn: it was the last
        state.final_left &= ~(1 << a.seat)
    _advance(state, events)


def _end_turn(state, events):
    """The current player's turn is complete."""
    state.power = None
    state.king_target = None
    state.drawn_from = None
    state.turns_done += 1
    if (state.caller is None and not state.rules.cabo_after_turn and state.deck
            and len(state.seats) == state.n):
        # (the common case of _advance and _begin_turn, inlined: nobody called, the deck
        # has a card, everyone is dealt in)
        seat = state.current + 1
        state.current = seat = seat if seat < state.n else 0
        state.phase = "turn"
        events.append(_TURN_EVENTS[seat])
        return
    _end_turn_rest(state, events)


def _end_turn_rest(state, events):
    """`_end_turn` past its common case (the turn's fields are reset already)."""
    if state.caller is not None:
        state.final_left &= ~(1 << state.current)
    elif state.rules.cabo_after_turn and may_call_cabo(state):
        state.phase = "after_turn"
        return
    _advance(state, events)


def _advance(state, events):
    """Pass the turn on, or end the round."""
    if state.caller is not None:
        if not state.final_left:
            return _round_over(state, events)
        seat = state.next_seat(state.current)
        while not state.final_left >> seat & 1:
            seat = state.next_seat(seat)
    else:
        seat = state.next_seat(state.current)
    _begin_turn(state, seat, events)


def _begin_turn(state, seat, events):
    """Give `seat` its turn, unless the deck is empty and cannot be refilled: then the round
    ends (and no turn is announced)."""
    if not state.deck and not _deck_for_turn(state, events):
        return
    state.current = seat
    state.phase = "turn"
    events.append(_TURN_EVENTS[seat])


def _deck_for_turn(state, events) -> bool:
    """The player on turn must be able to draw: refill the empty deck from the discard pile,
    or end the round (False) if there is nothing to reshuffle."""
    if try_reshuffle(state, events):
        return True
    events.append(Event("deck_empty", None))
    _round_over(state, events)
    return False


def _round_over(state, events):
    if state.rules.last_match_chance and state.rules.match != "off":
        return _last_chance(state, events)
    finish_round(state, events)


def _last_chance(state, events):
    """The reveal waits until every player of the round said Ready."""
    state.phase = "final"
    state.ready = [s not in state.seats for s in range(state.n)]
    events.append(Event("last_chance", None))


# Off-turn and round-end actions
def _check_ready(state, a):
    _require(not state.gives, "a card must be given first")
    _require(state.phase == "final" and a.seat in state.seats and not state.ready[a.seat],
             "nothing to be ready for")


def _do_ready(state, a, events):
    state.ready[a.seat] = True
    events.append(Event("ready", a.seat))
    if all(state.ready):
        finish_round(state, events)


def _check_next_round(state, a):
    if state.phase != "round_over":
        raise IllegalAction("the round is not over")
    if a.seat != HOST:
        raise IllegalAction("the host deals the next round")


def _do_next_round(state, a, events):
    next_round(state, events)


def _check_end_game(state, a):
    _check_next_round(state, a)
    _require(state.rules.game_end == "host", "these rules end the game by points")


def _do_end_game(state, a, events):
    _, winners, _ = game_result(state.rules, state.totals, state.seats, state.rounds_won,
                                [], host_ended=True)
    end_game(state, winners, events)


_HANDLERS = {
    InitialPeek: _handler(_check_peek, _do_peek, any_seat=True),
    DrawDeck: _draw,
    TakeDiscard: _take,
    Replace: _replace,
    Discard: _discard,
    PeekOwn: _handler(_check_power, _do_peek_own),
    Spy: _handler(_check_power, _do_spy),
    Swap: _handler(_check_power, _do_swap),
    KingSpy: _handler(_check_power, _do_king_spy),
    KingSwap: _handler(_check_power, _do_king_swap),
    SkipPower: _handler(_check_power, _do_skip),
    CallCabo: _handler(_check_cabo, _do_cabo),
    EndTurn: _handler(_check_end_turn, _do_end_turn),
    Match: _handler(matching.check_match, matching.apply_match, any_seat=True),
    PairDiscard: _handler(matching.check_pair, matching.apply_pair, any_seat=True),
    Give: _handler(matching.check_give, matching.apply_give, any_seat=True),
    Ready: _handler(_check_ready, _do_ready, any_seat=True),
    NextRound: _handler(_check_next_round, _do_next_round, any_seat=True),
    EndGame: _handler(_check_end_game, _do_end_game, any_seat=True),
}
# (the checks of the turn player's own moves check the seat and the fields themselves)
_FIELD_NAMES = {cls: tuple(n for n in cls.FIELDS if n != "seat") for cls in _HANDLERS}
