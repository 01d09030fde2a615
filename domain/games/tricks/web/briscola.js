// Briscola (two and four players): the table module (the interface is described in /web/js/families.js
// and docs/writing-a-game.md). The trick on the table, the trump card and the stock, the deal's points;
// what it shares with briscola chiamata is ./trick.js's and ./trick_log.js's.

import { h } from "/web/js/dom.js";
import { cardElement, suitName } from "/web/js/cards.js";
import { deckStack } from "/web/js/deck_stack.js";
import { t } from "/web/js/i18n.js";
import { sideScores } from "/web/js/table_head.js";
import { TRICK_TABLE, trickArea, playableHand } from "./trick.js";
import { trickEntry, trickText, dealStart, dealText } from "./trick_log.js";

/** The face-down stock with its count as a badge on it; the words (shown where the felt is wide, in the
 * stack's accessible name and title everywhere) are the card library's. */
function stock(count) {
  const deck = deckStack(count);
  if (!deck) return null;
  deck.title = t("card.deck", { count });
  deck.append(h("span", { class: "deck-badge", "aria-hidden": "true" }, String(count)));
  return deck;
}

function board(view, ui) {
  const words = view.trump_card
    ? t("tricks.trump", { suit: suitName(view.trump_suit) })
    : t("tricks.trump_drawn", { suit: suitName(view.trump_suit) });
  // On a phone the trump card and the stack alone, the words in their titles (tricks.css).
  const trump = view.trump_card
    ? h("figure", { class: "trump", testid: "trump", title: words },
      cardElement(view.trump_card, { testid: "trump-card" }), h("figcaption", {}, words))
    : h("p", { class: "trump drawn", testid: "trump", title: words }, words);
  return h("div", { class: "board trick-board", testid: "board" },
    h("div", { class: "stock" }, trump, stock(view.deck_count)),
    trickArea(view, ui));
}

function controls(view) {
  return view.your_turn ? h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card")) : null;
}

/** A match of several deals to win (best of three, of five): its score is the deals won. */
function byDeals(view) {
  return (view.deals_to_win || 1) > 1;
}

function dealsLine(view, ui, won = view.deals_won) {
  const scores = Object.entries(won || {}).map(([side, count]) => `${ui.shortSide(side)} ${count}`).join(" · ");
  return t("table.deals_line", { scores, count: view.deals_to_win });
}

/** The header's short line: in a match of several deals the deals won ("Deals A 1 · B 0"), else the points. */
function shortScores(view, ui) {
  if (!byDeals(view)) return sideScores(view, view.scores, ui);
  return [{ lead: true, label: t("table.deals_short"), title: dealsLine(view, ui) },
    ...sideScores(view, view.deals_won, ui)];
}

/** The details' score: each side's card points, then the deals won or the target. */
function scoreLine(view, ui) {
  const line = TRICK_TABLE.scoreLine(view, ui);
  if (!line || !byDeals(view)) return line;
  return [...line.filter((part) => part && !part.classList.contains("hint")),
    h("span", { class: "hint", testid: "deals-won" }, dealsLine(view, ui))];
}

/** The card points and tricks of ``deal`` (the view's last_hand, or any of the match's); in a match of
 * several deals, who won the deal and the deals won after it, in place of the card points over the deals. */
function summary(view, ui, deal = view.last_hand) {
  if (!deal) return null;
  const sides = Object.keys(deal.points);
  const row = (label, values, testid) => h("tr", { class: testid ? "total" : "" }, h("th", { scope: "row" }, label),
    sides.map((side) => h("td", { testid: testid ? `${testid}-${side}` : null }, String(values[side]))));
  const several = Boolean(deal.deals_won);
  let caption = deal.patta ? t("tricks.deal_patta", { number: deal.hand_number })
    : t("tricks.hand_name", { number: deal.hand_number });
  if (several) {
    caption = deal.winner ? t("tricks.deal_won_by", { side: ui.shortSide(deal.winner), number: deal.hand_number })
      : t("tricks.deal_no_winner", { number: deal.hand_number });
  }
  return h("table", { class: "breakdown", testid: "breakdown" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", {}, ""), sides.map((side) => h("th", { scope: "col", title: ui.sideLabel(side) }, ui.columnSide(side))))),
    h("tbody", {}, row(t("tricks.card_points"), deal.points), row(t("tricks.tricks_row"), deal.tricks),
      several ? row(t("tricks.deals_won_of", { count: view.deals_to_win }), deal.deals_won, "deals-won")
        : row(t("table.match_score"), deal.scores, "match-score")));
}

export default {
  ...TRICK_TABLE,
  board, hand: playableHand, controls, summary, shortScores, scoreLine,
  logEntry: trickEntry, logText: trickText, handStart: dealStart, handText: dealText,
};
