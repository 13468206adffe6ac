// Sound effects, synthesised in the page with the Web Audio API (no sound files): a short
// effect per kind of step (cabo/ui/motion.py names them), played by motion.js.
//
// Nothing plays before the person's first tap or key press (the audio context is made in
// that gesture); muted (the button in the top bar, remembered under "cabo.mute"), nothing
// plays and no audio context is made.

const KEY = "cabo.mute";
let ctx = null;
let unlocked = false;
let muted = false;
try { muted = localStorage.getItem(KEY) === "1"; } catch { /* storage disabled */ }
const last = new Map();  // kind -> when it last played (ms): one effect per kind at a time

function context() {
  if (!ctx) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    ctx = new Context();
    // the first nodes made on a context set up its graph (5-10 ms under a 4x slower CPU):
    // made now, silent (never started nor connected to the output), in the tap's task and
    // not in the frame of the first motion that sounds (the deal's)
    ctx.createOscillator().connect(ctx.createGain());
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

function unlock() {
  unlocked = true;
  if (!muted) context();
  removeEventListener("pointerdown", unlock, true);
  removeEventListener("keydown", unlock, true);
}
addEventListener("pointerdown", unlock, true);
addEventListener("keydown", unlock, true);

// One note: `type` wave from `f0` to `f1` Hz, starting `at` s from now, `len` s long, with
// a quick attack and an exponential fade.
function note(c, out, { f0, f1 = f0, at = 0, len = 0.12, type = "sine", gain = 0.15 }) {
  const t = c.currentTime + at;
  const osc = c.createOscillator();
  const amp = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f0, t);
  if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t + len);
  amp.gain.setValueAtTime(0.0001, t);
  amp.gain.exponentialRampToValueAtTime(gain, t + Math.min(0.01, len / 4));
  amp.gain.exponentialRampToValueAtTime(0.0001, t + len);
  osc.connect(amp).connect(out);
  osc.start(t);
  osc.stop(t + len + 0.02);
}

// The effects, each a few notes (frequencies in Hz, times in s).
const EFFECTS = {
  deal: [{ f0: 1400, f1: 700, len: 0.04, type: "triangle", gain: 0.06 }],
  draw: [{ f0: 320, f1: 640, len: 0.09, type: "sine", gain: 0.1 }],
  place: [{ f0: 200, f1: 90, len: 0.1, type: "sine", gain: 0.25 },
          { f0: 2400, f1: 1200, len: 0.02, type: "triangle", gain: 0.04 }],
  flip: [{ f0: 1300, f1: 1000, len: 0.03, type: "triangle", gain: 0.07 },
         { f0: 900, f1: 700, at: 0.07, len: 0.03, type: "triangle", gain: 0.07 }],
  right: [{ f0: 660, len: 0.1, type: "sine", gain: 0.14 },
          { f0: 990, at: 0.09, len: 0.18, type: "sine", gain: 0.14 }],
  wrong: [{ f0: 170, f1: 110, len: 0.28, type: "square", gain: 0.05 }],
  penalty: [{ f0: 440, len: 0.11, type: "triangle", gain: 0.12 },
            { f0: 370, at: 0.11, len: 0.11, type: "triangle", gain: 0.12 },
            { f0: 294, at: 0.22, len: 0.2, type: "triangle", gain: 0.12 }],
  cabo: [{ f0: 523, len: 0.1, type: "square", gain: 0.05 },
         { f0: 659, at: 0.09, len: 0.1, type: "square", gain: 0.05 },
         { f0: 784, at: 0.18, len: 0.1, type: "square", gain: 0.05 },
         { f0: 1047, at: 0.27, len: 0.25, type: "square", gain: 0.05 }],
  turn: [{ f0: 880, len: 0.25, type: "sine", gain: 0.1 },
         { f0: 1320, at: 0.02, len: 0.2, type: "sine", gain: 0.03 }],
  win: [{ f0: 523, len: 0.14, type: "triangle", gain: 0.12 },
        { f0: 659, at: 0.12, len: 0.14, type: "triangle", gain: 0.12 },
        { f0: 784, at: 0.24, len: 0.14, type: "triangle", gain: 0.12 },
        { f0: 1047, at: 0.36, len: 0.4, type: "triangle", gain: 0.12 }],
};

// Plays the effect `kind` after `delay` ms (the step's own delay, as a card of the deal
// lands), unless muted or before the first tap.
function play(kind, delay = 0) {
  const effect = EFFECTS[kind];
  if (!effect || muted || !unlocked || document.hidden) return false;
  const now = performance.now() + delay;
  if (now - (last.get(kind) ?? -1e9) < 40) return false;
  last.set(kind, now);
  const c = context();
  if (!c) return false;
  const out = c.destination;
  for (const part of effect) note(c, out, { ...part, at: (part.at || 0) + delay / 1000 });
  dispatchEvent(new CustomEvent("cabo:sound", { detail: kind }));
  return true;
}

function setMuted(value) {
  muted = Boolean(value);
  try { localStorage.setItem(KEY, muted ? "1" : "0"); } catch { /* storage disabled */ }
  if (muted && ctx) ctx.suspend();
  else if (!muted && unlocked) context();
}

window.caboSound = { play, setMuted, muted: () => muted, kinds: Object.keys(EFFECTS) };
