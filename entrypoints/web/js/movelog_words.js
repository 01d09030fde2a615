// The move log's entries in words: each entry ({kind, seat, card, ...}, as movelog.js records them) as
// one sentence in the page's language, the auction's bids, and the one-line summary of a hand (which the
// end of a match shows too, ./match_end.js). Worded when drawn, so a change of language words the whole
// log anew. Besides the moves, the table's own life: who sat down or left, a player handed over to a
// computer, who wants a rematch.

import { cardName, suitName } from "./cards.js";
import { t, listText } from "./i18n.js";

/** The fishing games: their plays capture, and their hands are summed up by cards taken. */
export const FISHING = new Set(["scopa", "scopa_a_quattro", "scopone_scientifico"]);

/** The auction's calls: Italian words in every language, as chiamata.js shows them. */
const RANK_WORDS = {
  1: "Asso", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei", 7: "Sette", 8: "Fante", 9: "Cavallo", 10: "Re",
};

function bidText(bid) {
  if (bid.points !== undefined && bid.points !== null) return t("chiamata.bid_points", { points: bid.points });
  return RANK_WORDS[bid.rank] || String(bid.rank);
}

/** Whether a seat is given (seat 0 is a seat). */
export function hasSeat(seat) {
  return seat !== null && seat !== undefined;
}

/**
 * A side's short name for one-line summaries: the player's own name when the side is one player (scopa,
 * briscola for two), else "Side A", "Caller"... without the members' names.
 */
function sideName(side, ui) {
  const view = ui && ui.view;
  const members = view && view.teams && view.teams[side];
  if (members && members.length === 1) return ui.plainName(members[0]);
  if (side === "caller") return t("table.side_caller");
  if (side === "defenders") return t("table.side_defenders");
  return t("table.side", { side });
}

function scoresText(scores, ui) {
  return Object.entries(scores || {}).map(([side, points]) => `${sideName(side, ui)} ${points}`).join(", ");
}

function chiamataWinner(winner, patta) {
  if (patta || !winner) return t("log.chiamata_patta");
  return t(winner === "caller" ? "log.chiamata_caller_wins" : "log.chiamata_defenders_win");
}

/** What a summary entry keeps of a hand's record (the view's last_hand, the hand_end event, a game_over hand). */
export function compactRecord(gameType, record) {
  if (FISHING.has(gameType)) {
    const totals = {};
    for (const [side, detail] of Object.entries(record.sides || {})) totals[side] = detail.total;
    return { hand_number: record.hand_number, totals, scores: record.scores };
  }
  if (gameType === "briscola_chiamata") {
    const keep = ["hand_number", "caller", "partner", "alone", "target", "caller_points", "defender_points",
      "patta", "winner"];
    return Object.fromEntries(keep.map((key) => [key, record[key]]));
  }
  return { hand_number: record.hand_number, points: record.points, patta: record.patta, scores: record.scores };
}

/** A hand's summary in one sentence, from the hand's whole record. */
export function handSummaryText(gameType, record, ui) {
  return summaryText(gameType, compactRecord(gameType, record), ui);
}

/** A hand's summary; ``record`` is the compact record movelog.js keeps of the hand's end. */
function summaryText(gameType, record, ui) {
  if (FISHING.has(gameType)) {
    const sides = Object.entries(record.totals || {}).map(([side, count]) =>
      t("log.side_points", { side: sideName(side, ui), count }));
    return t("log.hand_summary", { number: record.hand_number, sides: listText(sides), scores: scoresText(record.scores, ui) });
  }
  if (gameType === "briscola_chiamata") {
    const params = {
      number: record.hand_number, caller: ui.plainName(record.caller), points: record.caller_points,
      target: record.target, defenders: record.defender_points,
    };
    const made = record.alone || !hasSeat(record.partner)
      ? t("log.chiamata_alone", params)
      : t("log.chiamata_partner", { ...params, partner: ui.plainName(record.partner) });
    return `${made} ${chiamataWinner(record.winner, record.patta)}`;
  }
  if (record.patta) return t("log.deal_patta", { number: record.hand_number, scores: scoresText(record.scores, ui) });
  const sides = Object.entries(record.points || {}).map(([side, count]) =>
    t("log.side_points", { side: sideName(side, ui), count }));
  return t("log.deal_summary", { number: record.hand_number, sides: listText(sides), scores: scoresText(record.scores, ui) });
}

/** A fishing play in words: a discard, a capture, a scopa, an asso pigliatutto's sweep. */
export function fishingPlayText(play, ui) {
  const card = cardName(play.card);
  const captured = play.captured || [];
  if (!captured.length) return ui.say("fishing.played", play.seat, { card });
  const taken = listText(captured.map(cardName));
  if (play.sweep) return ui.say("log.sweep", play.seat, { card, taken });
  return ui.say(play.scopa ? "fishing.scopa" : "fishing.took", play.seat, { card, taken });
}

function handStartedText(entry, gameType, ui) {
  const trickGame = !FISHING.has(gameType);
  const parts = [ui.say(trickGame ? "log.deal_started" : "log.hand_started", entry.dealer, { number: entry.hand_number })];
  if (entry.void_deals) parts.push(t("log.void_deals", { count: entry.void_deals }));
  if (entry.table && entry.table.length) parts.push(t("log.table_cards", { cards: listText(entry.table.map(cardName)) }));
  if (entry.trump_card) parts.push(t("log.trump_card", { card: cardName(entry.trump_card) }));
  return parts.join(" ");
}

/** One entry in the page's language. */
export function entryText(entry, gameType, ui) {
  switch (entry.kind) {
    case "hand_started":
      return handStartedText(entry, gameType, ui);
    case "previous_hand":
    case "hand_end":
      return summaryText(gameType, entry.record, ui);
    case "dealt_again":
      return entry.deck_count
        ? t("log.dealt_again", { count: entry.deck_count })
        : t("log.dealt_last");
    case "play":
      return entry.captured
        ? fishingPlayText(entry, ui)
        : ui.say("briscola.played", entry.seat, { card: cardName(entry.card) });
    case "leftovers":
      return ui.say("log.leftovers", entry.seat, { cards: listText(entry.cards.map(cardName)) });
    case "trick":
      return ui.say("briscola.won_trick", entry.winner, { count: entry.points });
    case "trump_drawn":
      return ui.say("log.trump_drawn", entry.seat, { card: cardName(entry.card) });
    case "bid":
      return ui.say(entry.forced ? "log.bid_forced" : "log.bid", entry.seat, { bid: bidText(entry) });
    case "pass":
      return ui.say("log.pass", entry.seat);
    case "auction_won":
      return ui.say("log.auction_won", entry.seat, { bid: bidText(entry), target: entry.target });
    case "call":
      return ui.say("log.call", entry.seat, { card: cardName(entry.card), suit: suitName(entry.trump_suit) });
    case "partner_revealed":
      return entry.alone || !hasSeat(entry.partner)
        ? ui.say("chiamata.alone", entry.caller)
        : ui.say("chiamata.is_partner", entry.partner);
    case "timeout":
      return hasSeat(entry.seat) ? ui.say("log.timeout", entry.seat) : t("log.timeout_hand_end");
    case "match_end":
      if (gameType === "briscola_chiamata") return `${t("table.game_over_said")} ${chiamataWinner(entry.winner, false)}`;
      return `${t("table.game_over_said")} ${entry.winner ? t("log.side_wins", { side: sideName(entry.winner, ui) }) : t("log.draw")}`;
    case "missed":
      return t("log.missed");
    case "seated":
      return ui.say("log.seated", entry.seat);
    case "left":
      // The seat is empty by now: the name is the one the log knew before the frame.
      return entry.name ? t("log.left", { name: entry.name }) : t("log.left_seat", { number: entry.seat + 1 });
    case "handed_over":
      return t("log.handed_over", { name: entry.name || t("table.seat", { number: entry.seat + 1 }) });
    case "rematch":
      return ui.say("log.rematch", entry.seat);
    case "rematch_ready":
      return t("log.rematch_ready");
    default:
      return "";
  }
}
