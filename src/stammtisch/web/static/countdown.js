// Live countdowns: an element with data-countdown="8" shows the seconds left of a table's clock (a knock
// window, a vote) and counts them down once a second, down to 0, on the page and in every fragment htmx
// swaps in. The server renders the seconds left when the page was made; the clock itself runs there.
(function () {
  "use strict";
  function start(element) {
    if (element.dataset.countdownStarted) return;
    element.dataset.countdownStarted = "1";
    var endsAt = Date.now() + Number(element.dataset.countdown || 0) * 1000;
    var number = element.querySelector("[data-countdown-number]") || element;
    function tick() {
      var left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      number.textContent = String(left);
      if (left > 0 && element.isConnected) window.setTimeout(tick, 250);
    }
    tick();
  }
  function scan(root) {
    (root || document).querySelectorAll("[data-countdown]").forEach(start);
  }
  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:afterSettle", function (event) { scan(event.target); });
  if (document.readyState !== "loading") scan(document);
})();
