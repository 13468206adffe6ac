"""After a round, its result in words ("Cleo wins the round", who called Cabo) is the first
thing in view and is said once: at 1280x800 in English and at 390x844 in German, the page
scrolls so that nothing on screen is above the sentence, the sentence shows once, and no line
says again that the round is over (issue 41)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import Player, buttons, new_game, open_page, press, wait_idle

pytestmark = pytest.mark.e2e

# Every piece of text on screen: its words and box (text nodes inside #app, in view).
_TEXTS_IN_VIEW = """() => {
  const out = [];
  const app = document.getElementById('app');
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.textContent.trim();
    const el = t.parentElement;
    if (!text || el.closest('.sr-only, [hidden]')) continue;
    // (not the inside of a closed <details>, nothing hidden or see-through)
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const box = el.getBoundingClientRect();  // (a visually hidden heading: 1 px, clipped)
    if (box.width <= 1 || box.height <= 1) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    const r = range.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) continue;
    out.push({text, top: r.top, bottom: r.bottom, status: !!el.closest('#status')});
  }
  return out;
}"""


def _end_the_round(page: Page, lang: str, yes: str) -> None:
    """Play to a Cabo call, switch to `lang`, confirm the call (`yes`: its button's words);
    at instant speed the bots' last turns and the reveal follow at once."""
    open_page(page, 13)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"))
    player = Player(page, cabo_after_draws=2)
    while not ("Call Cabo" in buttons(page) and player.draws >= 2):
        assert player.step() and player.draws < 40
    press(page, "Call Cabo")
    if lang != "en":
        page.locator("select[data-field='lang']").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        wait_idle(page)
    page.get_by_role("group").get_by_role("button", name=yes, exact=True).click()
    expect(page.locator("#result-title")).to_be_attached()


@pytest.mark.parametrize("w,h,lang,yes,wins,over", [
    (1280, 800, "en", "Yes, call Cabo", " the round.", "Round 1 is over."),
    (390, 844, "de", "Ja, Cabo rufen", " die Runde.", "Runde 1 ist vorbei."),
])
def test_the_result_sentence_is_the_first_thing_in_view_once(
        page: Page, w: int, h: int, lang: str, yes: str, wins: str, over: str) -> None:
    page.set_viewport_size({"width": w, "height": h})
    _end_the_round(page, lang, yes)
    status = page.locator("#status")
    expect(status).to_contain_text(wins)
    sentence = status.inner_text().strip()

    def first_in_view() -> bool:
        texts = page.evaluate(_TEXTS_IN_VIEW)
        mine = [x for x in texts if x["status"]]
        if not mine or min(x["top"] for x in mine) < 0:
            return False
        top = min(x["top"] for x in mine)
        return not [x for x in texts if not x["status"] and x["bottom"] <= top]

    for _ in range(30):  # (the page scrolls in the task after the drawing)
        if first_in_view():
            break
        page.wait_for_timeout(100)
    texts = page.evaluate(_TEXTS_IN_VIEW)
    above = [x["text"] for x in texts if not x["status"]
             and x["bottom"] <= min(y["top"] for y in texts if y["status"])]
    assert above == [], f"above the result sentence: {above}"
    assert status.evaluate("n => n.getBoundingClientRect().bottom") <= h
    seen = " ".join(x["text"] for x in texts)
    assert seen.count(sentence) == 1, seen
    assert seen.count(wins) == 1, seen
    assert over not in seen, seen
