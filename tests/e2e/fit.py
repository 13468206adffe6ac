"""What a person cannot read or reach on the screen now (issue 41: nothing cut off, nothing
covered): texts clipped by their box, a select whose chosen words do not fit, a one-word
button broken over two lines, words spilling out of their button, a mark running out of
its player's head, anything drawn over the top bar, the piles or the reveal, and an eye badge
wider than its card or over another card or badge. Each finding is a short line naming the
element and its text."""

from __future__ import annotations

from playwright.sync_api import Page

_CLIPPED = """() => {
  const out = [];
  const name = (n) => (n.className && typeof n.className === 'string'
                       ? n.tagName.toLowerCase() + '.' + n.className.trim().split(/\\s+/).join('.')
                       : n.tagName.toLowerCase());
  const shown = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  // 1. a box that hides what does not fit, with text that does not fit
  for (const n of document.querySelectorAll('#app *')) {
    if (!shown(n) || n.closest('.sr-only, [hidden]')) continue;
    if (n.clientWidth <= 1 && n.clientHeight <= 1) continue;  // visually hidden on purpose
    const s = getComputedStyle(n);
    const hx = s.overflowX === 'hidden' || s.overflowX === 'clip';
    const hy = s.overflowY === 'hidden' || s.overflowY === 'clip';
    if (!hx && !hy) continue;
    const text = (n.innerText || '').trim();
    if (!text) continue;
    if ((hx && n.scrollWidth > n.clientWidth + 1) || (hy && n.scrollHeight > n.clientHeight + 1))
      out.push(`clipped ${name(n)}: "${text.slice(0, 70)}" (${n.scrollWidth}x${n.scrollHeight}`
               + ` in ${n.clientWidth}x${n.clientHeight})`);
  }
  // 2. a select whose chosen option's words are wider than its room
  const ctx = document.createElement('canvas').getContext('2d');
  for (const n of document.querySelectorAll('#app select')) {
    if (!shown(n)) continue;
    const s = getComputedStyle(n);
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const text = n.options[n.selectedIndex]?.text.trim() || '';
    const arrow = s.appearance === 'none' ? 0 : 16;
    const room = n.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - arrow;
    if (ctx.measureText(text).width > room + 0.5) out.push(`select cut: "${text}"`);
  }
  // 3. a one-word button broken over two lines ("O" / "K")
  for (const n of document.querySelectorAll('#app button, #app .btn')) {
    if (!shown(n)) continue;
    const walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = t.textContent.trim();
      if (!text || /\\s/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                           .map(r => Math.round(r.top)));
      if (tops.size > 1) out.push(`word broken: "${text}"`);
    }
  }
  // 4. words wider than their button, spilling over its edge (and under its neighbour)
  for (const n of document.querySelectorAll('#app button, #app .btn')) {
    if (!shown(n) || !(n.innerText || '').trim()) continue;
    if (n.scrollWidth > n.clientWidth + 1)
      out.push(`spills out of its button: "${n.innerText.trim().slice(0, 40)}"`
               + ` (${n.scrollWidth} in ${n.clientWidth})`);
  }
  // 5. a mark running out of its player's head (under the cards beside it)
  for (const n of document.querySelectorAll('#app .player-head .mark')) {
    if (!shown(n)) continue;
    const r = n.getBoundingClientRect(), h = n.closest('.player-head').getBoundingClientRect();
    if (r.right > h.right + 1 || r.left < h.left - 1)
      out.push(`out of its head: "${n.innerText.trim()}" (${Math.round(r.left)}-`
               + `${Math.round(r.right)} in ${Math.round(h.left)}-${Math.round(h.right)})`);
  }
  return out;
}"""

_COVERED = """() => {
  const out = [];
  const boxes = [...document.querySelectorAll('.topbar, .center .card, .pile, .result')]
    .map(n => [n, n.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  for (const n of document.querySelectorAll('.bubble, .toast, .toasts, .notice, .alert, .coach')) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(n).opacity === '0') continue;
    for (const [m, b] of boxes) {
      if (m.contains(n) || n.contains(m)) continue;
      const x = Math.min(r.right, b.right) - Math.max(r.left, b.left);
      const y = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top);
      if (x > 1 && y > 1) out.push(`${n.className} "${(n.innerText || '').trim().slice(0, 40)}"`
                                    + ` covers ${m.className.split(' ')[0] || m.id}`);
    }
  }
  return out;
}"""


# An eye badge (who has looked at a card) wider than its card, or over another card or
# another card's badge: on a six-player table the badges of small cards ran into each other.
_BADGES = """() => {
  const out = [];
  const cards = [...document.querySelectorAll('#app .card[id]')]
    .map(n => [n, n.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  const badges = [...document.querySelectorAll('#app .card .eyes')]
    .map(n => [n, n.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  for (const [n, r] of badges) {
    const own = n.closest('.card');
    const box = own.getBoundingClientRect();
    if (r.width > box.width + 0.5)
      out.push(`eye badge wider than its card ${own.id}: "${n.dataset.b}" (${Math.round(r.width)}`
               + ` in ${Math.round(box.width)})`);
    for (const [m, c] of cards)
      if (m !== own && meet(r, c)) out.push(`eye badge of ${own.id} "${n.dataset.b}" over ${m.id}`);
    for (const [m, c] of badges)
      if (m !== n && n.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING && meet(r, c))
        out.push(`eye badges of ${own.id} and ${m.closest('.card').id} overlap`);
  }
  return out;
}"""


def problems(page: Page) -> list[str]:
    """Texts cut off and things covered on the screen as it is now."""
    return page.evaluate(_CLIPPED) + page.evaluate(_COVERED) + page.evaluate(_BADGES)
