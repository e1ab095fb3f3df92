// The service worker (issue 24.5): the app shell keeps loading while the club's server is briefly
// unreachable (the laptop's Wi-Fi hiccups, the server restarts). Served at /sw.js (web/service_worker.py)
// so its scope is the whole app.
//
// What it keeps: the static files of the shell (styles, scripts, icons, manifest) and one offline page.
// What it never keeps: pages (a seat's page shows that seat's hand, and a phone may change hands; a
// spectator must never get a seat's page from a cache), fragments, event streams, and anything but GET.
// Those go to the network untouched; only a page that cannot load at all is answered with the offline
// page, which reloads itself as soon as the server answers again.
var CACHE = "stammtisch-shell-1";
var OFFLINE = "/static/offline.html";
var SHELL = [
  "/static/app.css", "/static/app.js", "/static/live-hub.js", "/static/live-worker.js", "/static/htmx.min.js",
  "/static/csrf.js", OFFLINE, "/static/offline.js", "/static/manifest.json", "/static/icons/icon.svg",
  "/static/icons/icon-192.png"
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) { return key !== CACHE; }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // writes go to the server or fail (the page queues them)
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if ((request.headers.get("accept") || "").indexOf("text/event-stream") >= 0) return;  // live streams: never
  if (SHELL.indexOf(url.pathname) >= 0) {
    // Network first, so a new version shows at once; the kept copy only while the server is away.
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(url.pathname).then(function (kept) { return kept || Response.error(); });
    }));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () { return caches.match(OFFLINE); }));
  }
});
