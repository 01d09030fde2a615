// Briscola (two and four players): the table module (the interface is described in /web/js/families.js
// and docs/writing-a-game.md). The trick on the table, the trump card and the stock, the deal's points;
// what it shares with briscola chiamata is ./trick.js's and ./trick_log.js's.

import { h } from "/web/js/dom.js";
import { cardElement, suitName } from "/web/js/cards.js";
import { deckStack } from "/web/js/deck_stack.js";
import { t } from "/web/js/i18n.js";
import { TRICK_TABLE, trickArea, playableHand } from "./trick.js";
import { trickEntry, trickText, dealStart, dealText } from "./trick_log.js";

function board(view, ui) {
  const trump = view.trump_card
    ? h("figure", { class: "trump", testid: "trump" }, cardElement(view.trump_card, { testid: "trump-card" }),
      h("figcaption", {}, t("tricks.trump", { suit: suitName(view.trump_suit) })))
    : h("p", { class: "trump", testid: "trump" }, t("tricks.trump_drawn", { suit: suitName(view.trump_suit) }));
  return h("div", { class: "board trick-board", testid: "board" },
    h("div", { class: "stock" }, trump, deckStack(view.deck_count)),
    trickArea(view, ui));
}

function controls(view) {
  return view.your_turn ? h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card")) : null;
}

/** The card points and tricks of ``deal``: the one just ended (the view's last_hand), or any of the match's. */
function summary(view, ui, deal = view.last_hand) {
  if (!deal) return null;
  const sides = Object.keys(deal.points);
  const row = (label, values) => h("tr", {}, h("th", { scope: "row" }, label),
    sides.map((side) => h("td", {}, String(values[side]))));
  return h("table", { class: "breakdown", testid: "breakdown" },
    h("caption", {}, deal.patta ? t("tricks.deal_patta", { number: deal.hand_number })
      : t("tricks.hand_name", { number: deal.hand_number })),
    h("thead", {}, h("tr", {}, h("th", {}, ""), sides.map((side) => h("th", { scope: "col", title: ui.sideLabel(side) }, ui.shortSide(side))))),
    h("tbody", {}, row(t("tricks.card_points"), deal.points), row(t("tricks.tricks_row"), deal.tricks),
      h("tr", { class: "total" }, h("th", { scope: "row" }, t("table.match_score")),
        sides.map((side) => h("td", { testid: `match-score-${side}` }, String(deal.scores[side]))))));
}

export default {
  ...TRICK_TABLE,
  board, hand: playableHand, controls, summary,
  logEntry: trickEntry, logText: trickText, handStart: dealStart, handText: dealText,
};
