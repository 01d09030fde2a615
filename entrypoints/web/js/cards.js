// The Italian cards, a library the Italian game families' table modules draw with (the shared UI draws
// and names a card only through a game's table module, ./families.js). Drawn as inline SVG in the
// Napoletane style: pips for the asso to the 7 (./card_aces.js, ./card_spots.js), figures for the fante,
// cavallo and re (./card_figures.js), and the rank in two corners, always upright. Card names go through
// i18n: the suits, asso and the figures keep their Italian names in English too.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { ace } from "./card_aces.js";
import { spots } from "./card_spots.js";
import { figure } from "./card_figures.js";
import { backArt } from "./card_back.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CODE = /^(0[1-9]|10)([DCSB])$/;

export const SUITS = {
  D: { name: "denari", color: "#9a6700" },
  C: { name: "coppe", color: "#b3261e" },
  S: { name: "spade", color: "#1d4f91" },
  B: { name: "bastoni", color: "#2e6b30" },
};

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

export function parseCard(code) {
  const match = CODE.exec(code || "");
  if (!match) return null;
  return { code, rank: Number(match[1]), suit: match[2] };
}

export function cardName(code) {
  const card = parseCard(code);
  if (!card) return String(code);
  return t("card.name", { rank: t(`rank.${card.rank}`), suit: SUITS[card.suit].name });
}

export function suitName(suit) {
  return SUITS[suit] ? SUITS[suit].name : String(suit);
}

/** The SVG drawing of one card (decorative: the surrounding element carries the accessible name). */
export function cardSvg(code) {
  const card = parseCard(code);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 90");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("card-face");
  if (!card) {
    svg.innerHTML = `<rect x="1" y="1" width="58" height="88" rx="6" class="card-back"/>`;
    return svg;
  }
  const { color } = SUITS[card.suit];
  svg.style.color = color;
  svg.innerHTML = `<rect x=".75" y=".75" width="58.5" height="88.5" rx="5.5" fill="${FACE}" stroke="#5b5346"`
    + ` stroke-width="1.5"/>${faceArt(card)}${indices(card.rank, color)}`;
  return svg;
}

/**
 * A card element. Interactive cards are buttons (keyboard playable); others are plain images.
 * @param {string} code
 * @param {{onClick?: Function, testid?: string, disabled?: boolean, pressed?: boolean|null, extraClass?: string, label?: string}} opts
 */
export function cardElement(code, opts = {}) {
  const label = opts.label || cardName(code);
  const cls = `card${opts.extraClass ? ` ${opts.extraClass}` : ""}`;
  const dataset = { card: code };
  if (opts.onClick) {
    return h("button", {
      type: "button",
      class: cls,
      dataset,
      testid: opts.testid,
      "aria-label": label,
      "aria-disabled": opts.disabled ? "true" : null,
      "aria-pressed": opts.pressed === null || opts.pressed === undefined ? null : String(opts.pressed),
      title: label,
      onclick: (event) => {
        if (opts.disabled) return;
        opts.onClick(code, event);
      },
    }, cardSvg(code));
  }
  return h("div", { class: cls, dataset, testid: opts.testid, role: "img", "aria-label": label, title: label },
    cardSvg(code));
}

/** A face-down card, e.g. for the deck or other players' hands. */
export function cardBack(label, testid) {
  const el = h("div", { class: "card back", role: "img", "aria-label": label, testid });
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 90");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = backArt();
  el.append(svg);
  return el;
}
