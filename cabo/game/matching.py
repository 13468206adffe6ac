"""Matching: "Einwerfen", "Ablage angleichen", "Drauflegen" (docs/RULES.md, "Matching").

A card thrown onto the top discard must have the same value. The top discard may be matched
while `state.match_target` names it: set when a card lands on the pile, cleared when the
next player draws (window "until_draw") or when the pile's top is taken. Each discarded card
can take one match (first come); the matched card is itself a new discard. Taking a foreign
card (rule "any") or discarding foreign cards in a pair leaves the snapper owing its owner
one of the snapper's own cards per foreign card (`state.gives`); nothing else may happen
until the snapper has given them. A given card goes face down into a new slot at the right
end of the owner's row, like every penalty card.
"""

from __future__ import annotations

from functools import lru_cache

from .actions import Match, PairDiscard, Several
from .errors import IllegalAction
from .events import Event
from .rounds import draw_penalty
from .state import PLAY_PHASES


def may_match(state, seat) -> bool:
    """Whether `seat` may throw cards now at all (window open, nobody owes a card)."""
    return (state.rules.match != "off" and state.phase in PLAY_PHASES and not state.gives
            and seat in state.seats and not state.ready[seat])


def reacting_seats(state) -> list:
    """Seats that may throw cards now, in seat order starting after the current player
    (the order in which drivers offer off-turn moves)."""
    if state.rules.match == "off" or state.gives:
        return []
    n, current = state.n, state.current
    out = []  # (a loop: a comprehension would make the locals it reads cells on every call)
    for k in range(1, n + 1):
        s = (current + k) % n
        if may_match(state, s):
            out.append(s)
    return out


def _owners(state, seat):
    return state.seats if state.rules.match == "any" else (seat,)


def legal_matches(state, seat) -> list:
    """Match actions onto the top discard, then the pair discards: one `Several` entry for
    every choice of 2 to `state.most_equal` cards (in any order) of the seats `seat` may take
    from (legal.py: no set larger than that can be equal)."""
    if not may_match(state, seat):
        return []
    owners = _owners(state, seat)
    hands = state.hands
    lengths = []
    for o in owners:  # (full rows: cached by their lengths; a loop, so no local is a cell)
        hand = hands[o]
        if None in hand:
            return _matches(state, seat)
        lengths.append(len(hand))
    return list(_full_row_matches(seat, owners, tuple(lengths), state.match_target is not None,
                                  state.rules.pair_discard, state.most_equal))


def _matches(state, seat) -> list:
    """`legal_matches` when a row it may take from has an empty slot."""
    out = []
    if state.match_target is not None:
        for owner in _owners(state, seat):
            out += [Match(seat, owner, i) for i in state.occupied(owner)]
    if state.rules.pair_discard:
        cards = tuple((o, i) for o in _owners(state, seat) for i in state.occupied(o))
        if len(cards) >= 2:
            out.append(Several(PairDiscard, seat, cards, 2, min(state.most_equal, len(cards))))
    return out


@lru_cache(maxsize=4096)
def _full_row_matches(seat, owners, lengths, target, pairs, most) -> tuple:
    """`legal_matches` when every row it may take from is full (no empty slot)."""
    out = []
    if target:
        out = [Match(seat, o, i) for o, k in zip(owners, lengths) for i in range(k)]
    if pairs:
        cards = tuple((o, i) for o, k in zip(owners, lengths) for i in range(k))
        if len(cards) >= 2:
            out.append(Several(PairDiscard, seat, cards, 2, min(most, len(cards))))
    return tuple(out)


def check_match(state, a) -> None:
    """Raise IllegalAction unless Match `a` is allowed now."""
    if not may_match(state, a.seat):
        raise IllegalAction("matching is not possible now")
    if state.match_target is None:
        raise IllegalAction("there is no discard to match (already matched or window closed)")
    if a.owner not in _owners(state, a.seat):
        raise IllegalAction("you may only match your own cards under these rules")
    _check_slot(state, a.owner, a.slot)


def check_pair(state, a) -> None:
    """Raise IllegalAction unless PairDiscard `a` is allowed now."""
    if not state.rules.pair_discard or not may_match(state, a.seat):
        raise IllegalAction("discarding equal cards is not possible now")
    if len(a.cards) < 2 or len(set(a.cards)) != len(a.cards):
        raise IllegalAction("a pair discard needs two or more different cards")
    if len(a.cards) > state.most_equal:
        raise IllegalAction(f"no more than {state.most_equal} cards can have the same value")
    for owner_slot in a.cards:
        if not (isinstance(owner_slot, tuple) and len(owner_slot) == 2):
            raise IllegalAction("cards must be (owner, slot) pairs")
        owner, slot = owner_slot
        if owner not in _owners(state, a.seat):
            raise IllegalAction("that card may not be discarded by you")
        _check_slot(state, owner, slot)


def _check_slot(state, owner, slot) -> None:
    if owner not in state.seats or not (
            type(slot) is int and 0 <= slot < len(state.hands[owner])
            and state.hands[owner][slot] is not None):
        raise IllegalAction(f"seat {owner} has no card in slot {slot}")


def check_give(state, a) -> None:
    """Raise IllegalAction unless Give `a` pays the first card owed."""
    if not state.gives or state.gives[0][0] != a.seat:
        raise IllegalAction("you owe nobody a card")
    _check_slot(state, a.seat, a.slot)


def apply_match(state, a, events) -> None:
    """Throw one card onto the top discard; wrong cards cost penalty cards."""
    rules = state.rules
    card = state.hands[a.owner][a.slot]
    ok = state.values[card] == state.values[state.match_target]
    data = {"owner": a.owner, "slot": a.slot, "card": card, "ok": ok}
    if ok or rules.wrong_match_card == "pile":
        _to_pile(state, a.owner, a.slot)
    else:
        state.known[a.owner][a.slot] = state.all_mask
    if not ok:
        data["returned"] = rules.wrong_match_card == "back"
    events.append(Event("match", a.seat, data))
    if ok:
        _owe(state, a.seat, [a.owner])
        return
    for _ in range(rules.wrong_match_penalty):
        draw_penalty(state, a.seat, events, "wrong_match")


def apply_pair(state, a, events) -> None:
    """Discard 2+ equal cards; if they differ they are shown, stay, and cost a penalty card."""
    cards = [state.hands[o][i] for o, i in a.cards]
    ok = len({state.values[c] for c in cards}) == 1
    for owner, slot in a.cards:
        if ok:
            _to_pile(state, owner, slot)
        else:
            state.known[owner][slot] = state.all_mask
    events.append(Event("pair_discard", a.seat, {"cards": [list(x) for x in a.cards],
                                                 "values": cards, "ok": ok}))
    if ok:
        _owe(state, a.seat, [o for o, _ in a.cards])
        return
    draw_penalty(state, a.seat, events, "wrong_pair")


def apply_give(state, a, events) -> None:
    """Move the snapper's card into a new slot at the right end of the owner's row."""
    _, owner = state.gives.pop(0)
    card = state.hands[a.seat][a.slot]
    mask = state.known[a.seat][a.slot]
    state.hands[a.seat][a.slot] = None
    state.known[a.seat][a.slot] = 0
    state.hands[owner].append(card)
    state.known[owner].append(mask)
    events.append(Event("give", a.seat, {"slot": a.slot, "to": owner,
                                          "to_slot": len(state.hands[owner]) - 1}))
    _drop_unpayable(state)


def _to_pile(state, owner, slot) -> None:
    card = state.hands[owner][slot]
    state.hands[owner][slot] = None
    state.known[owner][slot] = 0
    state.discard.append(card)
    state.match_target = card


def _owe(state, snapper, owners) -> None:
    state.gives += [[snapper, o] for o in owners if o != snapper]
    _drop_unpayable(state)


def _drop_unpayable(state) -> None:
    """A snapper without cards owes nothing more."""
    while state.gives and not state.has_cards(state.gives[0][0]):
        state.gives.pop(0)
