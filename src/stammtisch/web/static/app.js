// Stammtisch pages: live updates (Server-Sent Events), a connection that copes with drops, and the
// dice tap pad. No build step.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // --- the connection banner ----------------------------------------------------------------------
  // Texts come from the page (#connection data-*), so they are in the reader's language.
  function banner() { return document.getElementById("connection"); }
  function say(kind, key, what, withCancel) {
    var box = banner();
    if (!box) return;
    box.className = "connection" + (kind ? " " + kind : "");
    box.textContent = (box.getAttribute("data-" + key) || key).replace("{what}", what || "");
    if (withCancel) {
      var cancel = document.createElement("button");
      cancel.type = "button";
      cancel.className = "button rare";
      cancel.setAttribute("data-connection-cancel", "");
      cancel.textContent = box.getAttribute("data-cancel") || "cancel";
      box.appendChild(cancel);
    }
    box.hidden = false;
  }
  function quiet() { var box = banner(); if (box) box.hidden = true; }

  // --- live updates: on every "changed" event re-fetch the board if it is older ------------------
  function boardSeq() {
    var board = document.getElementById("board");
    return board ? parseInt(board.getAttribute("data-seq") || "0", 10) : 0;
  }

  var live = null, online = true, fetching = false, again = false, source = null;

  function refresh() {
    if (!live) return Promise.resolve();
    if (fetching) { again = true; return Promise.resolve(); }
    fetching = true;
    return htmx.ajax("GET", live.getAttribute("data-board"), { target: "#board", swap: "outerHTML" }).then(function () {
      fetching = false;
      if (again) { again = false; refresh(); }
    }, function () { fetching = false; });
  }

  function connect() {
    live = document.getElementById("live");
    if (!live || !window.EventSource) return;
    var status = document.getElementById("live-state");
    if (source) source.close();
    source = new EventSource(live.getAttribute("data-events"));
    var retryIn = 1000;
    source.addEventListener("changed", function (event) {
      var seq = parseInt(event.data ? JSON.parse(event.data).seq : "0", 10);
      if (seq > boardSeq()) refresh();
    });
    source.onopen = function () {
      retryIn = 1000;
      if (status) status.textContent = status.getAttribute("data-online") || "live";
      document.body.classList.add("online");
      var wasOffline = !online;
      online = true;
      if (pending) deliver();
      else if (wasOffline) { quiet(); refresh(); }  // changes made while we were away
    };
    source.onerror = function () {
      document.body.classList.remove("online");
      online = false;
      if (!pending) say("", "offline");
      if (source.readyState === EventSource.CLOSED) {  // the browser gave up: try again ourselves
        setTimeout(connect, retryIn);
        retryIn = Math.min(retryIn * 2, 15000);
      }
    };
  }

  // --- an entry sent while the connection is down ----------------------------------------------
  // A write that got no answer is kept (one at a time: the next one depends on the board). When the
  // connection is back the board's sequence number decides: unchanged, the entry never arrived and is
  // sent once more (the same seq: the server refuses a second copy, so it cannot be doubled); changed,
  // something was written meanwhile, so it is not sent again and the page says so. Never silently lost.
  var pending = null, lastSent = null, resending = null;

  function label(detail) {
    var el = detail.elt, submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    var button = submitter || (el && el.querySelector && el.querySelector("button[type=submit],button:not([type])")) || el;
    var text = button ? (button.getAttribute("aria-label") || button.textContent || "") : "";
    return text.replace(/\s+/g, " ").trim().slice(0, 80);
  }

  // What each write was (its seq, fields and button), kept with the request itself: a board refresh
  // started meanwhile (a live event for this very write) must not be mistaken for it.
  var writes = window.WeakMap ? new WeakMap() : null;

  function describe(d) {
    var values = {};
    if (d.formData) d.formData.forEach(function (value, key) { values[key] = value; });
    else Object.keys(d.parameters || {}).forEach(function (key) { values[key] = d.parameters[key]; });
    return { path: d.path, values: values, seq: parseInt(values.seq || "-1", 10), what: resending ? resending.what : label(d) };
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var d = event.detail;
    if (d.verb !== "post") return;
    lastSent = describe(d);
    if (writes && d.formData) writes.set(d.formData, lastSent);
  });

  function keep(event) {
    var config = event && event.detail && event.detail.requestConfig;
    if (config && config.verb && config.verb !== "post") return;  // a failed board refresh: the probe repeats it
    var sent = (config && writes && config.formData && writes.get(config.formData)) || lastSent;
    if (!sent || sent.seq < 0 || !live) return;  // only board writes carry a seq and can be retried safely
    pending = sent;
    say("", "queued", pending.what, true);
    probe();
  }
  document.addEventListener("htmx:sendError", keep);
  document.addEventListener("htmx:timeout", keep);

  var probing = null;
  function probe() {  // while an entry waits, look every few seconds whether the server answers again
    if (probing) return;
    probing = setInterval(function () { if (pending) deliver(); else { clearInterval(probing); probing = null; } }, 3000);
  }

  var delivering = false;
  function deliver() {
    if (!pending || delivering || !live) return;
    delivering = true;
    fetch(live.getAttribute("data-board"), { headers: { "HX-Request": "true" }, cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error("board " + response.status);
      return response.text();
    }).then(function (html) {
      var found = /data-seq="(\d+)"/.exec(html);
      var seq = found ? parseInt(found[1], 10) : -1;
      var entry = pending;
      online = true;
      if (seq === entry.seq) {
        pending = null;
        resending = entry;
        return htmx.ajax("POST", entry.path, { values: entry.values, target: "#board", swap: "outerHTML" }).then(function () {
          resending = null;
          if (pending) return;  // failed again: kept, the probe tries later
          var lost = boardSeq() <= entry.seq || document.querySelector("#board .alert.stale");
          say(lost ? "failed" : "done", lost ? "moved" : "resent", entry.what);
          if (!lost) setTimeout(quiet, 6000);
        });
      }
      pending = null;
      say("failed", "moved", entry.what);
      return refresh();
    }).catch(function () { /* still offline: the probe tries again */ }).then(function () { delivering = false; });
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-connection-cancel]")) return;
    var entry = pending;
    pending = null;
    if (entry) say("failed", "cancelled", entry.what);
  });
  // The phone says its network is gone (flight mode, Wi-Fi lost): say so at once and drop the stream,
  // whose silence would otherwise look like a quiet table. Back online: a fresh stream, then the board.
  window.addEventListener("offline", function () {
    online = false;
    document.body.classList.remove("online");
    if (source) { source.close(); source = null; }
    if (!pending) say("", "offline");
  });
  window.addEventListener("online", function () { connect(); if (pending) deliver(); });

  // --- the dice tap pad (table mode) -----------------------------------------------------------
  var PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

  function dieSvg(face) {
    var circles = PIPS[face].map(function (p) { return '<circle cx="' + p[0] * 10 + '" cy="' + p[1] * 10 + '" r="3.8"/>'; }).join("");
    return '<svg class="die" width="44" height="44" viewBox="0 0 40 40" aria-hidden="true" focusable="false" data-face="' + face +
      '"><rect x="1.5" y="1.5" width="37" height="37" rx="7"/>' + circles + "</svg>";
  }

  function padState(pad) {
    var input = pad.querySelector("input[name=faces]");
    var faces = input.value ? input.value.split(" ").map(Number) : [];
    return { input: input, faces: faces, want: parseInt(pad.getAttribute("data-dice") || "0", 10) };
  }

  function renderPad(pad, faces) {
    var state = padState(pad);
    state.input.value = faces.join(" ");
    pad.querySelectorAll("form[data-pad-submit] input[name=faces]").forEach(function (el) { el.value = faces.join(" "); });
    var tray = pad.querySelector(".pad-tray");
    var remove = tray.getAttribute("data-remove") || "remove %s";
    tray.innerHTML = faces.map(function (face, index) {
      return '<button type="button" class="tray-die" data-pad-remove="' + index + '" aria-label="' + remove.replace("%s", face) + '">' + dieSvg(face) + "</button>";
    }).join("");
    var ready = state.want ? faces.length === state.want : faces.length > 0;
    pad.querySelectorAll("[data-pad-go]").forEach(function (button) { button.disabled = !ready; });
    pad.querySelectorAll("[data-pad-face]").forEach(function (button) {
      button.disabled = state.want > 0 && faces.length >= state.want;
    });
    var count = pad.querySelector(".pad-count");
    if (count) count.textContent = faces.length + (state.want ? " / " + state.want : "");
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-pad-face],[data-pad-remove],[data-pad-clear]");
    if (!target) return;
    var pad = target.closest(".pad");
    if (!pad) return;
    var faces = padState(pad).faces;
    if (target.hasAttribute("data-pad-face")) faces.push(parseInt(target.getAttribute("data-pad-face"), 10));
    else if (target.hasAttribute("data-pad-remove")) faces.splice(parseInt(target.getAttribute("data-pad-remove"), 10), 1);
    else faces = [];
    faces.sort(function (a, b) { return a - b; });
    renderPad(pad, faces);
  });

  function initPads() { document.querySelectorAll(".pad").forEach(function (pad) { renderPad(pad, padState(pad).faces); }); }

  document.addEventListener("DOMContentLoaded", function () {
    if (window.htmx) htmx.config.timeout = 15000;  // a write with no answer at all counts as not arrived (then the seq decides)
    initPads();
    connect();
  });
  document.addEventListener("htmx:afterSettle", initPads);
})();
