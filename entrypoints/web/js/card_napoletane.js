// The Napoletane deck, the default: a cream face with pips for the asso to the 7 (./card_aces.js,
// ./card_spots.js), figures standing whole for the fante, cavallo and re (./card_figures.js), the rank
// in two corners in the suit's colour, and a blue back (./card_back.js). Drawn as SVG markup in the
// card's 60x90 box; ./cards.js puts it in the page.

import { ace } from "./card_aces.js";
import { spots } from "./card_spots.js";
import { figure } from "./card_figures.js";
import { backArt } from "./card_back.js";

const FACE = "#fffcf2";
const INDEX_FONT = "system-ui,sans-serif";

/** The card's drawing between its border and its indices: an asso, spots (2 to 7) or a figure. */
function faceArt(card) {
  if (card.rank === 1) return ace(card.suit);
  if (card.rank >= 8) return figure(card.suit, card.rank);
  return spots(card.suit, card.rank);
}

/**
 * The rank in two corners, top-left and bottom-right, both upright: never turned, so a 6 never reads
 * as a 9. The figures show their rank too (8 fante, 9 cavallo, 10 re), the values the games count them at.
 */
function indices(rank, color) {
  const attrs = `class="card-index" font-size="${rank === 10 ? 13 : 15.5}" font-weight="800" fill="${color}"`
    + ` font-family="${INDEX_FONT}" stroke="${FACE}" stroke-width="3" stroke-linejoin="round" paint-order="stroke"`
    + `${rank === 10 ? ' letter-spacing="-1"' : ""}`;
  const top = rank === 10 ? 14.5 : 15.5;
  return `<text x="3.5" y="${top}" ${attrs}>${rank}</text><text x="56.5" y="86" text-anchor="end" ${attrs}>${rank}</text>`;
}

/** The face of ``card`` ({rank, suit}) in the suit's ``color``. */
function face(card, color) {
  return `<rect x=".75" y=".75" width="58.5" height="88.5" rx="5.5" fill="${FACE}" stroke="#5b5346"`
    + ` stroke-width="1.5"/>${faceArt(card)}${indices(card.rank, color)}`;
}

export const napoletane = { face, back: backArt };
