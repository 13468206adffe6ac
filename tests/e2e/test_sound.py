"""Sound (static/js/sound.js): one synthesised effect per kind of move, nothing before the
person's first tap, nothing when muted, and the mute button's choice survives a reload.

A spy wraps the page's AudioContext (an init script, before the page's own scripts): it
counts the audio contexts made and the notes (oscillators) started, and notes each effect
the page announces with the number of notes started by then."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .driver import Player, buttons, new_game, open_page, own_card, press, wait_idle

pytestmark = pytest.mark.e2e

SPY = """
window.__sound = {contexts: 0, notes: 0, played: []};
const Real = window.AudioContext;
window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__sound.contexts++; }
    createOscillator() {
        const osc = super.createOscillator();
        const start = osc.start.bind(osc);
        osc.start = (...args) => { window.__sound.notes++; return start(...args); };
        return osc;
    }
};
addEventListener('cabo:sound', (e) => window.__sound.played.push([e.detail, window.__sound.notes]));
"""


def played(page: Page) -> list:
    return page.evaluate("window.__sound.played")


def kinds(page: Page) -> set:
    return {k for k, _ in played(page)}


def mute_button(page: Page):
    return page.get_by_role("button", name=re.compile("^(Sound|Ton)"))


def test_each_kind_of_move_makes_its_sound(page: Page) -> None:
    page.add_init_script(SPY)
    open_page(page, 98)  # party, 2 players: the person's card 1 equals the discard, card 2 not
    assert page.evaluate("window.__sound") == {"contexts": 0, "notes": 0, "played": []}
    new_game(page, "party", kinds=("person", "easy"), speed="fast")
    assert "deal" in kinds(page)  # the tap on "Start game" was the first: the deal sounds
    person = Player(page, cabo_after_draws=3)
    person.step()  # looks at cards 1 and 2
    assert "flip" in kinds(page)
    first = int(own_card(page, 1).get_attribute("aria-label").split(", ")[1])
    second = int(own_card(page, 2).get_attribute("aria-label").split(", ")[1])
    top = page.get_by_role("img", name=re.compile("^Discard pile, top card ")).or_(
        page.get_by_role("button", name=re.compile(r"discard pile"))).first.get_attribute(
        "aria-label")
    assert first == int(re.search(r"(-?\d+)\D*$", top)[1]) != second
    press(page, "Hide the cards")
    own_card(page, 1).click()
    press(page, "Match")  # right
    assert "right" in kinds(page)
    own_card(page, 2).click()
    press(page, "Match")  # wrong: and a penalty card
    assert {"wrong", "penalty"} <= kinds(page)
    person.play_round()
    wait_idle(page)
    assert {"draw", "place", "turn", "cabo"} <= kinds(page), kinds(page)
    assert kinds(page) & {"win", "flip"}
    # every effect announced was made of notes of its own on the page's audio context
    notes = [n for _, n in played(page)]
    assert all(b > a for a, b in zip([0] + notes, notes)), played(page)
    assert page.evaluate("window.__sound.contexts") == 1


def test_nothing_plays_before_the_first_tap_nor_when_muted_and_mute_is_remembered(
        page: Page) -> None:
    page.add_init_script(SPY)
    open_page(page, 11)
    button = mute_button(page)
    expect(button).to_have_attribute("aria-pressed", "false")
    # a move before any tap or key press is silent: no audio context is even made
    page.evaluate("window.caboSound.play('draw')")
    assert page.evaluate("window.__sound") == {"contexts": 0, "notes": 0, "played": []}
    button.click()
    expect(mute_button(page)).to_have_attribute("aria-pressed", "true")
    new_game(page, "official", kinds=("person", "easy", "easy"), speed="fast")
    person = Player(page, cabo_after_draws=99)
    for _ in range(4):
        person.step()
    # muted: not a note (the tap on the button itself may have opened the audio context)
    assert page.evaluate("[window.__sound.notes, window.__sound.played]") == [0, []]
    page.reload()
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=60_000)
    expect(mute_button(page)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".felt")).to_be_visible()  # the saved game, on its table
    wait_idle(page)
    person = Player(page, cabo_after_draws=99)
    person.step()
    assert page.evaluate("window.__sound.notes") == 0
    # sound on again: the next move is heard
    mute_button(page).click()
    expect(mute_button(page)).to_have_attribute("aria-pressed", "false")
    for _ in range(6):
        if page.evaluate("window.__sound.notes"):
            break
        person.step()
    assert page.evaluate("window.__sound.notes") > 0
