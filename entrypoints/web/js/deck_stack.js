// The face-down stock still to deal or draw, drawn as a small stack with its count; nothing when empty
// (a game that deals every card at once has no deck to show). Part of the card library (./cards.js)
// the game families' table modules draw with.

import { h } from "./dom.js";
import { cardBack } from "./cards.js";
import { t } from "./i18n.js";

export function deckStack(count) {
  if (!count) return null;
  const label = t("card.deck", { count });
  return h("div", { class: "deck", testid: "deck" },
    cardBack(label),
    h("span", { class: "deck-count", testid: "deck-count" }, label));
}
