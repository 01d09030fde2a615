// A WebSocket to one of the server's paths that reconnects on its own with backoff (jittered, from
// half a second up to ten), at once when the browser comes back online or to the tab. The game's
// socket (./socket.js) and the lobby's (./lobby_socket.js) are both one.
//
// It reconnects whatever the close code. Code 1012 ("service restart") means the server worker is
// stopping for a restart: every one of its sockets closes at once, so the first attempt is spread
// at random over RESTART_SPREAD_MS (whichever worker answers, the owner resyncs in onOpen).
//
// handlers: onMessage(message) for every JSON frame; onStatus(status, failures) with "connecting",
// "open" or "reconnecting" (failures: attempts since the last open); onOpen(reconnected) after every
// open, so the owner can ask again for what a closed socket's server side forgot.

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 10000;
const SERVICE_RESTART = 1012;
const RESTART_SPREAD_MS = 600; // a restart's clients come back over this long, not all at once

export class ReconnectingSocket {
  constructor(path, handlers) {
    this.path = path;
    this.handlers = { onOpen: () => {}, onStatus: () => {}, ...handlers };
    this.ws = null;
    this.closed = false;
    this.attempts = 0;
    this.connectedOnce = false;
    this.timer = null;
    this.wake = () => {
      if (!this.ws && !this.closed && document.visibilityState !== "hidden") {
        clearTimeout(this.timer);
        this.connect();
      }
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${this.path}`;
  }

  connect() {
    if (this.closed) return;
    this.handlers.onStatus(this.connectedOnce ? "reconnecting" : "connecting", this.attempts);
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.attempts = 0;
      const reconnected = this.connectedOnce;
      this.connectedOnce = true;
      this.handlers.onStatus("open", 0);
      this.handlers.onOpen(reconnected);
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handlers.onMessage(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      this.handlers.onStatus("reconnecting", this.attempts);
      this.scheduleReconnect(event.code);
    });
  }

  scheduleReconnect(code) {
    const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** this.attempts);
    // After a restart's close the next worker is up already: come back soon, spread out. Attempts
    // that fail after it back off as usual.
    const delay = code === SERVICE_RESTART && this.attempts === 0
      ? 50 + Math.random() * RESTART_SPREAD_MS
      : base / 2 + Math.random() * (base / 2);
    this.attempts += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  get open() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  /** Send a message; false when the socket is not open (the owner may say so, or send it again onOpen). */
  send(message) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
