"""What each seat may do now: `to_move`, `legal_actions`, `own_actions` (docs/RULES.md, "A turn").

Actions come in a stable order: a seat's own moves first (in the order below), then the
off-turn matches of matching.py. engine.py applies them; its checks use the same helpers, so
what is listed here is exactly what `apply` accepts.

Decision (issue 12, seeds): moves that choose a *set* of cards are listed as one `Several`
entry each (actions.py), not one action per subset, so that listing, checking and choosing
stay linear in the number of cards at any hand size (a hand grows with every wrong
multi-replace and penalty card; 2^k subsets made 262,144 actions at 18 cards):
- a multi-replace (`Several(Replace, ...)`, after the one-slot Replace actions) is any 2 to
  `most` own occupied slots. 000 allows "2, 3 oder 4 Karten mit gleichem Wert"; 001 "2 oder
  mehr" and 004 "multiple cards ... (e.g. two Qs, three 5s)" set no limit, but no set larger
  than the number of equal cards in the game (`State.most_equal`: 4 in every preset) can
  ever be equal, so that is the limit for all: 2, 3 or 4 cards. A wrong one (cards of
  different values, or a guess) is allowed as before;
- a pair discard (matching.py) is any 2 to `most_equal` cards of the seats one may take from.
`permits(legal, action)` tells whether a concrete action is in such a list.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, repeat

from . import matching
from .actions import (
    CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSpy, KingSwap,
    NextRound, PeekOwn, Ready, Replace, Several, SkipPower, Spy, Swap, TakeDiscard)
from .state import PLAY_PHASES, TURN_PHASES

HOST = 0  # the seat that deals the next round and, where allowed, ends the game


def to_move(state) -> tuple:
    """The seats the game is waiting for (others may still act off-turn)."""
    if state.phase in TURN_PHASES and not state.gives:  # (the common case first)
        return (state.current,)
    if state.gives:
        return (state.gives[0][0],)
    phase = state.phase
    if phase == "peek":
        return _waiting(state.seats, state.peeked)
    if phase == "final":
        return _waiting(state.seats, state.ready)
    if phase == "round_over":
        return (HOST,)
    return ()  # (game_over)


def _waiting(seats, done) -> tuple:
    """The seats not `done` yet (a function of its own: its comprehension makes `done` a
    cell, allocated on every call of the function that holds it)."""
    return tuple([s for s in seats if not done[s]])


def legal_actions(state, seat: int) -> list:
    """Everything `seat` may do now, in a stable order (own moves first, then matches): a
    new list."""
    out = own_actions(state, seat)
    if state.gives or state.phase not in PLAY_PHASES:  # (peek, or the round is over)
        return [*out]
    return [*out, *matching.legal_matches(state, seat)]


def own_actions(state, seat: int):
    """`legal_actions` without the off-turn matches (Match, PairDiscard), same order: a
    sequence that is read, never changed. The frequent lists of the player on turn are
    cached tuples, handed out again (actions are immutable values)."""
    phase = state.phase
    if phase == "turn":  # (the common phases first)
        if seat != state.current or state.gives:
            return [] if not state.gives else _give_actions(state, seat)
        return _TURN_OPTIONS[
            seat * 8 + (4 if state.deck else 0) + (2 if may_take_discard(state, seat) else 0)
            + (1 if state.rules.cabo_instead and may_call_cabo(state) else 0)]
    if phase == "drawn":
        if seat != state.current or state.gives:
            return [] if not state.gives else _give_actions(state, seat)
        hand = state.hands[seat]
        most = state.most_equal if state.rules.multi_replace else 1
        discard = may_discard_drawn(state, seat)
        if None not in hand:  # (a full row: cached by its length; never an empty tuple)
            return (_DRAWN_OPTIONS.get((seat, len(hand), most, discard))
                    or _full_row_drawn_actions(seat, len(hand), most, discard))
        return _drawn_actions(state, seat, most, discard)
    return _other_actions(state, seat, phase)


def _full_row_drawn_actions(seat, length, most, discard) -> tuple:
    """`own_actions` with a drawn card and a full row of `length` slots, cached."""
    options = _DRAWN_OPTIONS[(seat, length, most, discard)] = _replace_options(
        seat, tuple(range(length)), most) + ((_simple(Discard, seat),) if discard else ())
    return options


def _drawn_actions(state, seat, most, discard):
    """`own_actions` with a drawn card and an empty slot in the row."""
    out = list(_replace_options(seat, tuple(state.occupied(seat)), most))
    if discard:
        out.append(_simple(Discard, seat))
    return out


def _other_actions(state, seat, phase):
    """`own_actions` in the phases other than "turn" and "drawn" (or with a card owed)."""
    if state.gives:
        return _give_actions(state, seat)
    if phase in TURN_PHASES:
        if seat != state.current:
            return []
        if phase == "power":
            hands, seats = state.hands, state.seats
            lengths = []
            for s in seats:  # (full rows: cached by their lengths)
                hand = hands[s]
                if None in hand:
                    break
                lengths.append(len(hand))
            else:
                return _full_row_power_actions(
                    seat, state.power, seats, tuple(lengths),
                    state.caller if state.rules.protect_caller else None)
            own = state.occupied(seat)
            return _power_actions(state, seat, own) + [_simple(SkipPower, seat)]
        if phase == "king":
            out = []
            if swappable(state, state.king_target[0]):
                out = [*map(KingSwap, repeat(seat), state.occupied(seat))]
            return out + [_simple(SkipPower, seat)]
        # after_turn
        return ([_simple(CallCabo, seat)] if state.caller is None else []) + [
            _simple(EndTurn, seat)]
    if phase == "peek":
        if seat in state.seats and not state.peeked[seat]:
            rules = state.rules
            return list(_peek_actions(seat, rules.hand_size, rules.initial_peek,
                                      rules.peek_count))
        return []
    out = []
    if phase == "round_over":
        if seat == HOST:
            out.append(_simple(NextRound, seat))
            if state.rules.game_end == "host":
                out.append(_simple(EndGame, seat))
    elif phase == "final" and seat in state.seats and not state.ready[seat]:
        out.append(_simple(Ready, seat))
    return out


def _give_actions(state, seat) -> list:
    """A card is owed: the snapper gives one of its cards, nobody else may do anything."""
    return [Give(seat, i) for i in state.occupied(seat)] if seat == state.gives[0][0] else []


def peek_choices(state) -> list:
    """The slot sets the initial peek may look at under these rules."""
    rules = state.rules
    return list(_peek_choices(rules.hand_size, rules.initial_peek, rules.peek_count))


@lru_cache(maxsize=64)
def _peek_choices(size, how, count) -> tuple:
    if how == "outer":
        return ((0, size - 1),)
    if how == "all":
        return (tuple(range(size)),)
    return tuple(combinations(range(size), count))


def may_call_cabo(state) -> bool:
    """Whether Cabo may be called now, at a turn's end or (where the rules allow) instead of
    a turn: nobody has, and every player of the round had `cabo_min_rounds` turns."""
    return (state.caller is None
            and state.turns_done >= state.rules.cabo_min_rounds * len(state.seats))


def may_discard_drawn(state, seat) -> bool:
    """Whether `seat` may discard the card it holds instead of replacing a card with it: a
    card from the deck, or any card if `seat` holds none to replace."""
    return state.drawn_from == "deck" or not state.has_cards(seat)


def may_take_discard(state, seat) -> bool:
    """Whether `seat`, on turn, may take the top discard: the rules allow it, there is one,
    and `seat` holds a card to replace with it."""
    if not (state.rules.take_discard and state.discard):
        return False
    return state.has_cards(seat)


@lru_cache(maxsize=256)
def _peek_actions(seat, size, how, count) -> tuple:
    return tuple(InitialPeek(seat, slots) for slots in _peek_choices(size, how, count))


_DRAWN_OPTIONS: dict = {}  # (seat, row length, most slots replaced, may discard): moves


def _turn_options(seat, draw, take, cabo) -> tuple:
    return tuple(a for a, ok in ((_simple(DrawDeck, seat), draw), (_simple(TakeDiscard, seat), take),
                                 (_simple(CallCabo, seat), cabo)) if ok)


@lru_cache(maxsize=None)
def _simple(cls, seat):
    """The action of kind `cls` for `seat` (cached: actions are immutable values)."""
    return cls(seat)


# The moves at a turn's start, by seat * 8 + draw * 4 + take * 2 + cabo (for seats 0..7;
# actions are immutable values, so the lists can be shared)
_TURN_OPTIONS = [_turn_options(seat, draw, take, cabo) for seat in range(8)
                 for draw in (False, True) for take in (False, True) for cabo in (False, True)]


@lru_cache(maxsize=4096)
def _replace_options(seat, own, most) -> tuple:
    """The Replace actions for these occupied slots, the multi-replaces of 2 to `most` slots
    as one Several entry (cached: actions are immutable values)."""
    out = [Replace(seat, (i,)) for i in own]
    if most >= 2 and len(own) >= 2:
        out.append(Several(Replace, seat, own, 2, min(most, len(own))))
    return tuple(out)


def swappable(state, target) -> bool:
    """Whether a swap may take `target`'s cards (not the protected Cabo caller)."""
    return not (state.rules.protect_caller and target == state.caller)


def _others(state, seat):
    return [(o, i) for o in state.seats if o != seat for i in state.occupied(o)]


def power_allows(state, a) -> bool:
    """Whether the power move `a` of the player on turn is one that `own_actions` lists now
    (phase "power" or "king"), checked without building the list."""
    kind, seat = type(a), a.seat
    if kind is SkipPower:
        return True
    if state.phase == "king":
        return (kind is KingSwap and swappable(state, state.king_target[0])
                and _holds(state, seat, a.slot))
    power = state.power
    if kind is PeekOwn:
        return power == "peek" and _holds(state, seat, a.slot)
    if kind is Spy or kind is KingSpy:
        target = a.target
        return (power == ("king" if kind is KingSpy else "spy") and type(target) is int
                and target != seat and target in state.seats and _holds(state, target, a.slot))
    if kind is Swap:
        target = a.target
        return (power not in ("peek", "spy", "king") and _holds(state, seat, a.slot)
                and type(target) is int and target != seat and target in state.seats
                and swappable(state, target) and _holds(state, target, a.target_slot))
    return False


def _holds(state, seat, slot) -> bool:
    hand = state.hands[seat]
    return type(slot) is int and slot >= 0 and slot < len(hand) and hand[slot] is not None


@lru_cache(maxsize=4096)
def _full_row_power_actions(seat, power, seats, lengths, protected) -> tuple:
    """`_power_actions` + SkipPower when every row of the round is full (no empty slot)."""
    rows = dict(zip(seats, lengths))
    own = range(rows[seat])
    others = [(o, i) for o in seats if o != seat for i in range(rows[o])]
    if power == "peek":
        out = [PeekOwn(seat, i) for i in own]
    elif power == "spy":
        out = [Spy(seat, o, i) for o, i in others]
    elif power == "king":
        out = [KingSpy(seat, o, i) for o, i in others]
    else:
        out = [Swap(seat, i, o, j) for i in own for o, j in others if o != protected]
    return tuple(out) + (_simple(SkipPower, seat),)


def _power_actions(state, seat, own) -> list:
    power = state.power
    if power == "peek":
        return [PeekOwn(seat, i) for i in own]
    if power == "spy":
        return [Spy(seat, o, i) for o, i in _others(state, seat)]
    if power == "king":
        return [KingSpy(seat, o, i) for o, i in _others(state, seat)]
    return [Swap(seat, i, o, j) for i in own for o, j in _others(state, seat)
            if swappable(state, o)]
