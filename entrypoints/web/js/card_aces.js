// The four aces: one big ornate sign each, as on Neapolitan cards. The asso di denari is a coin in a
// wreath of petals, the asso di coppe a lidded cup, the asso di spade an upright sword in laurel, the
// asso di bastoni a club putting out leaves.

import { INK, GOLD, n, coin, cup, sword, club } from "./card_pips.js";

const RED = "#c0302a";
const LEAF = "#4f9a3c";
const LEAF_DARK = "#1d4a17";

/** n things around a circle: draw(x, y, angle in degrees, i). */
function around(count, radius, cx, cy, draw) {
  return Array.from({ length: count }, (_, i) => {
    const angle = (360 / count) * i;
    const rad = (angle * Math.PI) / 180;
    return draw(cx + radius * Math.sin(rad), cy - radius * Math.cos(rad), angle, i);
  }).join("");
}

function leaf(x, y, angle, size = 1, fill = LEAF) {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(1.3 * size)}" ry="${n(3 * size)}" fill="${fill}"`
    + ` stroke="${LEAF_DARK}" stroke-width=".5" transform="rotate(${n(angle)} ${n(x)} ${n(y)})"/>`;
}

/** Leaves along a quadratic curve from (x0, y0) through control (cx, cy) to (x1, y1), pointing along it. */
function branch(x0, y0, cx, cy, x1, y1, count) {
  const leaves = Array.from({ length: count }, (_, i) => {
    const t = 0.12 + (0.86 * i) / (count - 1);
    const x = (1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t * t * x1;
    const y = (1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t * t * y1;
    const dx = 2 * (1 - t) * (cx - x0) + 2 * t * (x1 - cx);
    const dy = 2 * (1 - t) * (cy - y0) + 2 * t * (y1 - cy);
    const along = (Math.atan2(dy, dx) * 180) / Math.PI + 90;
    return leaf(x, y, along + (i % 2 ? 35 : -35));
  }).join("");
  return `<path d="M${x0} ${y0}Q${cx} ${cy} ${x1} ${y1}" fill="none" stroke="${LEAF_DARK}" stroke-width=".9"/>${leaves}`;
}

function aceOfDenari() {
  const petals = around(16, 20.5, 30, 45, (x, y, angle, i) =>
    `<ellipse cx="${n(x)}" cy="${n(y)}" rx="2.2" ry="4" fill="${i % 2 ? LEAF : RED}" stroke="${INK}"`
    + ` stroke-width=".5" transform="rotate(${n(angle)} ${n(x)} ${n(y)})"/>`);
  const dots = around(12, 13.6, 30, 45, (x, y) => `<circle cx="${n(x)}" cy="${n(y)}" r=".9" fill="${INK}"/>`);
  return `${petals}<circle cx="30" cy="45" r="17" fill="${GOLD}" stroke="${INK}" stroke-width="1.4"/>${dots}`
    + coin(30, 45, 12.5);
}

function aceOfCoppe() {
  return `<path d="M17.5 31.5C18 22 24 18.5 30 18.5s12 3.5 12.5 13z" fill="${GOLD}" stroke="${INK}" stroke-width="1"/>`
    + `<path d="M21 28c2-4.5 5-6 9-6" fill="none" stroke="#fff4c2" stroke-width="1.2" stroke-linecap="round"/>`
    + `<circle cx="30" cy="15.5" r="3" fill="${RED}" stroke="${INK}" stroke-width=".9"/>`
    + cup(30, 55, 48)
    + [18, 24, 30, 36, 42].map((x) => `<circle cx="${x}" cy="43.5" r="1.3" fill="${GOLD}" stroke="${INK}"`
      + ` stroke-width=".4"/>`).join("");
}

function aceOfSpade() {
  return branch(28, 66, 7, 46, 22, 19, 8) + branch(32, 66, 53, 46, 38, 19, 8)
    + sword(30, 84, 30, 7, 0, 2)
    + `<path d="M23 31.5l2-6 2.5 3.5 2.5-5 2.5 5 2.5-3.5 2 6z" fill="${GOLD}" stroke="${INK}" stroke-width=".8"`
    + ` stroke-linejoin="round"/>`;
}

/** The asso di bastoni: a big club with a leaf sprouting from each knob, and a red ribbon. */
function aceOfBastoni() {
  const [hx, hy, tx, ty, s] = [23, 83, 36, 11, 2.3];
  const length = Math.hypot(tx - hx, ty - hy);
  const [ux, uy] = [(tx - hx) / length, (ty - hy) / length];
  const leaves = [0.34, 0.52, 0.7, 0.86].map((f, i) => {
    const side = i % 2 ? 1 : -1;  // the knobs' sides, as club() places them
    const [ox, oy] = [-uy * side, ux * side];
    const [vx, vy] = [ox * 0.8 + ux * 0.6, oy * 0.8 + uy * 0.6];
    const reach = (1.5 + 1.8 * f) * s + 3.4;
    const x = hx + (tx - hx) * f + vx * reach;
    const y = hy + (ty - hy) * f + vy * reach;
    return leaf(x, y, (Math.atan2(vy, vx) * 180) / Math.PI + 90, 1.5);
  }).join("");
  return leaves + club(hx, hy, tx, ty, s)
    + `<path d="M19.5 69.5l11 4" stroke="${RED}" stroke-width="2.2" stroke-linecap="round"/>`
    + `<path d="M19.5 69.5l11 4" stroke="${GOLD}" stroke-width=".8" stroke-linecap="round"/>`;
}

const ACES = { D: aceOfDenari, C: aceOfCoppe, S: aceOfSpade, B: aceOfBastoni };

export function ace(suit) {
  return ACES[suit]();
}
