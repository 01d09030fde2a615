// Rubamazzo in the move log: a play (laid on the table, a capture, a steal), the cards left on the
// table at the end of a hand, the start of a hand, a hand's summary, and the review of the last take.

import { cardName } from "/web/js/cards.js";
import { t, listText } from "/web/js/i18n.js";

const LABELS = "ABCD";

/** The seat a side label of a hand record names ("A" is seat 0). */
export function seatOf(label) {
  return LABELS.indexOf(label);
}

/** A play in words: a card laid on the table, a capture, or a steal (said to its victim as such). */
export function playText(play, ui) {
  const card = cardName(play.card);
  const captured = play.captured || [];
  if (play.stolen_from !== null && play.stolen_from !== undefined) {
    const count = play.stolen || 0;
    if (ui.isMe(play.stolen_from)) {
      return t("rubamazzo.log.stole_yours", { name: ui.plainName(play.seat), count, card });
    }
    return ui.say("rubamazzo.log.stole", play.seat, { victim: ui.plainName(play.stolen_from), count, card });
  }
  if (captured.length) {
    return ui.say("rubamazzo.log.captured", play.seat, { card, taken: listText(captured.map(cardName)) });
  }
  return ui.say("rubamazzo.log.played", play.seat, { card });
}

export function logEntry(event) {
  if (event.kind === "play") {
    const { kind, seat, card, captured, stolen_from: stolenFrom, stolen } = event;
    return { kind, seat, card, captured, stolen_from: stolenFrom, stolen };
  }
  if (event.kind === "leftovers" && (event.cards || []).length) {
    return { kind: event.kind, seat: event.seat, cards: event.cards };
  }
  return null;
}

export function logText(entry, ui) {
  switch (entry.kind) {
    case "hand_started": {
      const parts = [ui.say("rubamazzo.log.hand_started", entry.dealer, { number: entry.hand_number })];
      if ((entry.table || []).length) {
        parts.push(t("rubamazzo.log.table_cards", { cards: listText(entry.table.map(cardName)) }));
      }
      return parts.join(" ");
    }
    case "play":
      return playText(entry, ui);
    case "leftovers":
      return ui.say("rubamazzo.log.leftovers", entry.seat, { cards: listText(entry.cards.map(cardName)) });
    default:
      return "";
  }
}

/** The cards on the table as the hand was dealt, or null once a card was played. */
export function handStart(view) {
  return view.last_play ? null : { table: view.table || [] };
}

/** Each seat's cards of a record's ``counts`` (keyed by side label), in one line. */
export function countsText(counts, ui) {
  return listText(Object.entries(counts || {}).map(([label, count]) =>
    t("rubamazzo.log.count_of", { name: ui.name(seatOf(label)), count })));
}

/** A hand in one sentence: each seat's cards, and whether another hand must decide. */
export function handText(record, ui) {
  const key = record.tie ? "rubamazzo.log.hand_summary_tie" : "rubamazzo.log.hand_summary";
  return t(key, { number: record.hand_number, counts: countsText(record.captured_counts, ui) });
}

/** A steal stands out in the log. */
export function notable(entry) {
  return entry.kind === "play" && entry.stolen_from !== null && entry.stolen_from !== undefined;
}

function took(play) {
  return (play.captured || []).length > 0 || (play.stolen_from !== null && play.stolen_from !== undefined);
}

/** The newest take of the hand: the view's last play if it took, else the log's. */
function lastTake(view, entries) {
  const last = view.last_play;
  if (last && took(last)) return last;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry.kind === "play" && took(entry)) return entry;
    if (entry.kind === "hand_started" || entry.kind === "previous_hand") break;
  }
  return null;
}

/** The last take face up: the card played, then the table card it captured or the pile it stole. */
export function review(view, entries, ui) {
  const play = lastTake(view, entries);
  const taken = !play ? [] : (play.captured || []).map((card) => ({ card, caption: t("rubamazzo.log.from_table") }));
  return {
    label: t("rubamazzo.log.last_take"),
    shown: play && {
      text: playText(play, ui),
      cards: [{ card: play.card, caption: ui.name(play.seat), highlight: true }, ...taken],
    },
  };
}
