// The review of the last trick or capture: a button under the move log that shows its cards face up,
// with who played or took them. What there is to review, and its words, is the game's table module's
// (``review`` in ./families.js); a game without it has no button.

import { h } from "./dom.js";

/** The review button and its panel; whether the panel is open outlasts the table's redraws. */
export class LastReview {
  constructor() {
    this.open = false;
  }

  /** The button and its panel for ``view``; ``entries``: the move log's, ``family``: the game's table module. */
  element(view, entries, family, ui) {
    if (view.phase === "lobby" || !family.review) return null;
    const review = family.review(view, entries, ui);
    if (!review) return null;
    const { label, shown } = review;
    if (!shown) this.open = false;
    const open = this.open;
    const panel = h("div", {
      id: "last-review", class: "last-review", testid: "last-review", role: "region", "aria-label": label,
      hidden: !open,
    }, shown ? content(shown, family) : null);
    const button = h("button", {
      type: "button", class: "review-toggle", testid: "last-review-toggle", dataset: { action: "last-review" },
      "aria-controls": "last-review",
      "aria-expanded": String(open), disabled: !shown,
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

/** The line that says what happened, and each card face up with its caption. */
function content({ text, cards }, family) {
  return [
    h("p", { class: "review-line", testid: "last-review-text" }, text),
    h("div", { class: "review-cards" }, (cards || []).map(({ card, caption, highlight }) =>
      h("figure", { class: `review-card${highlight ? " winner" : ""}` },
        family.card(card, { testid: "review-card" }), h("figcaption", {}, caption)))),
  ];
}
