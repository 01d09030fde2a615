// The fishing games in the move log: a play (a discard, a capture, a scopa, an asso pigliatutto's sweep),
// the cards left on the table at the end of a hand, the start of a hand, a hand's summary, and the
// review of the last capture.

import { cardName } from "/web/js/cards.js";
import { t, listText } from "/web/js/i18n.js";

/** A play in words: a discard, a capture, a scopa, an asso pigliatutto's sweep. */
export function playText(play, ui) {
  const card = cardName(play.card);
  const captured = play.captured || [];
  if (!captured.length) return ui.say("fishing.played", play.seat, { card });
  const taken = listText(captured.map(cardName));
  if (play.sweep) return ui.say("fishing.log.sweep", play.seat, { card, taken });
  return ui.say(play.scopa ? "fishing.scopa" : "fishing.took", play.seat, { card, taken });
}

export function logEntry(event) {
  if (event.kind === "play") {
    const { kind, seat, card, captured, scopa, sweep } = event;
    return { kind, seat, card, captured, scopa, sweep };
  }
  if (event.kind === "leftovers" && (event.cards || []).length) {
    return { kind: event.kind, seat: event.seat, cards: event.cards };
  }
  return null;
}

export function logText(entry, ui) {
  switch (entry.kind) {
    case "hand_started": {
      const parts = [ui.say("fishing.log.hand_started", entry.dealer, { number: entry.hand_number })];
      if (entry.void_deals) parts.push(t("fishing.log.void_deals", { count: entry.void_deals }));
      if ((entry.table || []).length) {
        parts.push(t("fishing.log.table_cards", { cards: listText(entry.table.map(cardName)) }));
      }
      return parts.join(" ");
    }
    case "play":
      return playText(entry, ui);
    case "leftovers":
      return ui.say("fishing.log.leftovers", entry.seat, { cards: listText(entry.cards.map(cardName)) });
    default:
      return "";
  }
}

/** The cards on the table as the hand was dealt, or null once a card was played. */
export function handStart(view) {
  return view.last_play ? null : { table: view.table || [] };
}

/** A hand in one sentence: each side's points, and the match's score. */
export function handText(record, ui) {
  const sides = Object.entries(record.sides || {}).map(([side, detail]) =>
    t("fishing.log.side_points", { side: ui.shortSide(side), count: detail.total }));
  const scores = Object.entries(record.scores || {}).map(([side, points]) => `${ui.shortSide(side)} ${points}`);
  return t("fishing.log.hand_summary", {
    number: record.hand_number, sides: listText(sides), scores: scores.join(", "),
  });
}

/** A scopa or a sweep stands out in the log. */
export function notable(entry) {
  return entry.kind === "play" && Boolean(entry.scopa || entry.sweep);
}

/** The newest capture of the hand: the view's last play if it took, else the log's. */
function lastCapture(view, entries) {
  const last = view.last_play;
  if (last && (last.captured || []).length) return last;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry.kind === "play" && (entry.captured || []).length) return entry;
    if (entry.kind === "hand_started" || entry.kind === "previous_hand") break;
  }
  return null;
}

/** The last capture face up: the card played, then what it took from the table. */
export function review(view, entries, ui) {
  const play = lastCapture(view, entries);
  return {
    label: t("fishing.log.last_capture"),
    shown: play && {
      text: playText(play, ui),
      cards: [
        { card: play.card, caption: ui.name(play.seat), highlight: true },
        ...(play.captured || []).map((card) => ({ card, caption: t("fishing.log.from_table") })),
      ],
    },
  };
}
