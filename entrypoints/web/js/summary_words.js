// How the lobby says a table: its game, its options, who sits where, its turn time, rated or casual.
// Shared by the lobby's lists, the join-by-code preview and the invitation page.

import { t, has } from "./i18n.js";
import { playerName } from "./players.js";
import { familyKey } from "./families.js";

/** The key of ``word`` in the game's family's words, else in the shared dictionary, else null. */
function wordKey(gameType, word) {
  const own = gameType ? familyKey(gameType, word) : null;
  if (own) return own;
  return has(word) ? word : null;
}

/**
 * An option's label: the game family's word, else the shared dictionary's, else its key made readable
 * (an option this page does not know).
 */
export function optionLabel(key, gameType = null) {
  const found = wordKey(gameType, `option.${key}`);
  if (found) return t(found);
  const text = key.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function optionHint(key, schema, gameType = null) {
  const found = wordKey(gameType, `option.${key}.hint`);
  return found ? t(found) : schema.description;
}

/** "Target score: 61 · Asso pigliatutto: on" (empty when the game has no options). */
export function optionsSummary(options, gameType = null) {
  return Object.entries(options || {}).map(([key, value]) => t("lobby.option_value", {
    option: optionLabel(key, gameType),
    value: value === true ? t("lobby.on") : value === false ? t("lobby.off") : value,
  })).join(" · ");
}

/** A game in a line: its family's words about it, else the server's description; and its players. */
export function gameAbout(type) {
  const about = familyKey(type.id, `about.${type.id}`);
  const description = about ? t(about) : type.description;
  return t("lobby.about", { description, players: t("lobby.players_count", { count: type.seats }) });
}

export function statusText(status) {
  return has(`status.${status}`) ? t(`status.${status}`) : status;
}

/** "15 seconds" — a turn time, or a wait, in whole seconds. */
export function secondsText(seconds) {
  const count = Math.round(Number(seconds));
  return t("lobby.seconds", { count });
}

/** "30 seconds per move"; null when the table does not say (the server's default applies). */
export function turnTimeText(seconds) {
  return seconds ? t("lobby.turn_time_summary", { time: secondsText(seconds) }) : null;
}

/** One seat: the player's name (a computer player's with its level, as at the table), or "free". */
export function seatText(player) {
  return player ? playerName(player) : t("lobby.seat_free");
}

/** "Anna, free" — every seat in order (an empty one says "free", not a dash). */
export function playerNames(players) {
  return (players || []).map(seatText).join(", ");
}

/**
 * The table's join code where someone can still use it: while it waits in its lobby with a seat free for a
 * person. A table against the computer (every other seat taken by one), a match started or over: null.
 */
export function openJoinCode(table) {
  if (!table || !table.join_code) return null;
  const phase = table.phase || table.status;
  return phase === "lobby" && table.seats_open > 0 ? table.join_code : null;
}

export function ratedText(rated) {
  return rated ? t("lobby.rated") : t("lobby.casual");
}

/** A game type's turn times as select choices ("15 seconds", ...). */
export function turnTimeChoices(type) {
  return (type.turn_times || []).map((seconds) => ({ value: seconds, text: secondsText(seconds) }));
}

/** The game types as select choices (their names are the games' own, Italian in every language). */
export function gameChoices(types) {
  return types.map((type) => ({ value: type.id, text: type.name }));
}
