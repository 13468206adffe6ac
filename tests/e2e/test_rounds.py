"""A whole round of every preset through the page, checked against the rules.

The expected points are restated here from RULES.md ("Scoring a round"), independently of
cabo/game/scoring.py, and computed from the cards the reveal shows.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import Player, new_game, open_page, round_result

pytestmark = pytest.mark.e2e

# Seeds whose deal lets the person call Cabo (bots may still call first: then that is checked).
SEEDS = {"official": 11, "party": 12, "standard52": 13, "hut": 14, "single": 15}


def card_value(preset: str, label: str) -> int:
    """RULES.md "Cards": the points of a card as the page shows it."""
    if label == "Joker":
        return 0
    if label.isdigit():
        return int(label)
    rank, suit = label[:-1], label[-1]
    if rank == "K":
        if preset == "standard52" and suit in "♥♦":
            return -1
        if preset == "hut" and suit in "♠♣":
            return 0
        return 13
    return {"A": 1, "J": 11, "Q": 12}.get(rank) or int(rank)


def expected_points(preset: str, sums: dict, hands: dict, caller) -> dict:
    """RULES.md "Scoring a round", restated."""
    low = min(sums.values())
    if preset == "official":
        for name, values in hands.items():
            if sorted(values) == [12, 12, 13, 13]:
                return {n: 0 if n == name else 50 for n in sums}
        lowest = [n for n in sums if sums[n] == low]
        if caller in lowest:
            lowest = [caller]
        return {n: 0 if n in lowest else sums[n] + (5 if n == caller else 0) for n in sums}
    if preset in ("party", "standard52"):
        points = dict(sums)
        if caller is not None:
            alone = all(sums[caller] < s for n, s in sums.items() if n != caller)
            points[caller] = 0 if alone else sums[caller] + 10
        return points
    if preset == "hut":
        points = dict(sums)
        if caller is None:
            return points
        if all(sums[caller] < s for n, s in sums.items() if n != caller):
            points[caller] = sums[caller] - 20
            return points
        points[caller] = sums[caller] + 20
        for n in sums:
            if n != caller and sums[n] <= sums[caller]:
                points[n] = 0
        return points
    return dict(sums)  # single: the sums are shown; the winner is checked separately


@pytest.mark.parametrize("preset", list(SEEDS))
def test_a_whole_round_through_the_page(page: Page, preset: str) -> None:
    open_page(page, SEEDS[preset])
    new_game(page, preset)
    person = Player(page, cabo_after_draws=3)
    person.play_round()
    print(preset, "draws", person.draws, "powers used", person.used_powers, "of", person.powers)

    result = round_result(page)
    assert result["caller"] is not None, "someone called Cabo"
    assert person.called or result["caller"] != "You"
    rows = result["rows"]
    hands = {n: [card_value(preset, c) for c in r["cards"]] for n, r in rows.items()}
    sums = {n: sum(v) for n, v in hands.items()}
    assert {n: r["sum"] for n, r in rows.items()} == sums
    points = expected_points(preset, sums, hands, result["caller"])
    assert {n: r["points"] for n, r in rows.items()} == points
    if preset == "single":
        best = min(sums.values())
        tied = [n for n in sums if sums[n] == best]
        if result["caller"] in tied and len(tied) > 1:
            tied.remove(result["caller"])
        if len(tied) > 1:  # "A draw between Ada and you."
            listed = result["text"].split("A draw between")[1].split("\n")[0]
            assert all((n if n != "You" else "you") in listed for n in tied)
        else:
            assert ("You win the round." if tied == ["You"]
                    else f"{tied[0]} wins the round.") in result["text"]
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    else:
        assert {n: r["total"] for n, r in rows.items()} == points
        expect(page.get_by_role("button", name="Next round")).to_be_visible()
    # The score table shows the same totals.
    scores = page.get_by_role("region", name="Score table")
    expect(scores.get_by_role("row", name="Total")).to_be_visible()
