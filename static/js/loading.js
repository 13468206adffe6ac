// The loading screen: a progress bar over PyScript's known start-up steps (py:progress
// events), then the game's own last step. Python replaces the screen when it is ready.
const bar = document.getElementById("loading-bar");
const text = document.getElementById("loading-text");

// The loading screen's words, before Python (and cabo/i18n) can run: copies of the
// "loading*" texts of cabo/i18n (tests/test_rulesheet.py checks that they agree). The
// language is chosen as cabo.i18n.pick_language does: ?lang=, the saved choice, the browser.
const TEXTS = {
  en: { loading: "Loading…", loading_label: "Loading Cabo", loading_python: "Loading Python…",
        loading_game: "Loading the game…", loading_start: "Starting Cabo…",
        loading_ready: "Ready",
        loading_failed: "Cabo could not start. Reloading the page may help." },
  de: { loading: "Lädt …", loading_label: "Cabo wird geladen", loading_python: "Python wird geladen …",
        loading_game: "Das Spiel wird geladen …", loading_start: "Cabo startet …",
        loading_ready: "Bereit",
        loading_failed: "Cabo konnte nicht starten. Neu laden hilft vielleicht." },
};

function pickLanguage() {
  let saved = null;
  try { saved = localStorage.getItem("cabo.lang"); } catch { /* storage disabled */ }
  for (const choice of [new URLSearchParams(location.search).get("lang"), saved]) {
    if (choice in TEXTS) return choice;
  }
  return (navigator.language || "").toLowerCase().startsWith("de") ? "de" : "en";
}
const LANG = pickLanguage();
const words = TEXTS[LANG];
document.documentElement.lang = LANG;
// the first lesson (plain HTML in index.html) in the page's language only
for (const lesson of document.querySelectorAll(".first-lesson[data-lang]")) {
  lesson.hidden = lesson.dataset.lang !== LANG;
}
bar?.setAttribute("aria-label", words.loading_label);
if (text) text.textContent = words.loading;
// The steps PyScript reports on this page, in order (measured in Chromium), then our own.
const STEPS = [
  "Loading Pyodide", "Loading Storage", "Loaded Storage", "Loading interpreter",
  "Loaded interpreter", "Loading files", "Loaded files", "Loaded Pyodide",
];
let done = 0;

function show(fraction, label) {
  const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  if (bar) {
    bar.value = percent;
    bar.setAttribute("aria-valuetext", `${percent}%`);
  }
  if (text && label) text.textContent = label;
}

addEventListener("py:progress", ({ detail }) => {
  if (typeof detail !== "string") return;
  const index = STEPS.indexOf(detail);
  // Unknown steps still move the bar a little, never backwards; the last tenth is Python's.
  done = index >= 0 ? Math.max(done, index + 1) : done + 0.5;
  // PyScript's step names are English: show our own words for the two phases.
  show((done / STEPS.length) * 0.9,
       index >= STEPS.indexOf("Loading files") ? words.loading_game : words.loading_python);
});

addEventListener("py:ready", () => show(0.92, words.loading_start));
addEventListener("cabo:ready", () => show(1, words.loading_ready));
// The loading screen always ends: once the page's Python has run (PyScript's py:all-done),
// it has either replaced the screen (cabo:ready) or failed before it could (the game's own
// start-up catches everything it can; see cabo/web/main.py start) - then say so.
let ready = false;
addEventListener("cabo:ready", () => { ready = true; });
addEventListener("py:all-done", () => setTimeout(() => {
  if (ready || !text) return;
  text.textContent = words.loading_failed;
  bar?.setAttribute("hidden", "");
}, 0));
show(0.02, null);

// Offline: the service worker (./sw.js, at the site root) caches every file of the site. It is
// registered once the game runs, so its downloads do not slow the first start (most files then
// come from the HTTP cache). A new version waits until this page has loaded all its files —
// true once the game runs — and then takes over; the next start uses it. Without service
// workers (an insecure context, an old browser, file://) the game just plays online.
function takeOver(worker) {
  if (worker && navigator.serviceWorker.controller) worker.postMessage("skip-waiting");
}

function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).then((registration) => {
    takeOver(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") takeOver(worker);
      });
    });
  }).catch((error) => console.warn("Cabo: no offline support here:", error.message));
}

addEventListener("cabo:ready", registerWorker, { once: true });

// Storage that lasts: once this device holds a leaderboard, ask the browser to keep the site's
// storage (granted or refused by the browser's own rules, often without asking the person;
// Safari may otherwise delete it after 7 days without a visit). The statistics screen also
// saves the board to a file (cabo/web/boardfile.py).
addEventListener("cabo:ready", () => {
  let board = null;
  try { board = localStorage.getItem("cabo.board"); } catch { /* storage disabled */ }
  if (board && navigator.storage && navigator.storage.persist) {
    navigator.storage.persisted().then((kept) => kept || navigator.storage.persist())
      .catch(() => {});
  }
}, { once: true });
