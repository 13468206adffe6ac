"""Which action a click means: cards a person selected, mapped onto the legal actions.

A person selects cards (own and, for spies, swaps and foreign matches, other players') and
then presses a button; each button is one legal action whose cards are exactly the
selection. Actions without cards (draw, Cabo, skip ...) are buttons of their own. A `Several`
entry of the legal list (a multi-replace, the pair discards) stands for every allowed set of
its cards: its button appears when the selection is one of them.
"""

from __future__ import annotations

from ..game.actions import (
    CallCabo, Discard, DrawDeck, EndGame, EndTurn, Give, InitialPeek, KingSpy, KingSwap, Match,
    NextRound, PairDiscard, PeekOwn, Ready, Replace, Several, SkipPower, Spy, Swap, TakeDiscard)

# Button keys in the order they appear; each names a text in cabo.i18n ("act_<key>").
PLAIN = ((DrawDeck, "draw"), (TakeDiscard, "take"), (Discard, "discard"),
         (SkipPower, "skip"), (EndTurn, "end_turn"), (CallCabo, "cabo"), (Ready, "ready"),
         (NextRound, "next_round"), (EndGame, "end_game"))
SELECTED = {InitialPeek: "look", Replace: "replace", PeekOwn: "peek", Spy: "spy",
            KingSpy: "king_spy", Swap: "swap", KingSwap: "king_swap", Give: "give",
            Match: "match", PairDiscard: "pair"}


# Moves that cost penalty cards when they go wrong: never the highlighted button, and drawn
# apart from the harmless moves of the same selection.
RISKY = frozenset({"match", "pair"})


def cards_of(action) -> frozenset:
    """The (owner, slot) cards an action names; empty for actions without cards."""
    seat = action.seat
    if type(action) is Several:  # every card the family may choose from
        if action.kind is Replace:
            return frozenset((seat, i) for i in action.pool)
        return frozenset(action.pool)
    if isinstance(action, (InitialPeek, Replace)):
        return frozenset((seat, i) for i in action.slots)
    if isinstance(action, (PeekOwn, KingSwap, Give)):
        return frozenset({(seat, action.slot)})
    if isinstance(action, (Spy, KingSpy)):
        return frozenset({(action.target, action.slot)})
    if isinstance(action, Swap):
        return frozenset({(seat, action.slot), (action.target, action.target_slot)})
    if isinstance(action, Match):
        return frozenset({(action.owner, action.slot)})
    if isinstance(action, PairDiscard):
        return frozenset(tuple(c) for c in action.cards)
    return frozenset()


def same_move(a, b) -> bool:
    """Whether two actions are the same move (a pair discard's cards in any order)."""
    if type(a) is PairDiscard and type(b) is PairDiscard:
        return a.seat == b.seat and frozenset(map(tuple, a.cards)) == frozenset(map(tuple, b.cards))
    return a == b


def _single_peek(legal) -> bool:
    return sum(isinstance(a, InitialPeek) for a in legal) == 1


def _families(legal) -> list:
    """Card sets a selection may grow into."""
    single = _single_peek(legal)
    sets = [cards_of(a) for a in legal
            if (type(a) in SELECTED or type(a) is Several)
            and not (single and isinstance(a, InitialPeek))]
    return [s for s in sets if s]


def _member(entry, chosen: frozenset, seat: int):
    """The action of a Several entry whose cards are exactly `chosen`, or None."""
    if entry.kind is Replace:
        if any(owner != seat for owner, _ in chosen):
            return None
        action = entry.make(i for _, i in chosen)
    else:
        action = entry.make(sorted(chosen))
    return action if action in entry else None


def selectable(legal) -> frozenset:
    """Cards a click may select now."""
    out = set()
    for s in _families(legal):
        out |= s
    return frozenset(out)


def toggle(legal, selection: tuple, card: tuple) -> tuple:
    """The selection after clicking `card`: on/off; a card that leads nowhere with the
    others starts a new selection."""
    if card in selection:
        return tuple(c for c in selection if c != card)
    if card not in selectable(legal):
        return selection
    grown = frozenset(selection) | {card}
    if any(grown <= s for s in _families(legal)):
        return selection + (card,)
    return (card,)


def plain_actions(legal) -> list:
    """(key, action) buttons that need no selection, in a fixed order."""
    out = []
    for cls, key in PLAIN:
        out += [(key, a) for a in legal if type(a) is cls]
    if _single_peek(legal):
        out.insert(0, ("look", next(a for a in legal if isinstance(a, InitialPeek))))
    return out


def selected_actions(legal, selection: tuple, seat: int) -> list:
    """(key, action) buttons whose cards are exactly the selection."""
    chosen = frozenset(selection)
    if not chosen:
        return []
    out = []
    for a in legal:
        if type(a) is Several:
            action = _member(a, chosen, seat)
            if action is not None:
                out.append((SELECTED[a.kind], action))
            continue
        key = SELECTED.get(type(a))
        if key and cards_of(a) == chosen:
            if not (key == "look" and _single_peek(legal)):
                out.append((key, a))
    return out


def arrange(plain: list, selected: list, selection: tuple) -> list:
    """The buttons as (key, action, primary, risky), in the order they are drawn.

    With cards selected, the harmless moves those cards point to come first (the first one is
    primary), then the moves without cards; risky moves (match, pair) come last and are never
    primary. Without a selection the first move without cards is primary; with a selection
    that only allows risky moves, no button is.
    """
    safe = [(k, a) for k, a in selected if k not in RISKY]
    risky = [(k, a) for k, a in selected if k in RISKY]
    ordered = safe + plain
    # with a selection, the primary is the move it points to (none if that move is risky)
    primary = 0 if ordered and (safe or not selection) else None
    out = [(k, a, i == primary, False) for i, (k, a) in enumerate(ordered)]
    return out + [(k, a, False, True) for k, a in risky]
