// Copy buttons of shared links (templates/share/share.html). One delegated listener for the page, set up
// once however many links (and script tags) the page has. The box shows the link shortened; the button
// copies the whole URL (data-copy). The clipboard API needs a secure context
// (HTTPS or localhost); on the club's LAN over plain http it is missing, so the fallback selects the
// URL and tries the old copy command; if that fails too, the URL stays selected for a manual copy.
(function () {
  "use strict";
  if (window.stammtischShare) return;
  window.stammtischShare = true;

  function status(box, text, failed) {
    var out = box && box.querySelector(".share-status");
    if (!out) return;
    out.textContent = text || "";
    out.classList.toggle("failed", !!failed);
  }

  function selectUrl(box, url) {
    var target = box && box.querySelector("[data-share-url]");
    if (!target || !window.getSelection) return false;
    // The box shows the link shortened; to copy (or be copied by hand) it shows the whole URL from now on.
    if (url) target.textContent = url;
    var range = document.createRange();
    range.selectNodeContents(target);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return true;
  }

  function fallback(box, button) {
    var copied = false;
    if (selectUrl(box, button.getAttribute("data-copy"))) {
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    }
    if (copied) status(box, button.getAttribute("data-copied"), false);
    else status(box, button.getAttribute("data-failed"), true);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-copy]") : null;
    if (!button) return;
    var box = button.closest("[data-share]");
    var url = button.getAttribute("data-copy");
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(
        function () { status(box, button.getAttribute("data-copied"), false); },
        function () { fallback(box, button); }
      );
    } else {
      fallback(box, button);
    }
  });
})();
