// The Piacentine deck: a white face inside a thin black frame, the rank in two corners in a serif
// figure of the suit's colour, pips in the deck's own style (./card_piacentine_pips.js,
// ./card_piacentine_spots.js), its aces (./card_piacentine_aces.js), double-ended figures
// (./card_piacentine_figures.js) and a red back (./card_piacentine_back.js). Drawn as SVG markup in the
// same 60x90 box as the Napoletane; ./cards.js puts it in the page.

import { ace } from "./card_piacentine_aces.js";
import { spots } from "./card_piacentine_spots.js";
import { figure } from "./card_piacentine_figures.js";
import { backArt } from "./card_piacentine_back.js";

const FACE = "#fffefa";
const INDEX_FONT = "Georgia,'DejaVu Serif','Times New Roman',serif";

function faceArt(card) {
  if (card.rank === 1) return ace(card.suit);
  if (card.rank >= 8) return figure(card.suit, card.rank);
  return spots(card.suit, card.rank);
}

/**
 * The rank in the top-left and bottom-right corners, upright (a 6 never reads as a 9), on a patch of
 * the face that breaks the frame where it stands.
 */
function indices(rank, color) {
  const size = rank === 10 ? 12.5 : 15;
  const attrs = `class="card-index" font-size="${size}" font-weight="700" fill="${color}" font-family="${INDEX_FONT}"`
    + ` stroke="${FACE}" stroke-width="3.2" stroke-linejoin="round" paint-order="stroke"`
    + `${rank === 10 ? ' letter-spacing="-.8"' : ""}`;
  return `<text x="3.6" y="15.2" ${attrs}>${rank}</text><text x="56.4" y="86.2" text-anchor="end" ${attrs}>${rank}</text>`;
}

/** The face of ``card`` ({rank, suit}) with its rank in the suit's ``color``. */
function face(card, color) {
  return `<rect x=".75" y=".75" width="58.5" height="88.5" rx="5" fill="${FACE}" stroke="#4a463f" stroke-width="1.5"/>`
    + `<rect x="3.6" y="3.6" width="52.8" height="82.8" rx="1.5" fill="none" stroke="#26221d" stroke-width=".7"/>`
    + `${faceArt(card)}${indices(card.rank, color)}`;
}

export const piacentine = { face, back: backArt };
