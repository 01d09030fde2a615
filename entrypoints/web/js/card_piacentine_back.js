// The back of every Piacentine card: a red ground, a white double frame and a grid of small white
// diamonds, with a gold one at the centre. Point-symmetric, so a card looks the same whichever way up
// it lies, and unlike the Napoletane's blue back at a glance.

import { YELLOW } from "./card_piacentine_pips.js";

const [LEFT, TOP, RIGHT, BOTTOM] = [7, 7, 53, 83];
const STEP = 6;

/** The diamonds, row by row inside the frame (no clip-path, so no ids to collide). */
function diamonds() {
  const shapes = [];
  for (let y = TOP + 4; y <= BOTTOM - 3; y += STEP) {
    for (let x = LEFT + 4 + ((y - TOP - 4) / STEP % 2) * (STEP / 2); x <= RIGHT - 3; x += STEP) {
      shapes.push(`M${x} ${y - 1.8}l1.8 1.8-1.8 1.8-1.8-1.8z`);
    }
  }
  return `<path d="${shapes.join("")}" fill="#f4d7cf"/>`;
}

export function backArt() {
  return `<rect x=".75" y=".75" width="58.5" height="88.5" rx="5.5" fill="#a1262b" stroke="#4d0f12" stroke-width="1.5"/>`
    + `<rect x="3.5" y="3.5" width="53" height="83" rx="3.5" fill="none" stroke="#fff" stroke-width="1"/>`
    + `<rect x="${LEFT - 1}" y="${TOP - 1}" width="${RIGHT - LEFT + 2}" height="${BOTTOM - TOP + 2}" rx="2" fill="none"`
    + ` stroke="#fff" stroke-width=".6"/>${diamonds()}`
    + `<path d="M30 35l8 10-8 10-8-10z" fill="#a1262b" stroke="#fff" stroke-width="1.2"/>`
    + `<path d="M30 39.5l4.4 5.5-4.4 5.5-4.4-5.5z" fill="${YELLOW}" stroke="#4d0f12" stroke-width=".6"/>`;
}
