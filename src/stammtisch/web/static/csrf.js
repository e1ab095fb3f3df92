// The CSRF token (issue 10.5, web/csrf.py): every state-changing request of our pages carries the value
// of the stammtisch_csrf cookie, HTMX requests in the X-CSRF-Token header, plain forms in a hidden
// csrf_token field. Another site cannot read the cookie, so it cannot send the same value.
(function () {
  "use strict";
  var FIELD = "csrf_token";

  function token() {
    var found = document.cookie.match(/(?:^|;\s*)stammtisch_csrf=([A-Za-z0-9_-]+)/);
    return found ? found[1] : "";
  }

  // The field is (re)written when the form is sent, so a token issued after the page loaded counts too.
  function stamp(form) {
    if (!form || form.tagName !== "FORM" || (form.getAttribute("method") || "get").toLowerCase() !== "post") return;
    var value = token();
    if (!value) return;
    var input = form.querySelector("input[name=" + FIELD + "]");
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = FIELD;
      form.appendChild(input);
    }
    input.value = value;
  }

  function stampAll(root) {
    if (!root) return;
    if (root.tagName === "FORM") stamp(root);
    if (root.querySelectorAll) root.querySelectorAll("form").forEach(stamp);
  }

  document.addEventListener("submit", function (event) { stamp(event.target); }, true);
  document.addEventListener("htmx:configRequest", function (event) {
    var value = token();
    if (value) event.detail.headers["X-CSRF-Token"] = value;
  });
  document.addEventListener("htmx:load", function (event) { stampAll(event.detail.elt); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { stampAll(document); });
  else stampAll(document);
})();
