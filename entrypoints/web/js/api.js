// REST calls to the tavolo server. Errors come back as {code, message}; they are thrown as ApiError,
// whose text for people comes from i18n.js's errorText() (by code; the server's message is the fallback).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || "");
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, "network", "");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, data && data.code, data && data.message);
  }
  return data;
}

function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const api = {
  me: () => request("GET", "/api/me"),
  providers: () => request("GET", "/api/auth/providers"),
  guestLogin: (name) => request("POST", "/auth/guest", { name }),
  logout: () => request("POST", "/auth/logout"),
  gameTypes: () => request("GET", "/api/game-types"),
  /** ``choices``: {public, rated, turn_time} (each optional: the server's defaults otherwise). */
  createGame: (gameType, options, choices = {}) =>
    request("POST", "/api/games", { game_type: gameType, options, ...choices }),
  /** A table with computer players in every other seat, its match started at once. */
  playComputer: (gameType, level, options = {}, turnTime = null) =>
    request("POST", "/api/games/computer", { game_type: gameType, level, options, turn_time: turnTime }),
  openTables: (gameType = null) => request("GET", `/api/games/open${query({ game_type: gameType })}`),
  preview: (code) => request("GET", `/api/games/preview${query({ code })}`),
  join: (code) => request("POST", "/api/games/join", { code }),
  /** Sit down at a table from its link: ``code`` for a private one, ``seat`` to choose the chair. */
  takeSeat: (id, { code = null, seat = null } = {}) => {
    const body = {};
    if (code) body.code = code;
    if (seat !== null && seat !== undefined) body.seat = seat;
    return request("POST", `/api/games/${encodeURIComponent(id)}/join`, body);
  },
  /** Leave: before the match the seat frees; during it a computer player takes it over. */
  leave: (id) => request("POST", `/api/games/${encodeURIComponent(id)}/leave`, {}),
  addBot: (id, level, seat = null) => request("POST", `/api/games/${encodeURIComponent(id)}/bots`,
    seat === null || seat === undefined ? { level } : { level, seat }),
  removeBot: (id, seat) => request("DELETE", `/api/games/${encodeURIComponent(id)}/bots/${seat}`),
  rematch: (id) => request("POST", `/api/games/${encodeURIComponent(id)}/rematch`, {}),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  myGames: () => request("GET", "/api/me/games"),
  matches: (cursor, limit = 10, gameType = null) =>
    request("GET", `/api/me/matches${query({ cursor, limit, game_type: gameType })}`),
  ratings: () => request("GET", "/api/me/ratings"),
  leaderboard: (gameType, page, focusMe) =>
    request("GET", `/api/leaderboard${query({ game_type: gameType, page, focus: focusMe ? "me" : "" })}`),
  // Arenas (./arena.js, ./lobby_arenas.js): the public ones, one arena's page, and what a player does in it.
  arenas: () => request("GET", "/api/arenas"),
  /** ``body``: {name, game_type, minutes, starts_at?, turn_time?, options?, public?, berserk?}. */
  createArena: (body) => request("POST", "/api/arenas", body),
  arena: (id) => request("GET", `/api/arenas/${encodeURIComponent(id)}`),
  joinArena: (id, berserk = false) => request("POST", `/api/arenas/${encodeURIComponent(id)}/join`, { berserk }),
  pauseArena: (id) => request("POST", `/api/arenas/${encodeURIComponent(id)}/pause`, {}),
  leaveArena: (id) => request("POST", `/api/arenas/${encodeURIComponent(id)}/leave`, {}),
  myArenas: () => request("GET", "/api/me/arenas"),
};
