// The game's WebSocket: reconnects on its own with backoff and asks for a fresh state after each reconnect.

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 10000;

export class GameSocket {
  /**
   * @param {string} gameId
   * @param {{onMessage: (msg: object) => void, onStatus: (status: string) => void}} handlers
   */
  constructor(gameId, handlers) {
    this.gameId = gameId;
    this.handlers = handlers;
    this.ws = null;
    this.closed = false;
    this.attempts = 0;
    this.connectedOnce = false;
    this.timer = null;
    // Back online, or back to the tab: try at once instead of waiting out the backoff.
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
    return `${scheme}//${location.host}/ws/games/${encodeURIComponent(this.gameId)}`;
  }

  connect() {
    if (this.closed) return;
    this.handlers.onStatus(this.connectedOnce ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempts = 0;
      if (this.connectedOnce) this.send({ action: "state" }); // resync whatever we missed
      this.connectedOnce = true;
      this.handlers.onStatus("open");
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handlers.onMessage(message);
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      this.handlers.onStatus("reconnecting", this.attempts);
      this.scheduleReconnect();
    });
  }

  scheduleReconnect() {
    const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** this.attempts);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempts += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Send an action; returns false when the socket is not open (the caller may show that). */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
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
