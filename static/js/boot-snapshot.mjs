// Stores the runtime's memory snapshot (static/js/boot-pyodide.mjs) in the Cache API as its
// runs of non-zero pages: [magic, length, runs, offset, size, ...] followed by their bytes
// (about 12 of the 31 MB; boot-pyodide.mjs's unsparse() reads it back).
//
// It runs as a worker: finding the pages and copying 12 MB into the Cache API cost the main
// thread of a phone's profile a few hundred milliseconds, and a first visit stores its
// snapshot while the person starts a game (docs/speed.md, the phone section). Where no worker
// may start, the page imports it and calls store() itself. A worker's modules are its own, so
// the page imports nothing from here on its way to the first screen (one fetch of this file).

const MAGIC = 0x43414253;  // "CABS", as in boot-pyodide.mjs
const PAGE = 65536;  // the unit of the runs: WebAssembly's page

function sparse(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const runs = [];
  const perPage = PAGE / 4;
  for (let page = 0; page * perPage < words.length; page++) {
    const start = page * perPage;
    const end = Math.min(start + perPage, words.length);
    let used = false;
    for (let i = start; i < end; i++) {
      if (words[i] !== 0) { used = true; break; }
    }
    if (!used) continue;
    const last = runs[runs.length - 1];
    const size = Math.min(end * 4, bytes.length) - start * 4;
    if (last && last[0] + last[1] === start * 4) last[1] += size;
    else runs.push([start * 4, size]);
  }
  const header = new Uint32Array(3 + 2 * runs.length);
  header.set([MAGIC, bytes.length, runs.length]);
  runs.forEach(([offset, size], i) => header.set([offset, size], 3 + 2 * i));
  return new Blob([header, ...runs.map(([offset, size]) => bytes.subarray(offset, offset + size))]);
}

// Stores `bytes` under `key` in the cache `name`, as the only entry there; true once stored.
export async function store(name, key, bytes) {
  try {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request);
    }
    await cache.put(key, new Response(sparse(bytes)));
    return true;
  } catch {
    return false;  // no room or no storage: the next visit starts as this one did
  }
}

// As a worker: one message { name, key, bytes }, answered with store()'s result.
if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  addEventListener("message", async ({ data: { name, key, bytes } }) => {
    postMessage(await store(name, key, bytes));
  });
}
