// A table's life around its match, as the table screen (./table.js) runs it: the waiting room's
// requests (computer players, taking a seat), leaving, logging in to sit down, the rematch and the way
// to its table, and the words for these events when they happen. The screens themselves are drawn by
// ./waiting_room.js, ./seat_controls.js and ./match_end.js.

import { api } from "./api.js";
import { clear } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { seatName } from "./table_ui.js";
import { waitingRoom } from "./waiting_room.js";
import { leaveDuringMatch } from "./seat_controls.js";
import { MatchEnd } from "./match_end.js";
import { mountLogin } from "./login.js";

/** How long a page waits for a rematch's table that was not there at first: REMATCH_TRIES × REMATCH_WAIT_MS. */
const REMATCH_TRIES = 8;
const REMATCH_WAIT_MS = 400;

/** Whether the server has table ``id`` (only a 404 says it has not: anything else, go and see). */
async function tableExists(id) {
  try {
    await api.game(id);
    return true;
  } catch (error) {
    return error.status !== 404;
  }
}

export class TableLife {
  /** ``table``: the table's controller (its view, ui, socket, render, apply, showError, announce). */
  constructor(table) {
    this.table = table;
    this.levels = {}; // the computer level the creator chose for each free seat (kept over redraws)
    this.busy = false; // a request of the waiting room, or leaving, is under way
    this.confirmingLeave = false;
    this.rematchAsking = false;
    this.movingOn = false; // on the way to the rematch's table
    this.matchEnd = new MatchEnd();
    this.loginCleanup = null;
  }

  destroy() {
    if (this.loginCleanup) this.loginCleanup();
    this.loginCleanup = null;
  }

  /**
   * A new view: the ratings recorded (say the viewer's), the rematch's table named (go there), a rematch
   * ask answered, a match no longer under way.
   */
  onView(view, previous) {
    const mine = (view.ratings || []).find((change) => change.seat === view.seat);
    if (mine && previous && !(previous.ratings || []).length) {
      this.table.announce(t("table.rating_said", { before: mine.before, after: mine.after }));
    }
    const rematch = view.rematch || {};
    if (rematch.next_game) this.moveOn(rematch.next_game);
    else if (this.rematchAsking && (rematch.asked || []).includes(view.seat)) this.rematchAsking = false;
    if (view.phase !== "playing" && view.phase !== "hand_end") this.confirmingLeave = false;
  }

  /** The server refused something: a rematch ask may be made again. */
  onRefused() {
    this.rematchAsking = false;
  }

  /**
   * A request of the waiting room (add or remove a computer player, take a seat): the table shows the
   * view it answers with; a refusal shows in the error box, worded for ``context``. ``focus``: where the
   * keyboard goes afterwards (the control that took the place of the one pressed).
   */
  async request(call, { context = null, focus = null } = {}) {
    const table = this.table;
    if (this.busy) return;
    this.busy = true;
    table.render();
    let view = null;
    try {
      view = await call();
    } catch (error) {
      this.busy = false;
      if (table.destroyed) return;
      table.render();
      const reason = errorText(error, context);
      table.showError(reason);
      table.announce(t("table.refused", { reason }));
      return;
    }
    this.busy = false;
    if (table.destroyed) return;
    if (view) table.apply(view);
    table.render();
    const target = focus && table.el.querySelector(focus);
    if (target) target.focus();
  }

  /** Get up: the seat frees (a waiting table) or a computer player takes it over; then the lobby. */
  async leave() {
    const table = this.table;
    if (this.busy) return;
    this.busy = true;
    table.render();
    try {
      await api.leave(table.gameId);
    } catch (error) {
      this.busy = false;
      if (table.destroyed) return;
      table.render();
      table.showError(errorText(error));
      return;
    }
    this.busy = false;
    if (!table.destroyed) table.ctx.navigate("#/");
  }

  /** The login screen, on this table's address: once logged in, the router draws this table again. */
  showLogin() {
    const table = this.table;
    table.destroy();
    clear(table.root);
    const cleanup = mountLogin(table.root, table.ctx);
    this.loginCleanup = typeof cleanup === "function" ? cleanup : null;
  }

  askRematch() {
    const table = this.table;
    if (this.rematchAsking) return;
    if (!table.socket || !table.socket.send({ action: "rematch" })) {
      table.showError(t("table.not_connected"));
      return;
    }
    this.rematchAsking = true;
    table.render();
  }

  /**
   * Everyone asked for the rematch: go to its table (spectators too). Should it not exist (its opening
   * was interrupted), one more ask opens it; a spectator may not ask, so it waits a moment for one of
   * the players' pages to do so.
   */
  async moveOn(next) {
    const table = this.table;
    if (this.movingOn) return;
    this.movingOn = true;
    if (!(await tableExists(next))) {
      try {
        await api.rematch(table.gameId);
      } catch {
        // refused (a spectator) or unreachable: the wait below, then the new table's page, say the rest
      }
      for (let tries = 0; tries < REMATCH_TRIES && !table.destroyed && !(await tableExists(next)); tries += 1) {
        await new Promise((resolve) => { setTimeout(resolve, REMATCH_WAIT_MS); });
      }
    }
    if (!table.destroyed) table.ctx.navigate(`#/game/${next}`);
  }

  setConfirmingLeave(asking) {
    const table = this.table;
    this.confirmingLeave = asking;
    table.render();
    const target = table.el.querySelector(asking ? "[data-action=leave-cancel]" : "[data-action=leave-table]");
    if (target) target.focus();
  }

  /** What the waiting room and the seat controls need of the table. */
  room() {
    const table = this.table;
    const id = table.gameId;
    return {
      view: table.view,
      ctx: table.ctx,
      levels: this.levels,
      busy: this.busy,
      inviteCode: table.inviteCode,
      confirmingLeave: this.confirmingLeave,
      addBot: (level, seat) => this.request(() => api.addBot(id, level, seat),
        { focus: `[data-action="remove-computer-${seat}"]` }),
      removeBot: (seat) => this.request(() => api.removeBot(id, seat),
        { focus: `[data-action="add-computer-${seat}"]` }),
      takeSeat: () => this.request(() => api.takeSeat(id, { code: table.inviteCode }),
        { context: "join", focus: "[data-action=leave-table]" }),
      leave: () => this.leave(),
      logIn: () => this.showLogin(),
      askLeave: () => this.setConfirmingLeave(true),
      cancelLeave: () => this.setConfirmingLeave(false),
    };
  }

  // ------------------------------------------------------------ drawing

  waitingRoom() {
    return waitingRoom(this.room());
  }

  leaveControls() {
    return leaveDuringMatch(this.room());
  }

  finishedPanel(view, family) {
    const over = this.table.gameOver || { scores: view.scores || {}, winner: view.winner, rated: view.rated };
    return this.matchEnd.element(view, over, family, this.table.ui, {
      asking: this.rematchAsking, rematch: () => this.askRematch(), arenaNotice: this.table.arenaGames.notice(),
    });
  }

  /** The table's own events of ``frame`` in words (who sat down, left, handed over, wants a rematch). */
  said(previous, frame) {
    const ui = this.table.ui;
    const parts = [];
    for (const event of (frame && frame.events) || []) {
      const seat = event.seat;
      // Who left is named as the view before the frame had them: their chair is empty (or a computer's) now.
      if (event.kind === "handed_over") parts.push(t("log.handed_over", { name: seatName(previous, seat) }));
      else if (event.kind === "left") parts.push(t("log.left", { name: seatName(previous, seat) }));
      else if (event.kind === "seated") parts.push(ui.say("log.seated", seat));
      else if (event.kind === "rematch") parts.push(ui.say("log.rematch", seat));
      else if (event.kind === "rematch_ready") parts.push(t("log.rematch_ready"));
    }
    return parts;
  }
}
