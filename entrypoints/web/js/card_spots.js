// The number cards 2 to 7 laid out as on Neapolitan cards: coins and cups in rows, swords and clubs
// long and crossed (swords curved into an almond lattice, clubs in saltires), an odd one upright in the
// middle. Everything keeps clear of the rank indices in the top-left and bottom-right corners.

import { coin, cup, sword, club } from "./card_pips.js";

/** Where the coins and cups sit, rank by rank, and their size: a coin's radius, about half a cup's height. */
const ROWS = {
  2: { size: 11, at: [[30, 28], [30, 63]] },
  3: { size: 9.5, at: [[22, 25], [30, 46], [38, 67]] },
  4: { size: 9, at: [[19.5, 28], [40.5, 28], [19.5, 63], [40.5, 63]] },
  5: { size: 8.4, at: [[19, 25], [41, 25], [30, 45.5], [19, 66], [41, 66]] },
  6: { size: 8.4, at: [[19.5, 24], [40.5, 24], [19.5, 45.5], [40.5, 45.5], [19.5, 67], [40.5, 67]] },
  7: { size: 7.6, at: [[19, 22], [41, 22], [30, 36.5], [19, 51], [41, 51], [19, 67.5], [41, 67.5]] },
};

/** Two swords between the same two points, hilt to tip and tip to hilt, bowing apart: an almond. */
const almond = ([x1, y1], [x2, y2], bend) => [[x1, y1, x2, y2, bend], [x2, y2, x1, y1, bend]];
const SALTIRE = [...almond([12, 73], [47, 18], 10), ...almond([19, 15], [42, 74], 10)];

/** Swords as [pommel x, y, tip x, y, bend]: curved blades crossing into almonds, an odd one upright. */
const SWORDS = {
  2: [[20.5, 80, 38, 10, -16], [39.5, 80, 22, 10, 16]],
  4: SALTIRE,
  6: [[21, 80, 39, 9, -25], [39, 80, 21, 9, 25], ...almond([15, 62], [46, 20], 7), ...almond([14, 20], [45, 62], 7)],
};
const MIDDLE_SWORD = [30, 81, 30, 10, 0];

/** Clubs as [handle x, y, head x, y]: saltires, then clubs upright at the sides. */
const CLUBS = {
  2: [[16, 76, 44, 15], [44, 76, 16, 15]],
  4: [[13, 66, 38, 15], [22, 77, 47, 26], [47, 66, 22, 15], [38, 77, 13, 26]],
  6: [[15, 68, 38, 17], [22, 77, 45, 26], [45, 68, 22, 17], [38, 77, 15, 26], [8.5, 70, 8.5, 24], [51.5, 66, 51.5, 20]],
};
const MIDDLE_CLUB = [30, 80, 30, 12];

export function spots(suit, rank) {
  if (suit === "D" || suit === "C") {
    const { size, at } = ROWS[rank];
    return at.map(([x, y]) => (suit === "D" ? coin(x, y, size) : cup(x, y, size * (rank === 7 ? 1.8 : 2.1)))).join("");
  }
  const even = rank - (rank % 2);
  const odd = rank % 2 === 1;
  if (suit === "S") {
    const all = [...SWORDS[even], ...(odd ? [MIDDLE_SWORD] : [])];
    return all.map(([hx, hy, tx, ty, bend]) => sword(hx, hy, tx, ty, bend, rank > 3 ? 0.9 : 1)).join("");
  }
  const all = [...CLUBS[even], ...(odd ? [MIDDLE_CLUB] : [])];
  return all.map(([hx, hy, tx, ty]) => club(hx, hy, tx, ty, rank > 3 ? 0.82 : 1)).join("");
}
