// The back of every card: a blue ground, a gold frame, a lattice of fine diagonals and a gold rose in a
// medallion at the centre. Point-symmetric, so a card looks the same whichever way up it lies.

import { GOLD } from "./card_pips.js";

const [LEFT, TOP, RIGHT, BOTTOM] = [6, 6, 54, 84];
const STEP = 6;

/** The diagonals of the lattice, clipped to the frame by hand (no clip-path, so no ids to collide). */
function lattice() {
  const lines = [];
  for (let k = TOP - RIGHT; k <= BOTTOM - LEFT; k += STEP) {  // y = x + k
    const x0 = Math.max(LEFT, TOP - k);
    const x1 = Math.min(RIGHT, BOTTOM - k);
    if (x1 > x0) lines.push(`M${x0} ${x0 + k}L${x1} ${x1 + k}`);
  }
  for (let k = LEFT + TOP; k <= RIGHT + BOTTOM; k += STEP) {  // y = k - x
    const x0 = Math.max(LEFT, k - BOTTOM);
    const x1 = Math.min(RIGHT, k - TOP);
    if (x1 > x0) lines.push(`M${x0} ${k - x0}L${x1} ${k - x1}`);
  }
  return `<path d="${lines.join("")}" stroke="#6f9cc8" stroke-width=".6" fill="none"/>`;
}

/** A star of eight points around the centre, for the medallion. */
function star(outer, inner) {
  const points = Array.from({ length: 16 }, (_, i) => {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / 8) * i;
    return `${Math.round((30 + r * Math.sin(a)) * 10) / 10} ${Math.round((45 - r * Math.cos(a)) * 10) / 10}`;
  });
  return `M${points.join("L")}z`;
}

export function backArt() {
  return `<rect x=".75" y=".75" width="58.5" height="88.5" rx="5.5" fill="#1f4b78" stroke="#0f2740" stroke-width="1.5"/>`
    + lattice()
    + `<rect x="${LEFT}" y="${TOP}" width="${RIGHT - LEFT}" height="${BOTTOM - TOP}" rx="3" fill="none" stroke="${GOLD}"`
    + ` stroke-width="1.3"/><ellipse cx="30" cy="45" rx="15" ry="17" fill="#163a5f" stroke="${GOLD}" stroke-width="1.3"/>`
    + `<path d="${star(11, 4.6)}" fill="${GOLD}" stroke="#7a4e00" stroke-width=".6" stroke-linejoin="round"/>`
    + `<circle cx="30" cy="45" r="3.2" fill="#c0302a" stroke="#7a4e00" stroke-width=".6"/>`;
}
