"""Drawing by patching the DOM (static/js/patch.js): every screen of a round is exactly what
a full redraw (innerHTML) would give, nodes that did not change are the same nodes after a
redraw, a card touched by a move is patched in place (motion.js animates it), a face is never
rewritten into a back, and a keyed region the page already has is skipped."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .driver import Player, new_game, open_page

pytestmark = pytest.mark.e2e


def app_html(page: Page) -> str:
    return page.evaluate("document.getElementById('app').innerHTML")


def test_patching_gives_the_dom_of_a_full_redraw_on_every_screen(page: Page) -> None:
    open_page(page, 17)
    screens = [app_html(page)]
    new_game(page, "party", kinds=("person", "easy", "easy"))
    player = Player(page, cabo_after_draws=3)
    screens.append(app_html(page))
    while player.step():
        screens.append(app_html(page))
    page.get_by_role("button", name="Rules", exact=True).click()
    expect(page.get_by_role("heading", name="The rules of this game")).to_be_visible()
    screens.append(app_html(page))
    # Replay every screen after every other one into a scratch element, by patching and by
    # innerHTML, and compare what the browser made of them (forms included).
    mismatches = page.evaluate("""(screens) => {
      // (each in a document of its own: radios of one name form one group per document)
      const box = () => {
        const doc = document.implementation.createHTMLDocument('');
        return doc.body.appendChild(doc.createElement('div'));
      };
      const a = box(), b = box();
      // the tree with each element's attributes in name order (patching may add one at the
      // end, a fresh parse keeps the source's order: the same element either way)
      const tree = (n) => n.nodeType !== 1 ? (n.nodeValue || '') : '<' + n.nodeName + ' '
        + n.getAttributeNames().sort().map(k => k + '=' + n.getAttribute(k)).join(' ') + '>'
        + [...n.childNodes].map(tree).join('') + '</>';
      const state = (root) => [tree(root), ...[...root.querySelectorAll('input,option')]
        .map(n => n.nodeName === 'OPTION' ? n.selected : (n.type === 'radio' || n.type === 'checkbox') ? n.checked : n.value)].join('|');
      const bad = [];
      for (let i = 0; i < screens.length; i++) {
        for (const j of [i + 1, screens.length - 1 - i, 0]) {
          if (j < 0 || j >= screens.length) continue;
          a.innerHTML = screens[i];
          // a person's changes since (the page's state has them: the new screen says all)
          for (const n of a.querySelectorAll('select')) n.selectedIndex = n.options.length - 1;
          for (const n of a.querySelectorAll('input')) {
            if (n.type === 'radio' || n.type === 'checkbox') n.checked = !n.checked;
            else n.value += 'x';
          }
          window.caboPatch(a, screens[j]);
          b.innerHTML = screens[j];
          if (state(a) !== state(b)) bad.push([i, j]);
        }
      }
      return bad;
    }""", screens)
    assert len(screens) > 8
    assert mismatches == []


def test_a_node_that_did_not_change_is_the_same_node_after_a_redraw(page: Page) -> None:
    open_page(page, 17)
    new_game(page, "official", kinds=("person", "easy"))
    page.evaluate("window.kept = [...document.querySelectorAll('#app button')]"
                  ".find(b => b.textContent.trim() === 'Hint')")
    page.locator("select[data-field='lang']").select_option("de")  # every word is drawn anew
    expect(page.get_by_role("button", name="Tipp", exact=True)).to_be_visible()
    assert page.evaluate("[...document.querySelectorAll('#app button')]"
                         ".find(b => b.textContent.trim() === 'Tipp') === window.kept")


def test_a_card_touched_by_a_move_is_patched_in_place_and_a_face_is_never_a_back(
        page: Page) -> None:
    open_page(page, 17)
    page.evaluate("""() => {
      const app = document.getElementById('app');
      window.caboPatch(app, '<p id="x" class="card up"><span class="face">1</span></p>');
      window.card = document.getElementById('x');
      window.face = window.card.firstChild;
      window.caboPatch(app, '<p id="x" class="card up anim-in"><span class="face">2</span></p>');
      window.inPlace = document.getElementById('x') === window.card
        && window.card.firstChild === window.face;
      window.caboPatch(app, '<p id="x" class="card down"><span class="back"></span></p>');
      window.faceKept = window.card.firstChild !== window.face
        && window.face.className === 'face' && window.face.textContent === '2';
    }""")
    assert page.evaluate("window.inPlace")  # (motion.js animates it; CSS does not)
    assert page.evaluate("window.faceKept")  # the face motion.js turns back is untouched


def test_a_region_with_the_key_the_page_has_is_not_compared(page: Page) -> None:
    """data-k (cabo/web/render.py `keyed`) stands for the region's markup: a region whose key
    the page already has is skipped whole; a new key patches it."""
    open_page(page, 17)
    page.evaluate("""() => {
      const app = document.getElementById('app');
      window.caboPatch(app, '<div data-k="7" class="news"><p>a</p></div><p>b</p>');
      // (a change no redraw makes: whether the patch looks inside the region)
      app.querySelector('.news p').setAttribute('data-x', '1');
      window.caboPatch(app, '<div data-k="7" class="news"><p>a</p></div><p>c</p>');
      window.skipped = app.querySelector('.news p').getAttribute('data-x') === '1'
        && app.lastChild.textContent === 'c';
      window.caboPatch(app, '<div data-k="8" class="news"><p>d</p></div><p>c</p>');
      window.patched = !app.querySelector('.news p').hasAttribute('data-x')
        && app.querySelector('.news').textContent === 'd';
    }""")
    assert page.evaluate("window.skipped") and page.evaluate("window.patched")
