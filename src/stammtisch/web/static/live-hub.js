// The live hub (issue 24.4): ONE event stream per match for every tab of this browser, however many
// tabs are open. Browsers allow six HTTP/1.1 connections per host and the club's LAN is plain HTTP, so a
// stream per tab froze the app from the sixth tab on (taps took seconds, new pages stalled).
//
// The hub runs in a SharedWorker (live-worker.js) or, where there is none, in one tab elected over a
// BroadcastChannel (app.js). Tabs say which streams ("topics": the page's /m/{id}/events URL) they
// follow; the hub opens each once, fans its notices out, and closes it when no tab follows it any more.
// Notices are hints ("match X is now at seq N"): each tab re-fetches its own board, so a seat's hand is
// still drawn for that tab's request only.
//
// Messages in:  {type: "hello", topics: [url, ...]}  (also every few seconds: "still here")
//               {type: "bye"}                        (the page goes away)
//               {type: "retry"}                      (the tab is back online: reconnect now, tell me the state)
// Messages out: {type: "changed", topic, seq}        {type: "state", topic, state: "open" | "down"}
(function (scope) {
  "use strict";
  //: A topic nobody follows any more stays open this long: a page reloading, or the next page of the same
  //: match, finds it still open (no reconnect, no missed notice).
  var GRACE_MS = 5000;
  //: A tab not heard from for this long is gone (closed without a goodbye, or frozen by the browser).
  var STALE_MS = 20000;
  //: The server ends each stream after 30-45 s and the browser reconnects at once; only a stream that stays
  //: closed this long is reported as down (no banner flashing every half minute).
  var DOWN_MS = 1500;

  function Hub(emit, gone) {
    this.emit = emit;  // emit(client, message)
    this.gone = gone || function () {};
    this.topics = {};
    this.clients = {};
    var hub = this;
    this.sweeper = setInterval(function () { hub.sweep(); }, 5000);
  }

  Hub.prototype.receive = function (client, message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "hello") this.hello(client, Array.isArray(message.topics) ? message.topics : []);
    else if (message.type === "bye") this.bye(client);
    else if (message.type === "retry") this.retry(client);
  };

  Hub.prototype.hello = function (client, topics) {
    var hub = this, known = this.clients[client] || (this.clients[client] = { topics: [], seen: 0 });
    known.seen = Date.now();
    var before = known.topics;
    known.topics = topics.filter(function (url) { return typeof url === "string" && url.charAt(0) === "/"; });
    before.forEach(function (url) { if (known.topics.indexOf(url) < 0) hub.leave(url, client); });
    known.topics.forEach(function (url) {
      var topic = hub.topic(url);
      if (topic.clients[client]) return;
      topic.clients[client] = true;
      // A tab joining an open stream hears at once where the match stands.
      if (topic.reported) hub.emit(client, { type: "state", topic: url, state: topic.reported });
      if (topic.reported === "open" && topic.seq >= 0) hub.emit(client, { type: "changed", topic: url, seq: topic.seq });
    });
  };

  Hub.prototype.bye = function (client) {
    var hub = this, known = this.clients[client];
    if (!known) return;
    delete this.clients[client];
    known.topics.forEach(function (url) { hub.leave(url, client); });
    this.gone(client);
  };

  Hub.prototype.sweep = function () {
    var now = Date.now(), hub = this;
    Object.keys(this.clients).forEach(function (client) {
      if (now - hub.clients[client].seen > STALE_MS) hub.bye(client);
    });
  };

  // The tab is back online: streams that are down reconnect now; where the stream never dropped (this
  // hub's network stayed up) the tab hears the state again, as if it had just joined.
  Hub.prototype.retry = function (client) {
    var hub = this;
    Object.keys(this.topics).forEach(function (url) {
      var topic = hub.topics[url];
      if (!topic.open) {
        topic.retryIn = 1000;
        hub.connect(topic);
      } else if (topic.clients[client]) {
        hub.emit(client, { type: "state", topic: url, state: "open" });
        if (topic.seq >= 0) hub.emit(client, { type: "changed", topic: url, seq: topic.seq });
      }
    });
  };

  Hub.prototype.topic = function (url) {
    var topic = this.topics[url];
    if (!topic) {
      topic = this.topics[url] = { url: url, source: null, seq: -1, open: false, reported: null, clients: {}, retryIn: 1000 };
      this.connect(topic);
    }
    clearTimeout(topic.idleTimer);
    topic.idleTimer = null;
    return topic;
  };

  Hub.prototype.leave = function (url, client) {
    var topic = this.topics[url], hub = this;
    if (!topic) return;
    delete topic.clients[client];
    if (Object.keys(topic.clients).length || topic.idleTimer) return;
    topic.idleTimer = setTimeout(function () {
      if (hub.topics[url] === topic && !Object.keys(topic.clients).length) hub.close(topic);
    }, GRACE_MS);
  };

  Hub.prototype.close = function (topic) {
    clearTimeout(topic.idleTimer);
    clearTimeout(topic.downTimer);
    clearTimeout(topic.retryTimer);
    if (topic.source) topic.source.close();
    topic.source = null;
    delete this.topics[topic.url];
  };

  Hub.prototype.stop = function () {
    var hub = this;
    clearInterval(this.sweeper);
    Object.keys(this.topics).forEach(function (url) { hub.close(hub.topics[url]); });
    this.clients = {};
  };

  Hub.prototype.each = function (topic, message) {
    var hub = this;
    Object.keys(topic.clients).forEach(function (client) { hub.emit(client, message); });
  };

  Hub.prototype.report = function (topic, state) {
    if (topic.reported === state) return;
    topic.reported = state;
    this.each(topic, { type: "state", topic: topic.url, state: state });
  };

  Hub.prototype.connect = function (topic) {
    var hub = this;
    clearTimeout(topic.retryTimer);
    if (topic.source) topic.source.close();
    var source = topic.source = new EventSource(topic.url);
    source.addEventListener("changed", function (event) {
      var seq = -1;
      try { seq = JSON.parse(event.data).seq; } catch (error) { return; }
      if (typeof seq !== "number" || topic.source !== source) return;
      topic.seq = seq;
      hub.each(topic, { type: "changed", topic: topic.url, seq: seq });
    });
    source.onopen = function () {
      if (topic.source !== source) return;
      topic.open = true;
      topic.retryIn = 1000;
      clearTimeout(topic.downTimer);
      topic.downTimer = null;
      hub.report(topic, "open");
    };
    source.onerror = function () {
      if (topic.source !== source) return;
      topic.open = false;
      if (!topic.downTimer) {
        topic.downTimer = setTimeout(function () {
          topic.downTimer = null;
          if (!topic.open && hub.topics[topic.url] === topic) hub.report(topic, "down");
        }, DOWN_MS);
      }
      if (source.readyState === 2) {  // CLOSED: the browser gave up (refused, or over the cap): try again ourselves
        topic.retryTimer = setTimeout(function () { if (hub.topics[topic.url] === topic) hub.connect(topic); }, topic.retryIn);
        topic.retryIn = Math.min(topic.retryIn * 2, 15000);
      }
    };
  };

  scope.StammtischLiveHub = Hub;
})(typeof self !== "undefined" ? self : this);
