"""Cards and decks (docs/RULES.md, "Cards").

A game's cards are numbered 0..N-1 once, when the game starts: the card id indexes the tuple
built by `build_cards`, which depends only on the rules and the number of players, so a saved
game stores ids only. Two cards of the same face have different ids; ids carry no hidden
information because every deal shuffles them.
"""

from __future__ import annotations

from typing import NamedTuple

SUITS = "SHDC"  # spades, hearts, diamonds, clubs; hearts and diamonds are red
RED_SUITS = "HD"
JOKER = "*"  # suit of a joker (rank 0)
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Card(NamedTuple):
    """A card face: rank 0..13; suit "" for the Cabo deck, one of SUITS, or JOKER."""

    rank: int
    suit: str

    def label(self) -> str:
        """Short text such as "7", "K♦" or "Joker"."""
        if self.suit == JOKER:
            return "Joker"
        if not self.suit:
            return str(self.rank)
        return RANK_NAMES.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]


def cabo_deck() -> list[Card]:
    """The published deck: 0 and 13 twice, 1..12 four times (52 cards, no suits)."""
    cards = [Card(0, ""), Card(0, "")]
    for rank in range(1, 13):
        cards += [Card(rank, "")] * 4
    return cards + [Card(13, ""), Card(13, "")]


def standard_deck() -> list[Card]:
    """A 52-card deck: ranks 1 (ace) to 13 (king) in four suits."""
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]


def build_cards(rules, n_players: int) -> tuple[Card, ...]:
    """Every card of a game under `rules` with `n_players`; the index is the card id."""
    decks = rules.decks if n_players <= 4 else rules.decks_large_table
    one = cabo_deck() if rules.deck == "cabo" else standard_deck()
    cards = one * decks
    cards += [Card(0, JOKER)] * rules.jokers
    return tuple(cards)


def card_value(rules, card: Card) -> int:
    """Points a card counts at the end of a round."""
    if card.suit == JOKER:
        return 0
    if card.suit and card.rank == 13:
        return rules.red_king_value if card.suit in RED_SUITS else rules.black_king_value
    return card.rank


def card_power(rules, card: Card) -> str | None:
    """The power a discarded card grants ("peek", "spy", "swap", "king") or None."""
    if card.suit == JOKER:
        return None
    power = rules.power_map.get(card.rank)
    if power == "king" and rules.one_eyed_king and card.suit != "D":
        return None  # only the one-eyed king (K♦) keeps the king's power
    return power
