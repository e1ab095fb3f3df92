// The SharedWorker that holds this browser's live connection (issue 24.4): one hub (live-hub.js) for
// every tab; each tab talks to it over its own port. A browser whose workers have no EventSource tells
// the tab so, and the tab falls back to electing a leading tab (app.js).
importScripts("/static/live-hub.js");

var ports = {};
var next = 1;
var hub = typeof EventSource === "undefined" ? null : new self.StammtischLiveHub(
  function (client, message) { var port = ports[client]; if (port) port.postMessage(message); },
  function (client) { delete ports[client]; }
);

self.onconnect = function (event) {
  var port = event.ports[0];
  var client = String(next++);
  if (!hub) {
    port.postMessage({ type: "unsupported" });
    return;
  }
  ports[client] = port;
  port.onmessage = function (message) { hub.receive(client, message.data); };
  port.start();
};
