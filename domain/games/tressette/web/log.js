// Tressette in the move log: the start of a hand, a card played, a trick taken, a card drawn in view of
// both, a declaration, a signal; and a hand's points in one sentence.

import { cardName, suitName } from "/web/js/cards.js";
import { t, listText } from "/web/js/i18n.js";

/** A combination declared, in words: "napoletana di denari", "tre assi (manca spade)", "quattro 3". */
export function combinationText(kind, suit) {
  return t(`tressette.combination.${kind}`, { suit: suit ? suitName(suit) : "" });
}

/** The log entry of one of tressette's events; null for the ones the log leaves out. */
export function logEntry(event) {
  switch (event.kind) {
    case "play":
      return { kind: "play", seat: event.seat, card: event.card };
    case "trick":
      return { kind: "trick", seat: event.winner, winner: event.winner, trick: event.trick };
    case "draw_shown":
      return { kind: "draw_shown", seat: event.seat, card: event.card };
    case "declaration":
      return { kind: "declaration", seat: event.seat, combination: event.combination, suit: event.suit, points: event.points };
    case "lead_signal":
      return { kind: "lead_signal", seat: event.seat, signal: event.signal, suit: event.suit };
    default:
      return null; // cards_drawn (who drew, every trick), drew (the hand shows the card)
  }
}

export function logText(entry, ui) {
  switch (entry.kind) {
    case "hand_started":
      return ui.say("tressette.log.hand_started", entry.dealer, { number: entry.hand_number });
    case "play":
      return ui.say("tressette.played", entry.seat, { card: cardName(entry.card) });
    case "trick":
      return ui.say("tressette.took_trick", entry.winner);
    case "draw_shown":
      return ui.say("tressette.log.drew", entry.seat, { card: cardName(entry.card) });
    case "declaration":
      return ui.say("tressette.log.declared", entry.seat, {
        combination: combinationText(entry.combination, entry.suit), count: entry.points,
      });
    case "lead_signal":
      return ui.say("tressette.log.signal", entry.seat, {
        signal: t(`tressette.signal.${entry.signal}`), suit: suitName(entry.suit),
      });
    default:
      return "";
  }
}

/** Nothing of its own at the start of a hand; null once a card was played in it. */
export function handStart(view) {
  return view.previous_trick || (view.trick || []).length ? null : {};
}

/** A hand in one sentence: each side's points, and the match's score after it. */
export function handText(record, ui) {
  const sides = Object.entries(record.points || {}).map(([side, count]) =>
    t("tressette.log.side_points", { side: ui.shortSide(side), count }));
  const scores = Object.entries(record.scores || {}).map(([side, points]) => `${ui.shortSide(side)} ${points}`).join(", ");
  return t("tressette.log.hand_summary", { number: record.hand_number, sides: listText(sides), scores });
}
