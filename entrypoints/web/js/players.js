// How a player at a table is named on every screen of the table (seats, move log, end screen).
//
// The server names a computer player "Computer N" (N = its chair + 1) in every language and says its
// level apart ("easy", "normal"): the page shows both, the level in the page's language, so two
// computer players of different strength at one table are told apart.

import { t } from "./i18n.js";

const LEVELS = { easy: "seat.level_easy", normal: "seat.level_normal" };

/** A computer player's level in the page's language ("facile"); an unknown level as the server says it. */
export function levelName(level) {
  return LEVELS[level] ? t(LEVELS[level]) : String(level || "");
}

/**
 * A player's name in two parts: ``name``, and for a computer player ``level`` ("Computer 2", "facile"),
 * which the seats draw apart so that a narrow seat may break the line between them.
 */
export function nameParts(player) {
  if (!player.bot || !player.level) return { name: player.name, level: null };
  return { name: t("seat.computer_name", { number: (player.seat ?? 0) + 1 }), level: levelName(player.level) };
}

/** The name to show for ``player`` ({seat, name, bot, level?}, a view's ``players`` entry), or null. */
export function playerName(player) {
  if (!player) return null;
  const { name, level } = nameParts(player);
  return level ? `${name} · ${level}` : name;
}

/** The computer levels a creator may choose, in the order the server lists them. */
export const COMPUTER_LEVELS = Object.keys(LEVELS);
