// Builds the page's memory snapshot off the page's thread (issue 18; see static/memsnap.mjs).
//
// Started once the page's Pyodide is loaded, so that its own scripts (this one, Pyodide's two JS
// modules, from the HTTP cache) are loaded while the page starts;
// once the page is interactive and idle it posts everything the build needs, from its own
// interpreter: the compiled wasm module, the standard library, the lock file, shell.zip and a zip
// of the other packages it unpacked, and the names of the modules it imported.  The build then
// asks the network for nothing (a navigation that ends the page can cut no request): a second
// Pyodide booted with `_makeSnapshot`, the files unpacked where py/app/main.py and
// py/boot/archives.py put them (the home folder), the modules imported with every browser module
// refused (py/boot/memsnap.py: the snapshot holds no JavaScript object), those it could not import
// compiled (their code objects kept for the page: memsnap.use_compiled()), the snapshot made and
// stored in IndexedDB under its key (runtime version, SHA-256 of shell.zip, format).  Posts back
// {ok, bytes, imported, left_out, compiled, ms} or {ok: false, error}.
import { loadPyodide, version } from "./vendor/pyodide/pyodide.mjs";
import createPyodideModule from "./vendor/pyodide/pyodide.asm.mjs";
import { FORMAT, sha256, writeRecord } from "./memsnap.mjs";

// Pyodide's loader fetches the wasm and the standard library itself: here both come from the page.
function serveFromThePage({ indexURL, wasm, stdlib }) {
  const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
  const stdlibURL = new URL("python_stdlib.zip", indexURL).href;
  self.fetch = async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === wasmURL) return new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
    if (url === stdlibURL) return new Response(stdlib);
    throw new Error("the snapshot's builder fetches nothing: " + url);
  };
  // The page's compiled module, instantiated anew (its memory is the instance's own).
  WebAssembly.instantiateStreaming = async (_response, imports) =>
    ({ instance: await WebAssembly.instantiate(wasm, imports), module: wasm });
}

async function buildSnapshot(request) {
  const { indexURL, lockfile, shell, packages, modules, sources } = request;
  const started = performance.now();
  serveFromThePage(request);
  const quiet = () => {};
  const pyodide = await loadPyodide({ indexURL, createPyodideModule, lockFileContents: lockfile,
                                      _makeSnapshot: true, stdout: quiet, stderr: quiet });
  const booted = performance.now();
  const home = pyodide.runPython("import os; os.getcwd()");
  for (const data of [shell, packages]) pyodide.unpackArchive(data, "zip", { extractDir: home });
  // shell.zip holds one stored zip compressed as a single stream (tools/vendor.py, "solid"):
  // unpack it as py/app/main.py does.
  pyodide.runPython("import io, zipfile\nwith zipfile.ZipFile('solid.zip') as z: z.extractall()");
  const memsnap = pyodide.pyimport("boot.memsnap");
  if (memsnap.FORMAT !== FORMAT) throw new Error("boot.memsnap.FORMAT " + memsnap.FORMAT + " is not " + FORMAT);
  const result = memsnap.prepare(pyodide.toPy(modules)).toJs({ dict_converter: Object.fromEntries });
  // What it could not import, compiled (not run): the restored page then skips the compiler for them.
  const compiled = memsnap.precompile(pyodide.toPy(sources || [])).toJs();
  memsnap.destroy();
  // Everything imported lives as long as the page: collected once and frozen here, so that the page's
  // own gc.freeze() after its first screen (app.shell) finds them frozen already.
  pyodide.runPython("import gc; gc.collect(); gc.freeze()");
  const imported = performance.now();
  const bytes = pyodide.makeMemorySnapshot();
  const made = performance.now();
  const heap = pyodide._module.HEAP8.length;
  await writeRecord({
    format: FORMAT, version, code: await sha256(shell), bytes: bytes.buffer, heap,
    modules: result.imported, left_out: result.left_out, made: Date.now(),
  });
  const stored = performance.now();
  return {
    ok: true, bytes: bytes.byteLength, imported: result.imported.length, left_out: result.left_out, compiled,
    ms: { boot: booted - started, imports: imported - booted, snapshot: made - imported,
          store: stored - made, total: stored - started },
  };
}

async function reply(request) {
  try {
    return await buildSnapshot(request);
  } catch (error) {
    return { ok: false, error: String(error && error.stack || error) };
  }
}

// One request; the page terminates the worker after the answer (or with itself).
self.onmessage = async (event) => self.postMessage(await reply(event.data));
