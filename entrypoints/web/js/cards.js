// Italian cards drawn as inline SVG: rank and suit symbol for denari, coppe, spade and bastoni.
// Card names go through i18n: the suits, asso and the figures keep their Italian names in English too.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CODE = /^(0[1-9]|10)([DCSB])$/;

export const SUITS = {
  D: { name: "denari", color: "#9a6700" },
  C: { name: "coppe", color: "#b3261e" },
  S: { name: "spade", color: "#1d4f91" },
  B: { name: "bastoni", color: "#2e6b30" },
};

/** The names printed on the figures' faces (the same in every language). */
const FIGURE_NAMES = { 8: "fante", 9: "cavallo", 10: "re" };
const RANK_MARKS = { 1: "A", 8: "F", 9: "C", 10: "R" };

/** The suit glyphs, drawn in a 40x40 box centred on (20, 20). */
const GLYPHS = {
  D: `<circle cx="20" cy="20" r="15" fill="#e8b923" stroke="currentColor" stroke-width="2.5"/>
      <circle cx="20" cy="20" r="9" fill="none" stroke="currentColor" stroke-width="2"/>
      <circle cx="20" cy="20" r="3.2" fill="currentColor"/>`,
  C: `<path d="M7 7h26c0 10-5 17-11 18v6h6v4H12v-4h6v-6C12 24 7 17 7 7z" fill="currentColor"/>
      <path d="M11 10h18c-1 6-4 10-9 11-5-1-8-5-9-11z" fill="#f6d7d3"/>`,
  S: `<path d="M20 2l4 7v19h-8V9z" fill="currentColor"/>
      <rect x="10" y="27" width="20" height="4" rx="2" fill="currentColor"/>
      <rect x="18" y="31" width="4" height="6" fill="currentColor"/>
      <circle cx="20" cy="38" r="2" fill="currentColor"/>`,
  B: `<path d="M9 35L27 7" stroke="currentColor" stroke-width="7" stroke-linecap="round"/>
      <circle cx="27" cy="7" r="5" fill="currentColor"/>
      <circle cx="15" cy="22" r="2.6" fill="currentColor"/><circle cx="22" cy="15" r="2.6" fill="currentColor"/>
      <path d="M9 35L27 7" stroke="#a9d18e" stroke-width="1.6" stroke-linecap="round" stroke-dasharray="3 4"/>`,
};

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

function rankMark(rank) {
  return RANK_MARKS[rank] || String(rank);
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
  const mark = rankMark(card.rank);
  const figure = card.rank >= 8;
  svg.style.color = color;
  svg.innerHTML = `
    <rect x="1" y="1" width="58" height="88" rx="6" fill="#fffdf7" stroke="#5b5346" stroke-width="1.5"/>
    ${figure ? `<rect x="9" y="21" width="42" height="48" rx="4" fill="none" stroke="currentColor" stroke-width="1" opacity=".5"/>` : ""}
    <text x="6" y="17" font-size="15" font-weight="700" fill="currentColor" font-family="system-ui,sans-serif">${mark}</text>
    <text x="6" y="17" font-size="15" font-weight="700" fill="currentColor" font-family="system-ui,sans-serif"
          transform="rotate(180 30 45)">${mark}</text>
    ${figure
    ? `<g transform="translate(14 24) scale(.8)">${GLYPHS[card.suit]}</g>
       <text x="30" y="64" font-size="8" text-anchor="middle" fill="currentColor" font-family="system-ui,sans-serif">${FIGURE_NAMES[card.rank]}</text>`
    : `<g transform="translate(10 25)">${GLYPHS[card.suit]}</g>`}
  `;
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
  svg.innerHTML = `<rect x="1" y="1" width="58" height="88" rx="6" fill="#24527a" stroke="#10263a" stroke-width="1.5"/>
    <rect x="6" y="6" width="48" height="78" rx="4" fill="none" stroke="#9cc3e6" stroke-width="1.5" stroke-dasharray="4 3"/>`;
  el.append(svg);
  return el;
}
