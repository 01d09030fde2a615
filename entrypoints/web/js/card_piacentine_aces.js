// The four aces of the Piacentine deck: the asso di denari is "la Polla", a crowned black eagle with
// spread wings and a coin on its breast; the asso di coppe a tall lidded goblet; the asso di spade a
// broad curved sabre, the deck's one bent blade, in a ribbon; the asso di bastoni a great cudgel with its
// branches cut short and a ribbon tied round it.

import { INK, YELLOW, RED, BLUE, at, coin, cup, club } from "./card_piacentine_pips.js";

const EAGLE = "#2b2622";
const FEATHER = "#6e6257";

/** One wing, the left: its upper edge from the shoulder out to the tip, then feathers back down. */
const WING = "M26 38C20 31 13 28 6 26L8 33 5 36 10 39 7 43 12 45 10 50 16 50 17 55 22 52 27 51z";
const WING_LINES = "M10 33Q17 35 24 41M9 40Q17 41 24 45M13 46Q19 46 25 48";

function polla() {
  const wings = `<path d="${WING}" fill="${EAGLE}" stroke="${INK}" stroke-width=".8" stroke-linejoin="round"/>`
    + `<path d="${WING_LINES}" fill="none" stroke="${FEATHER}" stroke-width=".8"/>`;
  return wings + `<g transform="translate(60 0) scale(-1 1)">${wings}</g>`
    + `<path d="M24 62l6 14 6-14z" fill="${EAGLE}" stroke="${INK}" stroke-width=".8" stroke-linejoin="round"/>`
    + `<path d="M30 64v11M27 64l2.4 9M33 64l-2.4 9" stroke="${FEATHER}" stroke-width=".6"/>`
    + `<path d="M24.5 60l-3 5.5M35.5 60l3 5.5" stroke="${YELLOW}" stroke-width="1.6" stroke-linecap="round"/>`
    + `<ellipse cx="30" cy="49" rx="8" ry="14" fill="${EAGLE}" stroke="${INK}" stroke-width=".8"/>`
    + `<path d="M27 37c-1-5 1-9 4.5-9 2.6 0 4 2 4 4l3.5 1.4-3.6 1.4c-.4 1.6-1.4 2.6-2.6 3.2z" fill="${EAGLE}"`
    + ` stroke="${INK}" stroke-width=".8" stroke-linejoin="round"/>`
    + `<path d="M35.5 32l3.5 1.4-3.6 1.4z" fill="${YELLOW}" stroke="${INK}" stroke-width=".5"/>`
    + `<circle cx="32.6" cy="31.6" r=".9" fill="#fff"/>`
    + `<path d="M25.4 27.6l-.6-6.2 2.6 2.4 2.6-4.2 2.6 4.2 2.6-2.4-.6 6.2z" fill="${YELLOW}" stroke="${INK}"`
    + ` stroke-width=".7" stroke-linejoin="round"/><circle cx="30" cy="25.4" r=".9" fill="${RED}"/>`
    + coin(30, 50, 7.6);
}

function coppa() {
  return cup(30, 54, 50)
    + `<path d="M19 32.5Q19 23 30 21.5 41 23 41 32.5z" fill="${YELLOW}" stroke="${INK}" stroke-width=".9"/>`
    + `<path d="M22 30q1-4.5 6-5.6" fill="none" stroke="#fff6cf" stroke-width="1.2" stroke-linecap="round"/>`
    + `<path d="M30 21.5v-4" stroke="${INK}" stroke-width="1.1"/>`
    + `<path d="M30 8.5c2.6 2.6 3 5.6 0 9-3-3.4-2.6-6.4 0-9z" fill="${RED}" stroke="${INK}" stroke-width=".8"/>`
    + [22, 26, 30, 34, 38].map((x) => `<circle cx="${x}" cy="44.5" r="1" fill="#fff"/>`).join("");
}

/** A broad sabre, hilt low on the left, curving up to its point; a ribbon winds round it. */
function sabre() {
  const blade = "M23 62C22 44 25 26 41 10 33 28 31 45 30.5 62z";
  return `<path d="${blade}" fill="#9fc2ee" stroke="#1f4a8c" stroke-width="1" stroke-linejoin="round"/>`
    + `<path d="M26.6 60C26.4 45 29 28 39 13" fill="none" stroke="#1f4a8c" stroke-width=".7"/>`
    + `<path d="M19 64.5l16 -3" stroke="${INK}" stroke-width="3.6" stroke-linecap="round"/>`
    + `<path d="M19 64.5l16 -3" stroke="${YELLOW}" stroke-width="2.2" stroke-linecap="round"/>`
    + `<path d="M27.6 64l.6 11" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`
    + `<path d="M27.6 64l.6 11" stroke="${RED}" stroke-width="2.6" stroke-linecap="round"/>`
    + `<circle cx="28.3" cy="77.6" r="2.6" fill="${YELLOW}" stroke="${INK}" stroke-width=".8"/>`
    + ribbon("M12 44Q20 36 27 42T44 38", "M44 38l5-2-2 5z");
}

/** A ribbon along ``path`` with a forked end ``tail``: red, edged in ink. */
function ribbon(path, tail) {
  return `<path d="${path}" fill="none" stroke="${INK}" stroke-width="4.2" stroke-linecap="round"/>`
    + `<path d="${path}" fill="none" stroke="${RED}" stroke-width="3" stroke-linecap="round"/>`
    + `<path d="${tail}" fill="${RED}" stroke="${INK}" stroke-width=".6" stroke-linejoin="round"/>`;
}

function bastone() {
  return club(22, 80, 38, 12, 2.3)
    + ribbon("M14 58Q22 50 30 56T46 50", "M46 50l5-2.4-2.2 5z")
    + at(30, 56, 1, `<circle r="2" fill="${BLUE}" stroke="${INK}" stroke-width=".6"/>`);
}

const ACES = { D: polla, C: coppa, S: sabre, B: bastone };

export function ace(suit) {
  return ACES[suit]();
}
