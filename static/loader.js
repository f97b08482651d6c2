// Loading screen for index.html (plain script): download progress, boot stages, the error state,
// the returning player's picture. Its data-* attributes and stages: docs/app-architecture.md.
//
// Start-up timing: performance.mark() "loader:start", "loader:snapshot",
// "loader:downloaded", "loader:pyscript" (core.js injected), "pyscript:ready"
// (py:ready), and from py/app/main.py "py:unpacked", "py:fetched", "py:imported",
// "py:ready"; tests/browser/test_startup.py prints the breakdown.
(function () {
  "use strict";

  var mark = function (name) { try { performance.mark(name); } catch (e) { /* old browser */ } };
  mark("loader:start");

  var script = document.currentScript;
  var MEMSNAP_DB = "ludus-memsnap", MEMSNAP_STORE = "snapshots", MEMSNAP_SETTING = "ludus.memsnap";
  var words = function (name) {
    return (script.getAttribute(name) || "").split(/\s+/).filter(Boolean)
      .map(function (path) { return new URL(path, location.href).href; });
  };
  // A page the service worker controls (a returning visit) has every file in its cache: Pyodide
  // fetches the runtime itself there, streaming, and the browser keeps the wasm's compiled code
  // for the next start, which a handed-over copy never gets; nothing to show progress for.
  var warm = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  // A memory snapshot was stored: Pyodide's own fetch finds the runtime (and the wasm's compiled code) cached.
  var restoring = !!memsnapStored();
  var prefetchURLs = warm ? [] : words("data-prefetch").filter(function (url) {
    return !restoring || url.indexOf("/vendor/pyodide/") < 0;
  });
  var handoffURLs = warm ? [] : words("data-handoff");
  var snapshot = readSnapshot(script.getAttribute("data-snapshot"));
  if (snapshot) {
    snapshot.prefetch.forEach(function (path) {
      var url = new URL(path, location.href).href;
      if (prefetchURLs.indexOf(url) < 0) prefetchURLs.push(url);
    });
  }
  var modulePreloads = words("data-modulepreload");
  var pyscriptURL = words("data-pyscript")[0];
  var memsnapURL = words("data-memsnap")[0];

  // ---- the returning player's picture ---------------------------------------
  // The stored picture, if it shows the game the shell will resume: no game link
  // in the URL (only lang= may be there), no replay link, and still the current saved game.
  function readSnapshot(key) {
    if (!key) return null;
    try {
      var params = new URLSearchParams(location.search);
      params.delete("lang");
      if (String(params) || replayLink()) return null;
      var text = localStorage.getItem(key);
      if (!text || text.length > 600000) return null;
      var data = JSON.parse(text);
      var strings = ["html", "current_key", "game", "screen"].every(function (k) { return typeof data[k] === "string"; });
      var lists = ["css", "prefetch"].every(function (k) {
        return Array.isArray(data[k]) && data[k].every(function (u) { return typeof u === "string"; });
      });
      if (data.format !== "ludus-snapshot" || data.version !== 1 || !strings || !lists) return null;
      if (localStorage.getItem(data.current_key) !== data.game) return null;
      // Only this site's own files (relative URLs, resolved under the page's folder).
      var base = new URL("./", location.href).href;
      var local = function (u) { return new URL(u, location.href).href.indexOf(base) === 0; };
      if (!data.css.every(local) || !data.prefetch.every(local)) return null;
      return data;
    } catch (e) {
      return null;
    }
  }

  // A replay link (#replay=…, py/app/replay.py): the shell shows the game it carries.
  function replayLink() {
    return location.hash.indexOf("#replay=") === 0;
  }

  // A first visit's game, or a game link's (data-games, written by tools/vendor.py: each game's
  // archives, texts and stylesheet, the default game first): requested while Pyodide boots and
  // handed to py/boot/archives.py when main.py asks for them, instead of after the shell's
  // imports (issue 13).  A hint only: main.py decides, and a file nobody asks for costs a request.
  // Not for a returning player (the picture's prefetch, or a save the shell resumes) nor a warm page.
  function firstGameFiles() {
    if (warm || restoring || snapshot) return [];
    var games = [];   // [[key, file, ...], ...] from "key: file file key: file ..."
    (script.getAttribute("data-games") || "").split(/\s+/).filter(Boolean).forEach(function (word) {
      if (/:$/.test(word)) games.push([word.slice(0, -1)]);
      else if (games.length) games[games.length - 1].push(word);
    });
    if (!games.length) return [];
    var params = new URLSearchParams(location.search);
    params.delete("lang");
    var key = params.get("game");
    // An older replay link names its game only inside the fragment (compressed): main.py reads it
    // there, and nothing is fetched here for it (not the default game's code, which is not needed).
    if (key === null && replayLink()) return [];
    if (key === null) {
      if (!String(params)) {   // the first screen, unless a saved game is resumed
        try {
          if (localStorage.getItem(script.getAttribute("data-current") || "")) return [];
        } catch (e) { /* no storage: a first visit */ }
      }
      key = games[0][0];       // a link without game=: the default game
    }
    var game = games.filter(function (entry) { return entry[0] === key; })[0];
    if (!game) return [];
    var wanted = [lang];
    if (lang !== LANGUAGES[0]) wanted.push(LANGUAGES[0]);   // the fallback texts (py/boot/archives.py)
    var files = [];
    game.slice(1).forEach(function (path) {
      (path.indexOf("{lang}") < 0 ? [path] : wanted.map(function (l) { return path.replace("{lang}", l); }))
        .forEach(function (one) { files.push(new URL(one, location.href).href); });
    });
    return files;
  }

  // The memory snapshot's switches (static/memsnap.mjs, enabled()): ?memsnap=0 or the setting "off".
  function memsnapOff() {
    try {
      return new URLSearchParams(location.search).get("memsnap") === "0" || localStorage.getItem(MEMSNAP_SETTING) === "off";
    } catch (e) {
      return false;   // storage refused: on, as far as we know
    }
  }
  // A snapshot was stored (memsnap.mjs says so in localStorage) and may be restored.
  function memsnapStored() {
    try {
      return !!script.getAttribute("data-memsnap") && !memsnapOff() && localStorage.getItem(MEMSNAP_SETTING + ".stored") === "1";
    } catch (e) {
      return false;
    }
  }
  // The memory snapshot's record (its database, store and key, the site's folder), as a promise;
  // null when switched off or without IndexedDB.
  function readSnapshotRecord(moduleURL) {
    if (memsnapOff()) return null;
    if (typeof indexedDB === "undefined" || !(window.crypto && crypto.subtle)) return null;
    mark("loader:memsnap-read");
    var key = new URL("../", moduleURL).href;
    return new Promise(function (resolve, reject) {
      var open = indexedDB.open(MEMSNAP_DB, 1);
      open.onupgradeneeded = function () { open.result.createObjectStore(MEMSNAP_STORE); };
      open.onblocked = function () { reject(new Error("IndexedDB blocked")); };
      open.onerror = function () { reject(open.error); };
      open.onsuccess = function () {
        var db = open.result, tx = db.transaction(MEMSNAP_STORE, "readonly"), get = tx.objectStore(MEMSNAP_STORE).get(key);
        tx.oncomplete = function () { db.close(); resolve(get.result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error || get.error); };
      };
    });
  }

  var picture = null;
  var PICTURE_NOTE = "Your last board, as you left it: not yet playable.";
  function paintSnapshot() {
    var root = document.getElementById("root");
    if (!snapshot || !root) return;
    // The picture's stylesheets that the page does not link itself (a game's, loaded by the
    // shell per game): the picture waits for them (at most a second), never shown unstyled.
    var have = {};
    Array.prototype.forEach.call(document.querySelectorAll('link[rel="stylesheet"]'), function (link) {
      have[link.href] = true;
    });
    var waiting = snapshot.css.map(function (href) {
      var url = new URL(href, location.href).href;
      if (have[url]) return null;
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = url;
      var loaded = new Promise(function (resolve) { link.onload = link.onerror = resolve; });
      document.head.appendChild(link);
      return loaded;
    }).filter(Boolean);
    if (!waiting.length) return insertPicture(root);
    Promise.race([Promise.all(waiting), new Promise(function (resolve) { setTimeout(resolve, 1000); })])
      .then(function () { if (!finished && document.body.dataset.ready !== "1") insertPicture(root); });
  }
  function insertPicture(root) {
    picture = document.createElement("div");
    picture.id = "snapshot";
    picture.className = "snapshot";
    picture.setAttribute("aria-hidden", "true");
    picture.setAttribute("inert", "");
    picture.dataset.screen = snapshot.screen;
    if (snapshot.curtain) picture.dataset.curtain = "1";
    picture.innerHTML = snapshot.html;
    root.parentNode.insertBefore(picture, root.nextSibling);
    // The notices' height, as the shell publishes it (app.shell, --shell-notices-h): the board leaves
    // room for them in the picture as on the live page (no jump when one replaces the other).
    var notices = picture.querySelector("#shell-notices");
    if (notices) document.documentElement.style.setProperty("--shell-notices-h", notices.offsetHeight + "px");
    screen.classList.add("loading-over-snapshot");
    var note = document.createElement("p");
    note.id = "loading-picture";
    note.className = "loading-picture";
    note.textContent = text(texts, "loader.picture", PICTURE_NOTE);
    stageText.parentNode.insertBefore(note, stageText.nextSibling);
    document.body.dataset.snapshot = "painted";
    mark("loader:snapshot");
    requestAnimationFrame(function () { mark("loader:snapshot-frame"); });
  }
  function removeSnapshot() {
    if (!picture) return;
    picture.remove();
    picture = null;
    var note = el("loading-picture");
    if (note) note.remove();
    screen.classList.remove("loading-over-snapshot");
    document.body.dataset.snapshot = "replaced";
  }

  // ---- the page's language -------------------------------------------------
  var LANGUAGES = (script.getAttribute("data-languages") || "en").split(/\s+/).filter(Boolean);
  var textsURL = script.getAttribute("data-texts");
  var cache = {};
  function supported(tag) {
    var primary = String(tag || "").toLowerCase().split(/[-_]/)[0];
    return LANGUAGES.indexOf(primary) >= 0 ? primary : null;
  }
  function chosenLanguage() {
    var link = supported(new URLSearchParams(location.search).get("lang"));
    if (link) return link;
    try {
      var settings = JSON.parse(localStorage.getItem(script.getAttribute("data-settings")) || "{}");
      var stored = supported(settings && settings.lang);
      if (stored) return stored;
    } catch (e) { /* no storage: the browser's language */ }
    var browser = navigator.languages || [navigator.language];
    for (var i = 0; i < browser.length; i++) {
      if (supported(browser[i])) return supported(browser[i]);
    }
    return LANGUAGES[0];
  }
  function loadTexts(lang) {
    if (!cache[lang]) {
      cache[lang] = lang === LANGUAGES[0] || !textsURL ? Promise.resolve({}) :
        fetch(new URL(textsURL.replace("{lang}", lang), location.href).href)
          .then(function (response) { return response.ok ? response.json() : {}; })
          .catch(function () { return {}; });
    }
    return cache[lang];
  }
  // The text `key` of `texts` (else `english`), {placeholders} filled from `params`.
  function text(texts, key, english, params) {
    var found = texts && typeof texts[key] === "string" ? texts[key] : english;
    return found.replace(/\{(\w+)\}/g, function (all, name) {
      return params && name in params ? String(params[name]) : all;
    });
  }
  window.ludusTexts = { load: loadTexts, text: text };
  var lang = chosenLanguage();
  var gameFiles = firstGameFiles();
  var texts = {};
  document.documentElement.lang = lang;

  var el = function (id) { return document.getElementById(id); };
  var screen = el("loading");
  var stageText = el("loading-stage");
  var bar = el("loading-progress");
  var detail = el("loading-detail");
  var finished = false;
  var current = null;  // [key, English] of the stage on show

  function mb(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

  function stage(key, english) {
    if (finished) return;
    current = [key, english];
    stageText.textContent = text(texts, key, english);
    detail.textContent = "\u00a0";
    bar.removeAttribute("value"); // indeterminate until told otherwise
    document.body.dataset.bootStage = english;
  }

  function fail(message) {
    if (finished) return;
    finished = true;
    var why = String(message || "unknown error");
    removeSnapshot();
    console.error("Ludus could not start:", why);
    document.body.dataset.bootError = why.slice(0, 500);
    screen.classList.add("loading-failed");
    current = ["loader.failed", "The game could not start."];
    stageText.textContent = text(texts, current[0], current[1]);
    detail.textContent = why;
    bar.hidden = true;
    var retry = el("loading-retry");
    retry.textContent = text(texts, "loader.reload", "Reload");
    retry.hidden = false;
    retry.onclick = function () { location.reload(); };
  }

  // ---- downloads with progress ------------------------------------------
  var totals = prefetchURLs.map(function () { return 0; });
  var received = prefetchURLs.map(function () { return 0; });
  var knownTotals = 0;

  function showProgress() {
    if (finished) return;
    var got = received.reduce(function (a, b) { return a + b; }, 0);
    var total = totals.reduce(function (a, b) { return a + b; }, 0);
    if (knownTotals === prefetchURLs.length && total > 0) {
      var pct = Math.min(100, Math.floor(100 * got / total));
      bar.value = pct;
      bar.textContent = pct + "%";
      detail.textContent = text(texts, "loader.progress", "{got} of {total} ({percent}%)",
                                { got: mb(got), total: mb(total), percent: pct });
    } else {
      bar.removeAttribute("value");
      detail.textContent = mb(got);
    }
  }

  // A download's chunks as they come; handed over while it still downloads (follow()), so that the
  // wasm is compiled as it arrives (instantiateStreaming), not after the download.
  function download(url, i) {
    var file = { chunks: [], followers: [], complete: false, failed: null };
    file.head = realFetch.call(window, url).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status + " for " + url);
      file.type = response.headers.get("Content-Type") || "application/octet-stream";
      var length = Number(response.headers.get("Content-Length"));
      // With Content-Encoding the length is the compressed size: no percent then.
      if (length > 0 && !response.headers.get("Content-Encoding")) {
        totals[i] = length;
        knownTotals += 1;
      }
      return response;
    });
    function got(chunk) {
      file.chunks.push(chunk);
      received[i] += chunk.byteLength;
      file.followers.forEach(function (follower) { follower.enqueue(chunk.slice()); });
      showProgress();
    }
    file.done = file.head.then(function (response) {
      if (!response.body || !response.body.getReader) {
        return response.arrayBuffer().then(function (buffer) { got(new Uint8Array(buffer)); });
      }
      var reader = response.body.getReader();
      function pump() {
        return reader.read().then(function (step) {
          if (step.done) return;
          got(step.value);
          return pump();
        });
      }
      return pump();
    }).then(function () {
      file.complete = true;
      file.followers.forEach(function (follower) { follower.close(); });
      file.followers = [];
    }, function (error) {
      file.failed = error;
      file.followers.forEach(function (follower) { follower.error(error); });
      file.followers = [];
      throw error;
    });
    return file;
  }
  // A response: what `file` has received so far, then the rest.
  function follow(file) {
    return file.head.then(function () {
      var body = new ReadableStream({ start: function (controller) {
        file.chunks.forEach(function (chunk) { controller.enqueue(chunk.slice()); });
        if (file.complete) controller.close();
        else if (file.failed) controller.error(file.failed);
        else file.followers.push(controller);
      } });
      return new Response(body, { status: 200, headers: { "Content-Type": file.type } });
    });
  }
  // The whole file, once downloaded.
  function whole(file) {
    return file.done.then(function () { return new Blob(file.chunks).arrayBuffer(); });
  }

  // Hand each prefetched file to the first fetch() of the same URL (Pyodide's),
  // then put the original fetch back once all have been handed over.
  var handoff = new Map();
  // The picture's archives, also kept by URL once downloaded: Python's import hook (a synchronous
  // import, py/boot/archives.py) takes them from here instead of asking the network again.
  window.ludusFiles = {};
  var keep = {};
  if (snapshot) snapshot.prefetch.forEach(function (path) { keep[new URL(path, location.href).href] = true; });
  if (restoring) prefetchURLs.forEach(function (url) { keep[url] = true; });   // shell.zip: hashed by memsnap.mjs
  var realFetch = window.fetch;
  function patchedFetch(input, init) {
    var url = input instanceof Request ? input.url : new URL(String(input), location.href).href;
    var pending = handoff.get(url);
    if (!pending || (init && init.method && init.method !== "GET")) {
      return realFetch.apply(this, arguments);
    }
    handoff.delete(url);
    if (handoff.size === 0 && window.fetch === patchedFetch) window.fetch = realFetch;
    var self = this, args = arguments;
    if (pending.head) return follow(pending);            // a prefetched file, still downloading maybe
    return pending.then(function (file) {
      if (!file) return realFetch.apply(self, args);     // a data-handoff file that failed here
      return new Response(file.buffer, { status: 200, headers: { "Content-Type": file.type } });
    });
  }

  function preloadModule(url) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    document.head.appendChild(link);
  }

  function startPyScript() {
    var core = document.createElement("script");
    core.type = "module";
    core.src = pyscriptURL;
    core.onerror = function () { fail("could not load " + pyscriptURL); };
    document.head.appendChild(core);
    mark("loader:pyscript");
  }

  // ---- failures of PyScript / Python during boot ---------------------------
  // PyScript reports Python errors as a .py-error element (and console.error),
  // not as a page error, so watch the DOM for one until the game is ready.
  var watcher = new MutationObserver(function () {
    if (document.body.dataset.ready === "1") {
      removeSnapshot();  // in the task that made the live page: never a frame without a board
      finished = true;
      watcher.disconnect();
      return;
    }
    var error = document.querySelector(".py-error");
    if (error) fail(error.textContent.trim().split("\n").slice(-3).join("\n"));
  });
  watcher.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  window.addEventListener("error", function (event) {
    fail(event.message || "script error");
  });
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    fail(reason && reason.message ? reason.message : reason);
  });
  document.addEventListener("py:ready", function () {
    mark("pyscript:ready");
    stage("loader.loading", "Loading game\u2026");
  });

  // ---- go -------------------------------------------------------------------
  if (location.protocol === "file:") {
    fail(text(texts, "loader.file",
              "This page must be served over HTTP, not opened as a file: run `make play` and open the URL it prints."));
    return;
  }
  paintSnapshot();
  stage("loader.downloading", "Downloading Python\u2026");
  loadTexts(lang).then(function (found) {  // relabel what is on show
    texts = found;
    if (!current) return;
    stageText.textContent = text(texts, current[0], current[1]);
    el("loading-retry").textContent = text(texts, "loader.reload", "Reload");
    var note = el("loading-picture");
    if (note) note.textContent = text(texts, "loader.picture", PICTURE_NOTE);
  });
  bar.value = 0;
  // Requests leave in this order: PyScript and the interpreter module (the longest way to the
  // runtime), what they import, the files handed over.  The memory snapshot is read and restored
  // meanwhile (memsnap.mjs, PyScript's interpreter module, then takes what this began).
  if (memsnapURL) {
    var record = readSnapshotRecord(memsnapURL);
    if (record) record.catch(function () { /* begin() sees the failure and boots normally: never the error card */ });
    import(memsnapURL).then(function (memsnap) { memsnap.begin(record); },
                            function (error) { console.warn("Ludus: no memory snapshot module:", error); });
  }
  // PyScript starts at once (its own scripts load and Pyodide starts meanwhile), and waits for
  // the runtime's files where it asks for them (the hand-over below).
  startPyScript();
  modulePreloads.forEach(preloadModule);
  window.ludusDownloads = {};   // url -> promise of the whole file (static/memsnap.mjs hashes shell.zip)
  var downloads = prefetchURLs.map(function (url, i) {
    var file = download(url, i);
    handoff.set(url, file);
    if (keep[url]) {
      window.ludusDownloads[url] = whole(file);
      window.ludusDownloads[url].then(function (buffer) { window.ludusFiles[url] = buffer; }, function () {});
    }
    return file.done;
  });
  // At once, after PyScript's own requests (its config and main.py: it would ask for them one
  // after the other on its way to the interpreter).
  function startHandoffs(urls) {
    urls.forEach(function (url) {
      if (handoff.has(url)) return;
      handoff.set(url, realFetch.call(window, url).then(function (response) {
        if (!response.ok) return null;
        var type = response.headers.get("Content-Type") || "application/octet-stream";
        return response.arrayBuffer().then(function (buffer) { return { buffer: buffer, type: type }; });
      }).catch(function () { return null; }));
    });
    if (handoff.size) window.fetch = patchedFetch;
  }
  if (downloads.length) window.fetch = patchedFetch;
  startHandoffs(handoffURLs);
  // Last: the first screen's game (main.py asks for it once the shell is unpacked).  Its stylesheet is
  // fetched into the HTTP cache for the shell's <link> when it draws the game: a <link rel=preload>
  // made Chromium warn "preloaded but not used within a few seconds" whenever Python took longer.
  gameFiles.forEach(function (url) {
    if (/\.css$/.test(url)) realFetch.call(window, url).catch(function () { /* the <link> asks again */ });
  });
  startHandoffs(gameFiles.filter(function (url) { return !/\.css$/.test(url); }));
  Promise.all(downloads).then(function () {
    mark("loader:downloaded");
    if (current && current[0] === "loader.downloading") stage("loader.starting", "Starting Python\u2026");
  }, function (error) {
    window.fetch = realFetch;
    fail("download failed: " + (error && error.message ? error.message : error));
  });
})();
