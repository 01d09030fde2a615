// The Italian cards, a library the Italian game families' table modules draw with (the shared UI draws
// and names a card only through a game's table module, ./families.js). Drawn as inline SVG in the deck
// the player chose (./deck_choice.js): the Napoletane (./card_napoletane.js) or the Piacentine
// (./card_piacentine.js). A change of deck redraws every card already on the page, wherever it is
// (a table, a replay, the card page), without its owner drawing it anew. Card names go through i18n and
// never depend on the deck: the suits, asso and the figures keep their Italian names in English too.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { chosenDeck, onDeckChange } from "./deck_choice.js";
import { napoletane } from "./card_napoletane.js";
import { piacentine } from "./card_piacentine.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CODE = /^(0[1-9]|10)([DCSB])$/;
const DECKS = { napoletane, piacentine };

export const SUITS = {
  D: { name: "denari", color: "#9a6700" },
  C: { name: "coppe", color: "#b3261e" },
  S: { name: "spade", color: "#1d4f91" },
  B: { name: "bastoni", color: "#2e6b30" },
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

/**
 * Draw ``svg`` anew, in the chosen deck, as the card its data-face names, or as a blank back. (Not
 * data-card: that marks the card element alone, and the tables and tests look cards up by it.)
 */
function drawFace(svg) {
  const card = parseCard(svg.dataset.face);
  const deck = chosenDeck();
  svg.dataset.deck = deck;
  if (!card) {
    svg.style.color = "";
    svg.innerHTML = `<rect x="1" y="1" width="58" height="88" rx="6" class="card-back"/>`;
    return;
  }
  const { color } = SUITS[card.suit];
  svg.style.color = color;
  svg.innerHTML = DECKS[deck].face(card, color);
}

/** Draw ``svg`` anew as the back of the chosen deck. */
function drawBack(svg) {
  const deck = chosenDeck();
  svg.dataset.deck = deck;
  svg.innerHTML = DECKS[deck].back();
}

function drawing(kind) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 90");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add(kind);
  return svg;
}

/** The SVG drawing of one card (decorative: the surrounding element carries the accessible name). */
export function cardSvg(code) {
  const svg = drawing("card-face");
  svg.dataset.face = String(code ?? "");
  drawFace(svg);
  return svg;
}

// Every face and back on the page follows a change of deck at once.
onDeckChange(() => {
  for (const svg of document.querySelectorAll("svg.card-face")) drawFace(svg);
  for (const svg of document.querySelectorAll("svg.card-back-face")) drawBack(svg);
});

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
  const svg = drawing("card-back-face");
  drawBack(svg);
  return h("div", { class: "card back", role: "img", "aria-label": label, testid }, svg);
}
