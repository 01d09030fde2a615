// The replay's move log: one entry per step of the match, worded by ./movelog_words.js as the live
// table's log words its moves, the current step marked. Clicking an entry goes to that step. Only the
// current entry is a tab stop (the arrow keys step through the match from anywhere on the page); when
// the focus is in the log it follows the current step.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { entryText } from "./movelog_words.js";

/** The sentences of one entry: the move log's, and the few the live log does not keep. */
function entryWords(entry, family, ui) {
  if (entry.kind === "ack") return t("replay.ack", { name: ui.plainName(entry.seat) });
  if (entry.kind === "suggested") return t("replay.suggested", { name: ui.plainName(entry.seat) });
  if (entry.kind === "handover") {
    const words = { name: entry.name || ui.plainName(entry.seat), number: entry.seat + 1 };
    return entry.left ? t("replay.handover_from", { ...words, left: entry.left }) : t("replay.handover", words);
  }
  return entryText(entry, family, ui);
}

/** What frame ``frame`` did, in words (``ui`` reads the frame's view; ``family``: the game's table module). */
export function frameWords(frame, family, ui) {
  const words = frame.entries.map((entry) => entryWords(entry, family, ui)).filter(Boolean);
  if (words.length) return words.join(" ");
  if (frame.kind === "start") return t("replay.start");
  if (frame.kind === "deadline") return t("replay.deadline");
  return t("replay.step_plain");
}

function entryClasses(frame, family) {
  const classes = ["replay-log-entry"];
  const kinds = new Set(frame.entries.map((entry) => entry.kind));
  if (kinds.has("hand_started")) classes.push("log-hand");
  if (kinds.has("hand_end") || kinds.has("match_end")) classes.push("log-summary");
  if (family.notable && frame.entries.some((entry) => family.notable(entry))) classes.push("log-notable");
  return classes.join(" ");
}

export class ReplayLog {
  /** ``words``: each frame's sentence; ``family``: the game's table module; ``onPick(index)``: go to that step. */
  constructor(frames, words, family, onPick) {
    this.buttons = frames.map((frame, index) => h("button", {
      type: "button", class: entryClasses(frame, family), testid: "replay-log-entry", tabindex: "-1",
      dataset: { step: String(index) }, onclick: () => onPick(index),
    },
    h("span", { class: "replay-log-number", "aria-hidden": "true" }, String(index + 1)),
    h("span", { class: "replay-log-text" },
      h("span", { class: "sr-only" }, `${t("replay.step_number", { number: index + 1 })}: `), words[index])));
    this.list = h("ol", { class: "replay-log-entries", testid: "replay-log-entries" },
      this.buttons.map((button) => h("li", {}, button)));
    this.section = h("section", { class: "replay-log", testid: "replay-log", "aria-labelledby": "replay-log-title" },
      h("h2", { id: "replay-log-title", class: "replay-subtitle" }, t("replay.log_title")), this.list);
    this.current = null;
  }

  element() {
    return this.section;
  }

  /** Mark step ``index`` as the current one and bring it into the list's view. */
  mark(index) {
    const focused = this.section.contains(document.activeElement);
    if (this.current !== null && this.buttons[this.current]) {
      const old = this.buttons[this.current];
      old.removeAttribute("aria-current");
      old.classList.remove("current");
      old.tabIndex = -1;
    }
    const button = this.buttons[index];
    this.current = index;
    if (!button) return;
    button.setAttribute("aria-current", "step");
    button.classList.add("current");
    button.tabIndex = 0;
    if (focused) button.focus({ preventScroll: true });
    this.reveal(button);
  }

  /** Scroll the list (not the page) so that ``button`` is in sight: in the middle, when it was not. */
  reveal(button) {
    const list = this.list;
    if (!list.isConnected || list.clientHeight === 0) {
      requestAnimationFrame(() => { if (list.isConnected && list.clientHeight) this.reveal(button); });
      return;
    }
    const item = button.parentElement;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top >= list.scrollTop && bottom <= list.scrollTop + list.clientHeight) return;
    list.scrollTop = Math.max(0, top - (list.clientHeight - item.offsetHeight) / 2);
  }
}
