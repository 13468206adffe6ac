// Run a Python script in the pinned Pyodide under Node: the interpreter the page runs.
//
//   node tools/pyodide_node.mjs [--stdlib ZIP] SCRIPT.py [ARGS...]
//
// tools/stdlib.py uses it to compile bytecode (a .pyc is tied to the exact CPython build,
// and the host Python is another version) and to record which stdlib modules the game
// imports. Pyodide comes from node_modules/pyodide (installed by `npm ci`). The host file
// system is mounted at /host, so SCRIPT and every path argument must be given as absolute
// host paths; they are rewritten to /host/... for Python. --stdlib boots with another
// python_stdlib.zip (e.g. the trimmed one) instead of the package's own.
// The exit status is the script's (SystemExit code, 1 on an uncaught exception).

import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = path.join(root, "node_modules", "pyodide") + path.sep;

const argv = process.argv.slice(2);
let stdLibURL;
if (argv[0] === "--stdlib") {
  stdLibURL = path.resolve(argv[1]);
  argv.splice(0, 2);
}
if (argv.length === 0) {
  console.error("usage: node tools/pyodide_node.mjs [--stdlib ZIP] SCRIPT.py [ARGS...]");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL,
  ...(stdLibURL ? { stdLibURL } : {}),
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");

const hostPath = (arg) => (path.isAbsolute(arg) ? "/host" + path.resolve(arg) : arg);
pyodide.globals.set("_argv", pyodide.toPy(argv.map(hostPath)));
const status = pyodide.runPython(`
import runpy, sys, traceback
sys.argv = list(_argv)
del _argv
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    _status = 0
except SystemExit as exit:
    _status = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
    if not isinstance(exit.code, (int, type(None))):
        print(exit.code, file=sys.stderr)
except BaseException:
    traceback.print_exc()
    _status = 1
sys.stdout.flush()
sys.stderr.flush()
_status
`);
process.exit(status);
