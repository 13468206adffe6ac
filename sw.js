// Cabo's service worker: after one visit the game loads and plays with the network off.
//
// It sits at the site root, so its scope is the whole site (a worker under static/ could not
// control the page without a Service-Worker-Allowed header, which GitHub Pages cannot send).
// static/build/precache.js (written by tools/precache.py) names every file of this build
// with its sha256 and a version hash over all of them. Browsers compare imported scripts byte
// for byte when they check for an update, so a new build installs a new worker:
// - install: fetch every file, checked against its hash (a stale HTTP cache or a half-deployed
//   site fails the check: one retry from the network, else the install fails and the old
//   version stays whole), into the cache "cabo-<version>";
// - the page (static/js/loading.js) lets a new worker take over once the game has started,
//   i.e. after the page has loaded all its files, so no page mixes two versions;
// - activate: delete every other "cabo-" cache, take control of open pages;
// - fetch: same-origin GETs cache first, network as fallback. A navigation to the page
//   (any query: ?seed=, ?lang=) is answered with the cached page.
importScripts("./static/build/precache.js");

const { version: VERSION, files: FILES } = self.CABO_PRECACHE;
const PREFIX = "cabo-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href).href;
const PAGE = SCOPE;  // "./" in the list: index.html's bytes

async function store(cache, [path, integrity]) {
  const url = new URL(path, SCOPE).href;
  if (await cache.match(url)) return;  // a retried install keeps what it already checked
  let response = null;
  try {
    response = await fetch(url, { integrity });  // the HTTP cache may hold this build's bytes
  } catch {
    response = null;  // wrong bytes (an older file) or no network: try the network once more
  }
  if (!response || !response.ok) response = await fetch(url, { integrity, cache: "reload" });
  if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
  await cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) =>
    Promise.all(FILES.map((entry) => store(cache, entry)))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

function isPage(url) {
  return url.origin + url.pathname === PAGE || url.origin + url.pathname === PAGE + "index.html";
}

async function respond(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const hit = request.mode === "navigate" && isPage(url)
    ? await cache.match(PAGE)
    : await cache.match(request, { ignoreVary: true });
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});
