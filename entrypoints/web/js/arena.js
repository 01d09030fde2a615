// The arena's page (#/arena/<id>), for guests and players with an account alike: its name, game, status
// and clock, its scoring rules in two lines; the player's own line (rank, points, "on fire") with the
// buttons their status allows (join, with berserk where the arena allows it; pause; leave); once it is
// over, its podium; the standings; and the games in progress, each to watch.
//
// The page reads the arena once (GET /api/arenas/<id>), then follows it on a lobby socket
// (./arena_follow.js): every change of the standings draws the page anew, and a table the arena seats
// the player at opens at once (#/game/<id>), unless this page came from it. The clock ticks on the
// server's time (./arena_words.js). A press on a button that such a drawing replaces still counts
// (./steady_click.js).
//
// The server works out the standings at most every half second (SHARED_FRESH_S) and sends them at most
// every second, while its answer to a join or a pause has the player's own line as it is now: a frame
// that may have been worked out before that answer (its ``server_time`` within half a second of the
// answer's) keeps the answer's line, so the buttons never flip back. A player who pauses or leaves during their own game is still "playing" until it ends: the page
// says what comes after it.

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { errorBox, showError } from "./form_parts.js";
import { followArena, sawArenaGame } from "./arena_follow.js";
import { steadyClicks } from "./steady_click.js";
import {
  arenaClock, arenaFacts, fireMark, noteArena, playerStatus, pointsText, statusBadge, tickClocks,
} from "./arena_words.js";

const COME_BACK = new Set(["paused", "left", "idle"]); // a joined player in these may join again
const IN_PLAY = new Set(["waiting", "playing"]);       // ... and in these may pause
const SHARED_FRESH_S = 0.5; // how long the server keeps an arena's shared view before working it out anew

/** The page's data as it matters to a drawing: without the clock's fields, which change every time. */
function drawnKey(view) {
  return JSON.stringify({ ...view, server_time: 0, seconds_left: 0 });
}

class ArenaPage {
  constructor(root, ctx, arenaId) {
    this.ctx = ctx;
    this.id = arenaId;
    this.view = null;
    this.drawn = null;
    this.busy = false;
    this.berserk = false; // the Berserk box, kept over redraws (ticked at first as the player last chose)
    this.answered = null; // {you, until}: the player's line as the last answer gave it, and how long it holds
    this.after = null;    // "paused" / "left": asked during the player's own game, for after it
    this.destroyed = false;
    this.socket = null;
    this.error = errorBox("arena-error");
    this.note = h("p", { class: "connection", role: "status", testid: "arena-connection", hidden: true });
    this.el = h("section", { class: "arena-view", testid: "arena", "aria-labelledby": "arena-title" },
      h("p", {}, t("arena.loading")));
    root.append(this.el);
    this.stopClicks = steadyClicks(this.el);
    this.ticker = setInterval(() => tickClocks(this.el), 1000);
    this.start();
  }

  async start() {
    let view;
    try {
      view = await api.arena(this.id);
    } catch (error) {
      if (this.destroyed) return;
      fill(this.el, h("h1", { id: "arena-title" }, t("arena.unavailable")),
        h("p", { class: "error", role: "alert", testid: "arena-unavailable" }, errorText(error, "arena")),
        h("a", { class: "button", href: "#/", dataset: { action: "back" } }, t("table.back")));
      return;
    }
    if (this.destroyed) return;
    this.berserk = Boolean(view.you.berserk); // the choice the player made last time, as the server has it
    this.answered = { you: view.you, until: view.server_time + SHARED_FRESH_S };
    this.apply(view);
    this.socket = followArena(this.id, {
      onArena: (next) => this.apply(next),
      onTable: (gameId) => {
        if (!sawArenaGame(gameId) && !this.destroyed) this.ctx.navigate(`#/game/${gameId}`);
      },
      onStatus: (status) => {
        this.note.textContent = status === "reconnecting" ? t("arena.live_lost") : "";
        this.note.hidden = !this.note.textContent;
      },
    });
  }

  destroy() {
    this.destroyed = true;
    clearInterval(this.ticker);
    this.stopClicks();
    if (this.socket) this.socket.close();
  }

  apply(view) {
    if (this.destroyed) return;
    noteArena(view);
    if (this.answered && view.server_time < this.answered.until) view = { ...view, you: this.answered.you };
    else this.answered = null;
    if (!view.you || view.you.status !== "playing") this.after = null;
    this.view = view;
    const key = drawnKey(view);
    if (key === this.drawn) return;
    this.drawn = key;
    this.render();
  }

  /** Join, pause or leave: the page shows the arena as the server answers; a refusal shows under the buttons. */
  async act(call, after = null) {
    if (this.busy) return;
    this.busy = true;
    showError(this.error, null);
    this.render();
    try {
      const view = await call();
      this.busy = false;
      this.drawn = null;
      this.answered = { you: view.you, until: view.server_time + SHARED_FRESH_S };
      this.after = after && view.you && view.you.status === "playing" ? after : null;
      this.apply(view);
    } catch (error) {
      this.busy = false;
      if (this.destroyed) return;
      this.render();
      showError(this.error, error, "arena");
    }
  }

  render() {
    const view = this.view;
    if (!view || this.destroyed) return;
    const focused = this.el.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    const finished = view.status === "finished";
    this.el.classList.toggle("finished", finished);
    this.el.dataset.status = view.status;
    fill(this.el,
      this.head(view),
      this.note,
      finished ? this.podium(view) : null,
      this.yourLine(view),
      this.standings(view),
      // The games under way: none before the start; after the end, only while some still go on.
      view.status === "running" || (finished && (view.tables || []).length) ? this.tables(view) : null);
    tickClocks(this.el);
    if (focused) this.el.querySelector(`[data-testid="${focused}"]`)?.focus();
  }

  head(view) {
    return h("header", { class: "panel arena-head", testid: "arena-head" },
      h("div", { class: "arena-title-line" },
        h("h1", { id: "arena-title", testid: "arena-name" }, view.name),
        statusBadge(view.status)),
      h("p", { class: "arena-clock-line" }, arenaClock(view)),
      h("p", { class: "hint", testid: "arena-facts" }, arenaFacts(view)),
      h("p", { class: "arena-rules", testid: "arena-rules" },
        t("arena.rules"), view.berserk ? [" ", t("arena.rules_berserk")] : null));
  }

  /** The player's own line, what they are doing, and the buttons their status allows. */
  yourLine(view) {
    const you = view.you || { joined: false, points: 0 };
    const over = view.status === "finished";
    const status = you.joined ? you.status : null;
    const after = status === "playing" ? this.after : null; // paused or left, once this game is over
    const canJoin = !over && (!you.joined || COME_BACK.has(status) || Boolean(after));
    const canPause = !over && IN_PLAY.has(status) && !after;
    const canLeave = !over && you.joined && status !== "left" && after !== "left";
    let doing;
    if (over) doing = t(you.joined ? "arena.you.done" : "arena.you.over");
    else if (!you.joined) doing = t("arena.you.not_joined");
    else if (after) doing = t(`arena.you.${after}_after`);
    else if (status === "waiting" && view.status === "upcoming") doing = t("arena.you.waiting_start");
    else doing = t(`arena.you.${status}`);
    const berserk = view.berserk && canJoin
      ? h("div", { class: "field check arena-berserk" },
        h("input", {
          type: "checkbox", id: "arena-berserk-join", testid: "arena-berserk", checked: this.berserk,
          "aria-describedby": "arena-berserk-hint", onchange: (event) => { this.berserk = event.currentTarget.checked; },
        }),
        h("label", { for: "arena-berserk-join" }, t("arena.berserk")),
        h("small", { class: "hint", id: "arena-berserk-hint" }, t("arena.berserk_hint")))
      : null;
    const button = (testid, text, call, primary = false, after = null) => h("button", {
      type: "button", class: primary ? "primary" : "", testid, dataset: { action: testid }, disabled: this.busy,
      onclick: () => this.act(call, after),
    }, text);
    return h("section", { class: "panel arena-you", testid: "arena-you", "aria-labelledby": "arena-you-title" },
      h("h2", { id: "arena-you-title" }, t("arena.you.title")),
      you.joined ? h("p", { class: "arena-you-line", testid: "arena-you-line" },
        you.rank ? h("strong", { testid: "arena-you-rank" }, t("arena.you.rank", { rank: you.rank })) : null,
        you.rank ? " · " : null,
        h("span", { testid: "arena-you-points" }, pointsText(you.points)),
        you.on_fire ? [" ", fireMark("arena-you-on-fire")] : null) : null,
      h("p", { class: "arena-doing", testid: "arena-you-status", dataset: { status: status || "" } }, doing),
      you.game_id ? h("p", {}, h("a", {
        class: "button primary", href: `#/game/${encodeURIComponent(you.game_id)}`, testid: "arena-your-game",
        dataset: { action: "arena-your-game" },
      }, t("arena.to_game"))) : null,
      berserk,
      canJoin || canPause || canLeave ? h("div", { class: "row arena-actions" },
        canJoin ? button("arena-join", t(you.joined ? "arena.join_again" : "arena.join"),
          () => api.joinArena(this.id, Boolean(view.berserk && this.berserk)), true) : null,
        canPause ? button("arena-pause", t("arena.pause"), () => api.pauseArena(this.id), false, "paused")
          : null,
        canLeave ? button("arena-leave", t("arena.leave"), () => api.leaveArena(this.id), false, "left")
          : null) : null,
      this.error);
  }

  standings(view) {
    const me = this.ctx.me && this.ctx.me.user_id;
    const rows = view.standings || [];
    const body = rows.length ? rows.map((row) => {
      const mine = row.user_id === me;
      return h("tr", {
        class: mine ? "me" : "", "aria-current": mine ? "true" : null, testid: "standing-row",
        dataset: { userId: row.user_id, status: row.status, rank: String(row.rank) },
      },
      h("td", { class: "num", testid: "standing-rank" }, String(row.rank)),
      h("th", { scope: "row", class: "standing-player" },
        h("span", { class: "standing-name", testid: "standing-name" }, row.name),
        row.on_fire ? [" ", fireMark("standing-on-fire")] : null,
        // On a narrow screen the status goes under the name, its column hidden (app.css).
        h("span", { class: "standing-doing", "aria-hidden": "true" }, playerStatus(row.status))),
      h("td", { class: "num", testid: "standing-points" }, String(row.points)),
      h("td", { class: "num", testid: "standing-games" }, String(row.games)),
      h("td", { class: "standing-status", testid: "standing-status" }, playerStatus(row.status)));
    }) : h("tr", {}, h("td", { colspan: 5, class: "empty" }, t("arena.standings.empty")));
    const total = view.players ?? rows.length;
    return h("section", {
      class: "panel arena-standings-panel", testid: "arena-standings", "aria-labelledby": "arena-standings-title",
    },
    h("h2", { id: "arena-standings-title" }, t("arena.standings")),
    total > rows.length ? h("p", { class: "hint", testid: "standings-cut" },
      t("arena.standings.first", { count: rows.length, total })) : null,
    h("table", { class: "data arena-standings", testid: "standings-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", class: "num" }, t("arena.col.rank")),
        h("th", { scope: "col" }, t("arena.col.player")),
        h("th", { scope: "col", class: "num" }, t("arena.col.points")),
        h("th", { scope: "col", class: "num" }, t("arena.col.games")),
        h("th", { scope: "col", class: "standing-status" }, t("arena.col.status")))),
      h("tbody", {}, body)));
  }

  tables(view) {
    const tables = view.tables || [];
    return h("section", { class: "panel arena-tables-panel", testid: "arena-tables", "aria-labelledby": "arena-tables-title" },
      h("h2", { id: "arena-tables-title" }, t("arena.tables")),
      tables.length ? h("ul", { class: "arena-tables" }, tables.map((table) => {
        const names = table.players.map((name, seat) => h("span", { class: "arena-table-player" }, name,
          (table.berserk || []).includes(seat) ? [" ", h("span", { class: "badge berserk" }, t("arena.berserk_mark"))] : null));
        return h("li", { class: "arena-table", testid: "arena-table", dataset: { gameId: table.game_id } },
          h("p", { class: "arena-table-players" }, names.map((name, index) => [index ? " – " : null, name])),
          h("a", {
            class: "button", href: `#/game/${encodeURIComponent(table.game_id)}`, testid: "arena-watch",
            "aria-label": t("arena.watch_game", { names: table.players.join(", ") }),
            dataset: { action: `watch-${table.game_id}` },
          }, t("arena.watch")));
      })) : h("p", { class: "hint", testid: "arena-no-tables" }, t("arena.tables.empty")));
  }

  podium(view) {
    const places = view.podium || [];
    return h("section", { class: "panel arena-podium-panel", testid: "arena-podium", "aria-labelledby": "arena-podium-title" },
      h("h2", { id: "arena-podium-title" }, t("arena.podium")),
      places.length ? h("ol", { class: "podium" }, places.map((row) => h("li", {
        class: `podium-place place-${row.rank}`, testid: "podium-place", dataset: { rank: String(row.rank) },
      },
      h("span", { class: "medal" }, t(`arena.place.${Math.min(Math.max(row.rank, 1), 3)}`)),
      h("span", { class: "podium-who" },
        h("strong", { class: "podium-name", testid: "podium-name" }, row.name), " ",
        h("span", { class: "podium-points", testid: "podium-points" }, pointsText(row.points))))))
        : h("p", { class: "hint", testid: "arena-podium-empty" }, t("arena.podium.empty")));
  }
}

export function mountArena(root, ctx, arenaId) {
  const page = new ArenaPage(root, ctx, arenaId);
  return () => page.destroy();
}
