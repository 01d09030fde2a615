// Briscola chiamata's bids in words: a rank (Italian in every language, like the game's other terms),
// or, once the due stands, the points promised.

import { t } from "/web/js/i18n.js";

/** The auction's calls, by rank. */
export const RANK_WORDS = {
  1: "Asso", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette", 8: "Fante", 9: "Cavallo", 10: "Re",
};

/** A bid ({rank} or {points}) in words; "" for none. */
export function bidText(bid) {
  if (!bid) return "";
  if (bid.points !== undefined && bid.points !== null) return t("tricks.chiamata.bid_points", { points: bid.points });
  return RANK_WORDS[bid.rank] || String(bid.rank);
}
