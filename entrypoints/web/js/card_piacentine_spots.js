// The number cards 2 to 7 of the Piacentine deck: coins and cups in upright rows, straight swords
// crossed in X side by side (an odd one upright in the middle), and cudgels standing apart,
// their handles towards the card's middle. As on the printed deck, the quattro di denari bears the arms
// of Piacenza and the cinque di spade a branch of leaves. Everything keeps clear of the rank in the
// top-left and bottom-right corners.

import { INK, RED, n, coin, cup, sword, club } from "./card_piacentine_pips.js";

const LEAF = "#4f9a3c";
const LEAF_DARK = "#1d4a17";

/** The arms of Piacenza between the four coins of the quattro di denari: a shield, half white, half red. */
const ARMS = `<path d="M24.5 38h11v7.4c0 4.2-2.6 6.8-5.5 8.2-2.9-1.4-5.5-4-5.5-8.2z" fill="#fff" stroke="${INK}"`
  + ` stroke-width=".8"/><path d="M30 38h5.5v7.4c0 4.2-2.6 6.8-5.5 8.2z" fill="${RED}"/>`
  + `<path d="M24.5 38h11v7.4c0 4.2-2.6 6.8-5.5 8.2-2.9-1.4-5.5-4-5.5-8.2z" fill="none" stroke="${INK}"`
  + ` stroke-width=".8"/>`;

/** The cinque di spade's branches of leaves, a mark of the deck: one up each side of the swords. */
function vine() {
  const side = (x, from, to, lean) => {
    const leaves = [0, 1, 2, 3, 4].map((i) => {
      const y = from + ((to - from) * (i + 0.5)) / 5;
      const dx = i % 2 ? 2.4 : -2.4;
      return `<ellipse cx="${n(x + dx)}" cy="${n(y)}" rx="1.9" ry="3.8" fill="${LEAF}" stroke="${LEAF_DARK}"`
        + ` stroke-width=".5" transform="rotate(${(dx > 0 ? 35 : -35) * lean} ${n(x + dx)} ${n(y)})"/>`;
    }).join("");
    return `<path d="M${x} ${from}V${to}" stroke="${LEAF_DARK}" stroke-width="1"/>${leaves}`;
  };
  return side(7.5, 82, 24, 1) + side(52.5, 8, 66, -1);
}

/** Where the coins and cups sit, rank by rank, and their size: a coin's radius, about half a cup's height. */
const ROWS = {
  2: { size: 10.5, at: [[30, 26], [30, 64]] },
  3: { size: 9.5, at: [[30, 22], [30, 45], [30, 68]] },
  4: { size: 9, at: [[19.5, 27], [40.5, 27], [19.5, 63], [40.5, 63]] },
  5: { size: 8.4, at: [[19.5, 24], [40.5, 24], [30, 45], [19.5, 66], [40.5, 66]] },
  6: { size: 8.2, at: [[19.5, 23], [40.5, 23], [19.5, 45], [40.5, 45], [19.5, 67], [40.5, 67]] },
  7: { size: 7.4, at: [[19.5, 21], [40.5, 21], [30, 35], [19.5, 50], [40.5, 50], [19.5, 68], [40.5, 68]] },
};

/**
 * Two swords crossed into an X around x, ``half`` wide each side, hilts at y ``hilts`` and tips at y
 * ``tips`` (hilts down when hilts > tips).
 */
function crossed(x, half, hilts, tips) {
  return [[x - half, hilts, x + half, tips], [x + half, hilts, x - half, tips]];
}

/**
 * Swords as [pommel x, y, tip x, y]: one, two or three X side by side, each turned the other way up from
 * its neighbour, then one upright for an odd rank. The X on the left stops short of the top-left rank,
 * the one on the right short of the bottom-right one.
 */
const SWORDS = {
  2: crossed(30, 12, 80, 10),
  4: [...crossed(19, 7.5, 80, 20), ...crossed(41, 7.5, 10, 70)],
  6: [...crossed(15.5, 5.5, 80, 20), ...crossed(30, 5.5, 10, 80), ...crossed(44.5, 5.5, 70, 10)],
};
const MIDDLE_SWORD = [30, 83, 30, 8];

/** Cudgels as [centre x, y, the way the head points in degrees, 0 up and 90 right]. */
const CLUBS = {
  2: [[23, 45, 14], [37, 45, 194]],
  3: [[30, 24, 0], [30, 45, 90], [30, 66, 180]],
  4: [[20, 28, -12], [40, 28, 12], [20, 62, 192], [40, 62, 168]],
  5: [[20, 26, -12], [40, 26, 12], [30, 45, 90], [20, 64, 192], [40, 64, 168]],
  6: [[21, 22, -10], [39, 22, 10], [19, 45, 270], [41, 45, 90], [21, 68, 190], [39, 68, 170]],
  7: [[21, 22, -10], [39, 22, 10], [14, 45, 270], [30, 45, 0], [46, 45, 90], [21, 68, 190], [39, 68, 170]],
};
const CLUB_LENGTH = { 2: 56, 3: 24, 4: 26, 5: 22, 6: 18, 7: 18 };

function cudgel([x, y, heading], length, scale) {
  const rad = (heading * Math.PI) / 180;
  const [dx, dy] = [(Math.sin(rad) * length) / 2, (-Math.cos(rad) * length) / 2];
  return club(x - dx, y - dy, x + dx, y + dy, scale);
}

export function spots(suit, rank) {
  if (suit === "D" || suit === "C") {
    const { size, at } = ROWS[rank];
    const signs = at.map(([x, y]) => (suit === "D" ? coin(x, y, size) : cup(x, y, size * 2.1))).join("");
    return suit === "D" && rank === 4 ? signs + ARMS : signs;
  }
  if (suit === "S") {
    const all = [...SWORDS[rank - (rank % 2)], ...(rank % 2 ? [MIDDLE_SWORD] : [])];
    return (rank === 5 ? vine() : "") + all.map(([hx, hy, tx, ty]) => sword(hx, hy, tx, ty, rank > 5 ? 0.75 : rank > 3 ? 0.85 : 1)).join("");
  }
  const length = CLUB_LENGTH[rank];
  return CLUBS[rank].map((placed) => cudgel(placed, length, length >= 26 ? 1.2 : 1)).join("");
}
