// Stammtisch pages: live updates (Server-Sent Events) and the dice tap pad. No build step.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // --- live updates: on every "changed" event re-fetch the board if it is older ------------------
  function boardSeq() {
    var board = document.getElementById("board");
    return board ? parseInt(board.getAttribute("data-seq") || "0", 10) : 0;
  }

  function connect() {
    var live = document.getElementById("live");
    if (!live || !window.EventSource) return;
    var status = document.getElementById("live-state");
    var source = new EventSource(live.getAttribute("data-events"));
    var fetching = false, again = false;
    function refresh() {
      if (fetching) { again = true; return; }
      fetching = true;
      htmx.ajax("GET", live.getAttribute("data-board"), { target: "#board", swap: "outerHTML" }).then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      }, function () { fetching = false; });
    }
    source.addEventListener("changed", function (event) {
      var seq = parseInt(event.data ? JSON.parse(event.data).seq : "0", 10);
      if (seq > boardSeq()) refresh();
    });
    source.onopen = function () { if (status) status.textContent = status.getAttribute("data-online") || "live"; document.body.classList.add("online"); };
    source.onerror = function () { document.body.classList.remove("online"); };
  }

  // --- the dice tap pad (table mode) -----------------------------------------------------------
  var PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

  function dieSvg(face) {
    var circles = PIPS[face].map(function (p) { return '<circle cx="' + p[0] * 10 + '" cy="' + p[1] * 10 + '" r="3.8"/>'; }).join("");
    return '<svg class="die" width="44" height="44" viewBox="0 0 40 40" role="img" aria-label="' + face + '" data-face="' + face +
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
    tray.innerHTML = faces.map(function (face, index) {
      return '<button type="button" class="tray-die" data-pad-remove="' + index + '" title="remove">' + dieSvg(face) + "</button>";
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

  document.addEventListener("DOMContentLoaded", function () { initPads(); connect(); });
  document.addEventListener("htmx:afterSettle", initPads);
})();
