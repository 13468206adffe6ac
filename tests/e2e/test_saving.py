"""When a move is saved (cabo/web/saving.py Saving.save_later): in a task of its own once the
move's cards have landed, after the table is drawn, so that drawing and saving are two short
tasks rather than one long one and saving falls into no flight; and at once if the page is
left or hidden first (a move just tapped included), so that a reload still resumes the latest
state."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .driver import Player, buttons, new_game, open_page, press

pytestmark = pytest.mark.e2e

# Press "Draw" by a script (its click handler runs at once, inside this task) and read the
# save at once, then after `then` (a few tasks, or the page being left): the steps saved.
PRESS_DRAW = """async (then) => {
    const save = () => JSON.parse(localStorage.getItem('cabo.save')).state.step;
    const before = save();
    const draw = [...document.querySelectorAll('[data-ctl="act"]')].find(
        b => b.textContent.startsWith('Draw'));
    draw.click();
    const during = save();
    if (then === 'pagehide') {
        window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}));
    } else if (then === 'hidden') {  // another tab or app comes to the front, and goes
        const show = (state) => {
            Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
            document.dispatchEvent(new Event('visibilitychange'));
        };
        show('hidden');
        const saved = save();
        show('visible');
        return [before, during, saved];
    } else {  // once the drawn card has landed (motion.js), and a task later
        await new Promise((done) => window.caboAfterMotion(done, 5000));
        await new Promise((done) => setTimeout(done, 0));
    }
    return [before, during, save()];
}"""


def to_draw(page: Page) -> None:
    person = Player(page, cabo_after_draws=99)
    while "Draw" not in buttons(page):
        person.step()


@pytest.mark.parametrize("then", ["next task", "pagehide", "hidden"])
def test_a_move_is_saved_right_after_drawing_and_when_the_page_is_left(page: Page,
                                                                       then) -> None:
    open_page(page, 31)
    new_game(page, "official")
    to_draw(page)
    before, during, after = page.evaluate(PRESS_DRAW, then)
    assert during == before       # not yet: the table was drawn first
    assert after == before + 1    # saved: the draw is in the save
    press(page, "Discard the drawn card")  # and the game goes on from there
