// The replay page (#/replay/<match id>, ?step=N for a step): a finished match stepped through action by
// action with every hand face up. It loads GET /api/matches/<id>/replay (each step's position, computed
// by the server replaying the record through the engines) and shows the players by seat, the position
// at the current step (./replay_board.js, drawn with the table screen's own parts), the move log beside
// it (./replay_log.js), whether the match is verified (./replay_verify.js), and a link to the raw record.
//
// Stepping: first / previous / next / last, a hand to jump to, a click on a log entry, and the keys
// ArrowLeft / ArrowRight / Home / End anywhere on the page but in a field. The step is kept in the
// address (replaceState: no new history entry, no redraw), so a reload or a change of language stays on it.

import { ApiError } from "./api.js";
import { h, fill, announce } from "./dom.js";
import { t, dateTime, errorText, language } from "./i18n.js";
import { makeUi } from "./table_ui.js";
import { familyOf, familyWord } from "./families.js";
import { playerName } from "./players.js";
import { prepare, handOf } from "./replay_frames.js";
import { drawPosition, lingering } from "./replay_board.js";
import { ReplayLog, frameWords } from "./replay_log.js";
import { verify, verificationMark, shuffleDetails, problemText } from "./replay_verify.js";

let cached = null; // {id, replay, outcome}: the last replay loaded, drawn again when the language changes

async function fetchReplay(id) {
  let response;
  try {
    response = await fetch(`/api/matches/${encodeURIComponent(id)}/replay`, {
      headers: { Accept: "application/json" }, credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "network", "");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data && data.code, data && data.message);
  return data;
}

/**
 * When the match started (its first step) and ended (its last step, the one the history lists it
 * by), so neither time passes for the other. A record that did not replay to its end has no end here.
 */
function playedWhen(replay, frames) {
  const start = frames.length ? frames[0].time : null;
  if (!start) return null;
  const last = frames[frames.length - 1].time;
  const end = replay.verification && replay.verification.ok && last ? last : null;
  let words;
  if (end === null) {
    words = t("replay.started", { start: dateTime(start) });
  } else if (new Date(start * 1000).toDateString() === new Date(end * 1000).toDateString()) {
    words = t("replay.started_ended_same_day", { start: dateTime(start), end: timeOfDay(end) });
  } else {
    words = t("replay.started_ended", { start: dateTime(start), end: dateTime(end) });
  }
  return h("p", { class: "hint", testid: "replay-when" }, words);
}

function timeOfDay(epochSeconds) {
  return new Date(epochSeconds * 1000).toLocaleTimeString(language());
}

function recordUrl(id) {
  return `/api/matches/${encodeURIComponent(id)}/record`;
}

/** Seconds since the match began as m:ss. */
function clockText(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function isField(target) {
  return Boolean(target && target.closest && target.closest("input, select, textarea, [contenteditable]"));
}

class ReplayPage {
  constructor(root, ctx, id, step) {
    this.root = root;
    this.ctx = ctx;
    this.id = id;
    this.index = step === null ? 0 : step - 1;
    this.destroyed = false;
    this.family = null;
    this.holder = { view: null, motion: { lingering: null }, selection: { card: null, picked: [] },
      family: () => this.family, send: () => false, render: () => {} };
    this.ui = makeUi(this.holder);
    this.el = h("section", { class: "replay-view", testid: "replay", "aria-labelledby": "replay-title" },
      h("h1", { id: "replay-title" }, t("replay.loading")));
    root.append(this.el);
    this.onKey = (event) => this.keydown(event);
    document.addEventListener("keydown", this.onKey);
    this.start();
  }

  destroy() {
    this.destroyed = true;
    document.removeEventListener("keydown", this.onKey);
  }

  async start() {
    const again = cached && cached.id === this.id && this.ctx.redrawing;
    let replay;
    try {
      replay = again ? cached.replay : await fetchReplay(this.id);
    } catch (error) {
      if (!this.destroyed) this.showError(error);
      return;
    }
    if (this.destroyed) return;
    const entry = again ? cached : { id: this.id, replay, outcome: null };
    cached = entry;
    this.replay = replay;
    if (!this.draw() || entry.outcome) return;
    entry.outcome = await verify(replay, this.id);
    if (!this.destroyed) fill(this.mark, verificationMark(entry.outcome, replay.shuffle || {}));
  }

  /** The page instead of the replay: why there is none (``text``: words of the page's own, if any). */
  showError(error, text = null) {
    let key = null;
    if (error.status === 404) key = error.code === "no_record" ? "replay.no_record" : "replay.not_found";
    const back = this.ctx.me
      ? h("a", { class: "button", href: "#/stats" }, t("table.history"))
      : h("a", { class: "button", href: "#/" }, t("table.back"));
    // A match just over may not be recorded yet, and a network may come back: both are worth another try.
    const final = ["no_record", "no_frames", "unknown_game", "broken_game"].includes(error.code);
    const retry = final ? null : h("button", {
      type: "button", class: "primary", testid: "replay-retry",
      onclick: () => { fill(this.el, h("h1", { id: "replay-title" }, t("replay.loading"))); this.start(); },
    }, t("replay.retry"));
    fill(this.el, h("div", { class: "panel replay-error", testid: "replay-error", dataset: { code: error.code || "" } },
      h("h1", { id: "replay-title" }, t("replay.unavailable")),
      h("p", { role: "alert", testid: "replay-error-text" }, text || (key ? t(key) : errorText(error))),
      h("div", { class: "row" }, retry, back)));
  }

  // ------------------------------------------------------------ drawing

  /** Draw the page at the current step; false when the replay has no step to show. */
  draw() {
    const replay = this.replay;
    try {
      this.family = familyOf(replay.game_type);
    } catch (error) {
      this.showError(error); // a game this page cannot draw: said, not drawn as another game
      return false;
    }
    this.data = prepare(replay, this.family);
    const frames = this.data.frames;
    if (!frames.length) {
      // Not one step replayed: what the server's check found is all there is to say.
      this.showError(new ApiError(200, "no_frames", ""), problemText(replay.verification));
      return false;
    }
    this.gameType = replay.game_type;
    this.index = Math.min(Math.max(0, this.index), frames.length - 1);
    this.startTime = frames[0].time;
    this.words = frames.map((frame) => this.withFrame(frame, () => frameWords(frame, this.family, this.ui)));
    this.log = new ReplayLog(frames, this.words, this.family, (index) => this.go(index));
    this.mark = h("div", { class: "replay-mark", testid: "replay-mark" },
      verificationMark(cached && cached.id === this.id ? cached.outcome : null, replay.shuffle || {}));
    this.stage = h("div", { class: "replay-stage", testid: "replay-stage" });
    fill(this.el,
      this.header(),
      this.controls(),
      h("div", { class: "replay-area" }, this.stage,
        h("aside", { class: "replay-side", "aria-label": t("replay.side_panel") }, this.log.element(),
          h("p", { class: "hint replay-keys" }, t("replay.keys")))));
    this.show(false);
    return true;
  }

  header() {
    const replay = this.replay;
    const frames = this.data.frames;
    return h("header", { class: "replay-head" },
      h("div", { class: "replay-title" },
        h("h1", { id: "replay-title" }, t("replay.title", { game: replay.name || replay.game_type })),
        playedWhen(replay, frames)),
      h("ol", { class: "replay-players", testid: "replay-players", "aria-label": t("table.seats") },
        this.data.players.map((player, seat) => h("li", { testid: "replay-player", dataset: { seat: String(seat) } },
          h("span", { class: "replay-seat-number" }, t("replay.seat_short", { number: seat + 1 })), " ",
          h("strong", {}, playerName(player) || t("table.seat", { number: seat + 1 })),
          this.isMe(player) ? h("span", { class: "replay-you" }, ` (${t("table.meta_you")})`) : null))),
      this.mark,
      h("div", { class: "replay-checks" },
        shuffleDetails(replay.shuffle),
        h("a", {
          class: "replay-record", href: recordUrl(this.id), download: `tavolo-match-${this.id}.json`,
          testid: "replay-record-link", type: "application/json",
        }, t("replay.record_link"))));
  }

  /** Whether ``player`` (a record's {seat, name, user_id, bot}) is the person looking. */
  isMe(player) {
    const me = this.ctx.me;
    return Boolean(me && player && player.user_id && player.user_id === me.user_id);
  }

  controls() {
    const step = (testid, icon, key, to) => h("button", {
      type: "button", class: "replay-step", testid, dataset: { action: testid },
      onclick: () => this.go(to(), true),
    },
    h("span", { class: "replay-icon", "aria-hidden": "true" }, icon),
    h("span", { class: "replay-button-text" }, t(key)));
    const last = () => this.data.frames.length - 1;
    this.buttons = {
      first: step("replay-first", "«", "replay.first", () => 0),
      prev: step("replay-prev", "‹", "replay.previous", () => this.index - 1),
      next: step("replay-next", "›", "replay.next", () => this.index + 1),
      last: step("replay-last", "»", "replay.last", last),
    };
    this.handSelect = h("select", {
      id: "replay-hand", testid: "replay-hand",
      onchange: () => {
        const hand = this.data.hands.find((entry) => String(entry.number) === this.handSelect.value);
        if (hand) this.go(hand.first, true);
      },
    }, this.data.hands.map((hand) => h("option", { value: String(hand.number) },
      familyWord(this.gameType, "hand_name", { number: hand.number }))));
    this.position = h("p", { class: "replay-position", testid: "replay-position" });
    this.clock = h("span", { class: "replay-clock hint", testid: "replay-clock" });
    return h("div", { class: "replay-controls", role: "group", "aria-label": t("replay.controls"), testid: "replay-controls" },
      h("div", { class: "replay-where" }, this.position, this.clock),
      h("div", { class: "replay-buttons" }, this.buttons.first, this.buttons.prev, this.buttons.next, this.buttons.last),
      h("div", { class: "replay-jump" },
        h("label", { for: "replay-hand" }, familyWord(this.gameType, "go_to_hand")), this.handSelect));
  }

  /** Call ``fn`` with the helpers (this.ui) reading ``frame``'s view, then put the current frame back. */
  withFrame(frame, fn) {
    const saved = { view: this.holder.view, lingering: this.holder.motion.lingering };
    this.holder.view = frame.view;
    this.holder.motion.lingering = lingering(this.data, frame.index, this.family);
    try {
      return fn();
    } finally {
      this.holder.view = saved.view;
      this.holder.motion.lingering = saved.lingering;
    }
  }

  positionText() {
    const frames = this.data.frames;
    const hand = handOf(this.data, this.index);
    const step = t("replay.position", { number: this.index + 1, count: frames.length });
    if (hand === null) return step;
    return `${step} · ${familyWord(this.gameType, "hand_inline", { number: hand })}`;
  }

  /** Draw the current step; ``say``: read it out (a step the reader asked for). */
  show(say) {
    const frames = this.data.frames;
    const frame = frames[this.index];
    const last = this.index === frames.length - 1;
    this.holder.view = frame.view;
    this.holder.motion.lingering = lingering(this.data, this.index, this.family);
    fill(this.stage, drawPosition({
      frame, next: frames[this.index + 1] || null, family: this.family, ui: this.ui,
      result: this.replay.result, last,
    }));
    Object.assign(this.el.dataset, { step: String(this.index), steps: String(frames.length), phase: frame.view.phase });
    const text = this.positionText();
    this.position.textContent = text;
    this.clock.textContent = frame.time && this.startTime ? clockText(frame.time - this.startTime) : "";
    const disable = (button, off) => {
      if (off) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    };
    disable(this.buttons.first, this.index === 0);
    disable(this.buttons.prev, this.index === 0);
    disable(this.buttons.next, last);
    disable(this.buttons.last, last);
    const hand = handOf(this.data, this.index);
    if (hand !== null) this.handSelect.value = String(hand);
    this.log.mark(this.index);
    if (say) announce(`${text}. ${this.words[this.index]}`);
  }

  /** Go to step ``index`` (clamped to the match). */
  go(index, say = true) {
    const frames = this.data ? this.data.frames : [];
    if (!frames.length) return;
    const to = Math.min(Math.max(0, index), frames.length - 1);
    if (to === this.index) return;
    this.index = to;
    this.show(say);
    const hash = `#/replay/${this.id}?step=${to + 1}`;
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }

  keydown(event) {
    if (!this.data || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isField(event.target)) return;
    const moves = {
      ArrowLeft: () => this.index - 1,
      ArrowRight: () => this.index + 1,
      Home: () => 0,
      End: () => this.data.frames.length - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    this.go(move(), true);
  }
}

/** ``step``: the step the address names (1 is the first deal), or null for the first. */
export function mountReplay(root, ctx, id, step = null) {
  const page = new ReplayPage(root, ctx, id, step);
  return () => page.destroy();
}
