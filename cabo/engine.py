"""Applying actions: the turn, powers, Cabo (RULES.md, "Deal", "A turn", "Cabo").

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

from dataclasses import fields

from . import matching
from .actions import (
    CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSpy, KingSwap, Match,
    NextRound, PairDiscard, PeekOwn, Ready, Replace, Several, SkipPower, Spy, Swap, TakeDiscard)
from .errors import IllegalAction
from .legal import (HOST, _peek_choices, cabo_allowed, legal_actions, own_actions,  # noqa: F401
                    peek_choices, power_allows, to_move)
from .events import (DiscardEvent, DrawEvent, Event, InitialPeekEvent, PeekEvent, PowerEvent,
                     ReplaceEvent, ReplaceTakenEvent, SkipEvent, SpyEvent, SwapEvent, TakeEvent,
                     shared_event)
from .rounds import end_game, finish_round, next_round, start_game, try_reshuffle
from .scoring import game_result
from .state import State


def new_game(rules, n_players: int, seed: int, events: list | None = None) -> State:
    """A new game, dealt and waiting for the initial peeks; the deal's events go to `events`."""
    state = State(rules, n_players, seed)
    start_game(state, [] if events is None else events)
    return state


# -- apply ----------------------------------------------------------------------------

def apply(state, action) -> list:
    """Check `action`, apply it and return the events; IllegalAction leaves `state` as it was."""
    kind = type(action)
    # The hot moves' common case first, checked and applied in one go: exactly what check +
    # do + the end of this function would do (the same changes and events). Anything else
    # (an illegal action, a rare case) goes to the general path below, which raises the
    # usual IllegalAction before any change. (`seat is state.current`: the very int object, a
    # seat of this game; an equal int that is another object just takes the general path.)
    if kind is Replace or kind is Discard:
        event = None
        seat = action.seat
        if kind is Replace:
            slots = action.slots
            if (seat is state.current and state.phase == "drawn" and not state.gives
                    and type(slots) is tuple and len(slots) == 1):
                i = slots[0]
                hand = state.hands[seat]
                if type(i) is int and 0 <= i < len(hand) and hand[i] is not None:
                    old = hand[i]
                    drawn = state.drawn
                    state.drawn = None
                    state.discard.append(old)
                    hand[i] = drawn
                    state.match_target = old
                    if state.drawn_from == "discard":
                        state.known[seat][i] = state.all_mask
                        event = _new(ReplaceTakenEvent)
                    else:
                        state.known[seat][i] = 1 << seat
                        event = _new(ReplaceEvent)
                    event.seat, event.slot, event.old, event.card = seat, i, old, drawn
                    rules = state.rules
                    power = state.powers[old] if rules.power_on == "any_discard" else None
        elif (seat is state.current and state.phase == "drawn" and state.drawn_from == "deck"
                and not state.gives):
            card = state.drawn
            state.drawn = None
            state.discard.append(card)
            state.match_target = card
            event = _new(DiscardEvent)
            event.seat, event.card = seat, card
            rules = state.rules
            power = state.powers[card]
        if event is not None:
            # the card is on the discard pile: its power, or the end of the turn (_end_turn,
            # its common case inlined), then the end of apply
            if power:
                state.power = power
                state.phase = "power"
                shown = _new(PowerEvent)
                shown.seat, shown.power = seat, power
                events = [event, shown]
                state.step += 1
                if rules.auto_cabo_empty:
                    _after_action(state, events)
                return events
            state.power = state.king_target = state.drawn_from = None
            state.turns_done += 1
            if (state.caller is None and state.deck and not rules.cabo_after_turn
                    and len(state.seats) == state.n):
                seat += 1
                state.current = seat = seat if seat < state.n else 0
                state.phase = "turn"
                events = [event, _TURN_EVENTS[seat]]
                state.step += 1
                if rules.auto_cabo_empty:  # (the deck has a card for the player on turn)
                    _after_action(state, events)
                return events
            events = [event]
            _end_turn_rest(state, events)
            state.step += 1
            if rules.auto_cabo_empty or (state.phase == "turn" and not state.deck):
                _after_action(state, events)
            return events
    elif kind is DrawDeck:
        seat = action.seat
        deck = state.deck
        if seat is state.current and state.phase == "turn" and deck and not state.gives:
            state.drawn = card = deck.pop()
            state.drawn_from = "deck"
            state.phase = "drawn"
            rules = state.rules
            if rules.match_window == "until_draw":
                state.match_target = None
            event = _new(DrawEvent)
            event.seat, event.deck_size, event.card = seat, len(deck), card
            events = [event]
            state.step += 1
            if rules.auto_cabo_empty:
                _after_action(state, events)
            return events
    elif kind is TakeDiscard:
        seat = action.seat
        discard = state.discard
        rules = state.rules
        if (seat is state.current and state.phase == "turn" and discard and rules.take_discard
                and not state.gives):
            hand = state.hands[seat]
            if None not in hand or hand.count(None) != len(hand):
                state.drawn = card = discard.pop()
                state.drawn_from = "discard"
                state.phase = "drawn"
                state.match_target = None
                event = _new(TakeEvent)
                event.seat, event.card = seat, card
                events = [event]
                state.step += 1
                if rules.auto_cabo_empty:
                    _after_action(state, events)
                return events
    elif kind is InitialPeek:  # (checks of the general path, fewer calls; the same do)
        seat, slots = action.seat, action.slots
        if (type(seat) is int and state.phase == "peek" and seat in state.seats
                and not state.peeked[seat] and type(slots) is tuple):
            rules = state.rules
            if slots in _peek_choices(rules.hand_size, rules.initial_peek, rules.peek_count):
                for i in slots:
                    if type(i) is not int:
                        break
                else:
                    events = []
                    _do_peek(state, action, events)
                    return _finished(state, events)
    elif kind is CallCabo:  # (instead of a turn: the checks of _check_cabo, the same do)
        seat = action.seat
        rules = state.rules
        if (seat is state.current and state.phase == "turn" and not state.gives
                and state.caller is None and rules.cabo_instead
                and state.turns_done >= rules.cabo_min_rounds * len(state.seats)):
            events = []
            _do_cabo(state, action, events)
            return _finished(state, events)
    elif kind is NextRound:  # (the checks of _check_next_round, the same do)
        if state.phase == "round_over" and action.seat is HOST:
            events = []
            next_round(state, events)
            return _finished(state, events)
    elif kind in _POWER_KINDS:
        # (a power's common case: the card's own power, used at once; the same checks as
        # _check_power and power_allows, and the same changes and events as the do handlers)
        seat = action.seat
        if seat is state.current and state.phase == "power" and not state.gives:
            power = state.power
            event = None
            if kind is PeekOwn:
                i = action.slot
                hand = state.hands[seat]
                if (power == "peek" and type(i) is int and 0 <= i < len(hand)
                        and hand[i] is not None):
                    state.known[seat][i] |= 1 << seat
                    event = _new(PeekEvent)
                    event.seat, event.slot, event.card = seat, i, hand[i]
            elif kind is Spy:
                target, i = action.target, action.slot
                if (power == "spy" and type(target) is int and type(i) is int
                        and target != seat and target in state.seats):
                    hand = state.hands[target]
                    if 0 <= i < len(hand) and hand[i] is not None:
                        state.known[target][i] |= 1 << seat
                        event = _new(SpyEvent)
                        event.seat, event.target, event.slot, event.card = seat, target, i, hand[i]
            elif kind is Swap:
                i, target, j = action.slot, action.target, action.target_slot
                if (power == "swap" and type(i) is int and type(target) is int
                        and type(j) is int and target != seat and target in state.seats
                        and not (state.rules.protect_caller and target == state.caller)):
                    hands = state.hands
                    hand, other = hands[seat], hands[target]
                    if (0 <= i < len(hand) and hand[i] is not None and 0 <= j < len(other)
                            and other[j] is not None):
                        hand[i], other[j] = other[j], hand[i]
                        k, kt = state.known[seat], state.known[target]
                        k[i], kt[j] = kt[j], k[i]
                        event = _new(SwapEvent)
                        event.seat, event.slot, event.target, event.target_slot = (
                            seat, i, target, j)
            else:  # SkipPower
                event = _new(SkipEvent)
                event.seat, event.power = seat, power
            if event is not None:
                events = [event]
                _end_turn(state, events)
                return _finished(state, events)
    return _apply_checked(state, action, kind)


def _apply_checked(state, action, kind=None) -> list:
    """`apply`'s general path: the check and do handlers of every action class (for the hot
    moves, the handlers that apply's fast path inlines; tests/test_trusted_apply.py plays
    both and compares them)."""
    if kind is None:
        kind = type(action)
    handler = _HANDLERS.get(kind)
    if handler is None:
        if kind is Several:
            raise IllegalAction(f"{action!r} stands for several actions: choose one (make)")
        raise IllegalAction(f"not an action: {action!r}")
    seat = action.seat  # (every action class has a seat)
    if type(seat) is not int or not 0 <= seat < state.n:
        raise IllegalAction(f"no seat {seat!r} in this game")
    check, do, names = handler
    if names:
        _check_fields(action, names)
    check(state, action)
    events = []
    do(state, action, events)
    return _finished(state, events)


def _finished(state, events) -> list:
    """The end of every `apply`: count the step, then refill an emptied deck for the player
    on turn or call Cabo for a player left without cards (`_after_action`) where needed."""
    state.step += 1
    if state.rules.auto_cabo_empty or (state.phase == "turn" and not state.deck):
        _after_action(state, events)
    return events


def apply_trusted(state, action) -> list:
    """`apply` without the checks, for an action taken from the engine's own legal list now
    (a listed action, or a member of a listed `Several` family): the same state changes and
    events, faster (search rollouts). Anything else may corrupt the state: every action that
    comes from outside (a person, a guest's device, a bot's choice) goes through `apply`."""
    kind = type(action)
    if kind in _FAST_KINDS:  # (their checks in apply cost less than the general path)
        return apply(state, action)
    events = []
    _HANDLERS[kind][1](state, action, events)
    return _finished(state, events)


def _check_fields(action, names=None) -> None:
    """Malformed values raise IllegalAction: ints (not bools) and tuples of ints / of pairs."""
    for name in names or _FIELD_NAMES[type(action)]:  # (seat is checked by apply)
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

_AUTO_CABO_PHASES = frozenset(("turn", "drawn", "power", "king", "after_turn"))


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise IllegalAction(message)


def _check_turn(state, a, phases) -> None:
    if state.gives:
        raise IllegalAction("a card must be given first")
    if state.phase not in phases:  # (no f-string on the hot path unless it fails)
        raise IllegalAction(f"not possible now (phase {state.phase})")
    if a.seat != state.current:
        raise IllegalAction(f"it is seat {state.current}'s turn")


# InitialPeek
def _check_peek(state, a):
    if state.phase != "peek":
        raise IllegalAction("the initial peek is over")
    if a.seat not in state.seats or state.peeked[a.seat]:
        raise IllegalAction("this seat has peeked already")
    rules = state.rules
    if not (isinstance(a.slots, tuple) and a.slots in _peek_choices(
            rules.hand_size, rules.initial_peek, rules.peek_count)):
        raise IllegalAction(f"peek at {rules.peek_count} different own slots "
                            f"({rules.initial_peek})")


def _do_peek(state, a, events):
    seat, slots = a.seat, a.slots
    bit = 1 << seat
    known, hand = state.known[seat], state.hands[seat]
    for i in slots:
        known[i] |= bit
    state.peeked[seat] = True
    event = _new(InitialPeekEvent)
    event.seat, event.slots, event.cards = seat, slots, tuple([hand[i] for i in slots])
    events.append(event)
    if all(state.peeked):
        _begin_turn(state, state.current, events)


# DrawDeck / TakeDiscard
def _check_draw(state, a):
    if state.gives or state.phase != "turn" or a.seat != state.current:
        _check_turn(state, a, ("turn",))
    if not state.deck:
        raise IllegalAction("the deck is empty")


def _close_window(state):
    if state.rules.match_window == "until_draw":
        state.match_target = None


def _do_draw(state, a, events):
    state.drawn = state.deck.pop()
    state.drawn_from = "deck"
    state.phase = "drawn"
    _close_window(state)
    events.append(Event("draw", a.seat, {"deck_size": len(state.deck)}, {"card": state.drawn},
                        1 << a.seat))


def _check_take(state, a):
    if state.gives or state.phase != "turn" or a.seat != state.current:
        _check_turn(state, a, ("turn",))
    hand = state.hands[a.seat]
    if state.rules.take_discard and state.discard and hand.count(None) != len(hand):
        return
    _require(state.rules.take_discard, "these rules do not allow taking the discard")
    _require(bool(state.discard), "the discard pile is empty")
    _require(state.has_cards(a.seat), "you have no card to replace")


def _do_take(state, a, events):
    state.drawn = state.discard.pop()
    state.drawn_from = "discard"
    state.phase = "drawn"
    state.match_target = None
    events.append(Event("take_discard", a.seat, {"card": state.drawn}))


# Replace / Discard
def _check_replace(state, a):
    slots = a.slots
    if type(slots) is tuple and len(slots) == 1 and type(slots[0]) is int:
        # (the common case, checked without building lists)
        if state.gives or state.phase != "drawn" or a.seat != state.current:
            _check_turn(state, a, ("drawn",))
        i = slots[0]
        hand = state.hands[a.seat]
        if not (0 <= i < len(hand) and hand[i] is not None):
            raise IllegalAction("choose your own cards")
        return
    _check_fields(a, ("slots",))
    _check_turn(state, a, ("drawn",))
    hand = state.hands[a.seat]
    _require(isinstance(slots, tuple) and len(slots) >= 1, "choose at least one slot")
    _require(len(set(slots)) == len(slots) and list(slots) == sorted(slots),
             "slots must be different and in ascending order")
    _require(all(0 <= i < len(hand) and hand[i] is not None for i in slots),
             "choose your own cards")
    _require(len(slots) == 1 or state.rules.multi_replace,
             "these rules do not allow replacing several cards")
    _require(len(slots) <= state.most_equal,
             f"no more than {state.most_equal} cards can have the same value")


def _do_replace(state, a, events):
    seat, slots = a.seat, a.slots
    hand, known = state.hands[seat], state.known[seat]
    drawn = state.drawn
    mask = state.all_mask if state.drawn_from == "discard" else 1 << seat
    state.drawn = None
    if len(slots) == 1:  # (the common case, without the lists of a multi-replace)
        i = slots[0]
        old = hand[i]
        state.discard.append(old)
        hand[i] = drawn
        known[i] = mask
        state.match_target = old
        data = {"slots": [i], "discarded": [old], "ok": True}
        if state.drawn_from == "discard":
            data["card"] = drawn
        events.append(Event("replace", seat, data, {"card": drawn}, 1 << seat))
        power = state.powers[old]
        if power and state.rules.power_on == "any_discard":
            return _enter_power(state, power, events)
        return _end_turn(state, events)
    cards = [hand[i] for i in slots]
    if len({state.values[c] for c in cards}) == 1:
        for i in slots:
            state.discard.append(hand[i])
            hand[i] = None
            known[i] = 0
        hand[slots[0]] = drawn
        known[slots[0]] = mask
        state.match_target = state.discard[-1]
        events.append(Event("replace", seat, {"slots": list(slots), "discarded": cards,
                                              "ok": True, **_drawn_public(state, drawn)},
                            {"card": drawn}, 1 << seat))
        if len(slots) == 1 and state.rules.power_on == "any_discard" and state.powers[cards[0]]:
            return _enter_power(state, state.powers[cards[0]], events)
        return _end_turn(state, events)
    # a wrong multi-replace: the cards stay, the drawn card joins the row at the right end
    if state.rules.wrong_multi_reveal:
        for i in slots:
            known[i] = state.all_mask
    hand.append(drawn)
    known.append(mask)
    events.append(Event("replace", seat, {
        "slots": list(slots), "ok": False,
        "revealed": cards if state.rules.wrong_multi_reveal else None,
        "new_slot": len(hand) - 1, **_drawn_public(state, drawn)}, {"card": drawn}, 1 << seat))
    _end_turn(state, events)


def _drawn_mask(state, seat):
    return state.all_mask if state.drawn_from == "discard" else 1 << seat


def _drawn_public(state, drawn):
    return {"card": drawn} if state.drawn_from == "discard" else {}


def _check_discard(state, a):
    if state.gives or state.phase != "drawn" or a.seat != state.current:
        _check_turn(state, a, ("drawn",))
    _require(state.drawn_from == "deck" or not state.has_cards(a.seat),
             "a card taken from the discard pile must replace one of yours")


def _do_discard(state, a, events):
    card = state.drawn
    state.drawn = None
    state.discard.append(card)
    state.match_target = card
    events.append(Event("discard", a.seat, {"card": card}))
    power = state.powers[card] if state.drawn_from == "deck" else None
    if power:
        return _enter_power(state, power, events)
    _end_turn(state, events)


# Powers
_POWER_PHASES = ("power", "king")


def _enter_power(state, power, events):
    state.power = power
    state.phase = "power"
    events.append(Event("power", state.current, {"power": power}))


def _check_power(state, a):
    if state.gives or state.phase not in _POWER_PHASES or a.seat != state.current:
        _check_turn(state, a, _POWER_PHASES)
    if not power_allows(state, a):
        raise IllegalAction(f"{a!r} is not allowed now")


def _do_peek_own(state, a, events):
    state.known[a.seat][a.slot] |= 1 << a.seat
    events.append(Event("peek", a.seat, {"slot": a.slot},
                        {"card": state.hands[a.seat][a.slot]}, 1 << a.seat))
    _end_turn(state, events)


def _do_spy(state, a, events):
    state.known[a.target][a.slot] |= 1 << a.seat
    kind = "king_spy" if isinstance(a, KingSpy) else "spy"
    events.append(Event(kind, a.seat, {"target": a.target, "slot": a.slot},
                        {"card": state.hands[a.target][a.slot]}, 1 << a.seat))
    if kind == "king_spy":
        state.phase = "king"
        state.king_target = (a.target, a.slot)
        return
    _end_turn(state, events)


def _swap(state, seat, slot, target, target_slot):
    h, k = state.hands, state.known
    h[seat][slot], h[target][target_slot] = h[target][target_slot], h[seat][slot]
    k[seat][slot], k[target][target_slot] = k[target][target_slot], k[seat][slot]


def _do_swap(state, a, events):
    _swap(state, a.seat, a.slot, a.target, a.target_slot)
    events.append(Event("swap", a.seat, {"slot": a.slot, "target": a.target,
                                         "target_slot": a.target_slot}))
    _end_turn(state, events)


def _do_king_swap(state, a, events):
    target, target_slot = state.king_target
    _swap(state, a.seat, a.slot, target, target_slot)
    events.append(Event("swap", a.seat, {"slot": a.slot, "target": target,
                                         "target_slot": target_slot}))
    _end_turn(state, events)


def _do_skip(state, a, events):
    events.append(Event("skip_power", a.seat, {"power": state.power}))
    _end_turn(state, events)


# Cabo and the end of a turn
def _check_cabo(state, a):
    _check_turn(state, a, ("turn", "after_turn"))
    _require(state.caller is None, "Cabo has been called already")
    if state.phase == "turn":
        _require(state.rules.cabo_instead, "these rules call Cabo at the end of a turn")
        _require(cabo_allowed(state),
                 f"Cabo only after {state.rules.cabo_min_rounds} turns of every player")


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
    if state.gives or state.phase != "after_turn" or a.seat != state.current:
        _check_turn(state, a, ("after_turn",))


def _do_end_turn(state, a, events):
    if state.caller is not None:  # an automatic Cabo came during this turn: it was the last
        state.final_left &= ~(1 << a.seat)
    _advance(state, events)


def _end_turn(state, events):
    """The current player's turn is complete."""
    state.power = state.king_target = state.drawn_from = None
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
    elif state.rules.cabo_after_turn and cabo_allowed(state):
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
        state.phase = "final"
        state.ready = [s not in state.seats for s in range(state.n)]
        events.append(Event("last_chance", None))
        return
    finish_round(state, events)


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
    InitialPeek: (_check_peek, _do_peek),
    DrawDeck: (_check_draw, _do_draw),
    TakeDiscard: (_check_take, _do_take),
    Replace: (_check_replace, _do_replace),
    Discard: (_check_discard, _do_discard),
    PeekOwn: (_check_power, _do_peek_own),
    Spy: (_check_power, _do_spy),
    Swap: (_check_power, _do_swap),
    KingSpy: (_check_power, _do_spy),
    KingSwap: (_check_power, _do_king_swap),
    SkipPower: (_check_power, _do_skip),
    CallCabo: (_check_cabo, _do_cabo),
    EndTurn: (_check_end_turn, _do_end_turn),
    Match: (matching.check_match, matching.apply_match),
    PairDiscard: (matching.check_pair, matching.apply_pair),
    Give: (matching.check_give, matching.apply_give),
    Ready: (_check_ready, _do_ready),
    NextRound: (_check_next_round, _do_next_round),
    EndGame: (_check_end_game, _do_end_game),
}
_new = object.__new__  # (the fast path's events are made without an __init__ call)
_POWER_KINDS = frozenset((PeekOwn, Spy, Swap, SkipPower))  # (apply's fast path for powers)
_FAST_KINDS = frozenset((Replace, DrawDeck, TakeDiscard, Discard)) | _POWER_KINDS
_FIELD_NAMES = {cls: tuple(f.name for f in fields(cls) if f.name != "seat") for cls in _HANDLERS}
# (Replace checks its slots itself, with a fast path for one slot)
_HANDLERS = {cls: (check, do, () if cls is Replace else _FIELD_NAMES[cls])
             for cls, (check, do) in _HANDLERS.items()}
