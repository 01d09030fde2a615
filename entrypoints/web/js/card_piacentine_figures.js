// The three Piacentine figures, double-ended as the deck has printed them since about 1950: each half
// shows the figure from the waist up, and the lower half is the upper one turned round the card's centre,
// so the card reads the same either way up. The fante (8) a young page with long hair and a feathered
// cap, the cavallo (9) a rider behind his horse's head, the re (10) a bearded king, crowned. Each holds
// his suit's sign and wears the suit's colour.

import { INK, YELLOW, n, sign } from "./card_piacentine_pips.js";

const SKIN = "#f4d2ac";
const HAIR = "#7a4a1e";
const HORSE = "#a9652f";
const MANE = "#3b2414";

/** The clothes: a main colour from the suit's own, and a trim that sets it off. */
const CLOTHES = {
  D: { main: "#e39a1b", trim: "#c8302b" },
  C: { main: "#c8302b", trim: YELLOW },
  S: { main: "#2f5fb0", trim: YELLOW },
  B: { main: "#4f8f2c", trim: "#c8302b" },
};

const outline = `stroke="${INK}" stroke-width=".8" stroke-linejoin="round"`;

/** A face around (x, y), looking at us: eyes, and a mouth or a beard. */
function head(x, y, beard = false) {
  const mouth = beard
    ? `<path d="M${x - 4.2} ${y + .4}c.4 5 2.3 7.6 4.2 8.4 1.9-.8 3.8-3.4 4.2-8.4-1.2 2-2.4 2.8-4.2 2.8s-3-.8-4.2-2.8z"`
      + ` fill="#9a6a36" ${outline}/>`
    : `<path d="M${n(x - 1.1)} ${n(y + 2.4)}h2.2" stroke="#9a4a3a" stroke-width=".7" stroke-linecap="round"/>`;
  return `<circle cx="${x}" cy="${y}" r="4.6" fill="${SKIN}" ${outline}/>`
    + `<circle cx="${n(x - 1.6)}" cy="${n(y - .4)}" r=".6" fill="${INK}"/>`
    + `<circle cx="${n(x + 1.6)}" cy="${n(y - .4)}" r=".6" fill="${INK}"/>${mouth}`;
}

/** Shoulders and chest down to the card's middle, from x0 to x1, the neck at (cx, top). */
function bust(x0, x1, cx, top, { main, trim }) {
  return `<path d="M${x0} 45.5L${x0 + 1.2} ${top + 6}Q${cx} ${top - 1} ${x1 - 1.2} ${top + 6}L${x1} 45.5z"`
    + ` fill="${main}" ${outline}/>`
    + `<path d="M${cx - 4.4} ${top + 1.6}L${cx} ${top + 8}L${cx + 4.4} ${top + 1.6}" fill="none" stroke="${trim}"`
    + ` stroke-width="1.6"/>`;
}

/** An arm from the shoulder (x1, y1) up to the hand (x2, y2), and the suit's sign held above it. */
function holding(suit, x1, y1, x2, y2, color, size = 14) {
  const d = `M${x1} ${y1}Q${x2 - 1} ${y1 + 3} ${x2} ${y2}`;
  return sign(suit, x2 + .5, y2 - size / 2 - 1, size)
    + `<path d="${d}" fill="none" stroke="${INK}" stroke-width="4.6" stroke-linecap="round"/>`
    + `<path d="${d}" fill="none" stroke="${color}" stroke-width="3.2" stroke-linecap="round"/>`
    + `<circle cx="${x2}" cy="${y2}" r="1.8" fill="${SKIN}" ${outline}/>`;
}

/** A plume rising from a cap at (x, y), bending away to the right. */
function feather(x, y, color) {
  return `<path d="M${x} ${y}c.4-4.4 4-7.4 9-7.4-1.6 3.4-4.6 6.2-9 7.4z" fill="${color}" ${outline}/>`
    + `<path d="M${x} ${y}c2-2.6 4.4-4.6 7.6-6" fill="none" stroke="#fff" stroke-width=".6"/>`;
}

function fante(suit) {
  const clothes = CLOTHES[suit];
  return `<path d="M21.5 20c-1.6 6-1 10 .5 13h12c1.5-3 2.1-7 .5-13z" fill="${HAIR}" ${outline}/>`
    + bust(16, 40, 28, 26, clothes) + head(28, 20)
    + `<path d="M22.5 16.6q5.5-7 11 0z" fill="${clothes.trim}" ${outline}/>`
    + `<ellipse cx="28" cy="16.4" rx="8.2" ry="1.9" fill="${clothes.trim}" ${outline}/>`
    + feather(33, 14.4, clothes.main)
    + holding(suit, 37, 31, 45, 30, clothes.main);
}

function re(suit) {
  const clothes = CLOTHES[suit];
  return bust(15, 41, 28, 27, clothes)
    + `<path d="M18.6 34.5q9.4 4 18.8 0" fill="none" stroke="${YELLOW}" stroke-width="1.4"/>`
    + `<rect x="19.5" y="27.6" width="17" height="3.8" rx="1.6" fill="#fff" ${outline}/>`
    + `<path d="M22 29.5h1.4M26 29.5h1.4M30 29.5h1.4M34 29.5h1.4" stroke="${INK}" stroke-width=".9"/>`
    + head(28, 21, true)
    + `<path d="M22.6 17.8l-.8-7.2 3.2 3 3-5.4 3 5.4 3.2-3-.8 7.2z" fill="${YELLOW}" ${outline}/>`
    + `<circle cx="28" cy="15.6" r="1" fill="#c8302b"/>`
    + holding(suit, 38, 32, 46, 31, clothes.main);
}

/** The horse's head and neck, facing right in front of its rider: a bay with a dark mane and a bridle. */
const HORSE_HEAD = `<path d="M29 45.5C29 37 32 29 38 23.5l1-4.6 2.4 3.6 10.2 6.4c1.6 1.2 1 3.6-1 3.6l-7.4-1.4`
  + `C40 35 40.6 40 42 45.5z" fill="${HORSE}" stroke="${INK}" stroke-width=".8" stroke-linejoin="round"/>`
  + `<path d="M37.6 24C33 29 31 36 30.6 45" fill="none" stroke="${MANE}" stroke-width="2.6" stroke-linecap="round"/>`
  + `<circle cx="43.6" cy="25.6" r=".8" fill="${INK}"/>`
  + `<path d="M40 24.6l4.2 7.2 6.8-.8M44.2 31.8L36 36.5" fill="none" stroke="${INK}" stroke-width=".7"/>`;

function cavallo(suit) {
  const clothes = CLOTHES[suit];
  return holding(suit, 16, 32, 10, 31, clothes.main, 12)
    + bust(13, 35, 24, 27, clothes) + head(24, 21)
    + `<path d="M17.8 18.2q6.2-9 12.4 0z" fill="${clothes.trim}" ${outline}/>`
    + feather(27.6, 12.4, clothes.main)
    + HORSE_HEAD;
}

const FIGURES = { 8: fante, 9: cavallo, 10: re };

/** The figure twice, the second turned round the centre, and a line between the two halves. */
export function figure(suit, rank) {
  const half = FIGURES[rank](suit);
  return `${half}<g transform="rotate(180 30 45)">${half}</g>`
    + `<path d="M4 45h52" stroke="${INK}" stroke-width="1.1"/>`;
}
