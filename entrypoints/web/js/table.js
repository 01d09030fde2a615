// The table screen shared by every game: socket, seats, turn countdown, errors, hand-end and game-over screens.
// What is specific to a game family (board, hand, controls, scoring breakdown) lives in ./tables/*.js.

import { api } from "./api.js";
import { h, fill, announce } from "./dom.js";
import { GameSocket } from "./socket.js";
import { fishing } from "./tables/fishing.js";
import { briscola } from "./tables/briscola.js";
import { chiamata } from "./tables/chiamata.js";

const FAMILIES = {
  scopa: fishing,
  scopa_a_quattro: fishing,
  scopone_scientifico: fishing,
  briscola,
  briscola_a_quattro: briscola,
  briscola_chiamata: chiamata,
};

export function secondsLeft(deadline) {
  return Math.max(0, Math.ceil(deadline - Date.now() / 1000));
}

/** A countdown element; the table's ticker refreshes every element with data-deadline. */
export function countdown(deadline, testid = "countdown") {
  if (!deadline) return null;
  return h("span", { class: "countdown", testid, dataset: { deadline: String(deadline) } },
    `${secondsLeft(deadline)}s`);
}

function seatName(view, seat) {
  const player = (view.players || [])[seat];
  return player ? player.name : `Seat ${seat + 1}`;
}

/** Helpers every family module gets: names, sides, sending actions, the selection state. */
function makeUi(controller) {
  return {
    get view() { return controller.view; },
    name: (seat) => (seat === controller.view.seat ? "You" : seatName(controller.view, seat)),
    plainName: (seat) => seatName(controller.view, seat),
    sideLabel: (side) => {
      const view = controller.view;
      const members = view.teams && view.teams[side];
      const label = { caller: "Caller", defenders: "Defenders" }[side] || `Side ${side}`;
      if (!members || !members.length) return label;
      return `${label} (${members.map((s) => seatName(view, s)).join(" & ")})`;
    },
    mySide: () => {
      const view = controller.view;
      if (view.seat === null || view.seat === undefined || !view.teams) return null;
      return Object.keys(view.teams).find((side) => view.teams[side].includes(view.seat)) || null;
    },
    send: (message) => controller.send(message),
    selection: controller.selection,
    rerender: () => controller.render(),
  };
}

class TableController {
  constructor(root, ctx, gameId) {
    this.root = root;
    this.ctx = ctx;
    this.gameId = gameId;
    this.view = null;
    this.gameOver = null;
    this.selection = { card: null, picked: [] };
    this.status = "connecting";
    this.errorTimer = null;
    this.el = h("section", { class: "table-view", testid: "table", "aria-labelledby": "table-title" },
      h("p", {}, "Loading the table…"));
    root.append(this.el);
    this.ui = makeUi(this);
    this.ticker = setInterval(() => this.tick(), 250);
    this.onKey = (event) => {
      if (event.key === "Escape" && this.selection.card) {
        this.clearSelection();
        this.render();
      }
    };
    document.addEventListener("keydown", this.onKey);
    this.start();
  }

  async start() {
    try {
      this.apply(await api.game(this.gameId));
    } catch (error) {
      fill(this.el, h("h1", { id: "table-title" }, "Table not available"),
        h("p", { class: "error", role: "alert", testid: "table-error" }, error.message),
        h("a", { class: "button", href: "#/" }, "Back to the lobby"));
      return;
    }
    if (this.destroyed) return;
    this.socket = new GameSocket(this.gameId, {
      onMessage: (message) => this.onMessage(message),
      onStatus: (status, failures = 0) => {
        this.status = status;
        this.renderConnection();
        if (failures >= 3 && failures % 3 === 0) this.checkStillThere();
      },
    });
  }

  /** After repeated failed reconnects: is the game gone (expired), or is the network down? */
  async checkStillThere() {
    try {
      await api.game(this.gameId);
    } catch (error) {
      if (error.status !== 404 || this.destroyed) return;
      this.showGone();
    }
  }

  /** The server no longer has this table (it expired, or the server lost its live games). */
  showGone() {
    this.destroyed = true;
    clearInterval(this.ticker);
    if (this.socket) this.socket.close();
    fill(this.el, h("h1", { id: "table-title" }, "This table is gone"),
      h("p", { role: "alert", testid: "table-error" }, "The game no longer exists on the server."),
      h("a", { class: "button", href: "#/" }, "Back to the lobby"));
  }

  destroy() {
    this.destroyed = true;
    clearInterval(this.ticker);
    clearTimeout(this.errorTimer);
    clearTimeout(this.pendingTimer);
    document.removeEventListener("keydown", this.onKey);
    if (this.socket) this.socket.close();
  }

  /** Send a game action; until the server answers, the table is "pending" and takes no second move. */
  send(message) {
    if (this.pending) return false;
    if (!this.socket || !this.socket.send(message)) {
      this.showError("Not connected to the table right now; reconnecting…");
      return false;
    }
    this.pending = true;
    this.clearSelection();
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => { this.pending = false; this.render(); }, 5000);
    this.render();
    return true;
  }

  settle() {
    this.pending = false;
    clearTimeout(this.pendingTimer);
  }

  onMessage(message) {
    if (message.type === "state") this.apply(message.game);
    else if (message.type === "game_over") {
      this.gameOver = message;
      this.announce("The game is over.");
      this.render();
    } else if (message.type === "error" && message.code === "not_found") {
      this.showGone();
    } else if (message.type === "error") {
      this.settle();
      this.render();
      this.showError(message.message || message.code);
      this.announce(`Refused: ${message.message || message.code}`);
    }
  }

  apply(view) {
    const previous = this.view;
    if (previous && view.version < previous.version) return; // a stale frame
    if (!previous || view.version !== previous.version) this.clearSelection();
    if (previous && view.version !== previous.version) this.hideError();
    if (!previous || view.version !== previous.version) this.settle();
    this.view = view;
    if (previous && view.version > previous.version) this.announceChange(previous, view);
    this.render();
  }

  clearSelection() {
    this.selection.card = null;
    this.selection.picked = [];
  }

  family() {
    return FAMILIES[this.view.game_type] || fishing;
  }

  announceChange(previous, view) {
    const parts = [];
    const said = this.family().describe(previous, view, this.ui);
    if (said) parts.push(said);
    if (view.phase === "hand_end" && previous.phase !== "hand_end") parts.push("The hand is over.");
    if (view.phase === "finished") parts.push("The game is over.");
    else if (view.your_turn && !previous.your_turn) parts.push("Your turn.");
    else if (view.turn !== null && view.turn !== undefined && view.turn !== previous.turn && !view.your_turn) {
      parts.push(`${seatName(view, view.turn)}'s turn.`);
    }
    if (previous.phase === "lobby" && view.phase !== "lobby") parts.unshift("The game has started.");
    this.announce(parts.join(" "));
  }

  announce(text) {
    announce(text);
  }

  showError(text) {
    const box = this.el.querySelector("[data-testid=error]");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => this.hideError(), 8000);
  }

  hideError() {
    const box = this.el.querySelector("[data-testid=error]");
    if (box) box.hidden = true;
  }

  tick() {
    for (const el of this.el.querySelectorAll("[data-deadline]")) {
      const text = `${secondsLeft(Number(el.dataset.deadline))}s`;
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("urgent", secondsLeft(Number(el.dataset.deadline)) <= 5);
    }
  }

  renderConnection() {
    const el = this.el.querySelector("[data-testid=connection]");
    if (!el) return;
    const text = { open: "", connecting: "Connecting…", reconnecting: "Connection lost, reconnecting…" }[this.status];
    el.textContent = text || "";
    el.hidden = !text;
  }

  // ------------------------------------------------------------ rendering

  render() {
    let view = this.view;
    if (!view) return;
    const focused = document.activeElement;
    const focusKey = focused && this.el.contains(focused)
      ? { testid: focused.dataset.testid, card: focused.dataset.card, action: focused.dataset.action } : null;
    const errorBox = this.el.querySelector("[data-testid=error]");
    const keepError = errorBox && !errorBox.hidden ? errorBox.textContent : null;

    if (this.pending) view = { ...view, your_turn: false, pending: true };
    const family = this.family();
    const finished = view.phase === "finished" || Boolean(this.gameOver);
    const seated = !view.spectator && view.seat !== null && view.seat !== undefined;
    Object.assign(this.el.dataset, {
      gameType: view.game_type, phase: view.phase, version: String(view.version),
      spectator: String(Boolean(view.spectator)), yourTurn: String(Boolean(view.your_turn)),
    });
    fill(this.el, 
      this.header(view, seated),
      h("p", { class: "connection", role: "status", testid: "connection", hidden: true }),
      this.seats(view),
      view.phase === "lobby" ? this.waiting(view, seated) : null,
      finished ? this.finishedPanel(view, family) : null,
      view.phase === "hand_end" ? this.handEndPanel(view, family, seated) : null,
      view.phase !== "lobby" && view.phase !== "hand_end" && !finished ? family.board(view, this.ui) : null,
      h("p", { class: "error", role: "alert", testid: "error", hidden: !keepError }, keepError || ""),
      view.phase !== "lobby" && seated && !finished ? family.controls(view, this.ui) : null,
      view.phase !== "lobby" && view.phase !== "hand_end" && seated && !finished ? family.hand(view, this.ui) : null,
      view.spectator ? h("p", { class: "hint", testid: "spectator-note" },
        "You are watching: players' hands stay hidden.") : null,
    );
    this.renderConnection();
    if (focusKey) this.restoreFocus(focusKey);
  }

  restoreFocus(key) {
    let selector = null;
    if (key.card) selector = `[data-card="${key.card}"]${key.testid ? `[data-testid="${key.testid}"]` : ""}`;
    else if (key.action) selector = `[data-action="${key.action}"]`;
    else if (key.testid) selector = `[data-testid="${key.testid}"]`;
    const target = selector && this.el.querySelector(selector);
    if (target && target.matches("button, a, input, select")) target.focus();
    else {
      const firstPlayable = this.el.querySelector("[data-testid=hand-card]:not([aria-disabled=true])");
      if (firstPlayable && key.testid === "hand-card") firstPlayable.focus();
    }
  }

  header(view, seated) {
    const scores = this.family().scoreLine(view, this.ui);
    return h("header", { class: "table-head" },
      h("div", { class: "title" },
        h("h1", { id: "table-title" }, view.name || view.game_type),
        view.spectator ? h("span", { class: "badge watch", testid: "spectator-badge" }, "Watching") : null,
        seated && view.join_code ? h("span", { class: "code", testid: "join-code-label" },
          "Code ", h("strong", { testid: "table-join-code" }, view.join_code)) : null),
      scores ? h("div", { class: "scores", testid: "scores" }, scores) : null);
  }

  seats(view) {
    const list = h("ol", { class: "seats", testid: "seats", "aria-label": "Seats" });
    const players = view.players || [];
    const count = view.seats || players.length;
    for (let seat = 0; seat < count; seat += 1) {
      const player = players[seat];
      const onTurn = view.turn === seat && view.phase !== "lobby" && view.phase !== "finished";
      const side = view.teams ? Object.keys(view.teams).find((k) => view.teams[k].includes(seat)) : null;
      const cards = view.hand_counts ? view.hand_counts[seat] : null;
      list.append(h("li", {
        class: `seat${onTurn ? " turn" : ""}${seat === view.seat ? " me" : ""}${player ? "" : " open"}`,
        testid: "seat", dataset: { seat: String(seat) }, "aria-current": onTurn ? "true" : null,
      },
      h("span", { class: "seat-name" }, player ? player.name : "open seat"),
      h("span", { class: "seat-meta" }, [
        seat === view.seat ? "you" : "",
        player && player.bot ? "computer" : "",
        side && view.game_type !== "briscola_chiamata" ? `Side ${side}` : "",
        view.game_type === "briscola_chiamata" && view.caller === seat ? "Caller" : "",
        view.game_type === "briscola_chiamata" && view.revealed && view.partner === seat ? "Partner" : "",
        cards !== null && cards !== undefined && view.phase !== "lobby" ? `${cards} card${cards === 1 ? "" : "s"}` : "",
      ].filter(Boolean).join(" · ")),
      onTurn ? h("span", { class: "turn-flag", testid: "turn-indicator" }, seat === view.seat ? "your turn " : "to play ",
        countdown(view.turn_deadline, seat === view.seat ? "my-countdown" : "countdown")) : null));
    }
    return list;
  }

  waiting(view, seated) {
    return h("section", { class: "panel waiting", testid: "waiting" },
      h("h2", {}, "Waiting for players"),
      h("p", {}, `${view.seats_open} of ${view.seats} seats still open.`),
      seated && view.join_code ? h("p", {}, "Share this code with your friends: ",
        h("strong", { class: "big-code", testid: "waiting-code" }, view.join_code)) : null,
      h("p", { class: "hint" }, "The game starts as soon as the last seat is taken."));
  }

  handEndPanel(view, family, seated) {
    const acknowledged = view.acknowledged || [];
    const owed = (view.legal_moves || []).find((m) => m.action === "ack");
    const ack = h("button", {
      type: "button", class: "primary", testid: "ack", dataset: { action: "ack" },
      onclick: () => this.send(owed),
    }, "Next hand");
    return h("section", { class: "panel summary", testid: "hand-end", role: "region", "aria-label": "Hand summary" },
      h("h2", {}, "End of the hand"),
      family.summary(view, this.ui),
      h("div", { class: "row" },
        seated && owed && !view.pending ? ack : null,
        h("span", { class: "hint", testid: "ack-status" },
          `${acknowledged.length} of ${view.seats} ready`, view.hand_end_deadline ? " · next hand in " : "",
          countdown(view.hand_end_deadline, "hand-end-countdown"))));
  }

  finishedPanel(view, family) {
    const over = this.gameOver || { scores: view.scores || {}, winner: view.winner };
    const mine = this.ui.mySide();
    let headline = over.winner ? `${this.ui.sideLabel(over.winner)} wins` : "A draw";
    if (mine && over.winner) headline = over.winner === mine ? "You win!" : "You lose";
    return h("section", { class: "panel summary over", testid: "game-over", role: "region", "aria-label": "Game over" },
      h("h2", {}, "Game over"),
      h("p", { class: "headline", testid: "game-over-headline" }, headline),
      h("ul", { class: "final-scores", testid: "final-scores" },
        Object.entries(over.scores || {}).map(([side, points]) =>
          h("li", { class: side === over.winner ? "winner" : "" }, `${this.ui.sideLabel(side)}: `,
            h("strong", {}, String(points))))),
      family.summary(view, this.ui),
      h("div", { class: "row" },
        h("a", { class: "button primary", href: "#/", testid: "back-to-lobby" }, "Back to the lobby"),
        h("a", { class: "button", href: "#/stats" }, "History and ratings")));
  }
}

export function mountTable(root, ctx, gameId) {
  const controller = new TableController(root, ctx, gameId);
  return () => controller.destroy();
}
