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
const REVEAL_MS = 300;      // before the reveal's first seat: it turns as the last card lands
const COUNT_MS = 360;       // a reveal's sum counting up
const FADE_MS = 160;        // a step under reduced motion
const FRAME_MS = 1000 / 60; // from the frame that paints a change to its first of motion
const EASE = "cubic-bezier(.2,.7,.3,1)";
// A step that starts later than this after its change (a card of the deal) is set up in a
// task of its own this long before it starts: one frame set up the whole deal at once, 16
// ghosts, 32 animations and 16 sounds, a task of 75-80 ms under a 4x slower CPU
// (docs/speed.md, "card motion under a slow CPU").
const LEAD_MS = 120;

const running = new Set();  // our animations, until they end
const counters = new Set(); // the reveal's sums counting up: {node, to, frame}
const later = [];           // steps still to be set up (`soon`): {at, setUp}, by time
let laterTimer = 0;         // the one timer of the first of them
let first = new Map();      // element id -> {box, up, face} just before the last patch
const holding = new Set();  // the cards and ghosts of changes not yet moving (`hold`)

const reducedQuery = matchMedia("(prefers-reduced-motion: reduce)");
const reduced = () => reducedQuery.matches;

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
// within LEAD_MS, else in a task LEAD_MS before it (the steps due then together: a card of
// the deal and its sound). Until then the step counts as motion (caboAfterMotion waits for
// it); a tap cancels it (finishAll: its card lies in place). One timer stands for all of
// them (a deal's 32 timers took 2 ms of its first frame under a 4x slower CPU).
function soon(delay, setUp) {
  if (delay <= LEAD_MS) { setUp(); return; }
  const at = performance.now() + delay - LEAD_MS;
  let i = later.length;
  while (i > 0 && later[i - 1].at > at) i -= 1;
  later.splice(i, 0, { at, setUp });
  if (i === 0) arm();
}

function arm() {
  clearTimeout(laterTimer);
  laterTimer = later.length
    ? setTimeout(due, Math.max(0, later[0].at - performance.now())) : 0;
}

function due() {
  laterTimer = 0;
  const now = performance.now() + 1;
  try {
    while (later.length && later[0].at <= now) later.shift().setUp();
  } finally {
    arm();
    settled();
  }
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

// A change is painted once before its cards move: the frame after the drawing lays out
// and paints the changed table (at a round's end, a new one), the next one sets the motion
// up, so that the layout and the first flights do not fall into one long frame
// (docs/speed.md, "painted, then moving"). Until its motion is set up a card looks as it
// did: one that flies in is not there yet ("held-out"), one that turns over shows its back
// ("held-back"), one that turns back keeps its face (a ghost of it, laid on the card by
// `lay` as the change is painted: where the card lies now is known then).
// A seat's face-up cards on the table.
function seatCards(seat) {
  return [...document.querySelectorAll(`#app .card.up[id^="slot-${seat}-"]`)];
}

function hold(steps, before) {
  const held = { cards: new Map(), ghosts: new Map(), turning: new Map(), sums: new Map(),
                 seats: new Map(), flights: new Map(), flips: new Map(), sounded: new Set(),
                 steps, before };
  const put = (el, how) => {
    if (!el || held.cards.has(el)) return;
    el.classList.add(how);
    held.cards.set(el, how);
  };
  const moved = new Set();
  for (const step of steps) {
    if (step.to) moved.add(step.to);
    if (step.from) moved.add(step.from);
    if (step.kind === "reveal") {
      for (const seat of step.seats || []) {
        // its sum shows 0 until it counts up (set here, it is laid out with the change)
        const sum = document.querySelector(`#app [data-sum="${seat}"]`);
        if (sum && Number.isFinite(Number(sum.textContent)) && !held.sums.has(sum)) {
          held.sums.set(sum, sum.textContent);
          sum.textContent = "0";
        }
        // (found here, not when its motion is set up: a round's end is a large page)
        const cards = seatCards(seat);
        for (const el of cards) put(el, "held-back");
        held.seats.set(seat, { cards, sum });
      }
      continue;
    }
    const to = step.to && document.getElementById(step.to);
    if (!to) continue;
    if ((step.kind === "fly" || step.kind === "deal") && step.from !== step.to) {
      put(to, "held-out");
    } else if (step.kind === "flip" && to.classList.contains("up")) {
      put(to, "held-back");
    }
  }
  for (const [id, was] of before) {
    if (!was.up || moved.has(id)) continue;
    const el = document.getElementById(id);
    if (!el || !el.classList.contains("down")) continue;
    put(el, "held-out");
    held.turning.set(id, was.face);
  }
  return held;
}

// In the frame that paints the change (its layout is due anyway), what moves from the
// motion's first frame is laid out, so that its style, layout and paint fall into this
// frame, and the next one, the first that moves, only starts animations: a card that turns
// back shows its face, a ghost laid on it; one that turns over, its back (`flips`); one that
// flies, where it starts, its ghost laid there (`flights`). Their sounds are scheduled now,
// a frame ahead.
function lay(held) {
  for (const [id, face] of held.turning) {
    const el = document.getElementById(id);
    if (!el || !held.cards.has(el)) continue;
    const ghost = ghostOf(boxOf(el), face);
    document.body.append(ghost);
    held.ghosts.set(id, ghost);
    release(held, el);
  }
  held.turning.clear();
  for (const step of held.steps) {
    if (step.kind !== "fly" || (step.delay || 0) > LEAD_MS) continue;
    const to = document.getElementById(step.to);
    if (!to || step.from === step.to || !held.cards.has(to)) continue;
    const ab = flightBoxes(step, to, held.before, null);
    if (!ab) continue;
    const ghost = flightGhost(step, to, ab);
    document.body.append(ghost);
    held.flights.set(step, { ghost, ab });
  }
  for (const step of held.steps) {
    const to = step.kind === "flip" && document.getElementById(step.to);
    if (!to || held.cards.get(to) !== "held-back") continue;
    const ghost = ghostOf(boxOf(to), null);
    document.body.append(ghost);
    held.flips.set(step, ghost);
  }
  const sound = window.caboSound;
  for (const step of held.steps) {
    if (!sound || !step.sound || step.kind === "deal" || (step.delay || 0) > LEAD_MS) continue;
    sound.play(step.sound, (step.delay || 0) + FRAME_MS);
    held.sounded.add(step);
  }
}

// The card shows as it is now (its motion is set up, or there is none).
function release(held, el) {
  const how = held?.cards.get(el);
  if (!how) return;
  held.cards.delete(el);
  el.classList.remove(how);
}

function releaseAll(held) {
  if (!held) return;
  for (const el of [...held.cards.keys()]) release(held, el);
  for (const ghost of held.ghosts.values()) ghost.remove();
  held.ghosts.clear();
  held.turning.clear();
  dropLaid(held);
  restore(held);
}

// The ghosts laid for a change's first frame of motion (`lay`) that it did not use.
function dropLaid(held) {
  for (const { ghost } of held.flights.values()) ghost.remove();
  held.flights.clear();
  for (const ghost of held.flips.values()) ghost.remove();
  held.flips.clear();
}

function restore(held) {
  for (const [node, text] of held.sums) node.textContent = text;
  held.sums.clear();
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

// A flight's First and Last: First from before the change (or where its source is now),
// Last from `now` (the boxes read together) or, without it, read now.
function flightBoxes(step, to, before, now) {
  const source = document.getElementById(step.from);
  const a = before.get(step.from)?.box ?? now?.get(step.from) ?? (source && boxOf(source));
  const b = now ? now.get(step.to) : boxOf(to);
  return a && b && a.width && b.width ? [a, b] : null;
}

// The transform that lays a card whose box is `b` onto the box `a` (FLIP's Invert).
function inverse([a, b]) {
  return `translate(${a.left - b.left}px, ${a.top - b.top}px) `
    + `scale(${a.width / b.width}, ${a.height / b.height})`;
}

// A flight's ghost: laid on Last, and moved onto First by its own transform. A card lands as
// it will lie: onto a face-up place (the discard pile, an open hand) it flies with the face
// that place shows now, otherwise as a back (a card of the deal travels face down, and shows
// its face only where it lands).
function flightGhost(step, to, ab) {
  const face = step.kind !== "deal" && to.classList.contains("up") ? to.querySelector(".face")
    : null;
  const ghost = ghostOf(ab[1], face);
  // the deal's cards wait on the deck, stacked: each lifted by a thin shadow only, or the
  // stack's shadows add up to a dark blot around the deck
  if (step.kind === "deal") ghost.classList.add("dealt");
  ghost.style.transform = inverse(ab);
  return ghost;
}

function fly(step, now, ghosts, start, before, held, kept) {
  const to = document.getElementById(step.to);
  if (!to || step.from === step.to) return;
  const delay = step.delay || 0;
  // First and Last; `fresh`: Last read now (a card set up later, when its box is read alone)
  const boxes = (fresh) => flightBoxes(step, to, before, fresh ? null : now);
  // `laid`: its ghost, laid in the painting frame (`lay`); `fill: both`: a ghost lies on
  // First by its own transform, and on Last once landed, until it is removed
  const launch = (ab, laid) => {
    const ghost = laid ?? flightGhost(step, to, ab);
    return [laid ? null : ghost, () => track(ghost.animate(
      [{ transform: inverse(ab) }, { transform: "none" }],
      { duration: FLY_MS, delay, easing: EASE, fill: "both" }), () => ghost.remove())];
  };
  if (delay <= LEAD_MS) {
    const laid = held?.flights.get(step);
    held?.flights.delete(step);
    const ab = laid?.ab ?? boxes(false);
    if (!ab) return;
    const [ghost, go] = launch(ab, laid?.ghost);
    ghosts.push([ghost, () => { go(); wait(to, delay + FLY_MS); release(held, to); }]);
    return;
  }
  // a later card of the deal: it stays held (invisible) until shortly before it leaves the
  // deck (the deck shows a back meanwhile); then its ghost is added and it waits for it,
  // both timed from this change's frame as if they had been set up with the others. Set up
  // late (a long task held the page), the ghost leaves the deck at once and its card waits
  // for it; once the card shows (a tap ends every hold), none.
  const isHeld = held?.cards.has(to);
  let hold = null;
  if (isHeld) kept.add(to);
  else ghosts.push([null, () => { hold = wait(to, delay + FLY_MS); }]);
  soon(delay, () => {
    if (isHeld ? !held.cards.has(to) : !hold || hold.playState === "finished") return;
    const ab = boxes(isHeld);
    if (!ab) {
      if (isHeld) { release(held, to); done(held); }
      return;
    }
    const [ghost, go] = launch(ab, null);
    document.body.append(ghost);
    const late = Math.max(0, performance.now() - start - delay);
    go().startTime = start + late;
    if (isHeld) {
      wait(to, delay + FLY_MS).startTime = start + late;
      release(held, to);
      done(held);
    } else if (late) hold.startTime = start + late;
  });
}

// A card turns over in place: the side it showed (a ghost; `laid`, one laid on it when the
// change was drawn) turns away, the side it shows now turns in.
function flip(el, box, oldFace, delay, ghosts, held, laid) {
  const ghost = laid ?? ghostOf(box, oldFace);
  if (laid && box) Object.assign(laid.style, { left: `${box.left}px`, top: `${box.top}px`,
                                               width: `${box.width}px`, height: `${box.height}px` });
  ghosts.push([laid ? null : ghost, () => {
    release(held, el);
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

// A reveal's sum counts up from 0 (`sums`: the sums `hold` set to 0, with their values). A
// frame that does not change the number does not touch the page.
function countUp(node, delay, sums) {
  const to = Number(sums?.get(node) ?? node.textContent);
  sums?.delete(node);
  if (!Number.isFinite(to)) return;
  const counter = { node, to, frame: 0 };
  const start = performance.now() + delay;
  if (node.textContent !== "0") node.textContent = "0";
  const tick = (t) => {
    const k = Math.max(0, Math.min(1, (t - start) / COUNT_MS));
    const text = String(Math.round(to * k));
    if (node.textContent !== text) node.textContent = text;
    if (k < 1) counter.frame = requestAnimationFrame(tick);
    else counters.delete(counter);
  };
  counter.frame = requestAnimationFrame(tick);
  counters.add(counter);
}

// The seats' cards turn over seat by seat, the first as the change's last card lands. Each
// seat's cards are set up shortly before they turn (`soon`), in a task of their own; until
// then they show their backs (`hold`) and are kept held.
function reveal(step, now, ghosts, still, held, kept, start) {
  (step.seats || []).forEach((seat, i) => {
    const delay = (still ? 0 : REVEAL_MS) + i * SEAT_MS;
    const found = held?.seats.get(seat);
    const cards = found?.cards ?? seatCards(seat);
    if (still) cards.forEach((el) => fade(el, delay));
    else if (delay <= LEAD_MS || !held) {
      cards.forEach((el, k) => flip(el, now.get(el.id), null, delay + k * 50, ghosts, held));
    } else {
      for (const el of cards) kept.add(el);
      soon(delay, () => {
        const late = performance.now() - start;
        const set = [];
        cards.forEach((el, k) => {
          if (held.cards.has(el) && el.isConnected) {
            flip(el, boxOf(el), null, Math.max(0, delay + k * 50 - late), set, held);
          }
        });
        for (const [ghost] of set) if (ghost) document.body.append(ghost);
        for (const [, go] of set) go();
        done(held);
      });
    }
    const sum = found ? found.sum : document.querySelector(`#app [data-sum="${seat}"]`);
    if (sum && !still) countUp(sum, delay + FLIP_MS, held?.sums);
  });
}

// Last: the boxes of the table's cards now, read together when the first one is asked for
// (one layout, not one per card; every box is read before anything is added). A change
// whose cards all move later (a deal) reads none in its first frame.
function boxesNow() {
  let boxes = null;
  const read = () => {
    if (!boxes) {
      boxes = new Map();
      for (const el of document.querySelectorAll("#app .card[id]")) boxes.set(el.id, boxOf(el));
    }
    return boxes;
  };
  return { get: (id) => read().get(id), has: (id) => read().has(id) };
}

// The steps of one change; `instant` (the instant speed): sounds only, nothing moves.
// `before`: the boxes before the change (`first`); `held`: its cards held until now (`hold`).
function play(steps, instant, before, held) {
  const sound = window.caboSound;
  const turning = [...before.values()].some((was) => was.up);
  if (!steps.length && !turning) return;
  const still = reduced();
  // a deal's first card leaves the deck a little after the motion's first frame, so that
  // each card is set up in a task of its own (`soon`), none in that frame
  if (!instant && !still) {
    for (const step of steps) if (step.kind === "deal") step.delay = (step.delay || 0) + LEAD_MS + 1;
  }
  const start = document.timeline.currentTime;  // this frame's time
  for (const step of steps) {
    if (!step.sound || !sound || held?.sounded.has(step)) continue;
    if (instant) { sound.play(step.sound, 0); continue; }
    const delay = step.delay || 0;
    soon(delay, () => sound.play(step.sound,
                                 Math.max(0, delay - (performance.now() - start))));
  }
  if (instant) return;
  const now = boxesNow();
  const ghosts = [];
  const moved = new Set();
  const kept = new Set();  // held cards whose motion is set up later
  for (const step of steps) {
    const to = step.to && document.getElementById(step.to);
    if (step.to) moved.add(step.to);
    if (step.from) moved.add(step.from);
    if (step.kind === "reveal") { reveal(step, now, ghosts, still, held, kept, start); continue; }
    if (!to) continue;
    if (still) { fade(to, step.delay || 0); continue; }
    if (step.kind === "fly" || step.kind === "deal") fly(step, now, ghosts, start, before, held, kept);
    else if (step.kind === "flip") {
      const laid = held?.flips.get(step);
      held?.flips.delete(step);
      flip(to, laid ? null : now.get(step.to), null, 0, ghosts, held, laid);
    }
    else if (step.kind === "shake") shake(to);
  }
  // a card that was face up and is face down now, in its place: the look is over, it turns
  // back (the face it showed is the one the page had: nothing new reaches the page)
  for (const [id, was] of before) {
    if (!was.up || moved.has(id)) continue;
    const el = document.getElementById(id);
    const laid = held?.ghosts.get(id);  // (laid on it as the change was painted: `lay`)
    if (el && el.classList.contains("down") && (laid || now.has(id))) {
      if (still) fade(el, 0);
      else {
        flip(el, laid ? null : now.get(id), was.face, 0, ghosts, held, laid);
        held?.ghosts.delete(id);
      }
    }
  }
  for (const [ghost] of ghosts) if (ghost) document.body.append(ghost);
  for (const [, go] of ghosts) go();
  if (!held) return;
  for (const el of [...held.cards.keys()]) if (!kept.has(el)) release(held, el);
  done(held);
}

// A change's hold is over once none of its cards is held (a tap ends every hold: finishAll).
function done(held) {
  if (held.cards.size) return;
  restore(held);
  dropLaid(held);
  for (const ghost of held.ghosts.values()) ghost.remove();
  held.ghosts.clear();
  holding.delete(held);
}

// Called by Python after a render (cabo/web/main.py): the boxes are read in the next frame,
// before it is painted (the frame lays out the new table anyway; done at once, reading them
// would lengthen Python's task).
window.caboMotion = (stepsJson, instant) => {
  const steps = JSON.parse(stepsJson);
  const before = first;
  first = new Map();
  // a change that moves something (not a sound alone; not at the instant speed, where
  // nothing moves, nor under reduced motion, where things fade in place) is painted first
  const moving = !instant && !reduced()
    && (steps.some((step) => step.kind !== "sound") || [...before.values()].some((was) => was.up));
  const held = moving ? hold(steps, before) : null;
  if (held) holding.add(held);
  scheduled += 1;
  const setUp = () => {
    scheduled -= 1;
    try { play(steps, instant, before, held); } catch (error) {
      releaseAll(held);
      throw error;
    } finally {
      if (held) done(held);
      settled();
    }
  };
  // moving: this frame paints the change, the next one sets its motion up (`hold`)
  requestAnimationFrame(held ? () => { lay(held); requestAnimationFrame(setUp); } : setUp);
};

// Once no card moves and none is about to: the waiting callbacks, each in a task of its own.
function settled() {
  if (running.size || scheduled || later.length || !idle.length) return;
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
  later.length = 0;
  arm();
  for (const animation of [...running]) animation.finish();
  for (const counter of [...counters]) {
    cancelAnimationFrame(counter.frame);
    counter.node.textContent = String(counter.to);
    counters.delete(counter);
  }
  for (const held of [...holding]) { releaseAll(held); holding.delete(held); }
  for (const ghost of document.querySelectorAll(".card.ghost")) ghost.remove();
}
addEventListener("pointerdown", finishAll, true);
addEventListener("keydown", finishAll, true);
window.caboMotionFinish = finishAll;
