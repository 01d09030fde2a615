// The table screen shared by every game: socket, seats, turn countdown, errors, hand-end screen.
// What is specific to a game family (board, hand, controls, scoring breakdown, the words of its moves)
// is its table module's, found by ./families.js; a game this page has no module for is said so.
// The table's life around its match is run by ./table_life.js and drawn by modules of its own: the
// waiting room (./waiting_room.js), leaving and sitting down (./seat_controls.js), the end of the match
// and the rematch (./match_end.js); who is connected is ./presence.js, and ./steady_click.js keeps a
// click on a card or a button that the table redraws under the pointer. In a casual game against the computer the
// Suggest button by the hand, and what it shows, are ./suggestion.js's. The first shuffle commitment the table sees
// is remembered for the match's replay to check (./replay_commitment.js). An arena's game links back to
// its arena and, while its page is open, follows the arena: its match over, the next table opens
// (./arena_follow.js).

import { api } from "./api.js";
import { h, fill, announce } from "./dom.js";
import { GameSocket } from "./socket.js";
import { t, errorText } from "./i18n.js";
import { familyOf } from "./families.js";
import { seatList, updateRings } from "./seats.js";
import { reducedMotion } from "./motion.js";
import { TableMotion } from "./table_motion.js";
import { cuedView } from "./turn_cue.js";
import { orderToggle, moveAlongHand } from "./hand_order.js";
import { noteServerTime, serverNow } from "./clock.js";
import { updateAttention, resetAttention } from "./attention.js";
import { tableHead } from "./table_head.js";
import { TableSheet } from "./table_sheet.js";
import { MoveLog } from "./movelog.js";
import { makeUi, seatName } from "./table_ui.js";
import { Presence } from "./presence.js";
import { TableLife } from "./table_life.js";
import { steadyClicks } from "./steady_click.js";
import { rememberCommitment } from "./replay_commitment.js";
import { Suggestions } from "./suggestion.js";
import { ArenaGames } from "./arena_follow.js";

const PENDING_MS = 5000; // how long a sent move waits for its answer before the table takes moves again
const BUSY_TRIES = 20; // a move the server was too busy to take is sent again this often at most,
const BUSY_PATIENCE_MS = 20000; // and for this long at most: then the player is told
// The prompt's sizes, largest first: its line has two lines' room, and a prompt that does not fit it at
// one size is set at the next (the smallest fits three lines), so it is never cut.
const PROMPT_SIZES = ["", ".9rem", ".8rem", ".72rem"];

/** Each prompt on the prompt's line at the largest size at which it is whole (app.css keeps the line's height). */
export function fitPrompts(root) {
  for (const prompt of root.querySelectorAll(".table-controls .prompt")) {
    if (prompt.closest(".capture-choice, .take-choice")) continue; // these grow over the felt instead
    for (const size of PROMPT_SIZES) {
      prompt.style.fontSize = size;
      if (prompt.scrollHeight <= prompt.clientHeight + 1) break;
    }
  }
}

export function secondsLeft(deadline) {
  return Math.max(0, Math.ceil(deadline - serverNow()));
}

/** A countdown element; the table's ticker refreshes every element with data-deadline. */
export function countdown(deadline, testid = "countdown") {
  if (!deadline) return null;
  return h("span", { class: "countdown", testid, dataset: { deadline: String(deadline) } },
    `${secondsLeft(deadline)}s`);
}

class TableController {
  constructor(root, ctx, gameId, options = {}) {
    this.root = root;
    this.ctx = ctx;
    this.gameId = gameId;
    this.inviteCode = options.code || null;
    this.view = null;
    this.gameOver = null;
    this.selection = { card: null, picked: [] };
    this.status = "connecting";
    this.errorTimer = null;
    this.presence = new Presence();
    this.el = h("section", { class: "table-view", testid: "table", "aria-labelledby": "table-title" },
      h("p", {}, t("table.loading")));
    root.append(this.el);
    this.ui = makeUi(this);
    this.life = new TableLife(this);
    this.arenaGames = new ArenaGames(this);
    this.suggestions = new Suggestions(this);
    this.moveLog = new MoveLog(gameId);
    this.sheet = new TableSheet(() => this.render());
    this.detailsOpen = false;
    this.stopClicks = steadyClicks(this.el);
    this.ticker = setInterval(() => this.tick(), 250);
    this.motion = new TableMotion(this.el, () => this.family(), () => { if (!this.destroyed) this.lingered(); });
    this.onKey = (event) => this.keydown(event);
    document.addEventListener("keydown", this.onKey);
    this.onResize = () => this.placeSummary();
    window.addEventListener("resize", this.onResize);
    this.start();
  }

  async start() {
    try {
      const view = await api.game(this.gameId);
      familyOf(view.game_type); // a game this page cannot draw is said at once, not halfway through a redraw
      this.apply(view);
    } catch (error) {
      fill(this.el, h("h1", { id: "table-title" }, t("table.unavailable")),
        h("p", { class: "error", role: "alert", testid: "table-error" }, errorText(error)),
        h("a", { class: "button", href: "#/", dataset: { action: "back" } }, t("table.back")));
      return;
    }
    if (this.destroyed) return;
    this.socket = new GameSocket(this.gameId, {
      onMessage: (message) => this.onMessage(message),
      onStatus: (status, failures = 0) => {
        this.status = status;
        if (status === "open") this.sendHeld();
        if (status !== "open") this.suggestions.reset();
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
    resetAttention();
    clearInterval(this.ticker);
    if (this.socket) this.socket.close();
    this.arenaGames.destroy();
    fill(this.el, h("h1", { id: "table-title" }, t("table.gone")),
      h("p", { role: "alert", testid: "table-error" }, t("table.gone_detail")),
      h("a", { class: "button", href: "#/", dataset: { action: "back" } }, t("table.back")));
  }

  /** Called by the router when the page leaves the table (and before the login shows); safe twice. */
  destroy() {
    this.destroyed = true;
    clearInterval(this.ticker);
    clearTimeout(this.errorTimer);
    clearTimeout(this.pendingTimer);
    clearTimeout(this.busyTimer);
    this.motion.destroy();
    this.stopClicks();
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
    if (this.socket) this.socket.close();
    resetAttention();
    this.life.destroy();
    this.arenaGames.destroy();
  }

  /** Send a game action; until the server answers, the table is "pending" and takes no second move. */
  send(message) {
    if (this.pending) return false;
    // A table just drawn (a page opened, or redrawn in another language) shows its state before its
    // socket has opened: a move made meanwhile waits for the socket, as any pending move does.
    const opening = this.status === "connecting" && !this.destroyed;
    if (!opening && (!this.socket || !this.socket.send(message))) {
      this.showError(t("table.not_connected"));
      return false;
    }
    this.unsent = opening;
    this.pending = true;
    this.sent = message;
    this.busyTries = 0;
    this.clearSelection();
    this.waitForAnswer(PENDING_MS);
    this.render();
    return true;
  }

  /** The move made before the socket first opened goes now; if the wait ran out, it is dropped. */
  sendHeld() {
    if (this.unsent && this.pending && this.sent) this.socket.send(this.sent);
    this.unsent = false;
  }

  waitForAnswer(ms) {
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => {
      const unsent = this.unsent;
      this.unsent = false;
      this.pending = false;
      this.render();
      if (unsent) this.showError(t("table.not_connected"));
    }, ms);
  }

  /** The server was too busy to take the move and changed nothing: send the same move again after the
   * wait it named, still pending, so the player only sees a slower move. False once it tried enough. */
  retryBusy(message) {
    if (!this.pending || !this.sent || this.busyTries >= BUSY_TRIES) return false;
    const wait = Math.max(10, Number(message.retry_after_ms) || 100);
    if (!this.busyTries) this.busySince = Date.now();
    if (Date.now() + wait - this.busySince > BUSY_PATIENCE_MS) return false;
    this.busyTries += 1;
    this.waitForAnswer(wait + PENDING_MS);
    clearTimeout(this.busyTimer);
    this.busyTimer = setTimeout(() => {
      if (this.destroyed || !this.pending || !this.sent) return;
      if (!this.socket || !this.socket.send(this.sent)) {
        this.settle();
        this.render();
        this.showError(t("table.not_connected"));
      }
    }, wait);
    return true;
  }

  settle() {
    this.unsent = false;
    this.pending = false;
    this.sent = null;
    clearTimeout(this.pendingTimer);
    clearTimeout(this.busyTimer);
  }

  onMessage(message) {
    if (message.type === "state") {
      noteServerTime(message.server_time);
      this.apply(message.game, message);
    } else if (message.type === "presence") {
      if (this.presence.fromFrame(message) && this.view) this.render();
    } else if (message.type === "game_over") {
      const first = !this.gameOver; // the frame follows every state of a finished match: say it once
      this.gameOver = message;
      if (first) this.announce(t("table.game_over_said"));
      this.arenaGames.check(false);
      this.render();
    } else if (message.type === "suggestion") {
      this.suggestions.received(message);
    } else if (message.type === "error" && message.code === "not_found") {
      this.showGone();
    } else if (message.type === "error" && this.suggestions.refused(message)) {
      // the answer to the Suggest button: said, and any move in flight still waits for its own
    } else if (message.type === "error" && message.code === "busy" && this.retryBusy(message)) {
      // sent again in a moment; nothing to show
    } else if (message.type === "error") {
      this.settle();
      this.life.onRefused();
      this.render();
      const reason = errorText(message);
      this.showError(reason);
      this.announce(t("table.refused", { reason }));
    }
  }

  /** Show ``view``; ``frame``, the state frame that brought it, goes to the move log before the redraw. */
  apply(view, frame = null) {
    const previous = this.view;
    if (previous && view.version < previous.version) return; // a stale frame
    if (!previous || view.version !== previous.version) this.clearSelection();
    if (previous && view.version !== previous.version) this.hideError();
    if (!previous || view.version !== previous.version) this.settle();
    this.view = view;
    // The shuffle's commitment, as shown before the first deal: the replay checks the record against it.
    rememberCommitment(this.gameId, view.seed_commitment || (frame && frame.seed_commitment));
    this.presence.fromView(view);
    if (frame) this.moveLog.record(frame, view);
    const moved = previous && view.version > previous.version;
    const where = moved ? this.motion.before(previous, view) : null;
    if (moved) this.announceChange(previous, view, frame);
    this.life.onView(view, previous);
    this.arenaGames.onView(view);
    this.render();
    if (moved) this.motion.after(previous, view, where);
  }

  keydown(event) {
    if (event.key === "Escape" && this.sheet.open) {
      this.sheet.set(false);
      return;
    }
    if (event.key === "Escape" && this.detailsOpen) {
      this.toggleDetails();
      return;
    }
    if (event.key === "Escape" && this.life.confirmingLeave) {
      this.life.setConfirmingLeave(false);
      return;
    }
    if (event.key === "Escape" && this.selection.card) {
      this.clearSelection();
      this.render();
      return;
    }
    const target = event.target;
    if (target && target.matches && target.matches("input, select, textarea")) return;
    const hand = this.el.querySelector("[data-testid=hand]");
    if (moveAlongHand(event, hand)) return;
    if (hand && (event.key === "ArrowLeft" || event.key === "ArrowRight") && !hand.contains(document.activeElement)) {
      const first = hand.querySelector("button.card:not([aria-disabled=true])") || hand.querySelector("button.card");
      if (first) {
        first.focus();
        event.preventDefault();
      }
    }
  }

  clearSelection() {
    this.selection.card = null;
    this.selection.picked = [];
  }

  family() {
    return familyOf(this.view.game_type);
  }

  announceChange(previous, view, frame = null) {
    const parts = this.life.said(previous, frame);
    const said = this.family().describe(previous, view, this.ui);
    if (said) parts.push(said);
    if (view.phase === "hand_end" && previous.phase !== "hand_end") parts.push(t("table.hand_over"));
    if (view.phase === "finished") {
      if (previous.phase !== "finished") parts.push(t("table.game_over_said")); // not again at each rematch ask
    } else if (view.your_turn && !previous.your_turn) {
      // Said with the rest of the cue, once the finished trick has left the felt (./turn_cue.js).
      if (this.motion.lingering) this.turnToSay = true;
      else parts.push(t("table.your_turn_said"));
    } else if (view.turn !== null && view.turn !== undefined && view.turn !== previous.turn && !view.your_turn) {
      parts.push(t("table.turn_of", { name: seatName(view, view.turn) }));
    }
    if (previous.phase === "lobby" && view.phase !== "lobby") parts.unshift(t("table.started"));
    this.announce(parts.join(" "));
  }

  announce(text) {
    announce(text);
  }

  /** What lingered has left the felt: draw the table as it is, and say the turn that waited for it. */
  lingered() {
    this.render();
    if (this.turnToSay && this.view && this.view.your_turn) this.announce(t("table.your_turn_said"));
    this.turnToSay = false;
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
    updateRings(this.el, serverNow());
    for (const el of this.el.querySelectorAll("[data-deadline]")) {
      const text = `${secondsLeft(Number(el.dataset.deadline))}s`;
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("urgent", secondsLeft(Number(el.dataset.deadline)) <= 5);
    }
  }

  renderConnection() {
    const el = this.el.querySelector("[data-testid=connection]");
    if (!el) return;
    const text = { connecting: t("table.connecting"), reconnecting: t("table.reconnecting") }[this.status];
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

    view = cuedView(view, this.motion.lingering);
    updateAttention(view);
    if (this.pending) view = { ...view, your_turn: false, pending: true };
    const family = this.family();
    const finished = view.phase === "finished" || Boolean(this.gameOver);
    const seated = !view.spectator && view.seat !== null && view.seat !== undefined;
    Object.assign(this.el.dataset, {
      gameType: view.game_type, phase: view.phase, version: String(view.version),
      spectator: String(Boolean(view.spectator)), yourTurn: String(Boolean(view.your_turn)),
    });
    const playing = view.phase !== "lobby" && view.phase !== "hand_end" && !finished;
    const hand = playing && seated ? family.hand(view, this.ui) : null;
    if (hand) hand.style.setProperty("--n", String(Math.max(2, (view.hand || []).length))); // for the overlap
    const lobby = view.phase === "lobby";
    // During a hand the table is one screen, no scrolling: header, felt, prompt, hand (app.css).
    const fits = !lobby && !finished;
    this.el.classList.toggle("fits", fits);
    this.el.classList.toggle("sheet-open", this.sheet.open);
    const side = lobby ? null : this.sheet.panel([this.moveLog.element(view, this.ui), this.moveLog.review(view, this.ui)]);
    fill(this.el,
      this.header(view, seated, !lobby),
      h("p", { class: "connection", role: "status", testid: "connection", hidden: true }),
      // The end of the match first: on a phone its result and the rematch are what a player looks for.
      finished ? this.life.finishedPanel(view, family) : null,
      h("div", { class: "table-area" },
        h("div", { class: "felt-zone" },
          this.felt(view, family, playing),
          // The hand's summary over the felt: the hand's place and its button stay where they are.
          view.phase === "hand_end" ? this.handEndPanel(view, family, seated) : null,
          h("p", { class: "error", role: "alert", testid: "error", hidden: !keepError }, keepError || "")),
        side),
      lobby ? this.life.waitingRoom() : null,
      // The prompt's line is kept through the hand, empty or not, so the hand under it never moves.
      !lobby && seated && !finished
        ? h("div", { class: "table-controls", testid: "table-controls" }, family.controls(view, this.ui)) : null,
      hand || (fits && seated) ? h("div", { class: "hand-area" }, hand || h("div", { class: "hand empty-hand" }),
        h("div", { class: "hand-tools" }, hand ? orderToggle(() => this.render()) : null,
          hand ? this.suggestions.button(view) : null,
          seated ? this.life.leaveControls() : null)) : null,
      view.spectator ? h("p", { class: "hint", testid: "spectator-note" }, t("table.spectator_note")) : null,
    );
    fitPrompts(this.el);
    this.suggestions.decorate(this.el, view);
    this.placeSummary();
    this.motion.decorate();
    this.renderConnection();
    if (focusKey) this.restoreFocus(focusKey);
    this.sheet.settle(this.el);
  }

  /** The hand's summary lies over the felt and, down to the hand's bottom, over the prompt's line and the
   * hand's empty place: on a phone its breakdown has that room too (app.css; redone on a resize). */
  placeSummary() {
    const summary = this.el.querySelector(".felt-zone > .hand-end");
    const hand = this.el.querySelector(".hand-area > .hand");
    if (!summary || !hand || !this.el.classList.contains("fits")) return;
    const below = hand.getBoundingClientRect().bottom - summary.parentElement.getBoundingClientRect().bottom;
    summary.style.setProperty("--below-felt", `${Math.max(0, Math.round(below))}px`);
  }

  toggleDetails() {
    this.detailsOpen = !this.detailsOpen;
    this.render();
    const button = this.el.querySelector("[data-testid=details-toggle]");
    if (button) button.focus();
  }

  restoreFocus(key) {
    let selector = null;
    if (key.card) selector = `[data-card="${key.card}"]${key.testid ? `[data-testid="${key.testid}"]` : ""}`;
    else if (key.action) selector = `[data-action="${key.action}"]`;
    else if (key.testid) selector = `[data-testid="${key.testid}"]`;
    const target = selector && this.el.querySelector(selector);
    if (target && target.matches("button, a, input, select, textarea")) target.focus();
    else {
      const firstPlayable = this.el.querySelector("[data-testid=hand-card]:not([aria-disabled=true])");
      if (firstPlayable && key.testid === "hand-card") firstPlayable.focus();
    }
  }

  header(view, seated, withLog) {
    return tableHead({
      view, family: this.family(), ui: this.ui, seated, detailsOpen: this.detailsOpen,
      toggleDetails: () => this.toggleDetails(), logButton: withLog ? this.sheet.button() : null,
      arena: view.arena || null,
    });
  }

  /** The felt: the seats around it, and in the middle the game's board (or what the table waits for). */
  felt(view, family, playing) {
    let middle = null;
    if (playing) middle = family.board(view, this.ui);
    else if (view.phase === "lobby") middle = h("p", { class: "felt-note" }, t("table.waiting"));
    else if (view.phase === "hand_end") {
      middle = this.motion.lingering ? family.board(view, this.ui) : h("p", { class: "felt-note" }, t("table.hand_end"));
    } else middle = h("p", { class: "felt-note" }, t("table.game_over"));
    const count = view.seats || (view.players || []).length;
    return h("div", {
      class: `felt${reducedMotion() ? " still" : ""}`, testid: "felt", dataset: { seats: String(count) },
    },
    seatList(view, { countdown, presence: this.presence, family }),
    h("div", { class: "felt-center" }, middle));
  }

  handEndPanel(view, family, seated) {
    const acknowledged = view.acknowledged || [];
    const owed = (view.legal_moves || []).find((m) => m.action === "ack");
    const ack = h("button", {
      type: "button", class: "primary", testid: "ack", dataset: { action: "ack" },
      onclick: () => this.send(owed),
    }, t("table.next_hand"));
    const label = t("table.hand_summary");
    // Its title and button first, the breakdown under them: on a phone the button is in sight at once.
    return h("section", { class: "panel summary hand-end", testid: "hand-end", role: "region", "aria-label": label },
      h("div", { class: "hand-end-head" },
        h("h2", {}, t("table.hand_end")),
        seated && owed && !view.pending ? ack : null,
        h("span", { class: "hint", testid: "ack-status" },
          t("table.ready", { count: acknowledged.length, seats: view.seats }),
          view.hand_end_deadline ? ` · ${t("table.next_hand_in")} ` : "",
          countdown(view.hand_end_deadline, "hand-end-countdown"))),
      h("div", { class: "hand-end-body" }, family.summary(view, this.ui)));
  }
}

/** ``options.code``: the join code the table's link carried (a private table's invitation). */
export function mountTable(root, ctx, gameId, options = {}) {
  const controller = new TableController(root, ctx, gameId, options);
  return () => controller.destroy();
}
