// The move log's entries in words: each entry ({kind, seat, ...}, as movelog.js records them) as one
// sentence in the page's language. Worded when drawn, so a change of language words the whole log anew.
// The game's own entries, the start of a hand and a hand's summary (which the end of a match shows too,
// ./match_end.js) are worded by its table module (./families.js: logText, handText, winnerText); this
// module words what every game shares and the table's own life: who sat down or left, a player handed
// over to a computer, who wants a rematch.

import { t } from "./i18n.js";

/** Whether a seat is given (seat 0 is a seat). */
export function hasSeat(seat) {
  return seat !== null && seat !== undefined;
}

/** Whether ``view`` shows a hand being played (not the waiting room, a hand's end or the match's). */
export function inHand(view) {
  return !["lobby", "hand_end", "finished"].includes(view.phase);
}

/** Who won the match, in a sentence: the family's words, else the side (or a draw). */
function winnerText(winner, family, ui) {
  if (family.winnerText) return family.winnerText(winner, ui);
  return winner ? t("log.side_wins", { side: ui.shortSide(winner) }) : t("log.draw");
}

/** One entry in the page's language; ``family`` is the game's table module. A move made after a
 * suggestion (``entry.suggested``) says so at its end. */
export function entryText(entry, family, ui) {
  const text = plainText(entry, family, ui);
  return text && entry.suggested ? `${text} (${t("log.suggested_mark")})` : text;
}

function plainText(entry, family, ui) {
  switch (entry.kind) {
    case "previous_hand":
    case "hand_end":
      return family.handText(entry.record, ui);
    case "dealt_again":
      return entry.deck_count
        ? t("log.dealt_again", { count: entry.deck_count })
        : t("log.dealt_last");
    case "timeout":
      return hasSeat(entry.seat) ? ui.say("log.timeout", entry.seat) : t("log.timeout_hand_end");
    case "match_end":
      return `${t("table.game_over_said")} ${winnerText(entry.winner, family, ui)}`;
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
    case "suggested":
      return ""; // said on the seat's next move (entry.suggested), not on a line of its own
    default:
      // hand_started and the game's own moves
      return family.logText(entry, ui) || "";
  }
}
