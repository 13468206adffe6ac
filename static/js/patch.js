// Drawing the page by patching the DOM instead of replacing it (cabo/web/main.py `render`):
// caboPatch(element, html) makes element's children equal to the parsed html, changing only
// the nodes that differ. Unchanged nodes keep their styles, layout and focus, so after a
// move the browser restyles a few cards and lines instead of the whole table. The result is
// the DOM that `element.innerHTML = html` would give, form state included (a text field's
// value, a checkbox's or radio's checked, an option's selected as their attributes say).

// A node is patched in place if it is the same kind of node; an element that starts an
// animation (class anim-*: the first drawing after a move) is replaced, so that the
// animation plays again even if the node had it the last time.
function sameNode(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return a.id === b.id && a.getAttribute("type") === b.getAttribute("type")
    && !/(^|\s)anim-/.test(b.getAttribute("class") || "");
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
      patchAttributes(o, n);
      patchChildren(o, n);
    } else if (o.nodeValue !== n.nodeValue) {
      o.nodeValue = n.nodeValue;
    }
  }
  while (old.childNodes.length > fresh.length) old.removeChild(old.lastChild);
}

window.caboPatch = (element, html) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  patchChildren(element, template.content);
};
