// Briscola chiamata in the move log: the auction's bids and passes, its winner, the call of the
// partner's card, the partner revealed (the plays and tricks are ./trick_log.js's), a deal's outcome in
// one sentence, and who won the match.

import { cardName, suitName } from "/web/js/cards.js";
import { t } from "/web/js/i18n.js";
import { bidText } from "./bids.js";
import { trickEntry, trickText } from "./trick_log.js";

const hasSeat = (seat) => seat !== null && seat !== undefined;

export function logEntry(event) {
  const { kind, seat } = event;
  switch (kind) {
    case "bid":
      return { kind, seat, rank: event.rank, points: event.points, forced: event.forced };
    case "pass":
      return { kind, seat };
    case "auction_won":
      return { kind, seat, rank: event.rank, points: event.points, target: event.target };
    case "call":
      return { kind, seat, card: event.card, trump_suit: event.trump_suit };
    case "partner_revealed": // about the partner: the caller's when the caller plays alone
      return { kind, seat: event.partner, caller: event.caller, partner: event.partner, alone: event.alone };
    default:
      return trickEntry(event);
  }
}

export function logText(entry, ui) {
  switch (entry.kind) {
    case "bid":
      return ui.say(entry.forced ? "tricks.log.bid_forced" : "tricks.log.bid", entry.seat, { bid: bidText(entry) });
    case "pass":
      return ui.say("tricks.log.pass", entry.seat);
    case "auction_won":
      return ui.say("tricks.log.auction_won", entry.seat, { bid: bidText(entry), target: entry.target });
    case "call":
      return ui.say("tricks.log.call", entry.seat, { card: cardName(entry.card), suit: suitName(entry.trump_suit) });
    case "partner_revealed":
      return entry.alone || !hasSeat(entry.partner)
        ? ui.say("tricks.chiamata.alone", entry.caller)
        : ui.say("tricks.chiamata.is_partner", entry.partner);
    default:
      return trickText(entry, ui);
  }
}

/** Who won the match (or the deal): the caller's side, the defenders, or nobody (a patta). */
export function winnerText(winner, ui, patta = false) {
  if (patta || !winner) return t("tricks.log.chiamata_patta");
  return t(winner === "caller" ? "tricks.log.chiamata_caller_wins" : "tricks.log.chiamata_defenders_win");
}

/** A deal in one sentence: who played with whom, the card points against the target, who won. */
export function handText(record, ui) {
  const params = {
    number: record.hand_number, caller: ui.plainName(record.caller), points: record.caller_points,
    target: record.target, defenders: record.defender_points,
  };
  const made = record.alone || !hasSeat(record.partner)
    ? t("tricks.log.chiamata_alone", params)
    : t("tricks.log.chiamata_partner", { ...params, partner: ui.plainName(record.partner) });
  return `${made} ${winnerText(record.winner, ui, record.patta)}`;
}
