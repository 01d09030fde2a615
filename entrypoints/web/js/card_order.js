// The Italian deck in a hand's order: by suit (denari, coppe, spade, bastoni) then rank, or by rank then
// suit, as the player chose (./hand_order.js). Part of the card library (./cards.js) the game families'
// table modules draw with.

import { parseCard } from "./cards.js";
import { handOrder } from "./hand_order.js";

const SUIT_ORDER = { D: 0, C: 1, S: 2, B: 3 };

/** ``codes`` sorted for display; codes that are not cards keep their place at the end. */
export function sortHand(codes, order = handOrder()) {
  const key = (code) => {
    const card = parseCard(code);
    if (!card) return [99, 99];
    return order === "rank" ? [card.rank, SUIT_ORDER[card.suit]] : [SUIT_ORDER[card.suit], card.rank];
  };
  return [...codes].sort((a, b) => {
    const [a1, a2] = key(a);
    const [b1, b2] = key(b);
    return a1 - b1 || a2 - b2;
  });
}
