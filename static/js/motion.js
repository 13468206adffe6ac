// Card motion (STYLE.md, point 15): every step of the last change (cabo/ui/motion.py, the
// places as element ids: cabo/web/main.py `_moves_json`) is animated with the Web Animations
// API between the real boxes (FLIP): First, the box a card had before the change (measured
// just before the page is patched), Last, the box it has now; a ghost of the card is laid on
// Last, Inverted to First by a transform, and Played back to Last. Only transforms and
// opacity change, so the compositor can run the frames while Python works.
//
// Motion never holds input: the ghosts take no pointer events, a card waiting for its ghost
// is only transparent (it can be tapped), and a tap or key press finishes every motion at
// once. prefers-reduced-motion turns every step into a short fade in place.

const FLY_MS = 420;
const FLIP_MS = 170;        // each half of a turn-over
const SEAT_MS = 420;        // between two seats of the reveal
const COUNT_MS = 360;       // a reveal's sum counting up
const FADE_MS = 160;        // a step under reduced motion
const EASE = "cubic-bezier(.2,.7,.3,1)";
// A step that starts later than this after its change (a card of the deal) is set up in a
// task of its own this long before it starts: one frame set up the whole deal at once, 16
// ghosts, 32 animations and 16 sounds, a task of 75-80 ms under a 4x slower CPU
// (docs/speed.md, "card motion under a slow CPU").
const LEAD_MS = 120;

const running = new Set();  // our animations, until they end
const counters = new Set(); // the reveal's sums counting up: {node, to, frame}
const later = new Set();    // timers of steps still to be set up (`soon`)
let first = new Map();      // element id -> {box, up, face} just before the last patch

const reduced = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

let scheduled = 0;          // changes drawn whose motion starts in the next frame
const idle = [];            // callbacks waiting for every card to land (caboAfterMotion)

function track(animation, done) {
  running.add(animation);
  const end = () => { running.delete(animation); done?.(); settled(); };
  animation.addEventListener("finish", end, { once: true });
  animation.addEventListener("cancel", end, { once: true });
  return animation;
}

// Runs `setUp` for a step that starts `delay` ms after its change: at once if it starts
// within LEAD_MS, else in a task of its own LEAD_MS before it. Until then the step counts as
// motion (caboAfterMotion waits for it); a tap cancels it (finishAll: its card lies in place).
function soon(delay, setUp) {
  if (delay <= LEAD_MS) { setUp(); return; }
  const timer = setTimeout(() => {
    later.delete(timer);
    try { setUp(); } finally { settled(); }
  }, delay - LEAD_MS);
  later.add(timer);
}

// A card's box on the page, unturned (the drawn card lies a little rotated): its layout size,
// centred where it shows, in the document's coordinates: a ghost lies in the document (not
// fixed to the screen), so that a scroll while it moves (the round's end scrolls the result
// into view) moves it with its card.
function boxOf(el) {
  const r = el.getBoundingClientRect();
  const width = el.offsetWidth || r.width, height = el.offsetHeight || r.height;
  return { left: r.left + scrollX + (r.width - width) / 2,
           top: r.top + scrollY + (r.height - height) / 2, width, height };
}

// First: the boxes of the table's cards and piles before the page changes.
function snapshot() {
  const app = document.getElementById("app");
  if (!app || !app.querySelector(".felt")) { first = new Map(); return; }
  const seen = new Map();
  for (const el of app.querySelectorAll(".card[id]")) {
    const up = el.classList.contains("up");
    seen.set(el.id, { box: boxOf(el), up,
                      face: up ? el.querySelector(".face") : null });
  }
  first = seen;
}

// Called by Python just before it draws the page (cabo/web/main.py `render`).
window.caboMotionFirst = snapshot;

function ghostOf(box, faceNode) {
  const ghost = document.createElement("div");
  ghost.setAttribute("aria-hidden", "true");
  if (faceNode) {
    ghost.className = "card up ghost";
    ghost.append(faceNode.cloneNode(true));
  } else {
    ghost.className = "card down ghost";
    ghost.innerHTML = '<span class="back"></span>';
  }
  ghost.style.cssText = `position:absolute;left:${box.left}px;top:${box.top}px;`
    + `width:${box.width}px;height:${box.height}px;--cw:${box.width}px;margin:0;`
    + "z-index:50;pointer-events:none;transform-origin:0 0;";
  return ghost;
}

// The card at `to` waits, transparent, until its ghost lands (an animation of its own, so
// that a redraw that rewrites its attributes meanwhile does not show it early). Its last
// keyframe is the card's own opacity: Chromium runs an animation without a visible change
// (0 to 0) on the main thread, a style recalculation and a repaint of the table in every
// frame of the flight, instead of on the compositor (tools/bench_motion.py --trace).
function wait(el, ms) {
  return track(el.animate([{ opacity: 0 }, { opacity: 0, offset: 0.999 }, { opacity: 1 }],
                   { duration: ms }));
}

function fade(el, delay) {
  track(el.animate([{ opacity: 0 }, { opacity: 1 }],
                   { duration: FADE_MS, delay, fill: "backwards" }));
}

function fly(step, now, ghosts, start) {
  const to = document.getElementById(step.to);
  if (!to || step.from === step.to) return;
  const source = document.getElementById(step.from);
  const a = first.get(step.from)?.box ?? now.get(step.from) ?? (source && boxOf(source));
  const b = now.get(step.to);
  if (!a || !b || !a.width || !b.width) return;
  const delay = step.delay || 0;
  // a card lands as it will lie: onto a face-up place (the discard pile, an open hand) it
  // flies with the face that place shows now, otherwise as a back
  // (a card of the deal travels face down, and shows its face only where it lands)
  const face = step.kind !== "deal" && to.classList.contains("up") ? to.querySelector(".face")
    : null;
  const launch = () => {
    const ghost = ghostOf(b, face);
    // the deal's cards wait on the deck, stacked: each lifted by a thin shadow only, or the
    // stack's shadows add up to a dark blot around the deck
    if (step.kind === "deal") ghost.classList.add("dealt");
    return [ghost, () => {
      const dx = a.left - b.left, dy = a.top - b.top;
      const sx = a.width / b.width, sy = a.height / b.height;
      return track(ghost.animate(
        [{ transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
         { transform: "none" }],
        { duration: FLY_MS, delay, easing: EASE, fill: "backwards" }), () => ghost.remove());
    }];
  };
  if (delay <= LEAD_MS) {
    const [ghost, go] = launch();
    ghosts.push([ghost, () => { go(); wait(to, delay + FLY_MS); }]);
    return;
  }
  // a later card of the deal: it waits, transparent, from now on; its ghost is added shortly
  // before it leaves the deck (the deck shows a back meanwhile), timed from this change's
  // frame as if it had been added with the others. Added late (a long task held the page),
  // the ghost leaves the deck at once and its card waits for it; once the card shows, none.
  let hold = null;
  ghosts.push([null, () => { hold = wait(to, delay + FLY_MS); }]);
  soon(delay, () => {
    if (!hold || hold.playState === "finished") return;
    const [ghost, go] = launch();
    document.body.append(ghost);
    const late = Math.max(0, performance.now() - start - delay);
    go().startTime = start + late;
    if (late) hold.startTime = start + late;
  });
}

// A card turns over in place: the side it showed (a ghost) turns away, the side it shows
// now turns in.
function flip(el, box, oldFace, delay, ghosts) {
  const ghost = ghostOf(box, oldFace);
  ghosts.push([ghost, () => {
    track(ghost.animate([{ transform: "none" }, { transform: "scaleX(0)" }],
                        { duration: FLIP_MS, delay, easing: "ease-in", fill: "both" }),
          () => ghost.remove());
    track(el.animate([{ transform: "scaleX(0)" }, { transform: "none" }],
                     { duration: FLIP_MS, delay: delay + FLIP_MS, easing: "ease-out",
                       fill: "backwards" }));
  }]);
}

function shake(el) {
  track(el.animate(
    [{ transform: "none" }, { transform: "translateX(-6px)" }, { transform: "translateX(6px)" },
     { transform: "translateX(-6px)" }, { transform: "translateX(6px)" }, { transform: "none" }],
    { duration: 450 }));
}

function countUp(node, delay) {
  const to = Number(node.textContent);
  if (!Number.isFinite(to)) return;
  const counter = { node, to, frame: 0 };
  const start = performance.now() + delay;
  node.textContent = "0";
  const tick = (t) => {
    const k = Math.max(0, Math.min(1, (t - start) / COUNT_MS));
    node.textContent = String(Math.round(to * k));
    if (k < 1) counter.frame = requestAnimationFrame(tick);
    else counters.delete(counter);
  };
  counter.frame = requestAnimationFrame(tick);
  counters.add(counter);
}

function reveal(step, now, ghosts, still) {
  (step.seats || []).forEach((seat, i) => {
    const delay = i * SEAT_MS;
    const cards = [...document.querySelectorAll(`#app .card[id^="slot-${seat}-"]`)];
    cards.forEach((el, k) => {
      if (!el.classList.contains("up")) return;
      if (still) fade(el, delay);
      else flip(el, now.get(el.id), null, delay + k * 50, ghosts);
    });
    const sum = document.querySelector(`#app [data-sum="${seat}"]`);
    if (sum && !still) countUp(sum, delay + FLIP_MS);
  });
}

// The steps of one change; `instant` (the instant speed): sounds only, nothing moves.
function play(steps, instant) {
  const sound = window.caboSound;
  const turning = [...first.values()].some((before) => before.up);
  if (!steps.length && !turning) return;
  const start = document.timeline.currentTime;  // this frame's time
  for (const step of steps) {
    if (!step.sound || !sound) continue;
    if (instant) { sound.play(step.sound, 0); continue; }
    const delay = step.delay || 0;
    soon(delay, () => sound.play(step.sound,
                                 Math.max(0, delay - (performance.now() - start))));
  }
  if (instant) return;
  const still = reduced();
  // Last: every box is read before anything is added (one layout, not one per card)
  const now = new Map();
  for (const el of document.querySelectorAll("#app .card[id]")) now.set(el.id, boxOf(el));
  const ghosts = [];
  const moved = new Set();
  for (const step of steps) {
    const to = step.to && document.getElementById(step.to);
    if (step.to) moved.add(step.to);
    if (step.from) moved.add(step.from);
    if (step.kind === "reveal") { reveal(step, now, ghosts, still); continue; }
    if (!to) continue;
    if (still) { fade(to, step.delay || 0); continue; }
    if (step.kind === "fly" || step.kind === "deal") fly(step, now, ghosts, start);
    else if (step.kind === "flip") flip(to, now.get(step.to), null, 0, ghosts);
    else if (step.kind === "shake") shake(to);
  }
  // a card that was face up and is face down now, in its place: the look is over, it turns
  // back (the face it showed is the one the page had: nothing new reaches the page)
  for (const [id, before] of first) {
    if (!before.up || moved.has(id)) continue;
    const el = document.getElementById(id);
    if (el && el.classList.contains("down") && now.has(id)) {
      if (still) fade(el, 0);
      else flip(el, now.get(id), before.face, 0, ghosts);
    }
  }
  for (const [ghost] of ghosts) if (ghost) document.body.append(ghost);
  for (const [, go] of ghosts) go();
  first = new Map();
}

// Called by Python after a render (cabo/web/main.py): the boxes are read in the next frame,
// before it is painted (the frame lays out the new table anyway; done at once, reading them
// would lengthen Python's task).
window.caboMotion = (stepsJson, instant) => {
  const steps = JSON.parse(stepsJson);
  scheduled += 1;
  requestAnimationFrame(() => {
    scheduled -= 1;
    try { play(steps, instant); } finally { settled(); }
  });
};

// Once no card moves and none is about to: the waiting callbacks, each in a task of its own.
function settled() {
  if (running.size || scheduled || later.size || !idle.length) return;
  for (const call of idle.splice(0)) setTimeout(call, 0);
}

// Calls `fn` once, when every card has landed (a change drawn in this task counts: its
// motion starts in the next frame), or after `most` ms at the latest (a hidden page runs no
// frames). Python saves the game this way (cabo/web/saving.py), so that its work does not
// fall into a flight.
window.caboAfterMotion = (fn, most) => {
  let called = false;
  const once = () => { if (!called) { called = true; fn(); } };
  idle.push(once);
  setTimeout(once, most);
  setTimeout(settled, 0);  // (after this task: a render in it has scheduled its motion)
};

// Finishes every motion at once: the table shows where everything is.
function finishAll() {
  for (const timer of later) clearTimeout(timer);
  later.clear();
  for (const animation of [...running]) animation.finish();
  for (const counter of [...counters]) {
    cancelAnimationFrame(counter.frame);
    counter.node.textContent = String(counter.to);
    counters.delete(counter);
  }
  for (const ghost of document.querySelectorAll(".card.ghost")) ghost.remove();
}
addEventListener("pointerdown", finishAll, true);
addEventListener("keydown", finishAll, true);
window.caboMotionFinish = finishAll;
