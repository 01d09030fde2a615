// The review of the last trick (briscola, chiamata) or the last capture (scopa, scopa a quattro,
// scopone): a button under the move log that shows its cards face up, with who played or took them.

import { h } from "./dom.js";
import { cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { FISHING, fishingPlayText } from "./movelog_words.js";

/** The newest capture of the hand (fishing games): the view's last play if it took, else the log's. */
function lastCapture(view, entries) {
  const last = view.last_play;
  if (last && (last.captured || []).length) return last;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry.kind === "play" && (entry.captured || []).length) return entry;
    if (entry.kind === "hand_started" || entry.kind === "previous_hand") break;
  }
  return null;
}

/** The review button and its panel; whether the panel is open outlasts the table's redraws. */
export class LastReview {
  constructor() {
    this.open = false;
  }

  /** The button that shows the last trick (briscola, chiamata) or the last capture (fishing) face up. */
  element(view, entries, ui) {
    if (view.phase === "lobby") return null;
    const fishing = FISHING.has(view.game_type);
    const subject = fishing ? lastCapture(view, entries) : view.last_trick;
    const label = t(fishing ? "log.last_capture" : "log.last_trick");
    if (!subject) this.open = false;
    const open = this.open;
    const panel = h("div", {
      id: "last-review", class: "last-review", testid: "last-review", role: "region", "aria-label": label,
      hidden: !open,
    }, subject ? (fishing ? captureContent(subject, ui) : trickContent(subject, ui)) : null);
    const button = h("button", {
      type: "button", class: "review-toggle", testid: "last-review-toggle", "aria-controls": "last-review",
      "aria-expanded": String(open), disabled: !subject,
      onclick: () => setOpen(!this.open),
    }, label);
    const setOpen = (value) => {
      this.open = value;
      panel.hidden = !value;
      button.setAttribute("aria-expanded", String(value));
    };
    return h("div", {
      class: "last-review-box", testid: "last-review-box",
      onkeydown: (event) => {
        if (event.key !== "Escape" || !this.open) return;
        setOpen(false);
        button.focus();
      },
    }, button, panel);
  }
}

function reviewCard(code, caption, extraClass = "") {
  return h("figure", { class: `review-card${extraClass ? ` ${extraClass}` : ""}` },
    cardElement(code, { testid: "review-card" }), h("figcaption", {}, caption));
}

function trickContent(trick, ui) {
  return [
    h("p", { class: "review-line", testid: "last-review-text" },
      ui.say("briscola.won_trick", trick.winner, { count: trick.points })),
    h("div", { class: "review-cards" },
      (trick.trick || []).map((p) => reviewCard(p.card, ui.name(p.seat), p.seat === trick.winner ? "winner" : ""))),
  ];
}

function captureContent(play, ui) {
  return [
    h("p", { class: "review-line", testid: "last-review-text" }, fishingPlayText(play, ui)),
    h("div", { class: "review-cards" },
      reviewCard(play.card, ui.name(play.seat), "winner"),
      (play.captured || []).map((code) => reviewCard(code, t("log.from_table")))),
  ];
}
