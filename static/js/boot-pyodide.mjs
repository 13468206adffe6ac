// The runtime PyScript loads (pyscript.toml's `interpreter`): Pyodide's loadPyodide, with a
// memory snapshot of the started interpreter kept on the device.
//
// A first visit loads Pyodide as usual, imports the game's modules that the first screen needs
// and that touch no browser object (cabo/web/snapshot.py), and takes a snapshot of the
// interpreter's memory before PyScript or the page run anything; once the first screen is
// drawn, a worker stores it in the Cache API (only its non-zero pages: about 12 of 31 MB;
// static/js/boot-snapshot.mjs). A later visit of the same build restores it instead of starting
// CPython and importing those modules again (docs/speed.md, the phone section, has the
// figures). SNAPSHOT_KEY (static/build/snapshot-key.mjs, written by tools/build.py) is a hash
// of everything the snapshot's memory depends on: the runtime, the trimmed stdlib, cabo.zip,
// this file and boot-snapshot.mjs. A snapshot of another build is never restored (Pyodide
// itself refuses another runtime's), one that fails to restore is deleted and the page starts
// as without one. Where the Cache API is missing (an insecure origin) nothing changes.
import { loadPyodide as loadStock, version } from "../vendor/pyodide/pyodide.mjs";
import { SNAPSHOT_KEY } from "../build/snapshot-key.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const GAME_ZIP = "./static/build/cabo.zip";
const HOME_ZIP = "/home/pyodide/cabo.zip";  // where PyScript writes it (pyscript.toml)
// Not "cabo-...": sw.js deletes every other cache of that name when a new version activates.
const CACHE = "runtime-snapshot";
const KEY = new URL(`./runtime-snapshot/${SNAPSHOT_KEY}`, location.href).href;

// For tests and benchmarks: what this load did ("restored", "made", "none") and a promise
// that settles once a snapshot made on this load is stored (or was not).
const state = { snapshot: "none", kept: Promise.resolve(false) };
globalThis.caboRuntime = state;

const MAGIC = 0x43414253;  // "CABS", the stored form's mark (written by boot-snapshot.mjs)

// The snapshot's memory from its stored form (static/js/boot-snapshot.mjs writes it).
function unsparse(buffer) {
  const [magic, length, count] = new Uint32Array(buffer, 0, 3);
  if (magic !== MAGIC) throw new Error("not a runtime snapshot");
  const header = new Uint32Array(buffer, 0, 3 + 2 * count);
  const bytes = new Uint8Array(length);
  let at = header.byteLength;
  for (let i = 0; i < count; i++) {
    const offset = header[3 + 2 * i];
    const size = header[4 + 2 * i];
    bytes.set(new Uint8Array(buffer, at, size), offset);
    at += size;
  }
  if (at !== buffer.byteLength) throw new Error("a runtime snapshot of the wrong size");
  return bytes;
}

async function readSnapshot() {
  try {
    const hit = await (await caches.open(CACHE)).match(KEY);
    return hit ? unsparse(await hit.arrayBuffer()) : null;
  } catch {
    return null;  // storage refused or a damaged entry: start without it
  }
}

async function forget() {
  try { await caches.delete(CACHE); } catch { /* nothing stored */ }
}

// Stored once the first screen is drawn, so that it does not delay it; one per device. A worker
// stores it (static/js/boot-snapshot.mjs) where one can start, else this page does.
function keepLater(bytes) {
  return new Promise((resolve) => {
    addEventListener("cabo:ready", () => setTimeout(() => {
      const writer = new URL("./boot-snapshot.mjs", import.meta.url);
      let worker = null;
      try {
        worker = new Worker(writer, { type: "module" });
      } catch {  // no worker may start here: this page stores it
        import(writer).then(({ store }) => store(CACHE, KEY, bytes))
          .then(resolve, () => resolve(false));
        return;
      }
      const done = (stored) => { worker.terminate(); resolve(stored); };
      worker.addEventListener("message", ({ data }) => done(data === true));
      worker.addEventListener("error", () => done(false));  // the bytes went with the message
      worker.postMessage({ name: CACHE, key: KEY, bytes }, [bytes.buffer]);
    }, 1000), { once: true });
  });
}

// The game's first-screen modules, imported before the snapshot (cabo.zip as PyScript will
// write it: the same response the page's early fetch received, index.html).
async function preimport(py) {
  const copy = globalThis.caboEarlyCopy?.(GAME_ZIP);
  if (!copy) return;
  const zip = new Uint8Array(await (await copy).arrayBuffer());
  py.FS.mkdirTree(HOME_ZIP.slice(0, HOME_ZIP.lastIndexOf("/")));
  py.FS.writeFile(HOME_ZIP, zip);
  py.runPython([
    "import sys",
    `sys.path.insert(0, ${JSON.stringify(HOME_ZIP)})`,
    "from cabo.web import snapshot",
    "snapshot.preimport()",
  ].join("\n"));
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  if (!globalThis.caches) return loadStock(settings);
  const saved = await readSnapshot();
  if (saved) {
    try {
      const py = await loadStock({ ...settings, _loadSnapshot: saved });
      // Pyodide keeps its options as its config, and with them the snapshot's bytes (a second
      // copy of the interpreter's memory, ~30 MB): let go once restored
      py._api.config._loadSnapshot = undefined;
      state.snapshot = "restored";
      return py;
    } catch (error) {
      console.warn("The stored runtime snapshot did not restore; starting anew.", error);
      await forget();
    }
  }
  const py = await loadStock({ ...settings, _makeSnapshot: true });
  try {
    await preimport(py);
    const bytes = py.makeMemorySnapshot();
    state.snapshot = "made";
    state.kept = keepLater(bytes);
  } catch (error) {
    console.warn("No runtime snapshot on this visit.", error);
  }
  // With _makeSnapshot, Pyodide hands Python the page's globals through a proxy that records
  // paths for the snapshot; the page's own Python gets the globals themselves.
  py._api.config.jsglobals = globalThis;
  py.runPython("import sys\nsys.modules.pop('js', None)");
  py.registerJsModule("js", globalThis);
  return py;
}
