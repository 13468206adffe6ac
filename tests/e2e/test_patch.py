"""Drawing by patching the DOM (static/js/patch.js): every screen of a round is exactly what
a full redraw (innerHTML) would give, nodes that did not change are the same nodes after a
redraw, and a card that starts an animation is a new
node, so its animation plays."""

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


def test_a_card_that_starts_an_animation_is_a_new_node(page: Page) -> None:
    open_page(page, 17)
    page.evaluate("""() => {
      const app = document.getElementById('app');
      window.caboPatch(app, '<p id="x" class="card">1</p>');
      window.before = document.getElementById('x');
      window.caboPatch(app, '<p id="x" class="card">2</p>');
      window.same = document.getElementById('x') === window.before;
      window.caboPatch(app, '<p id="x" class="card anim-in">3</p>');
      window.animated = document.getElementById('x') !== window.before;
    }""")
    assert page.evaluate("window.same") and page.evaluate("window.animated")
