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
  createGame: (gameType, options) => request("POST", "/api/games", { game_type: gameType, options }),
  preview: (code) => request("GET", `/api/games/preview${query({ code })}`),
  join: (code) => request("POST", "/api/games/join", { code }),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  myGames: () => request("GET", "/api/me/games"),
  matches: (cursor, limit = 10) => request("GET", `/api/me/matches${query({ cursor, limit })}`),
  ratings: () => request("GET", "/api/me/ratings"),
  leaderboard: (gameType, page, focusMe) =>
    request("GET", `/api/leaderboard${query({ game_type: gameType, page, focus: focusMe ? "me" : "" })}`),
};
