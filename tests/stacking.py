"""Stacked deals for scenario tests: exact hands, deck and discard pile.

`stacked(rules, n, hands=[...], deck=[...], discard=[...])` starts a real game with
`new_game` and then places chosen faces by direct state assignment. A face is an int (the
rank / value of a Cabo-deck card; on a standard deck any suit of that rank) or a label of
the standard deck: "K♥", "K♠", "7", "A", "Q", "Joker" (a rank without a suit takes any free
card of that rank). None in a hand is an empty slot. Every card not placed goes below the
given deck cards (or onto the bottom of the discard pile with `rest="discard"`), so that the
card-conservation invariant holds; it is asserted on the result.
"""

from __future__ import annotations

from cabo import new_game
from cabo.game.actions import Discard, DrawDeck, EndTurn, InitialPeek, SkipPower
from cabo.game.cards import JOKER, RANK_NAMES, SUIT_SYMBOLS

from invariants import check_cards

_RANKS = {name: rank for rank, name in RANK_NAMES.items()}
_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def parse_face(face):
    """(rank, suit or None for any suit) of a face given as an int or a label."""
    if isinstance(face, int):
        return face, None
    if face == "Joker":
        return 0, JOKER
    if face[-1] in _SUITS:
        rank_text, suit = face[:-1], _SUITS[face[-1]]
    else:
        rank_text, suit = face, None
    rank = _RANKS[rank_text] if rank_text in _RANKS else int(rank_text)
    return rank, suit


class _Pool:
    """Free card ids of a game, taken by face."""

    def __init__(self, cards):
        self.cards = cards
        self.free = list(range(len(cards)))

    def take(self, face) -> int:
        rank, suit = parse_face(face)
        for cid in self.free:
            card = self.cards[cid]
            if card.rank != rank:
                continue
            if suit is None and card.suit == JOKER:
                continue  # a bare 0 on a standard deck is not a joker
            if suit is not None and card.suit != suit:
                continue
            self.free.remove(cid)
            return cid
        raise ValueError(f"no free card {face!r} left")


def stacked(rules, n, hands, deck=(), discard=(), first=0, peeked=True, peek=None,
            seed=1, dealer=None, rest="deck", totals=None, match_target="top"):
    """A game in its first round with these exact cards.

    hands: one list per seat, a face per slot (None: an empty slot); seats not listed (or
        given as None) get `rules.hand_size` free cards.
    deck: faces from the top down; discard: faces from the bottom up (the last is on top).
    first: the seat whose turn it is (the dealer sits to its right unless given).
    peeked: True performs every seat's initial peek (`peek[seat]` slots or the rules' first
        choice: slots 0,1 / the outer pair / all) and starts the first turn; False leaves the
        game in the peek phase.
    rest: where the remaining cards go: below the given deck ("deck") or below the given
        discard pile ("discard"; the deck is then exactly `deck`).
    match_target: "top" makes the top discard matchable (as after a deal), None closes it.
    """
    state = new_game(rules, n, seed)
    arrange(state, hands, deck, discard, rest, match_target)
    state.first = state.current = first
    state.dealer = (first - 1) % n if dealer is None else dealer
    if totals is not None:
        state.totals = list(totals)
    state.phase = "peek"
    state.peeked = [False] * n
    if peeked:
        for seat in range(n):
            slots = (peek or {}).get(seat, default_peek(rules))
            bit = 1 << seat
            for i in slots:
                if i < len(state.hands[seat]) and state.hands[seat][i] is not None:
                    state.known[seat][i] |= bit
            state.peeked[seat] = True
        state.phase = "turn"
    check_cards(state)
    return state


def arrange(state, hands, deck=(), discard=(), rest="deck", match_target="top"):
    """Re-place every card of `state` (see `stacked`); all knowledge is reset to unknown."""
    n = state.n
    pool = _Pool(state.cards)
    hands = [None if h is None else list(h) for h in hands] + [None] * (n - len(hands))
    placed = [None if row is None else [None if f is None else pool.take(f) for f in row]
              for row in hands]
    deck_ids = [pool.take(f) for f in deck]
    discard_ids = [pool.take(f) for f in discard]
    for seat in range(n):
        if placed[seat] is None:
            size = state.rules.hand_size if seat in state.seats else 0
            placed[seat] = [pool.free.pop(0) for _ in range(size)]
    others = pool.free
    state.hands = placed
    state.known = [[0] * len(row) for row in placed]
    state.drawn = None
    if rest == "deck":
        state.deck = others + deck_ids[::-1]
        state.discard = discard_ids
    else:
        state.deck = deck_ids[::-1]
        state.discard = others + discard_ids
    state.match_target = state.discard[-1] if state.discard and match_target == "top" else None
    check_cards(state)
    return state


def default_peek(rules) -> tuple:
    """The slots of the rules' first initial-peek choice."""
    if rules.initial_peek == "outer":
        return (0, rules.hand_size - 1)
    if rules.initial_peek == "all":
        return tuple(range(rules.hand_size))
    return tuple(range(rules.peek_count))


def peek_all(state, peek=None):
    """Apply every seat's InitialPeek through the engine (for a game left in the peek phase)."""
    from cabo import apply
    events = []
    for seat in state.seats:
        slots = (peek or {}).get(seat, default_peek(state.rules))
        events += apply(state, InitialPeek(seat, tuple(slots)))
    return events


def play(state, *actions) -> list:
    """Apply the actions in order; all their events."""
    from cabo import apply
    events = []
    for action in actions:
        events += apply(state, action)
    return events


def kinds(events) -> list:
    """The kinds of a list of events."""
    return [e.kind for e in events]


def face(state, card_id) -> str:
    """The label of a card id ("7", "K♥", "Joker")."""
    return state.cards[card_id].label()


def faces(state, ids) -> list:
    """Labels of card ids, None for empty slots."""
    return [None if c is None else face(state, c) for c in ids]


def row(state, seat) -> list:
    """The values of a seat's row (None for empty slots), for cabo-deck assertions."""
    return [None if c is None else state.values[c] for c in state.hands[seat]]


def plain_turn(state, end_turn=False):
    """The current seat draws, discards and skips any power; with `end_turn`, it also ends a
    turn after which Cabo could be called, without calling."""
    seat = state.current
    events = play(state, DrawDeck(seat), Discard(seat))
    if state.phase == "power":
        events += play(state, SkipPower(seat))
    if end_turn and state.phase == "after_turn":
        events += play(state, EndTurn(seat))
    return events


def round_end(events):
    """The view of the round_end event among `events`."""
    return next(e.view_all() for e in events if e.kind == "round_end")

