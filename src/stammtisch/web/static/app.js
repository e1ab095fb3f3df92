// Stammtisch pages: live updates (Server-Sent Events, one connection per browser: live-hub.js), taps
// queued while the connection is down, and the dice tap pad. No build step.
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

  // --- live updates: on every "changed" notice re-fetch the board if it is older ------------------
  function boardSeq() {
    var board = document.getElementById("board");
    return board ? parseInt(board.getAttribute("data-seq") || "0", 10) : 0;
  }

  var live = null, topic = null, online = true, fetching = false, again = false;

  function refresh() {
    if (!live) return Promise.resolve();
    if (fetching) { again = true; return Promise.resolve(); }
    fetching = true;
    return htmx.ajax("GET", live.getAttribute("data-board"), { target: "#board", swap: "outerHTML" }).then(function () {
      fetching = false;
      if (again) { again = false; refresh(); }
    }, function () { fetching = false; });
  }

  // --- one live connection per browser, however many tabs (issue 24.4; live-hub.js) ----------------
  // The hub holds one stream per match for all tabs: in a SharedWorker where the browser has one; else
  // in one tab elected over a BroadcastChannel (the others follow it); else in this tab alone.
  var TAB = Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  var CHANNEL = "stammtisch-live-1";
  var link = null;

  function openLink() {
    if (window.SharedWorker && !window.__stammtischNoSharedWorker) {
      try {
        var worker = new SharedWorker("/static/live-worker.js", { name: CHANNEL });
        var shared = { kind: "worker", send: function (message) { worker.port.postMessage(message); } };
        worker.port.onmessage = function (event) {
          if (event.data && event.data.type === "unsupported") { link = electedLink(); hello(); return; }
          heard(event.data);
        };
        worker.port.start();
        return shared;
      } catch (error) { /* blocked (a strict policy, a private window): fall back */ }
    }
    return electedLink();
  }

  // Without a SharedWorker (some phone browsers): the tabs elect one to hold the streams. The leader
  // says so every second; a tab that hears no leader for 3 s claims the lead, the lowest claim wins, and a
  // leader hearing an older one steps down. (Web Locks would be simpler but need HTTPS; the LAN is HTTP.)
  function electedLink() {
    var Hub = window.StammtischLiveHub;
    if (!Hub) return null;
    if (!window.BroadcastChannel) {
      var own = new Hub(function (client, message) { heard(message); });
      return { kind: "tab", send: function (message) { own.receive(TAB, message); } };
    }
    var channel = new BroadcastChannel(CHANNEL), hub = null, leader = null, heardAt = 0, claim = null, last = null;
    function beat() { channel.postMessage({ type: "leader", id: TAB }); }
    function lead() {
      leader = TAB;
      hub = new Hub(function (client, message) {
        if (client === TAB) heard(message);
        else channel.postMessage({ to: client, message: message });
      });
      beat();
      if (last) hub.receive(TAB, last);
      if (link) link.kind = "leader";
    }
    function elect() {
      if (claim || hub) return;
      claim = { best: TAB };
      channel.postMessage({ type: "claim", id: TAB });
      setTimeout(function () {
        var won = claim.best === TAB && Date.now() - heardAt > 3000;
        claim = null;
        if (won) lead();
      }, 300);
    }
    function send(message) {
      if (message.type === "hello") last = message;
      if (hub) hub.receive(TAB, message);
      else channel.postMessage({ from: TAB, message: message });
    }
    channel.onmessage = function (event) {
      var data = event.data || {};
      if (data.to) { if (data.to === TAB) heard(data.message); return; }
      if (data.from) { if (hub) hub.receive(data.from, data.message); return; }
      if (data.type === "leader") {
        if (hub && data.id < TAB) { hub.stop(); hub = null; if (link) link.kind = "follower"; }
        if (hub) return;
        var fresh = leader !== data.id;
        leader = data.id;
        heardAt = Date.now();
        if (fresh && last) send(last);  // a new leader: tell it what this tab follows
      } else if (data.type === "claim") {
        if (claim && data.id < claim.best) claim.best = data.id;
        if (hub) beat();
      } else if (data.type === "resign" && data.id === leader) {
        leader = null;
        heardAt = 0;
        elect();
      }
    };
    setInterval(function () {
      if (hub) beat();
      else if (Date.now() - heardAt > 3000) elect();
    }, 1000);
    window.addEventListener("pagehide", function () {
      if (!hub) return;
      hub.stop();
      hub = null;
      channel.postMessage({ type: "resign", id: TAB });
    });
    elect();
    return { kind: "follower", send: send };
  }

  function hello() { if (link && topic) link.send({ type: "hello", topics: [topic] }); }

  function follow() {
    live = document.getElementById("live");
    if (!live) return;
    topic = live.getAttribute("data-events");
    if (link) { hello(); return; }
    // The shared connection starts once the page has settled (loaded, the service worker registered,
    // then 700 ms without a request): the page's own fragments come first on a slow connection, and a
    // test's "network idle" is not held open by the worker's script request (Playwright never sees it
    // end). Nothing is missed meanwhile: a stream's first notice is the current seq, and a board older
    // than that is fetched again.
    settled(function () { if (!link) link = openLink(); hello(); });
  }

  function settled(then) {
    var busy = 0, timer = null, ready = false;
    function arm() { clearTimeout(timer); timer = busy || !ready ? null : setTimeout(done, 700); }
    function started() { busy++; arm(); }
    function ended() { busy = Math.max(0, busy - 1); arm(); }
    function done() {
      document.removeEventListener("htmx:beforeRequest", started);
      document.removeEventListener("htmx:afterRequest", ended);
      then();
    }
    document.addEventListener("htmx:beforeRequest", started);
    document.addEventListener("htmx:afterRequest", ended);
    function loaded() { registerWorker().then(function () { ready = true; arm(); }); }
    if (document.readyState === "complete") loaded(); else window.addEventListener("load", loaded);
  }
  setInterval(hello, 5000);  // "still here": the hub drops tabs it has not heard from for 20 s
  window.addEventListener("pagehide", function () { if (link) link.send({ type: "bye" }); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) hello(); });

  function heard(message) {
    if (!message || message.topic !== topic) return;
    if (message.type === "changed") {
      if (message.seq > boardSeq()) refresh();
    } else if (message.type === "state" && message.state === "open") {
      document.body.classList.add("online");
      var wasOffline = !online;
      online = true;
      if (queue.length) deliver();
      else if (wasOffline) { quiet(); refresh(); }  // changes made while we were away
    } else if (message.type === "state" && message.state === "down") {
      document.body.classList.remove("online");
      online = false;
      if (!queue.length) say("", "offline");
    }
  }

  // --- taps made while the connection is down (issue 24.5) ----------------------------------------
  // Every write that cannot go out is queued, in the order it was made, with the seq of the board it was
  // made on; later taps queue behind it (the pad stays usable) and the queue shows on the pad. When the
  // connection is back the queue is sent in order: the first entry only if the board is still at its seq
  // (else something was written meanwhile, perhaps this very entry whose answer was lost), each next one
  // on the board its predecessor left. A conflict or a refusal stops the queue and the scribe decides:
  // send the rest now, on the board as it is, or drop them. Never applied blindly, never replaced, never
  // lost (kept in sessionStorage, so a reload keeps it too).
  var queue = [], made = 0, held = false, sendingQueued = false, lastSent = null, resendStatus = 0;

  function label(detail) {
    var el = detail.elt, submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    var button = submitter || (el && el.querySelector && el.querySelector("button[type=submit],button:not([type])")) || el;
    var text = button ? (button.getAttribute("aria-label") || button.textContent || "") : "";
    return text.replace(/\s+/g, " ").trim().slice(0, 80);
  }

  // What each write was (its seq, fields and button), kept with the request itself: a board refresh
  // started meanwhile (a live notice for this very write) must not be mistaken for it.
  var writes = window.WeakMap ? new WeakMap() : null;

  function describe(d) {
    var values = {};
    if (d.formData) d.formData.forEach(function (value, key) { if (typeof value === "string") values[key] = value; });
    else Object.keys(d.parameters || {}).forEach(function (key) { values[key] = d.parameters[key]; });
    var what = label(d);
    if (values.faces) what += " " + values.faces;
    return { path: d.path, values: values, seq: parseInt(values.seq || "-1", 10), what: what.trim(), n: ++made, tap: tapOf(d) };
  }

  // Which control a tap was (its data-* attributes and text): a queued tap is replayed on the board as it
  // is when it goes out, so "3 on the next bottle" stays that after the taps before it moved the board on
  // (the hidden fields of the control's form say which bottle, cup or die; they are taken fresh).
  function signature(button) {
    if (!button || !button.attributes) return "";
    var parts = [];
    Array.prototype.forEach.call(button.attributes, function (attribute) {
      if (attribute.name.indexOf("data-") === 0 && attribute.name !== "data-testid") parts.push(attribute.name + "=" + attribute.value);
    });
    return parts.sort().join("&") + "|" + (button.textContent || "").replace(/\s+/g, " ").trim();
  }
  function submitButton(d) {
    var submitter = d.triggeringEvent && d.triggeringEvent.submitter;
    if (submitter) return submitter;
    var el = d.elt;
    if (el && el.tagName === "BUTTON") return el;
    var buttons = el && el.querySelectorAll ? el.querySelectorAll("button[type=submit],button:not([type])") : [];
    return buttons.length === 1 ? buttons[0] : null;
  }
  function tapOf(d) { return signature(submitButton(d)); }

  function replayed(entry) {
    if (!entry.tap) return null;
    var forms = document.querySelectorAll("#board form");
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      if ((form.getAttribute("hx-post") || form.getAttribute("action")) !== entry.path) continue;
      var buttons = form.querySelectorAll("button");
      for (var j = 0; j < buttons.length; j++) {
        if (signature(buttons[j]) !== entry.tap) continue;
        var fresh = {};
        new FormData(form).forEach(function (value, key) { if (typeof value === "string") fresh[key] = value; });
        // What the person entered (the dice faces of the pad, a typed number) is kept from the tap.
        Object.keys(entry.values).forEach(function (key) { if (!(key in fresh) || fresh[key] === "") fresh[key] = entry.values[key]; });
        return fresh;
      }
    }
    return null;
  }

  function storeKey() { return live ? "stammtisch-queue:" + live.getAttribute("data-board") : null; }
  function save() {
    try {
      var key = storeKey();
      if (!key) return;
      if (queue.length) sessionStorage.setItem(key, JSON.stringify({ queue: queue, held: held }));
      else sessionStorage.removeItem(key);
    } catch (error) { /* no storage (a private window): the queue lives as long as the page */ }
  }
  function restore() {
    try {
      var kept = JSON.parse(sessionStorage.getItem(storeKey()) || "null");
      if (!kept || !kept.queue || !kept.queue.length) return;
      queue = kept.queue;
      held = !!kept.held;
      made = queue[queue.length - 1].n;
      if (held) hold(); else say("", "queued", labels(), true);
      probe();
    } catch (error) { /* nothing kept */ }
  }
  function labels() { return queue.map(function (entry) { return entry.what; }).join(", "); }

  function enqueue(entry) {
    queue.push(entry);
    queue.sort(function (a, b) { return a.n - b.n; });
    save();
    show();
    if (!held) say("", "queued", labels(), true);
    probe();
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var d = event.detail;
    if (d.verb !== "post") return;
    if (sendingQueued) { if (writes && d.formData) writes.set(d.formData, { resend: true, seq: 0 }); resendStatus = 0; return; }
    var entry = describe(d);
    if (entry.seq >= 0 && live && (queue.length || navigator.onLine === false)) {
      event.preventDefault();  // behind the queue: taps go out in the order they were made
      enqueue(entry);
      var pad = d.elt && d.elt.closest && d.elt.closest(".pad");
      if (pad) renderPad(pad, []);  // the pad is free for the next throw
      return;
    }
    lastSent = entry;
    if (writes && d.formData) writes.set(d.formData, entry);
  });

  function keep(event) {
    var config = event && event.detail && event.detail.requestConfig;
    if (config && config.verb && config.verb !== "post") return;  // a failed board refresh: the probe repeats it
    var sent = (config && writes && config.formData && writes.get(config.formData)) || lastSent;
    if (!sent || sent.resend) { probe(); return; }  // a queued entry failed again: it is still first in line
    if (sent.seq < 0 || !live) return;  // only board writes carry a seq and can be retried safely
    online = false;
    sent.tried = true;  // it went out once: it may have arrived, only its answer lost
    enqueue(sent);
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    var config = event.detail && event.detail.requestConfig, xhr = event.detail && event.detail.xhr;
    var sent = config && writes && config.formData && writes.get(config.formData);
    if (sent && sent.resend && xhr) resendStatus = xhr.status;
  });
  document.addEventListener("htmx:sendError", keep);
  document.addEventListener("htmx:timeout", keep);

  var probing = null;
  function probe() {  // while entries wait, look every few seconds whether the server answers again
    if (probing) return;
    probing = setInterval(function () {
      if (queue.length && !held) deliver();
      else if (!queue.length) { clearInterval(probing); probing = null; }
    }, 3000);
  }

  function currentSeq() {
    return fetch(live.getAttribute("data-board"), { headers: { "HX-Request": "true" }, cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error("board " + response.status);
      return response.text();
    }).then(function (html) {
      var found = /data-seq="(\d+)"/.exec(html);
      return found ? parseInt(found[1], 10) : -1;
    });
  }

  var delivering = false;
  function deliver() {
    if (!queue.length || delivering || held || !live) return;
    delivering = true;
    currentSeq().then(function (seq) {
      online = true;
      if (seq !== queue[0].seq) return hold();
      return sendFrom(seq, []);
    }).catch(function () { /* still offline: the probe tries again */ }).then(function () { delivering = false; });
  }

  // Send the queue from its head on the board at ``seq``; each entry that lands moves the board on, and
  // the next is sent on that board. Stops at a conflict or refusal (held) or a failure (kept, probed).
  function sendFrom(seq, sent) {
    var entry = queue[0];
    if (!entry) return Promise.resolve(finished(sent));
    var values = replayed(entry);
    if (!values) {
      values = {};
      Object.keys(entry.values).forEach(function (key) { values[key] = entry.values[key]; });
    }
    values.seq = String(seq);
    sendingQueued = true;
    var request = htmx.ajax("POST", entry.path, { source: sender(), values: values, target: "#board", swap: "outerHTML" });
    sendingQueued = false;
    return request.then(function () {
      var now = boardSeq();
      if (resendStatus >= 400 || now <= seq) { if (sent.length) finished(sent, true); return hold(); }  // conflict (409) or refused
      queue.shift();
      save();
      sent.push(entry.what);
      return sendFrom(now, sent);
    }, function () {
      if (sent.length) finished(sent, true);
      show();
    });
  }

  // HTMX sends one request per source element at a time and answers a second one at once, unsent: the
  // queue has an element of its own, so a board refresh in flight never swallows a queued tap.
  function sender() {
    var el = document.getElementById("queue-sender");
    if (!el) {
      el = document.createElement("div");
      el.id = "queue-sender";
      el.hidden = true;
      document.body.appendChild(el);
    }
    return el;
  }

  function finished(sent, more) {
    show();
    if (!sent.length || more) return;
    say("done", "resent", sent.join(", "));
    setTimeout(function () { if (!queue.length) quiet(); }, 6000);
  }

  function hold() {
    held = true;
    save();
    show();
    // An entry that went out once may be what moved the board ("not sent again"); else someone else did.
    var tried = queue.some(function (entry) { return entry.tried; });
    say("failed", tried ? "moved" : "held", labels());
  }

  function drop(index) {
    var gone = index === undefined ? queue.splice(0) : queue.splice(index, 1);
    if (!queue.length) held = false;
    save();
    show();
    if (queue.length) return;
    say("failed", "cancelled", gone.map(function (entry) { return entry.what; }).join(", "));
    if (online) refresh();
  }

  // The queue, drawn on the pad: each entry in order, marked as waiting; held, with "send now" / "drop".
  function show() {
    var box = document.getElementById("pending-taps"), texts = banner(), board = document.getElementById("board");
    if (!queue.length || !board || !texts) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("section");
      box.id = "pending-taps";
      box.className = "pending-taps";
      box.setAttribute("aria-live", "polite");
    }
    var pad = board.querySelector(".pad, .cap-pad, [data-testid$='-pad']");
    var before = pad || board.firstChild;
    if (box.parentNode !== (before ? before.parentNode : board) || box.nextSibling !== before) {
      if (before) before.parentNode.insertBefore(box, before); else board.appendChild(box);
    }
    box.classList.toggle("held", held);
    box.innerHTML = "";
    var title = document.createElement("p");
    title.className = "pending-title";
    title.textContent = texts.getAttribute(held ? "data-held" : "data-waiting");
    box.appendChild(title);
    var list = document.createElement("ol");
    queue.forEach(function (entry, index) {
      var item = document.createElement("li");
      item.setAttribute("data-testid", "pending-tap");
      var what = document.createElement("span");
      what.className = "pending-what";
      what.textContent = entry.what;
      var mark = document.createElement("span");
      mark.className = "pending-mark";
      mark.textContent = texts.getAttribute("data-mark");
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "button rare";
      remove.setAttribute("data-queue-drop", String(index));
      remove.textContent = texts.getAttribute("data-drop");
      item.appendChild(what);
      item.appendChild(mark);
      item.appendChild(remove);
      list.appendChild(item);
    });
    box.appendChild(list);
    if (held) {
      var actions = document.createElement("p");
      actions.className = "pending-actions";
      var sendAll = document.createElement("button");
      sendAll.type = "button";
      sendAll.className = "button primary";
      sendAll.setAttribute("data-queue-send", "");
      sendAll.textContent = texts.getAttribute("data-send");
      var dropAll = document.createElement("button");
      dropAll.type = "button";
      dropAll.className = "button rare";
      dropAll.setAttribute("data-queue-drop-all", "");
      dropAll.textContent = texts.getAttribute("data-drop-all");
      actions.appendChild(sendAll);
      actions.appendChild(dropAll);
      box.appendChild(actions);
    }
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-connection-cancel],[data-queue-drop],[data-queue-drop-all],[data-queue-send]");
    if (!target) return;
    if (target.hasAttribute("data-queue-drop")) drop(parseInt(target.getAttribute("data-queue-drop"), 10));
    else if (target.hasAttribute("data-queue-send")) {
      // The scribe confirmed: the rest goes out now, in order, on the board as it is.
      held = false;
      save();
      quiet();
      delivering = true;
      refresh().then(function () { return sendFrom(boardSeq(), []); })
        .catch(function () { probe(); })
        .then(function () { delivering = false; });
    } else drop();
  });
  document.addEventListener("htmx:afterSettle", show);

  // The phone says its network is gone (flight mode, Wi-Fi lost): say so at once; the stream's silence
  // would otherwise look like a quiet table. Back online: the hub reconnects at once, then the queue.
  window.addEventListener("offline", function () {
    online = false;
    document.body.classList.remove("online");
    if (!queue.length) say("", "offline");
  });
  window.addEventListener("online", function () { if (link) link.send({ type: "retry" }); if (queue.length) deliver(); });

  // --- the service worker: the app shell loads while the server is briefly unreachable (sw.js) -----
  // Registered once the page has loaded, before the live connection starts (``settled``).
  var registering = null;
  function registerWorker() {
    if (!registering) {
      registering = navigator.serviceWorker && window.isSecureContext
        ? navigator.serviceWorker.register("/sw.js").then(function () {}, function () {})
        : Promise.resolve();
    }
    return registering;
  }
  window.addEventListener("load", function () { registerWorker(); });

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
    follow();
    restore();
    show();
  });
  document.addEventListener("htmx:afterSettle", initPads);
})();
