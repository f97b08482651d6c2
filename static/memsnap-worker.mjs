// Builds the page's memory snapshot off the page's thread (issue 18; see static/memsnap.mjs).
//
// The page posts {indexURL, shell, archives, modules} once it is interactive and idle; this worker
// boots a second Pyodide with `_makeSnapshot`, unpacks shell.zip and the page's archives where
// py/app/main.py and py/boot/archives.py put them (the home folder), imports the page's modules
// with every browser module refused (py/boot/memsnap.py: the snapshot holds no JavaScript
// object), makes the snapshot, stores it in IndexedDB under the key (runtime version, SHA-256 of
// shell.zip, format), and posts {ok, ms, bytes, imported, left_out} or {ok: false, error}.
import { loadPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import { FORMAT, sha256, writeRecord } from "./memsnap.mjs";

async function get(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error("HTTP " + response.status + " for " + url);
  return response.arrayBuffer();
}

async function buildSnapshot({ indexURL, shell, archives, modules }) {
  const started = performance.now();
  const quiet = () => {};
  const files = Promise.all([shell, ...archives].map(get));
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, stdout: quiet, stderr: quiet });
  const booted = performance.now();
  const [shellBytes, ...others] = await files;
  const home = pyodide.runPython("import os; os.getcwd()");
  for (const data of [shellBytes, ...others]) pyodide.unpackArchive(data, "zip", { extractDir: home });
  const memsnap = pyodide.pyimport("boot.memsnap");
  if (memsnap.FORMAT !== FORMAT) throw new Error("boot.memsnap.FORMAT " + memsnap.FORMAT + " is not " + FORMAT);
  const result = memsnap.prepare(pyodide.toPy(modules)).toJs({ dict_converter: Object.fromEntries });
  memsnap.destroy();
  const imported = performance.now();
  const bytes = pyodide.makeMemorySnapshot();
  const made = performance.now();
  const heap = pyodide._module.HEAP8.length;
  await writeRecord({
    format: FORMAT, version, code: await sha256(shellBytes), bytes: bytes.buffer, heap,
    modules: result.imported, made: Date.now(),
  });
  const stored = performance.now();
  return {
    ok: true, bytes: bytes.byteLength, imported: result.imported.length, left_out: result.left_out,
    ms: { boot: booted - started, imports: imported - booted, snapshot: made - imported,
          store: stored - made, total: stored - started },
  };
}

self.onmessage = async (event) => {
  try {
    self.postMessage(await buildSnapshot(event.data));
  } catch (error) {
    self.postMessage({ ok: false, error: String(error && error.stack || error) });
  }
};
