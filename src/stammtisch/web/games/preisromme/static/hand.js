// Preisrommé hand (issue 14): tap cards to select them, sort by suit or rank, and see the moves the
// selection makes possible (a figure to lay, a card to lay off, swap in or discard). The moves are the
// server's legal actions (forms with data-cards); this script only shows the ones matching the selection.
(function () {
  "use strict";
  var order = null;  // the chosen sort, kept across board refreshes

  function hand() { return document.querySelector(".prm-hand"); }
  function selected(box) {
    return Array.prototype.map.call(box.querySelectorAll(".pcard[aria-pressed=true]"), function (c) { return c.getAttribute("data-card"); });
  }
  function same(a, b) {
    if (a.length !== b.length) return false;
    var x = a.slice().sort(), y = b.slice().sort();
    for (var i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  }

  function update() {
    var box = hand(), panel = document.querySelector(".prm-selection");
    if (!box || !panel) return;
    var chosen = selected(box), shown = 0;
    panel.querySelectorAll("form.by-selection").forEach(function (form) {
      var cards = (form.getAttribute("data-cards") || "").split(" ").filter(Boolean);
      var fits = chosen.length > 0 && same(cards, chosen);
      form.classList.toggle("fits", fits);
      if (fits) shown++;
    });
    var text = panel.querySelector(".prm-selection-text");
    if (text) text.textContent = chosen.length === 0 ? panel.getAttribute("data-none") : shown === 0 ? panel.getAttribute("data-nothing") : "";
  }

  function sortHand(how) {
    var box = hand();
    if (!box) return;
    var ranks = (box.getAttribute("data-ranks") || "").split(" "), suits = box.getAttribute("data-suits") || "";
    var cards = Array.prototype.slice.call(box.querySelectorAll(".pcard"));
    function key(card) {
      var rank = card.getAttribute("data-rank"), suit = card.getAttribute("data-suit");
      if (!rank) return [99, 99];  // the joker last
      var r = ranks.indexOf(rank), s = suits.indexOf(suit);
      return how === "suit" ? [s, r] : [r, s];
    }
    cards.sort(function (a, b) { var x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1]; });
    cards.forEach(function (card) { box.appendChild(card); });
    document.querySelectorAll("[data-sort]").forEach(function (button) {
      button.setAttribute("aria-pressed", button.getAttribute("data-sort") === how ? "true" : "false");
    });
  }

  document.addEventListener("click", function (event) {
    var card = event.target.closest(".prm-hand .pcard");
    if (card) {
      card.setAttribute("aria-pressed", card.getAttribute("aria-pressed") === "true" ? "false" : "true");
      update();
      return;
    }
    var sorter = event.target.closest("[data-sort]");
    if (sorter) { order = sorter.getAttribute("data-sort"); sortHand(order); }
  });

  function init() {
    document.documentElement.classList.add("prm-js");
    if (order) sortHand(order);
    update();
  }
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
})();
