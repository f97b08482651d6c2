// Offline play and updates for index.html: registers the service worker
// (../sw.js relative to this file; "./sw.js" relative to the page, so its scope
// is the page's folder, under a sub-path too) and shows "Update available" when
// a new version is installed and waiting.  Plain script, no dependencies:
//   <script defer src="./static/offline.js"></script>
//
// - The worker is registered once the game is ready (<body data-ready="1">), so
//   its precaching never competes with the first start-up's downloads.
// - A new version waits until the player clicks the notice's button: the page
//   then asks the waiting worker to take over (skipWaiting) and reloads once it
//   has (controllerchange).  Every other open tab of the game reloads too, as
//   the old version's cache is gone by then.
// - Sets <html data-offline-version="..."> to the controlling worker's version
//   (tests and the curious: navigator.serviceWorker.controller alone says less).
// - The notice is one of the shell's notices above the screen (#shell-notices, data-kind="update"),
//   never drawn over a game's board; floating at the window's foot only before the shell is drawn.
// - The notice speaks the page's language (<html lang>, set by the shell) through
//   loader.js's window.ludusTexts ("offline.*" keys); English without it.
(function () {
  "use strict";

  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  var workers = navigator.serviceWorker;
  var WORKER_URL = "./sw.js";
  var UPDATE_CHECK_MS = 60 * 60 * 1000;

  var hadController = !!workers.controller;
  var reloading = false;
  workers.addEventListener("controllerchange", function () {
    if (!hadController) {  // the first install claiming this page: nothing to reload
      hadController = true;
      showVersion();
      return;
    }
    if (reloading) return;
    reloading = true;
    location.reload();
  });

  function showVersion() {
    var worker = workers.controller;
    if (!worker || typeof MessageChannel === "undefined") return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      if (event.data && event.data.version) document.documentElement.dataset.offlineVersion = event.data.version;
    };
    worker.postMessage({ type: "VERSION" }, [channel.port2]);
  }

  // ---- the notice --------------------------------------------------------
  // Floating (before the shell has drawn its notices' place) at the window's foot; in that place,
  // a notice as the shell's others (static/app.css .shell-notice), with its button as here.
  var STYLE = [
    ".update-notice.floating{position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:20;",
    "display:flex;gap:.75rem;align-items:center;padding:.6rem .9rem;border-radius:10px;",
    "background:var(--panel,#16203a);color:var(--ink,#e9e4d4);border:1px solid var(--accent,#d9b45a);",
    "box-shadow:0 4px 18px rgba(0,0,0,.45);font:inherit;max-width:calc(100vw - 2rem)}",
    ".update-notice button{font:inherit;padding:.25rem .8rem;border-radius:6px;cursor:pointer;",
    "background:var(--accent,#d9b45a);color:#14130f;border:0}",
    ".update-notice button:disabled{opacity:.6;cursor:progress}"
  ].join("");

  var notice = null;
  // The notice's place: among the shell's notices above the screen (#root > #shell-notices; not a
  // returning player's picture of them), in the page's flow, which a game's board leaves room for
  // (--shell-notices-h). Fixed over the window's foot it hid the bottom of the board (play-test 4).
  // Before the shell has drawn that place (the loading screen), floating at the foot.
  function place() {
    if (!notice) return;
    var box = document.querySelector("#root > #shell-notices");
    var parent = box || document.body;
    if (notice.parentNode !== parent) parent.appendChild(notice);
    notice.classList.toggle("shell-notice", !!box);
    notice.classList.toggle("floating", !box);
  }
  // The notice in the page's language (<html lang>), once its texts are loaded.
  function translate() {
    var i18n = window.ludusTexts;
    if (!i18n || !notice) return;
    var lang = document.documentElement.lang;
    i18n.load(lang).then(function (texts) {
      if (document.documentElement.lang !== lang) return;   // a newer switch translates it
      notice.firstChild.textContent = i18n.text(texts, "offline.update", "Update available \u2014");
      notice.querySelector("button").textContent = i18n.text(texts, "offline.reload", "Reload");
    });
  }
  function offer(worker) {
    if (!workers.controller) return;  // first install: nothing old to replace
    if (!notice) {
      var style = document.createElement("style");
      style.textContent = STYLE;
      document.head.appendChild(style);
      notice = document.createElement("div");
      notice.id = "update-notice";
      notice.className = "update-notice";
      notice.setAttribute("role", "status");
      notice.dataset.kind = "update";
      var text = document.createElement("span");
      text.className = "shell-notice-text";
      text.textContent = "Update available \u2014";
      var button = document.createElement("button");
      button.type = "button";
      button.id = "update-reload";
      button.textContent = "Reload";
      notice.append(text, button);
      // A language chosen later in the settings (the shell sets <html lang>): the notice follows it
      // (play-test 4: it stayed in English in a German game).
      if (window.MutationObserver) {
        new MutationObserver(translate).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
      }
    }
    place();
    translate();
    var reload = notice.querySelector("button");
    reload.disabled = false;
    reload.onclick = function () {
      reload.disabled = true;
      // The worker that is waiting now (a still newer one may have replaced `worker`).
      workers.getRegistration().then(function (registration) {
        var waiting = (registration && registration.waiting) || worker;
        waiting.postMessage({ type: "SKIP_WAITING" });
      });
    };
    document.body.dataset.updateAvailable = "1";
  }

  var watched = false;
  function watch(registration) {
    if (!registration || watched) return registration;
    watched = true;
    if (registration.waiting) offer(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") offer(worker);
      });
    });
    setInterval(function () {
      if (document.visibilityState === "visible") registration.update().catch(function () {});
    }, UPDATE_CHECK_MS);
    return registration;
  }

  function register() {
    // updateViaCache "none": sw-manifest.js too is checked past the HTTP cache (GitHub
    // Pages says max-age=600), so a new version is seen at the next visit.
    workers.register(WORKER_URL, { updateViaCache: "none" }).then(watch).catch(function (error) {
      console.warn("Ludus: no offline play (the service worker did not register):", error);
    });
  }

  // An already installed worker: show a waiting update at once (even if the
  // game then fails to start), and the version in control.
  workers.getRegistration().then(watch).catch(function () {});
  showVersion();

  // Register (or check for an update) once the game is ready.
  function whenReady(callback) {
    if (document.body && document.body.dataset.ready === "1") return callback();
    var observer = new MutationObserver(function () {
      if (document.body && document.body.dataset.ready === "1") {
        observer.disconnect();
        callback();
      }
    });
    observer.observe(document.documentElement, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]
    });
  }
  whenReady(function () {
    place();   // an update offered during the loading screen: to the shell's notices, drawn by now
    register();
  });
})();
