"""Motion (static/js/motion.js, cabo/ui/motion.py): cards travel their real paths between the
boxes they had and have, a round deals its cards one by one, a tap finishes every motion,
and the reduced-motion preference turns every step into a fade in place."""

from __future__ import annotations


import pytest
from playwright.sync_api import Page, expect

from .driver import Player, activate, buttons, new_game, open_page, own_card, press

pytestmark = pytest.mark.e2e

MOVING = """() => {
    const out = [];
    for (const el of document.querySelectorAll('*')) {
        const s = getComputedStyle(el);
        const times = [...s.animationDuration.split(','), ...s.transitionDuration.split(',')];
        if (s.animationName !== 'none' || times.some(t => parseFloat(t) > 0)) {
            out.push(el.id || String(el.className) || el.tagName);
        }
    }
    return out;
}"""

# Records every ghost card as its motion starts (a ghost may be laid on its card a frame
# before: static/js/motion.js `hold`): its animation's delay and duration, and its Last box
# (where it lands). With window.__hold = fraction, each ghost's motion is paused at that
# fraction of its flight, so that the test can measure it mid-way.
CATCH = """() => {
    window.__ghosts = [];
    window.__ghostEls = [];
    window.__hold = null;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
        const a = animate.call(this, keyframes, options);
        if (!this.classList.contains('ghost')) return a;
        const t = a.effect.getTiming();
        if (!window.__ghostEls.includes(this)) {
            window.__ghostEls.push(this);
            window.__ghosts.push({delay: t.delay || 0, duration: t.duration || 0,
                                  left: parseFloat(this.style.left),
                                  top: parseFloat(this.style.top),
                                  up: this.classList.contains('up')});
        }
        if (window.__hold !== null) {
            a.pause();
            a.currentTime = (t.delay || 0) + window.__hold * t.duration;
        }
        return a;
    };
}"""

# Every call of Element.animate: the properties its keyframes change.
ANIMATE_SPY = """() => {
    window.__animated = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
        const props = new Set();
        for (const k of keyframes) for (const p of Object.keys(k)) {
            if (!['offset', 'easing', 'composite'].includes(p)) props.add(p);
        }
        window.__animated.push([...props]);
        return animate.call(this, keyframes, options);
    };
}"""

# Whether the card with this id shows: "hidden" (invisible, or fully transparent) or "shown".
SHOWS = """(id) => { const el = document.getElementById(id), s = getComputedStyle(el);
    return s.visibility === 'hidden' || Number(s.opacity) === 0 ? 'hidden' : 'shown'; }"""

# Until every card has landed, the deal's last included (static/js/motion.js).
LANDED = "() => new Promise((done) => window.caboAfterMotion(done, 10000))"

BOX = """(sel) => { const el = document.querySelector(sel), r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, el.offsetWidth, el.offsetHeight]; }"""


def ghost_onto(page: Page, sel: str) -> int:
    """The index of the ghost that lands on the element `sel` (its Last box)."""
    x, y, w, h = page.evaluate(BOX, sel)
    hits = [i for i, g in enumerate(page.evaluate("window.__ghosts"))
            if abs(g["left"] - (x - w / 2)) < 1 and abs(g["top"] - (y - h / 2)) < 1]
    assert len(hits) == 1, (sel, page.evaluate("window.__ghosts"))
    return hits[0]


def ghost_onto_page(page: Page, sel: str) -> int:
    """The index of the ghost that lands on the element `sel`, by its place on the page."""
    x, y, w, h = page.evaluate(BOX, sel)
    sx, sy = page.evaluate("[scrollX, scrollY]")
    hits = [i for i, g in enumerate(page.evaluate("window.__ghosts"))
            if abs(g["left"] - (x + sx - w / 2)) < 1 and abs(g["top"] - (y + sy - h / 2)) < 1]
    assert len(hits) == 1, (sel, page.evaluate("window.__ghosts"))
    return hits[0]


def centre_of_ghost(page: Page, index: int):
    return page.evaluate("""(i) => {
        const g = window.__ghostEls[i].getBoundingClientRect();
        return [g.left + g.width / 2, g.top + g.height / 2];
    }""", index)


def between(a, b, p) -> float:
    """How far p lies along the way from a to b (0 at a, 1 at b), the same on both axes."""
    ks = [(p[i] - a[i]) / (b[i] - a[i]) for i in (0, 1) if abs(b[i] - a[i]) > 8]
    assert ks, (a, b)
    assert max(ks) - min(ks) < 0.1, f"not on the straight way: {ks}"
    return sum(ks) / len(ks)


def to_draw(page: Page) -> Player:
    player = Player(page, cabo_after_draws=99)
    while "Draw" not in buttons(page):
        player.step()
    page.evaluate(LANDED)  # (the last change's motion starts two frames after its drawing)
    return player


def test_a_drawn_card_flies_from_the_deck_to_its_slot_on_its_real_path(page: Page) -> None:
    open_page(page, 11)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"), speed="fast")
    to_draw(page)
    page.evaluate(CATCH)
    page.evaluate("window.__hold = 0.5")
    deck, drawn = page.evaluate(BOX, "#deck")[:2], page.evaluate(BOX, "#drawn")[:2]
    press(page, "Draw")
    page.wait_for_function("window.__ghosts.length > 0")
    k = between(deck, drawn, centre_of_ghost(page, ghost_onto(page, "#drawn")))
    assert 0.1 < k < 0.95, k  # on its way, neither at the deck nor landed
    page.evaluate("window.caboMotionFinish()")
    assert page.locator(".card.ghost").count() == 0

    # the drawn card replaces card 1: it flies from the drawn card's place into the slot,
    # and the card it replaced flies face up onto the discard pile (the bots' moves that
    # follow fly too, after these two)
    drawn = page.evaluate(BOX, "#drawn")[:2]
    page.evaluate("window.__ghosts = []; window.__ghostEls = []")
    own_card(page, 1).click()
    # (not `press`: it waits for the bots, and they wait for these held cards to land)
    activate(page.get_by_role("group", name="Moves").get_by_role(
        "button", name="Replace with the drawn card"))
    page.wait_for_function("window.__ghosts.length >= 2")
    out, into = page.evaluate("window.__ghosts")[:2]
    assert out["up"] and not into["up"]
    x, y, w, h = page.evaluate(BOX, "#discard")
    assert (round(out["left"]), round(out["top"])) == (round(x - w / 2), round(y - h / 2))
    slot = (into["left"] + w / 2, into["top"] + h / 2)  # where it lands: its Last box
    k = between(drawn, slot, centre_of_ghost(page, 1))
    assert 0.1 < k < 0.95, k


def test_a_card_in_flight_keeps_to_its_place_when_the_page_scrolls(page: Page) -> None:
    # (the round's end scrolls the result into view while its cards turn over)
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, 11)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"), speed="fast")
    to_draw(page)
    page.evaluate(CATCH)
    page.evaluate("window.__hold = 0.999")  # all but landed
    press(page, "Draw")
    page.wait_for_function("window.__ghosts.length > 0")
    page.evaluate("window.scrollBy(0, 40)")
    assert page.evaluate("scrollY") > 20
    x, y = page.evaluate(BOX, "#drawn")[:2]
    gx, gy = centre_of_ghost(page, ghost_onto_page(page, "#drawn"))
    assert abs(gx - x) < 2 and abs(gy - y) < 2, ((gx, gy), (x, y))


def test_a_new_round_deals_its_cards_one_by_one(page: Page) -> None:
    open_page(page, 11)
    page.evaluate(CATCH)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"), speed="fast")
    page.evaluate(LANDED)  # (each card's ghost is added shortly before it leaves the deck)
    ghosts = page.evaluate("window.__ghosts")
    slots = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '.player .card[id^="slot-"]')].map(el => { const b = el.getBoundingClientRect();
        return [`${Math.round(b.left)},${Math.round(b.top)}`, el.id]; }))""")
    assert len(slots) == 16
    dealt = [g for g in ghosts if f'{round(g["left"])},{round(g["top"])}' in slots]
    # every card of every hand arrives on its own ghost, each later than the one before
    onto = [slots[f'{round(g["left"])},{round(g["top"])}'] for g in dealt]
    assert sorted(onto) == sorted(slots.values())
    delays = [g["delay"] for g in dealt]
    assert all(b > a for a, b in zip(delays, delays[1:])), delays
    assert all(not g["up"] for g in dealt)  # dealt face down
    # round the table: each player's first card, then each one's second, ...
    owners = [int(x.split("-")[1]) for x in onto]
    assert [int(x.split("-")[2]) for x in onto] == [k for k in range(4) for _ in range(4)]
    assert all(sorted(owners[i:i + 4]) == [0, 1, 2, 3] for i in range(0, 16, 4))
    assert owners[:4] == owners[4:8], owners


# Every ghost's motion: when it starts and ends (the document's timeline, ms; read once
# they have started), and whether it is a card of the deal.
TIMES = """() => {
    const all = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
        const a = animate.call(this, keyframes, options);
        if (this.classList.contains('ghost') && !this.__timed) {
            this.__timed = true;
            all.push([a, this.classList.contains('dealt')]);
        }
        return a;
    };
    window.__flights = () => all.filter(([a]) => a.startTime !== null).map(([a, dealt]) => {
        const t = a.effect.getTiming(), start = a.startTime + (t.delay || 0);
        return {start, end: start + (t.duration || 0), dealt};
    });
}"""


def test_a_bot_moves_only_once_every_card_has_landed(page: Page) -> None:
    # a motion of 3 s starts just after the person's turn; the next bot's pause (1.5 s: the
    # person may still claim the card just discarded) ends while it moves: the bot's move
    # waits until the last card has landed, and a beat more (400 ms at the normal pace)
    open_page(page, 11)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"), speed="normal")
    page.evaluate(LANDED)
    moves = page.get_by_role("group", name="Moves")
    activate(own_card(page, 1))
    activate(own_card(page, 2))
    activate(moves.get_by_role("button", name="Look at the cards"))
    activate(moves.get_by_role("button", name="Draw"))
    activate(own_card(page, 1))
    activate(moves.get_by_role("button", name="Replace with the drawn card"))
    page.evaluate(LANDED)  # (0.4 s: the bot's pause is not over)
    page.evaluate(TIMES)
    page.evaluate("""() => { window.caboMotionFirst();
        window.caboMotion(JSON.stringify([0, 1, 2].map((k) => ({kind: 'deal', from: 'deck',
            to: `slot-0-${k}`, delay: k * 1200}))), false); }""")
    page.wait_for_function("window.__flights().some((f) => !f.dealt)", timeout=15000)
    flights = page.evaluate("window.__flights()")
    dealt = [f for f in flights if f["dealt"]]
    assert len(dealt) == 3, "the bot moved before the last cards had left the deck"
    landed = max(f["end"] for f in dealt)
    assert landed - min(f["start"] for f in dealt) > 2400
    first = min(f["start"] for f in flights if not f["dealt"])  # the bot's draw
    assert first > landed + 200, (first - landed)


def test_a_tap_during_the_deal_ends_it_and_cancels_the_ghosts_still_to_come(
        page: Page) -> None:
    open_page(page, 11)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"), speed="fast")
    page.evaluate(LANDED)
    page.evaluate(CATCH)
    # a deal of three cards 1.5 s apart: each card's ghost is added shortly before it leaves
    # the deck, timed from the deal's first frame; the cards still to come wait, invisible
    page.evaluate("""() => { window.__after = null; window.caboMotionFirst();
        window.caboMotion(JSON.stringify([0, 1, 2].map((k) => ({kind: 'deal', from: 'deck',
            to: `slot-0-${k}`, sound: 'deal', delay: k * 1500}))), false);
        window.caboAfterMotion(() => { window.__after = window.__ghosts.length; }, 20000); }""")
    page.wait_for_function("window.__ghosts.length > 0")
    assert page.evaluate(SHOWS, "slot-0-2") == "hidden"
    page.wait_for_function("window.__ghosts.length === 2")
    first, second = [g["delay"] for g in page.evaluate("window.__ghosts")]
    assert second - first == 1500
    assert page.evaluate("window.__after") is None  # waits for the third card, too
    page.locator("#status").click()  # a tap: every card lies in place, none flies later
    page.wait_for_function("window.__after !== null")
    assert page.evaluate("window.__after") == 2
    assert page.locator(".card.ghost").count() == 0
    assert page.evaluate("document.getElementById('slot-0-2').getAnimations().length") == 0
    assert page.evaluate(SHOWS, "slot-0-2") == "shown"
    page.wait_for_timeout(2000)  # past the third card's time
    assert len(page.evaluate("window.__ghosts")) == 2


def test_a_tap_during_motion_acts_at_once_and_finishes_the_motion(page: Page) -> None:
    open_page(page, 11)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"), speed="fast")
    to_draw(page)
    page.evaluate(CATCH)
    page.evaluate("window.__hold = 0.3")  # the motion stands still: only a tap can end it
    press(page, "Draw")
    page.wait_for_function("window.__ghosts.length > 0")
    own_card(page, 2).click()  # the flight is over at once, and the card is selected
    assert page.locator(".card.ghost").count() == 0
    # (drawn in the tap's next task; a tap held until the motion's end would never show,
    # as the held motion has none)
    expect(own_card(page, 2)).to_have_attribute("aria-pressed", "true")
    # (CSS transitions, such as a hovered card's lift, are not the motion of a move)
    assert page.evaluate("document.getAnimations().filter(a => a.constructor === Animation"
                         " && a.playState !== 'finished').length") == 0


def test_reduced_motion_turns_motion_into_fades(page: Page) -> None:
    open_page(page, 11)
    page.evaluate(ANIMATE_SPY)
    new_game(page, "official", speed="fast")
    assert page.evaluate(MOVING), "without the preference, things move"
    assert any("transform" in props for props in page.evaluate("window.__animated")), \
        "without the preference, the deal moves cards"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(MOVING) == []
    to_draw(page)
    page.evaluate("window.__animated = []")
    page.evaluate(CATCH)
    press(page, "Draw")  # the drawn card fades in where it lies; nothing flies
    page.wait_for_function("window.__animated.length > 0")
    assert {tuple(props) for props in page.evaluate("window.__animated")} == {("opacity",)}
    assert page.evaluate("window.__ghosts") == []
    assert page.evaluate(MOVING) == []
    page.reload()  # the loading screen's card fan, too
    assert page.evaluate(MOVING) == []


# What the person's own cards 0 to 2 show, as [held class, animations, ghosts on the page].
LOOK = """() => ['slot-0-0', 'slot-0-1', 'slot-0-2'].map((id) => {
    const el = document.getElementById(id);
    const held = ['held-back', 'held-out'].find((c) => el.classList.contains(c)) || '';
    return [held, el.getAnimations().length, document.querySelectorAll('.card.ghost').length];
})"""


def test_a_change_is_painted_once_before_its_cards_move(page: Page) -> None:
    # (its layout and paint, a round's end a new table's, do not fall into a flight's frames)
    open_page(page, 11)
    new_game(page, "official", kinds=("person", "easy", "easy", "easy"), speed="fast")
    to_draw(page)  # (the person's first look still shows its cards 0 and 1)
    up = page.evaluate("[...document.querySelectorAll('#app .card.up')].map(el => el.id)")
    assert {"slot-0-0", "slot-0-1"} <= set(up) and "slot-0-2" not in up  # the first look
    frames = page.evaluate("""(look) => new Promise((done) => {
        look = eval(look);
        // seat 0's sum, as the result table shows it
        const sum = document.createElement('span');
        sum.dataset.sum = '0';
        sum.textContent = '17';
        document.getElementById('app').append(sum);
        window.caboMotionFirst();
        // a card flies into slot 2; then seat 1's cards turn over (none is face up), then
        // seat 0's, the second seat, 420 ms later (the first seat 300 ms after the change)
        window.caboMotion(JSON.stringify([{kind: 'fly', from: 'deck', to: 'slot-0-2'},
                                          {kind: 'reveal', seats: [1, 0]}]), false);
        const seen = [look()];
        window.__sums = [sum.textContent];
        requestAnimationFrame(() => {
            seen.push(look());
            // the flying card's ghost, laid where it starts (the deck), not moving yet
            const box = (el) => { const r = el.getBoundingClientRect();
                                  return [r.left, r.top, r.width, r.height].map(Math.round); };
            const ghost = document.querySelector('.card.ghost');
            window.__laid = ghost && [box(ghost), box(document.getElementById('deck')),
                                      ghost.getAnimations().length];
            requestAnimationFrame(() => {
                seen.push(look());
                setTimeout(() => { seen.push(look()); done(seen); }, 750);
            });
        });
    })""", LOOK)
    drawn, painted, moving, later = frames
    assert page.evaluate("window.__sums") == ["0"]  # the sum counts up as its seat turns
    # drawn and painted: nothing moves yet; the card flying in is not there, the cards to
    # turn over show their backs; as the change is painted, the flying card shows where it
    # starts (its ghost, laid on the deck: its first frame of motion only starts it)
    assert drawn == [["held-back", 0, 0], ["held-back", 0, 0], ["held-out", 0, 0]]
    assert painted == [["held-back", 0, 1], ["held-back", 0, 1], ["held-out", 0, 1]]
    ghost_box, deck_box, ghost_animations = page.evaluate("window.__laid")
    assert ghost_animations == 0
    assert all(abs(g - d) <= 2 for g, d in zip(ghost_box, deck_box)), (ghost_box, deck_box)
    # the next frame: the flight begins; the second seat's cards wait, still backs
    assert [c[:2] for c in moving] == [["held-back", 0], ["held-back", 0], ["", 1]]
    assert moving[0][2] == 1  # the flying card's ghost
    # shortly before their turn, they turn over: a ghost each, and nothing held
    assert [c[:2] for c in later] == [["", 1], ["", 1], ["", 0]]
    page.evaluate(LANDED)
    assert page.locator(".card.ghost").count() == 0
    assert page.evaluate(LOOK) == [["", 0, 0]] * 3
    expect(page.locator("#app [data-sum='0']")).to_have_text("17")  # counted up
