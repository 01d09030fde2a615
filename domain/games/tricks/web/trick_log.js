// The trick-taking games in the move log, what both tables share: the start of a deal (with briscola's
// face-up trump card), a card played, a trick won, the face-up trump drawn with the last cards; and a
// deal's card points in one sentence.

import { cardName } from "/web/js/cards.js";
import { t, listText } from "/web/js/i18n.js";

/** The log entry of a play, a trick (about its winner) or the trump drawn; null for anything else. */
export function trickEntry(event) {
  switch (event.kind) {
    case "play":
    case "trump_drawn":
      return { kind: event.kind, seat: event.seat, card: event.card };
    case "trick":
      return { kind: event.kind, seat: event.winner, trick: event.trick, winner: event.winner, points: event.points };
    default:
      return null; // cards_drawn (every trick), drew (the hand shows the card)
  }
}

export function trickText(entry, ui) {
  switch (entry.kind) {
    case "hand_started": {
      const parts = [ui.say("tricks.log.deal_started", entry.dealer, { number: entry.hand_number })];
      if (entry.trump_card) parts.push(t("tricks.log.trump_card", { card: cardName(entry.trump_card) }));
      return parts.join(" ");
    }
    case "play":
      return ui.say("tricks.played", entry.seat, { card: cardName(entry.card) });
    case "trick":
      return ui.say("tricks.won_trick", entry.winner, { count: entry.points });
    case "trump_drawn":
      return ui.say("tricks.log.trump_drawn", entry.seat, { card: cardName(entry.card) });
    default:
      return "";
  }
}

/** The face-up trump card of the deal, or null once a card was played in it. */
export function dealStart(view) {
  const auction = view.auction && view.auction.history;
  if (view.last_trick || (view.trick || []).length || (auction && auction.length)) return null;
  return view.trump_card ? { trump_card: view.trump_card } : {};
}

/** A deal of briscola in one sentence: each side's card points (or a patta), and the match's score: the
 * deals won in a match of several deals to win, else the card points over the deals. */
export function dealText(record, ui) {
  const scores = Object.entries(record.deals_won || record.scores || {})
    .map(([side, points]) => `${ui.shortSide(side)} ${points}`).join(", ");
  if (record.patta) return t("tricks.log.deal_patta", { number: record.hand_number, scores });
  const sides = Object.entries(record.points || {}).map(([side, count]) =>
    t("tricks.log.side_points", { side: ui.shortSide(side), count }));
  return t("tricks.log.deal_summary", { number: record.hand_number, sides: listText(sides), scores });
}
