// How a player is named on every screen: the table's seats, score line, move log and end screen, the
// lobby's tables, the history and the replay.
//
// The server names a computer player "Computer N" (N = its chair + 1) in every language and says its
// level apart ("easy", "normal"): the page shows both, the level in the page's language, so two
// computer players of different strength at one table are told apart. A live view's player says
// ``bot`` and ``level``; a finished match's (the history's, a record's) says ``bot`` (or
// ``details.bot``) and its account, ``bot:<level>:<chair>``, which carries the level.

import { t } from "./i18n.js";

const LEVELS = { easy: "seat.level_easy", normal: "seat.level_normal", hard: "seat.level_hard" };
const BOT_ACCOUNT = /^bot:([a-z_]+):(\d+)$/;

/** A computer player's level in the page's language ("facile"); an unknown level as the server says it. */
export function levelName(level) {
  return LEVELS[level] ? t(LEVELS[level]) : String(level || "");
}

/** Whether ``player`` is a computer player, by the flag its view or record carries. */
export function isComputer(player) {
  return Boolean(player && (player.bot || (player.details && player.details.bot)));
}

/** A computer player's level: the view's, else its account's (a finished match's record); null if unsaid. */
function computerLevel(player) {
  if (player.level) return player.level;
  const account = BOT_ACCOUNT.exec(String(player.user_id || ""));
  return account ? account[1] : null;
}

/** A computer player's chair: the view's seat, else its account's; null if unsaid. */
function computerChair(player) {
  if (Number.isInteger(player.seat)) return player.seat;
  const account = BOT_ACCOUNT.exec(String(player.user_id || ""));
  return account ? Number(account[2]) : null;
}

/**
 * A player's name in two parts: ``name``, and for a computer player ``level`` ("Computer 2", "facile"),
 * which the seats draw apart so that a narrow seat may break the line between them.
 */
export function nameParts(player) {
  const level = isComputer(player) ? computerLevel(player) : null;
  if (!level) return { name: player.name, level: null };
  const chair = computerChair(player);
  const name = chair === null ? player.name : t("seat.computer_name", { number: chair + 1 });
  return { name, level: levelName(level) };
}

/** The name to show for ``player`` (a view's ``players`` entry {seat, name, bot, level?}, or a record's), or null. */
export function playerName(player) {
  if (!player) return null;
  const { name, level } = nameParts(player);
  return level ? `${name} · ${level}` : name;
}

/** The computer levels every game type offers, should a game type not list its own. */
export const COMPUTER_LEVELS = ["easy", "normal"];
