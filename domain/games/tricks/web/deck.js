// The face-down stock still to deal or draw, drawn as a small stack with its count; nothing when empty
// (scopone and scopa a quattro deal every card at once, so their table has no deck to show).

import { h } from "../dom.js";
import { cardBack } from "../cards.js";
import { t } from "../i18n.js";

export function deckStack(count) {
  if (!count) return null;
  const label = t("briscola.deck", { count });
  return h("div", { class: "deck", testid: "deck" },
    cardBack(label),
    h("span", { class: "deck-count", testid: "deck-count" }, label));
}
