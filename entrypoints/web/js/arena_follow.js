// Following an arena on a lobby socket (/ws/lobby, ./lobby_socket.js): the socket sends
// {"action": "arena", "arena_id"} at each (re)connection and gets the arena's page data as it changes
// ({"type": "arena"}) and, once per table the pairing seats its player at, {"type": "arena_table",
// "game_id"}. While a page follows, its player counts as present: a waiting player whose pages are all
// gone is paused after a while.
//
// The arena's page (./arena.js) follows to draw the standings live and goes to each new table; an arena
// game's table (./table.js) follows so that its player stays present and, once THIS match is over, goes
// on to the next table (``ArenaGames``): never in the middle of a match. The arena games this page has
// shown are remembered (``sawArenaGame``): the arena's page opened from a game under way does not send
// the player straight back to it.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { LobbySocket } from "./lobby_socket.js";

/** How long the end of a match stays on the screen once the arena has the player's next table. */
const NEXT_GAME_MS = 3000;

const seen = new Set();

/** Whether this page has shown the arena game ``gameId`` (its table was open here). */
export function sawArenaGame(gameId) {
  return seen.has(gameId);
}

/**
 * A lobby socket following ``arenaId``: ``onArena(view)`` for each of its page data, ``onTable(gameId)``
 * for each table its player is seated at, ``onStatus(status)`` as the socket's. Close it to stop.
 */
export function followArena(arenaId, { onArena = () => {}, onTable = () => {}, onStatus = () => {} } = {}) {
  const socket = new LobbySocket({
    onOpen: () => socket.send({ action: "arena", arena_id: arenaId }),
    onStatus,
    onMessage: (message) => {
      if (message.type === "arena" && message.arena && message.arena.id === arenaId) onArena(message.arena);
      else if (message.type === "arena_table" && message.arena_id === arenaId && message.game_id) {
        onTable(message.game_id);
      }
    },
  });
  return socket;
}

/** An arena game's table page and its arena: ``table`` is the table's controller (./table.js). */
export class ArenaGames {
  constructor(table) {
    this.table = table;
    this.socket = null;
    this.next = null; // the player's next table in the arena, once the arena has seated them
    this.timer = null;
  }

  /** A view of the table: an arena game's page follows its arena (once) and may now go on. */
  onView(view) {
    if (!view || !view.arena || this.table.destroyed) return;
    seen.add(this.table.gameId);
    if (!this.socket) this.socket = followArena(view.arena, { onTable: (gameId) => this.ready(gameId) });
    this.check(false);
  }

  ready(gameId) {
    if (gameId === this.table.gameId || seen.has(gameId) || this.table.destroyed) return;
    this.next = gameId;
    this.check(true);
  }

  /** Whether this page may leave its table: its match is over, or it only watches. */
  free() {
    const view = this.table.view;
    return Boolean(view && (view.spectator || view.phase === "finished" || this.table.gameOver));
  }

  /** Go on to the next table once there is one and this match is over (after a moment to see the end). */
  check(redraw = true) {
    if (!this.next || this.timer || !this.free() || this.table.destroyed) return;
    const next = this.next;
    const wait = this.table.view.spectator ? 0 : NEXT_GAME_MS;
    this.timer = setTimeout(() => {
      if (!this.table.destroyed) this.table.ctx.navigate(`#/game/${next}`);
    }, wait);
    this.table.announce(t("arena.next_game"));
    if (redraw) this.table.render();
  }

  /** The line the end of the match shows while the next table waits; null before that. */
  notice() {
    if (!this.timer || !this.next) return null;
    return h("p", { class: "arena-next", role: "status", testid: "arena-next" }, t("arena.next_game"), " ",
      h("a", { href: `#/game/${this.next}`, testid: "arena-next-game", dataset: { action: "arena-next-game" } },
        t("arena.go_now")));
  }

  destroy() {
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
    this.socket = null;
  }
}
