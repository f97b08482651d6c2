// The page's Python interpreter (pyscript.toml's `interpreter`), booted from a memory snapshot when
// it can (issue 18): its paths, record, key, switches and marks are described in
// docs/app-architecture.md, "static/memsnap.mjs" (moved there: every visitor downloads this file).
import { loadPyodide as bootPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

export const FORMAT = 1;                      // py/boot/memsnap.py FORMAT: change both together
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SHELL_URL = new URL("./py/shell.zip", import.meta.url).href;
const WORKER_URL = new URL("./memsnap-worker.mjs", import.meta.url).href;
const SCOPE = new URL("../", import.meta.url).href;   // the site's folder: one snapshot per site
const DB_NAME = "ludus-memsnap";
const STORE = "snapshots";
const SETTING = "ludus.memsnap";
const STORED = "ludus.memsnap.stored";        // "1" once a record was stored: loader.js then lets Pyodide fetch the runtime
const BUILD_DELAY_MS = 1500;                  // after the page is interactive, before the builder starts

const state = { path: null, why: null, timings: {}, key: null };
globalThis.ludusMemsnap = state;

function mark(name) { try { performance.mark("memsnap:" + name); } catch (e) { /* old browser */ } }
function now() { return performance.now(); }
function remember(stored) {
  try { if (stored) localStorage.setItem(STORED, "1"); else localStorage.removeItem(STORED); } catch (e) { /* no storage */ }
}
function flag(name, value) {
  try { document.documentElement.dataset[name] = value; } catch (e) { /* no document */ }
}

export function enabled() {
  try {
    if (new URLSearchParams(location.search).get("memsnap") === "0") return false;
    if (localStorage.getItem(SETTING) === "off") return false;
  } catch (e) { /* storage refused: on, as far as we know */ }
  return true;
}

// A page's main thread (a PyScript worker that names this module boots Pyodide as it is) with
// IndexedDB, workers and SubtleCrypto (a secure context).
export function supported() {
  return typeof document !== "undefined" && typeof indexedDB !== "undefined" && typeof Worker !== "undefined"
    && !!(globalThis.crypto && crypto.subtle) && typeof WebAssembly === "object";
}

// ---- IndexedDB: one record per site, {format, version, code, bytes, ...} ------------------

export function openDB() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => { request.result.createObjectStore(STORE); };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("IndexedDB blocked"));
  });
}

function run(db, mode, body) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = body(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = tx.onabort = () => reject(tx.error || request.error);
  });
}

// The record, or undefined.  static/loader.js reads it the same way (readSnapshotRecord()) as soon as
// it runs, and hands its promise to begin().
function readRecord() {
  return openDB().then((db) => run(db, "readonly", (store) => store.get(SCOPE)).finally(() => db.close()));
}

export async function writeRecord(record) {
  const db = await openDB();
  try { await run(db, "readwrite", (store) => store.put(record, SCOPE)); } finally { db.close(); }
}

async function dropRecord() {
  try {
    const db = await openDB();
    try { await run(db, "readwrite", (store) => store.delete(SCOPE)); } finally { db.close(); }
  } catch (e) { /* nothing to drop */ }
  remember(false);
}

// ---- the key ------------------------------------------------------------------------------

export async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// shell.zip by XMLHttpRequest, not fetch(): loader.js hands its prefetched copy to the first fetch()
// of that URL, which must stay PyScript's.  From the service worker's or the HTTP cache.
function getBytes(url) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("GET", url);
    request.responseType = "arraybuffer";
    request.onload = () => request.status === 200 ? resolve(request.response)
      : reject(new Error("HTTP " + request.status + " for " + url));
    request.onerror = () => reject(new Error("network error for " + url));
    request.send();
  });
}

// shell.zip as loader.js downloads it for the returning player's picture (no second request), else
// by XMLHttpRequest.
function shellBytes() {
  const downloading = globalThis.ludusDownloads && globalThis.ludusDownloads[SHELL_URL];
  return downloading ? downloading.catch(() => getBytes(SHELL_URL)) : getBytes(SHELL_URL);
}

// A record this page can restore, or the reason it cannot.
export function check(record, code) {
  if (!record || typeof record !== "object") return "none";
  if (record.format !== FORMAT || record.version !== version || record.code !== code) return "stale";
  const bytes = record.bytes;
  if (!(bytes instanceof ArrayBuffer) || bytes.byteLength < 64 || bytes.byteLength % 4) return "corrupt";
  if (typeof record.heap !== "number" || !Number.isSafeInteger(record.heap)) return "corrupt";
  if (!Array.isArray(record.modules) || !record.modules.every((name) => typeof name === "string")) return "corrupt";
  const words = new Uint32Array(bytes, 0, 4);
  // pyodide.asm.mjs' makeSnapshot header: magic, offset of the heap, length of the JSON part.
  if (words[1] <= 0 || words[1] >= bytes.byteLength || bytes.byteLength - words[1] !== record.heap) return "corrupt";
  return null;
}

// ---- restore --------------------------------------------------------------------------------

// Pyodide's own factory, with the module's memory grown to the snapshot's heap before the restore
// (the wasm module starts with a smaller memory: restoring into it is a RangeError).
// The compiled wasm module is kept in `kept` (a new snapshot may be built from it: refresh()).
async function restore(options, record, kept) {
  const heap = record.heap;
  const factory = keepingTheWasm(kept);
  const createPyodideModule = async (settings) => {
    const module = await factory(settings);
    if (module.HEAP8.length < heap && !module.growMemory(heap)) throw new Error("cannot grow memory to " + heap);
    return module;
  };
  return bootPyodide({ ...options, createPyodideModule, _loadSnapshot: new Uint8Array(record.bytes) });
}

// The restored interpreter works, `random` is reseeded (the snapshot froze its state), and the code
// the builder compiled is used.
function settle(pyodide, record) {
  const memsnap = pyodide.pyimport("boot.memsnap");
  try {
    memsnap.reseed();
    memsnap.use_compiled();   // the modules it could not hold: compiled by the builder already
    const sys = pyodide.pyimport("sys");
    const missing = record.modules.filter((name) => !sys.modules.has(name));
    sys.destroy();
    // Objects the builder froze (static/memsnap-worker.mjs): the page's first full collection skips them.
    state.frozen = pyodide.runPython("import gc; gc.get_freeze_count()");
    if (missing.length) throw new Error("modules missing after restore: " + missing.slice(0, 5).join(", "));
  } finally {
    memsnap.destroy();
  }
}

// A page restored from a snapshot that then fails to start (loader.js sets <body data-boot-error>
// and offers Reload): the snapshot goes, so that the reload boots normally and builds a new one.
function dropIfTheBootFails() {
  const watcher = new MutationObserver(() => {
    const body = document.body;
    if (body && body.dataset.ready === "1") watcher.disconnect();
    else if (body && body.dataset.bootError !== undefined) {
      watcher.disconnect();
      state.why = "dropped";
      dropRecord();
    }
  });
  watcher.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready", "data-boot-error"] });
}

// ---- build (after a normal boot) ------------------------------------------------------------

function whenIdle() {
  return new Promise((resolve) => {
    const ready = () => document.body && document.body.dataset.ready === "1";
    const go = () => setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(resolve, { timeout: 5000 }), BUILD_DELAY_MS);
    if (ready()) return go();
    const watcher = new MutationObserver(() => { if (ready()) { watcher.disconnect(); go(); } });
    watcher.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  });
}

// Everything the builder needs, from the page's interpreter (its only work on the page's thread):
// the modules imported, shell.zip and the other packages' files (py/boot/memsnap.py plan()), the
// standard library as Pyodide installed it, the lock file.
async function pagePlan(pyodide) {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 0));   // short tasks, not one long one
  const memsnap = pyodide.pyimport("boot.memsnap");
  const plan = memsnap.plan();
  const bytes = (name) => {
    const proxy = plan.get(name), buffer = proxy.getBuffer("u8");
    try { return buffer.data.slice(); } finally { buffer.release(); proxy.destroy(); }
  };
  try {
    const modules = plan.get("modules").toJs(), sources = plan.get("sources").toJs();
    const shell = bytes("shell"), packages = bytes("packages");
    await pause();
    const name = pyodide.FS.readdir("/lib").find((file) => /^python\d+\.zip$/.test(file));
    const stdlib = pyodide.FS.readFile("/lib/" + name);
    await pause();
    return { modules, sources, shell, packages, stdlib, lockfile: JSON.stringify(pyodide.lockfile) };
  } finally {
    plan.destroy();
    memsnap.destroy();
  }
}

// The builder's worker, started once the page is ready and idle (build()): started with the boot, its
// scripts (Pyodide's 1.2 MB pyodide.asm.mjs among them, parsed and compiled in the worker) took a
// core from PyScript's start and main.py on a 2-core machine (docs/startup.md, 2026-11-27).  The
// build itself asks the network for nothing (static/memsnap-worker.mjs).
function startWorker() {
  return new Worker(WORKER_URL, { type: "module", name: "ludus-memsnap" });
}

// Pyodide's factory, keeping the compiled wasm module for the builder (it need not compile it again).
function keepingTheWasm(kept) {
  return async (settings) => {
    const { default: factory } = await import(INDEX_URL + "pyodide.asm.mjs");
    const instantiate = settings.instantiateWasm;
    if (instantiate) {
      settings.instantiateWasm = (imports, done) => instantiate(imports, (instance, module) => {
        kept.wasm = module;
        done(instance, module);
      });
    }
    return factory(settings);
  };
}

export async function build(pyodide, kept) {
  await whenIdle();
  const worker = startWorker();
  const started = now();
  mark("build-start");
  let result;
  if (!kept.wasm) {
    result = { ok: false, error: "the compiled wasm module was not kept" };
  } else {
    const plan = await pagePlan(pyodide);
    state.timings.plan = now() - started;
    result = await new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => resolve({ ok: false, error: String(event.message || "worker error") });
      worker.postMessage({ indexURL: INDEX_URL, wasm: kept.wasm, ...plan },
                         [plan.shell.buffer, plan.packages.buffer, plan.stdlib.buffer]);
    });
  }
  worker.terminate();
  mark("build-end");
  state.timings.build = now() - started;
  state.build = result;
  if (result && result.ok) { flag("memsnap", "built"); remember(true); }
  else console.warn("Ludus: no memory snapshot this time:", result && result.error);
  return result;
}

// After a restore, once the page is idle: if it imported modules the snapshot lacks (the player
// went on to a game the snapshot was not made with), a new snapshot is built as after a normal
// boot, so that the next visit restores them too.  What the last builder left out (modules that
// need the browser) does not count: no rebuild on every visit.
async function refresh(pyodide, record, kept) {
  await whenIdle();
  const memsnap = pyodide.pyimport("boot.memsnap");
  let missing;
  try {
    const held = pyodide.toPy(record.modules), left = pyodide.toPy(Array.isArray(record.left_out) ? record.left_out : []);
    const found = memsnap.missing(held, left);
    try { missing = found.toJs(); } finally { found.destroy(); held.destroy(); left.destroy(); }
  } finally {
    memsnap.destroy();
  }
  state.missing = missing;
  if (!missing.length) return null;
  return build(pyodide, kept);
}

// ---- the restore, begun early -------------------------------------------------------------

// Read the record, hash shell.zip, and restore: everything the snapshot path does before PyScript
// may have its interpreter.  static/loader.js calls begin() as soon as it runs, so that this works
// while PyScript's own scripts load and its config is fetched, instead of after (issue 18: ~0.5 s
// of a returning player's start); PyScript's call of loadPyodide() then takes the result.  Never
// throws: {pyodide} or {why} (none | stale | corrupt | failed) for the normal boot.
async function attempt(pending) {
  mark("start");
  let why = "none";
  try {
    const t = now();
    const record = await (pending || readRecord());
    state.timings.read = now() - t;      // what was left of the read when this module got to it
    // The code's hash only when there is a record (a first visit fetches shell.zip once only).
    const code = record ? await shellBytes().then(sha256) : null;
    state.key = code;
    mark("read");
    why = check(record, code);
    if (why === null) {
      const started = now();
      const kept = {};
      const pyodide = await restore({ indexURL: INDEX_URL }, record, kept);
      settle(pyodide, record);
      state.timings.restore = now() - started;
      state.modules = record.modules.length;
      mark("restored");
      return { pyodide, record, kept };
    }
  } catch (error) {
    why = "failed";
    state.error = String(error && error.message || error);
    console.warn("Ludus: the memory snapshot could not be restored; starting normally:", error);
  }
  return { why };
}

// Starts the attempt (once; off or unsupported: nothing to attempt) and returns its promise;
// `pending`: the record's read, if begun already (static/loader.js).
export function begin(pending) {
  if (!state.early && enabled() && supported()) state.early = attempt(pending);
  return state.early || null;
}

// ---- PyScript's entry point ---------------------------------------------------------------

export async function loadPyodide(options = {}) {
  options = { ...options, indexURL: INDEX_URL };
  mark("asked");
  if (!enabled() || !supported()) {
    state.path = "normal";
    state.why = enabled() ? "unsupported" : "off";
    flag("boot", "normal");
    flag("memsnap", state.why);
    return bootPyodide(options);
  }
  const early = await begin();
  if (early.pyodide) {
    const pyodide = early.pyodide;
    // PyScript's own output handlers (the restore, begun before it asked, had none).
    if (options.stdout) pyodide.setStdout({ batched: options.stdout });
    if (options.stderr) pyodide.setStderr({ batched: options.stderr });
    mark("handed");
    state.path = "snapshot";
    state.why = "restored";
    flag("boot", "snapshot");
    flag("memsnap", "restored");
    dropIfTheBootFails();
    refresh(pyodide, early.record, early.kept).catch((error) => console.warn("Ludus: refreshing the memory snapshot failed:", error));
    return pyodide;
  }
  const why = early.why;
  if (why !== "none") await dropRecord();
  else remember(false);
  const kept = {};
  const t = now();
  const pyodide = await bootPyodide({ ...options, createPyodideModule: keepingTheWasm(kept) });
  state.timings.boot = now() - t;
  state.path = "normal";
  state.why = why;
  flag("boot", "normal");
  flag("memsnap", why);
  build(pyodide, kept).catch((error) => console.warn("Ludus: building a memory snapshot failed:", error));
  return pyodide;
}
