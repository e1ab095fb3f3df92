// The offline page (sw.js): look every two seconds whether the server answers again, then load the page
// that was asked for (its address is still in the address bar).
(function () {
  "use strict";
  setInterval(function () {
    fetch("/sw.js", { cache: "no-store" }).then(function (response) { if (response.ok) location.reload(); }, function () {});
  }, 2000);
})();
