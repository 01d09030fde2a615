// The three figures, drawn simply: the fante (8) a young page standing in hose and a feathered cap,
// the cavallo (9) a rider on a bay horse, the re (10) a bearded king, crowned, in a long robe. Each
// shows his suit's sign, and wears the suit's colour, so a figure's suit reads even at a glance.

import { INK, GOLD, n, sign, sword, club } from "./card_pips.js";

const SKIN = "#f3cfa6";
const HAIR = "#6b3f1f";
const HORSE = "#a8642e";
const HORSE_DARK = "#4a2810";

/** The clothes: a main colour from the suit's own, and a trim that sets it off. */
const CLOTHES = {
  D: { main: "#d08a1c", trim: "#b3261e" },
  C: { main: "#c0302a", trim: GOLD },
  S: { main: "#2b63b8", trim: GOLD },
  B: { main: "#3f8a35", trim: "#b3261e" },
};

const outline = `stroke="${INK}" stroke-width=".8" stroke-linejoin="round"`;

/** A thick limb with an ink edge, from (x1, y1) through (cx, cy) to (x2, y2). */
function limb(x1, y1, cx, cy, x2, y2, color, width = 3.2) {
  const d = `M${x1} ${y1}Q${cx} ${cy} ${x2} ${y2}`;
  return `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${n(width + 1.4)}" stroke-linecap="round"/>`
    + `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}

function hand(x, y) {
  return `<circle cx="${x}" cy="${y}" r="1.7" fill="${SKIN}" ${outline}/>`;
}

/** A face seen from the front around (x, y): eyes, a mouth; hair or a beard on request. */
function head(x, y, { hair = true, beard = false } = {}) {
  const hairPath = hair
    ? `<path d="M${x - 5.2} ${y + 2.5}c-1-5 1.2-8 5.2-8s6.2 3 5.2 8c-.8-2.6-2.6-3.9-5.2-3.9s-4.4 1.3-5.2 3.9z"`
      + ` fill="${HAIR}" ${outline}/>`
    : "";
  const beardPath = beard
    ? `<path d="M${x - 4.3} ${y + .6}c.3 5.6 2.4 8.6 4.3 9.4 1.9-.8 4-3.8 4.3-9.4-1.2 2.2-2.4 3-4.3 3s-3.1-.8-4.3-3z"`
      + ` fill="#8a5a2b" ${outline}/>`
      + `<path d="M${x - 2} ${y + 2.6}h4" stroke="#5a3414" stroke-width="1" stroke-linecap="round"/>`
    : `<path d="M${x - 1.1} ${y + 2.4}h2.2" stroke="#9a4a3a" stroke-width=".7" stroke-linecap="round"/>`;
  return `<rect x="${x - 1.3}" y="${y + 3}" width="2.6" height="3.5" fill="${SKIN}" ${outline}/>`
    + `<circle cx="${x}" cy="${y}" r="4.6" fill="${SKIN}" ${outline}/>${hairPath}`
    + `<circle cx="${x - 1.6}" cy="${y - .3}" r=".6" fill="${INK}"/>`
    + `<circle cx="${x + 1.6}" cy="${y - .3}" r=".6" fill="${INK}"/>`
    + beardPath;
}

/** The suit's sign as the figure shows it: held up by the hand at (x, y). */
function held(suit, x, y) {
  if (suit === "S") return sword(x, y + 5, x + 2, y - 27, 3, 0.95);
  if (suit === "B") return club(x, y + 5, x + 3, y - 26, 1.05);
  return sign(suit, x, y - (suit === "D" ? 8.5 : 9.5), suit === "D" ? 15 : 17);
}

function fante(suit) {
  const { main, trim } = CLOTHES[suit];
  return `<path d="M23 57h4.4l-.3 21h-3.8zM29.4 57h4.4l.6 21h-3.8z" fill="${trim}" ${outline}/>`
    + `<ellipse cx="24.6" cy="79" rx="3.2" ry="1.6" fill="${INK}"/>`
    + `<ellipse cx="32.8" cy="79" rx="3.2" ry="1.6" fill="${INK}"/>`
    + limb(21.5, 37, 17.5, 44, 19, 51, main)
    + `<path d="M20.5 35q7.5-3 15 0l3.5 25q-10.5 3.5-22 0z" fill="${main}" ${outline}/>`
    + `<path d="M17.4 58.6q10.6 3.4 21.2 0" fill="none" stroke="${trim}" stroke-width="1.6"/>`
    + `<path d="M19 48.5h18" stroke="${INK}" stroke-width="1.8"/>`
    + `<rect x="26.6" y="47.3" width="3" height="2.4" fill="${GOLD}"/>`
    + hand(19, 51.5) + head(28, 26)
    + `<ellipse cx="27.4" cy="21.4" rx="6.6" ry="2.4" fill="${trim}" ${outline}/>`
    + `<path d="M31.5 20.2q3.6-6.6 9.5-6.4-4.6 2-8.2 7.2z" fill="#fff" ${outline}/>`
    + held(suit, 42, 39) + limb(34.5, 37, 40, 37, 42, 40, main) + hand(42, 40);
}

function horse() {
  const leg = (d) => `<path d="${d}" fill="none" stroke="${HORSE_DARK}" stroke-width="3.6" stroke-linecap="round"/>`
    + `<path d="${d}" fill="none" stroke="${HORSE}" stroke-width="2.4" stroke-linecap="round"/>`;
  return `<path d="M44 53q7 3 5 18" fill="none" stroke="${HORSE_DARK}" stroke-width="2.8" stroke-linecap="round"/>`
    + leg("M39 61l1 17") + leg("M43 60l2.5 8-1 10") + leg("M26 62l-1 16") + leg("M23 60l-5 6 2 4")
    + `<ellipse cx="34" cy="56" rx="13" ry="7.2" fill="${HORSE}" ${outline}/>`
    + `<path d="M27 56l-3-12-4-5.5-2 .2-7.6 8.6q-.6 2.2 1.6 2.8l3.4.2 4.6-3.6 1.2 10.5z" fill="${HORSE}" ${outline}/>`
    + `<path d="M21.5 38l1.2-3.4 1.4 4" fill="${HORSE}" ${outline}/>`
    + `<path d="M20.5 39.5q4 3 5 13" fill="none" stroke="${HORSE_DARK}" stroke-width="2" stroke-linecap="round"/>`
    + `<circle cx="17.6" cy="42.6" r=".7" fill="${INK}"/>`;
}

function cavallo(suit) {
  const { main, trim } = CLOTHES[suit];
  return horse()
    + `<path d="M27.5 50.5h14l1.2 10q-8 3.4-16.4 0z" fill="${main}" ${outline}/>`
    + `<path d="M26.6 59.8q8.2 3.4 16.2 0" fill="none" stroke="${trim}" stroke-width="1.4"/>`
    + `<path d="M29.6 36.5q4.2-2 8.4 0l1 14h-10.4z" fill="${trim}" ${outline}/>`
    + limb(33, 49, 31, 55, 31.5, 61.5, trim, 3)
    + `<path d="M29.2 60.5h4.6l.4 2.6h-5.6z" fill="${INK}"/>`
    + limb(30, 38.5, 27, 43, 27.5, 47.5, trim, 2.8) + hand(27.5, 48)
    + head(34, 30.5)
    + `<path d="M28.6 28q5.4-6.4 10.8 0z" fill="${main}" ${outline}/>`
    + `<path d="M36 24.6q1.4-5 6-6-2.8 2.6-4 6.6z" fill="#fff" ${outline}/>`
    + held(suit, 44, 35) + limb(37.5, 38, 42, 38.5, 44, 36, trim, 2.8) + hand(44, 36);
}

function ermine(x, y, width, height) {
  const spots = Array.from({ length: Math.floor(width / 3.2) }, (_, i) =>
    `<path d="M${n(x + 1.6 + i * 3.2)} ${n(y + height / 2 - .8)}v1.8" stroke="${INK}" stroke-width=".9"/>`).join("");
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="1" fill="#fff" ${outline}/>${spots}`;
}

function re(suit) {
  const { main, trim } = CLOTHES[suit];
  return `<path d="M21 35l-7.5 44.5h27.5L35 35z" fill="${trim}" ${outline}/>`
    + `<path d="M21.6 34.4q6.4-2.6 12.8 0l4.6 45.6H17z" fill="${main}" ${outline}/>`
    + ermine(16.4, 75.4, 23.2, 4.6)
    + `<path d="M28 36v39" stroke="${GOLD}" stroke-width="1.4"/>`
    + `<path d="M18.8 60l-2.2-27" stroke="${INK}" stroke-width="2.2" stroke-linecap="round"/>`
    + `<path d="M18.8 60l-2.2-27" stroke="${GOLD}" stroke-width="1.2" stroke-linecap="round"/>`
    + `<circle cx="16.5" cy="32" r="2" fill="${GOLD}" ${outline}/>`
    + limb(22, 37, 17, 42, 18, 48, main) + hand(18, 48.5)
    + ermine(20.5, 33.2, 15, 3.6)
    + head(28, 25.5, { hair: false, beard: true })
    + `<path d="M23 21.8v-6l2.6 2.8 2.4-4.4 2.4 4.4 2.6-2.8v6z" fill="${GOLD}" ${outline}/>`
    + `<circle cx="28" cy="19.6" r=".9" fill="#c0302a"/>`
    + held(suit, 41.5, 43) + limb(34, 37, 39.5, 38.5, 41.5, 43, main) + hand(41.5, 43.5);
}

/** Each figure, and how it is placed: a little larger than drawn, clear of the corner indices. */
const FIGURES = {
  8: [fante, "translate(-1.7 -2.8) scale(1.06)"],
  9: [cavallo, "translate(-2.2 -1.5) scale(1.03)"],
  10: [re, "translate(-1.7 -2.8) scale(1.06)"],
};

export function figure(suit, rank) {
  const [draw, placed] = FIGURES[rank];
  return `<g transform="${placed}">${draw(suit)}</g>`;
}
