"""Round life cycle: deal, reshuffle, reveal and score, and the next round's deal.

Implements docs/RULES.md "Deal", the reshuffle of "A turn", and applies scoring.py's results.
Only these functions draw from the game's generator: the shuffle of each deal and reshuffle,
and the random first player or dealer.
"""

from __future__ import annotations

from .events import Event
from .scoring import apply_totals, game_result, next_first_player, score_round
from .state import MAX_HISTORY


def shuffle(rng, x: list) -> None:
    """`rng.shuffle(x)`, inlined for speed: the same algorithm and the same calls to
    `getrandbits` as `random.Random.shuffle`, so a seed deals the same cards."""
    pairs = _PAIRS.get(len(x))
    if pairs is None:
        pairs = _pairs(len(x))
    getrandbits = rng.getrandbits
    for i, k in pairs:  # (i from the last index down to 1, k: the bits of the range 0..i)
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_PAIRS: dict = {}  # list length: ((i, bits of the range 0..i), ...) for the loop of shuffle


def _pairs(n: int) -> tuple:
    pairs = tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
    if n <= 4 * 52 + 16:  # (every length a game can shuffle: MAX_CARDS; the table stays small)
        _PAIRS[n] = pairs
    return pairs


def start_game(state, events) -> None:
    """Pick the first dealer / first player at random and deal round 1."""
    rng = state.rng
    state.dealer = rng.randrange(state.n)
    state.first = state.next_seat(state.dealer)
    deal_round(state, events)


def deal_round(state, events, order=None) -> None:
    """Shuffle all cards and deal the seats of this round; enter the initial peek.

    order: a stacked deck instead of the shuffle (every card id once, the top card last), for
    a scripted round (cabo.ui.lesson); the deal itself is the same."""
    rules = state.rules
    state.round_no += 1
    n = state.n
    if order is None:
        deck = list(range(len(state.cards)))
        shuffle(state.rng, deck)
    else:
        deck = list(order)
        if sorted(deck) != list(range(len(state.cards))):
            raise ValueError("a stacked deck must hold every card of the game once")
    seats = state.seats
    size = rules.hand_size
    full = len(seats) == n
    hands = [None] * n if full else [[] for _ in range(n)]  # (each seat's row is set below)
    known = [None] * n if full else [[] for _ in range(n)]
    # (round-robin from the top, deck[-1], one card after another: the j-th seat of the
    # round gets deck[-1 - j], deck[-1 - j - m], ... for m seats; hand_size >= 1)
    m = len(seats)
    top = len(deck) - 1
    zeros = [0] * size
    for j, seat in enumerate(seats):
        stop = top - j - m * size
        hands[seat] = deck[top - j:stop if stop >= 0 else None:-m]
        known[seat] = zeros[:]
    del deck[len(deck) - m * size:]
    state.hands = hands
    state.known = known
    state.deck = deck
    if rules.start_discard:
        card = deck.pop()
        state.discard = [card]
        state.match_target = card
    else:
        state.discard = []
        state.match_target = None
    state.phase = "peek"
    state.current = state.first
    state.drawn = state.drawn_from = state.power = state.king_target = None
    state.peeked = [False] * n if full else _sitting_out(seats, n)
    state.ready = [False] * n
    state.caller = None
    state.final_left = 0
    state.turns_done = 0
    state.gives = []
    events.append(Event("deal", None, {
        "round_no": state.round_no, "seats": list(seats), "dealer": state.dealer,
        "first": state.first, "hand_size": size, "deck_size": len(deck),
        "discard": state.discard[-1] if state.discard else None}))


def try_reshuffle(state, events) -> bool:
    """Turn the discard pile (all but its top card) into a new deck, if rules and cards allow."""
    if state.deck or not state.rules.reshuffle or len(state.discard) < 2:
        return bool(state.deck)
    top = state.discard.pop()
    state.deck = state.discard
    shuffle(state.rng, state.deck)
    state.discard = [top]
    events.append(Event("reshuffle", None, {"deck_size": len(state.deck)}))
    return True


def draw_penalty(state, seat, events, reason: str) -> None:
    """Deal one face-down card from the deck into a new slot at the right end of `seat`."""
    if not state.deck and not try_reshuffle(state, events):
        events.append(Event("penalty_skipped", seat, {"reason": reason}))
        return
    state.hands[seat].append(state.deck.pop())
    state.known[seat].append(0)
    events.append(Event("penalty", seat, {"slot": len(state.hands[seat]) - 1, "reason": reason}))


def finish_round(state, events) -> None:
    """Reveal every card, score the round, and decide whether the game goes on."""
    rules = state.rules
    seats = state.seats
    values = state.values
    hands = state.hands
    n = state.n
    # (every seat's cards, left to right; map(), slices and plain loops: fewer Python steps,
    # this runs at every round's end)
    kept = []
    for h in hands:
        kept.append(h[:] if None not in h else [c for c in h if c is not None])
    value = values.__getitem__
    hands_values = {}
    sums = {}
    for s in seats:
        hands_values[s] = v = [*map(value, kept[s])]
        sums[s] = sum(v)
    points, winners, notes, draw = score_round(rules, seats, sums, hands_values, state.caller)
    reset = apply_totals(rules, state.totals, points)
    for s in reset:
        notes[s].append("reset_to_half")
    for s in winners:
        state.rounds_won[s] += 1
    all_mask = state.all_mask
    known = state.known
    for seat in seats:
        hand = hands[seat]
        known[seat] = ([all_mask] * len(hand) if None not in hand
                       else _revealed(hand, all_mask))
    # (the record is shared by the history and the event: neither is changed afterwards)
    result = {
        "round_no": state.round_no,
        "seats": list(seats),
        "caller": state.caller,
        "sums": [*map(sums.get, range(n))],
        "points": [*map(points.get, range(n))],
        "notes": ([*map(notes.__getitem__, range(n))] if len(notes) == n
                  else _notes_of_all(notes, n)),
        "winners": winners,
        "draw": draw,
        "totals": state.totals[:],
        "hands": kept,
    }
    history = state.history
    history.append(result)
    if len(history) > MAX_HISTORY:
        del history[0]
    state.drawn = state.drawn_from = state.power = state.king_target = None
    state.match_target = None
    events.append(Event("round_end", None, result))
    over, game_winners, tiebreak = game_result(
        rules, state.totals, seats, state.rounds_won, winners)
    if over:
        end_game(state, game_winners, events)
    else:
        state.phase = "round_over"
        state.winners = tiebreak  # seats of the coming tie-break round, if any


# (comprehensions of their own: one in deal_round or finish_round would make the locals it
# reads cells, allocated on every call)
def _sitting_out(seats, n) -> list:
    return [s not in seats for s in range(n)]


def _revealed(hand, all_mask) -> list:
    return [all_mask if c is not None else 0 for c in hand]


def _notes_of_all(notes, n) -> list:
    return [notes[s] if s in notes else [] for s in range(n)]


def end_game(state, winners, events) -> None:
    """Mark the game over with these winners."""
    state.game_over = True
    state.winners = tuple(winners)
    state.phase = "game_over"
    events.append(Event("game_over", None, {"winners": list(winners), "totals": state.totals[:],
                                           "rounds_won": state.rounds_won[:]}))


def next_round(state, events) -> None:
    """Choose the seats, dealer and first player of the next round, then deal it."""
    rules = state.rules
    prev = state.history[-1]
    tiebreak = state.winners
    state.winners = ()
    state.seats = tuple(tiebreak) if tiebreak else tuple(range(state.n))
    if rules.first_player == "rotate":
        state.dealer = (state.dealer + 1) % state.n
        state.first = state.next_seat(state.dealer)
    else:
        state.first = next_first_player(
            rules, state.rng, state.first, state.seats, state.totals, prev["winners"])
        state.dealer = (state.first - 1) % state.n
    deal_round(state, events)
