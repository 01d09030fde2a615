// What the player chose last in the lobby's panels (the game, the computer's level, the turn time,
// the match length per game type (./lobby_length.js), a new table's public or private and rated or
// casual), kept in this browser's localStorage so a returning player finds the table they play, not
// the server's first game. A choice is remembered when it is used (a match started, a seek, a table
// opened) and offered again only while the server still offers it.

const PREFIX = "tavolo.lobby.";

/** The remembered value of ``key`` ("computer-game" …), or null (none, or storage disabled). */
export function remembered(key) {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/** Remember ``value`` (a string) under ``key``; nothing happens where storage is disabled. */
export function remember(key, value) {
  try {
    localStorage.setItem(PREFIX + key, String(value));
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
}

/** The remembered game type when the server still lists it, else the first it lists. */
export function rememberedGame(key, types) {
  const kept = remembered(key);
  if (types.some((type) => type.id === kept)) return kept;
  return types.length ? types[0].id : null;
}
