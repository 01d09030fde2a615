// Rubamazzo: the table module of the rubamazzo game package (the interface is described in
// /web/js/families.js and docs/writing-a-game.md). The piles, the table cards and the choice of a take
// are ./choosing.js's, the move log's words ./log.js's; here the scores, a hand's summary, each seat's
// pile with its top card, and a take sliding to the taker's pile with "Stolen!" called out on a steal.
//
// The view (the package's views.py): piles [{top, size}] by seat, table, deck_count, captured_counts
// (this hand) and scores (the match's totals over the finished hands) by side label — "A" for seat 0,
// "B" for seat 1 … — and last_play {seat, card, captured, stolen_from, stolen}.

import { h } from "/web/js/dom.js";
import { cardElement, cardName } from "/web/js/cards.js";
import { sortHand } from "/web/js/card_order.js";
import { t } from "/web/js/i18n.js";
import { board, controls, hand } from "./choosing.js";
import { countsText, handStart, handText, logEntry, logText, notable, playText, review, seatOf } from "./log.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The seats of the table, in seat order. */
function seatsOf(view) {
  return (view.piles || []).map((_, seat) => seat);
}

/** Each seat's pile this hand; and, once a tie brought another hand, the totals it adds to. */
function scoreLine(view, ui) {
  if (!view.piles) return null;
  const line = seatsOf(view).map((seat) => h("span", { class: "score", testid: `score-${"ABCD"[seat]}` },
    `${ui.name(seat)} `, h("strong", {}, String(view.piles[seat].size))));
  const before = Object.values(view.scores || {}).some((total) => total > 0);
  if (before && view.phase === "playing") {
    line.push(h("span", { class: "hint" }, t("rubamazzo.before_this_hand", { scores: countsText(view.scores, ui) })));
  }
  return line;
}

/** A hand's summary: each seat's cards this hand and the match's totals, where the leftovers went, a tie. */
function summary(view, ui, record = view.last_hand) {
  if (!record) return null;
  const labels = Object.keys(record.captured_counts || {});
  const leftovers = record.leftovers || { seat: null, count: 0 };
  let where = null;
  if (leftovers.count && leftovers.seat !== null) {
    where = ui.say("rubamazzo.leftovers_to", leftovers.seat, { count: leftovers.count });
  } else if (leftovers.count) {
    where = t("rubamazzo.leftovers_to_nobody", { count: leftovers.count });
  }
  const row = (title, values, testid) => h("tr", { class: "total" }, h("th", { scope: "row" }, title),
    labels.map((label) => h("td", { testid: testid ? `${testid}-${label}` : null }, String(values[label] ?? 0))));
  return h("div", { class: "rubamazzo-summary", testid: "breakdown" },
    h("table", { class: "breakdown" },
      h("caption", {}, t("rubamazzo.hand_name", { number: record.hand_number })),
      h("thead", {}, h("tr", {}, h("th", {}, ""),
        labels.map((label) => h("th", { scope: "col" }, ui.name(seatOf(label)))))),
      h("tbody", {},
        row(t("rubamazzo.this_hand"), record.captured_counts || {}),
        row(t("rubamazzo.match_total"), record.scores || {}, "match-score"))),
    where ? h("p", { class: "hint" }, where) : null,
    record.tie ? h("p", { class: "prompt", testid: "tie" }, t("rubamazzo.tie")) : null);
}

function describe(previous, view, ui) {
  const last = view.last_play;
  if (!last || same(last, previous.last_play)) return null;
  return playText(last, ui);
}

/** What a seat has taken this hand: its pile's size, and the card on top that an opponent may match. */
function pile(view, seat) {
  const own = (view.piles || [])[seat];
  if (!own) return null;
  const label = own.top
    ? t("rubamazzo.seat.pile", { count: own.size, card: cardName(own.top) })
    : t("rubamazzo.seat.no_pile");
  return { count: own.size, label };
}

/** A take slides to the taker's pile; a steal is called out on the thief's seat. */
function motion(previous, view) {
  const play = view.last_play;
  if (!play || same(play, previous.last_play)) return {};
  const stole = play.stolen_from !== null && play.stolen_from !== undefined;
  const captured = play.captured || [];
  if (!stole && !captured.length) return {};
  const flash = stole ? {
    seat: play.seat,
    element: h("span", { class: "steal-flash", testid: "steal-flash", "aria-hidden": "true" }, t("rubamazzo.seat.steal_flash")),
  } : null;
  return { fly: { cards: [play.card, ...captured], seat: play.seat }, flash };
}

/** Nothing under a seat's name: everyone plays for themselves (the default would name the side). */
function seatNotes() {
  return [];
}

/** The one side of several players ("others", once a match of three or four is over), else "Side A". */
function sideName(side) {
  return side === "others" ? t("rubamazzo.others") : t("table.side", { side });
}

function winnerText(winner, ui) {
  const seat = seatOf(winner);
  return seat < 0 ? t("table.side_wins", { side: sideName(winner) }) : ui.say("rubamazzo.wins", seat);
}

export default {
  board, hand, controls, scoreLine, summary, describe,
  card: cardElement, cardName, sortCards: (codes) => sortHand(codes),
  logEntry, logText, handStart, handText, notable, review,
  pile, motion, seatNotes, sideName, winnerText,
  styles: ["table.css"],
};
