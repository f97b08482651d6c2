// Loading screen for index.html: real download progress, boot stages, and an
// error state.  Plain script (no modules, no dependencies), included with
// <script defer src="./static/loader.js" data-...>; its data attributes name,
// relative to the page, the files it handles:
//   data-prefetch       big runtime files fetched here with a byte-level progress
//                       bar and handed over to Pyodide's own fetch() when it asks
//                       (so they are downloaded once, whatever the HTTP cache does)
//   data-modulepreload  JS modules fetched in parallel (the module map keeps them)
//   data-pyscript       PyScript's core.js, started once the downloads are done
// Stages: "Downloading Python" -> "Starting Python" (PyScript boots Pyodide)
// -> "Loading game" (py:ready: the interpreter runs py/app/main.py, which
// removes #loading and sets <body data-ready="1">).
// If anything fails before that, the card shows the error and a Reload button,
// and <body data-boot-error="..."> is set.
(function () {
  "use strict";

  var script = document.currentScript;
  var words = function (name) {
    return (script.getAttribute(name) || "").split(/\s+/).filter(Boolean)
      .map(function (path) { return new URL(path, location.href).href; });
  };
  var prefetchURLs = words("data-prefetch");
  var modulePreloads = words("data-modulepreload");
  var pyscriptURL = words("data-pyscript")[0];

  var el = function (id) { return document.getElementById(id); };
  var screen = el("loading");
  var stageText = el("loading-stage");
  var bar = el("loading-progress");
  var detail = el("loading-detail");
  var finished = false;

  function mb(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

  function stage(text, detailText) {
    if (finished) return;
    stageText.textContent = text;
    detail.textContent = detailText || "\u00a0";
    bar.removeAttribute("value"); // indeterminate until told otherwise
    document.body.dataset.bootStage = text;
  }

  function fail(message) {
    if (finished) return;
    finished = true;
    var text = String(message || "unknown error");
    console.error("Ptolemaeus could not start:", text);
    document.body.dataset.bootError = text.slice(0, 500);
    screen.classList.add("loading-failed");
    stageText.textContent = "The game could not start.";
    detail.textContent = text;
    bar.hidden = true;
    var retry = el("loading-retry");
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
      detail.textContent = mb(got) + " of " + mb(total) + " (" + pct + "%)";
    } else {
      bar.removeAttribute("value");
      detail.textContent = mb(got);
    }
  }

  function download(url, i) {
    return realFetch.call(window, url).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status + " for " + url);
      var type = response.headers.get("Content-Type") || "application/octet-stream";
      var length = Number(response.headers.get("Content-Length"));
      // With Content-Encoding the length is the compressed size: no percent then.
      if (length > 0 && !response.headers.get("Content-Encoding")) {
        totals[i] = length;
        knownTotals += 1;
      }
      if (!response.body || !response.body.getReader) {
        return response.arrayBuffer().then(function (buffer) {
          received[i] = buffer.byteLength; showProgress();
          return { buffer: buffer, type: type };
        });
      }
      var reader = response.body.getReader();
      var chunks = [];
      function pump() {
        return reader.read().then(function (step) {
          if (step.done) return new Blob(chunks).arrayBuffer();
          chunks.push(step.value);
          received[i] += step.value.byteLength;
          showProgress();
          return pump();
        });
      }
      return pump().then(function (buffer) { return { buffer: buffer, type: type }; });
    });
  }

  // Hand each prefetched file to the first fetch() of the same URL (Pyodide's),
  // then put the original fetch back once all have been handed over.
  var handoff = new Map();
  var realFetch = window.fetch;
  function patchedFetch(input, init) {
    var url = input instanceof Request ? input.url : new URL(String(input), location.href).href;
    var pending = handoff.get(url);
    if (!pending || (init && init.method && init.method !== "GET")) {
      return realFetch.apply(this, arguments);
    }
    handoff.delete(url);
    if (handoff.size === 0 && window.fetch === patchedFetch) window.fetch = realFetch;
    return pending.then(function (file) {
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
    stage("Starting Python\u2026");
    var core = document.createElement("script");
    core.type = "module";
    core.src = pyscriptURL;
    core.onerror = function () { fail("could not load " + pyscriptURL); };
    document.head.appendChild(core);
  }

  // ---- failures of PyScript / Python during boot ---------------------------
  // PyScript reports Python errors as a .py-error element (and console.error),
  // not as a page error, so watch the DOM for one until the game is ready.
  var watcher = new MutationObserver(function () {
    if (document.body.dataset.ready === "1") {
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
    stage("Loading game\u2026");
  });

  // ---- go -------------------------------------------------------------------
  if (location.protocol === "file:") {
    fail("This page must be served over HTTP, not opened as a file: run `make play` and open the URL it prints.");
    return;
  }
  stage("Downloading Python\u2026");
  bar.value = 0;
  modulePreloads.forEach(preloadModule);
  var downloads = prefetchURLs.map(function (url, i) {
    var file = download(url, i);
    handoff.set(url, file);
    return file;
  });
  if (downloads.length) window.fetch = patchedFetch;
  Promise.all(downloads).then(startPyScript, function (error) {
    window.fetch = realFetch;
    fail("download failed: " + (error && error.message ? error.message : error));
  });
})();
