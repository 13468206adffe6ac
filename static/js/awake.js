// Staying with the game: the screen stays on while a game is played (Screen Wake Lock, where
// the browser has it), and the person is told when it becomes their turn while they look
// away ("● Your turn" in the tab's title while the page is hidden; a short vibration where
// supported, unless turned off). Python calls caboAwake.game(on) and caboAwake.turn(mine,
// label, vibrate) after each drawing; it decides what is a game and whose turn it is.
let wanted = false;
let lock = null;
let mine = false;
let label = "";
const baseTitle = document.title;

async function take() {
  if (!wanted || lock || document.visibilityState !== "visible" || !navigator.wakeLock) return;
  try {
    lock = await navigator.wakeLock.request("screen");
    window.caboAwake.held = true;
    lock.addEventListener("release", () => { lock = null; window.caboAwake.held = false; });
    if (!wanted) lock.release();
  } catch {
    lock = null; // not allowed now (battery saver, no user gesture yet): tried again later
  }
}

function game(on) {
  wanted = !!on;
  if (wanted) take();
  else if (lock) { lock.release(); lock = null; }
}

function title() {
  document.title = mine && document.visibilityState === "hidden" ? `● ${label}` : baseTitle;
}

function turn(isMine, text, vibrate) {
  const began = isMine && !mine;
  mine = !!isMine;
  label = text;
  // Browsers refuse (and log) a vibration before the person's first tap on the page (sticky
  // activation): a reloaded page waits for it.
  const tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
  if (began && vibrate && navigator.vibrate && tapped) {
    try { navigator.vibrate(120); window.caboAwake.vibrated += 1; } catch { /* not allowed */ }
  }
  title();
}

document.addEventListener("visibilitychange", () => {
  title();
  if (document.visibilityState === "visible") take(); // the browser released it when hidden
});

window.caboAwake = { game, turn, held: false, vibrated: 0 };
