// Drawing the page by patching the DOM instead of replacing it (cabo/web/main.py `render`):
// caboPatch(element, html) makes element's children equal to the parsed html, changing only
// the nodes that differ. Unchanged nodes keep their styles, layout and focus, so after a
// move the browser restyles a few cards and lines instead of the whole table. The result is
// the DOM that `element.innerHTML = html` would give, form state included (a text field's
// value, a checkbox's or radio's checked, an option's selected as their attributes say).

// A node is patched in place if it is the same kind of node: the same tag, id, input type
// and first class name. A card's face and its back are different kinds (first class "face",
// "back"): motion.js keeps the face a card showed before a change (caboMotionFirst), to turn
// it back, so a face is never rewritten into a back. A card touched by a move (class anim-*)
// is patched in place like any other: every motion is a script animation (motion.js), and a
// new node would be styled, laid out and painted whole.
function kind(el) {
  const cls = el.getAttribute("class");
  if (!cls) return "";
  const space = cls.indexOf(" ");
  return space < 0 ? cls : cls.slice(0, space);
}

function sameNode(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return a.id === b.id && a.getAttribute("type") === b.getAttribute("type")
    && kind(a) === kind(b);
}

function patchAttributes(old, neu) {
  for (const name of old.getAttributeNames()) {
    if (!neu.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const name of neu.getAttributeNames()) {
    const value = neu.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (old.nodeName === "INPUT") {
    if (old.type === "checkbox" || old.type === "radio") {
      const checked = neu.hasAttribute("checked");
      if (old.checked !== checked) old.checked = checked;
    }
    else {
      const value = neu.getAttribute("value") ?? "";
      if (old.value !== value) old.value = value;
    }
  } else if (old.nodeName === "OPTION") {
    // (set only when it differs: setting an option's selected runs the select's whole update)
    const selected = neu.hasAttribute("selected");
    if (old.selected !== selected) old.selected = selected;
  } else if (old.nodeName === "TEXTAREA") {
    if (old.value !== neu.value) old.value = neu.value;
  }
}

function patchChildren(old, neu) {
  const fresh = Array.from(neu.childNodes);
  for (let i = 0; i < fresh.length; i++) {
    const n = fresh[i];
    const o = old.childNodes[i];
    if (o === undefined) {
      old.appendChild(n);
    } else if (!sameNode(o, n)) {
      old.replaceChild(n, o);
    } else if (o.nodeType === Node.ELEMENT_NODE) {
      // a region drawn from the same inputs as before (data-k: cabo/web/render.py `keyed`)
      // is the same markup: neither its attributes nor its nodes are compared
      const key = n.getAttribute("data-k");
      if (key !== null && key === o.getAttribute("data-k")) continue;
      patchAttributes(o, n);
      patchChildren(o, n);
    } else if (o.nodeValue !== n.nodeValue) {
      o.nodeValue = n.nodeValue;
    }
  }
  while (old.childNodes.length > fresh.length) old.removeChild(old.lastChild);
}

// The selector cabo/web/main.py `_focus_selector` gives the focused element (and restores
// the focus by, in the next task), or null.
function focusSelector(el) {
  if (el.id) return "#" + CSS.escape(el.id);
  for (const attr of ["data-key", "data-field", "data-ctl"]) {
    const value = el.getAttribute(attr);
    if (value) return `[${attr}="${CSS.escape(value)}"]`;
  }
  return null;
}

// Removing the element that has the focus makes Chromium restyle and lay out the page at
// once, half patched: after a tap on a move's button, a forced layout inside the drawing
// task (tools/bench_motion.py --trace). An element whose selector the new markup lacks is
// gone after the patch (or patched into another control, from which main.py moves the focus
// all the same), so it gives up the focus first, while the page is still laid out.
function releaseFocus(element, content) {
  const active = document.activeElement;
  if (!active || active === document.body || !element.contains(active)) return;
  const selector = focusSelector(active);
  if (selector && !content.querySelector(selector)) active.blur();
}

window.caboPatch = (element, html) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  releaseFocus(element, template.content);
  patchChildren(element, template.content);
};
