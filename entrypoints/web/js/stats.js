// Match history (cursor paging, rated or casual, a link to the replay of a match that has a record),
// the caller's ratings, the arenas they played (./stats_arenas.js), and the leaderboards (pages,
// "find me"), opening on the game of the caller's last match.

import { api } from "./api.js";
import { h, clear, fill } from "./dom.js";
import { t, dateTime, errorText } from "./i18n.js";
import { playerName } from "./players.js";
import { arenasSection } from "./stats_arenas.js";

function ratingsSection(names) {
  const body = h("tbody", {}, h("tr", {}, h("td", { colspan: 4 }, t("shell.loading"))));
  api.ratings().then(({ ratings }) => {
    clear(body);
    if (!ratings.length) body.append(h("tr", {}, h("td", { colspan: 4 }, t("stats.no_ratings"))));
    for (const r of ratings) {
      body.append(h("tr", { testid: "rating-row", dataset: { gameType: r.game_type } },
        h("th", { scope: "row" }, names[r.game_type] || r.game_type), h("td", {}, String(r.rating)),
        h("td", {}, String(r.matches)), h("td", {}, String(r.wins))));
    }
  }).catch((error) => { fill(body, h("tr", {}, h("td", { colspan: 4, class: "error" }, errorText(error)))); });
  return h("section", { class: "panel", testid: "ratings" }, h("h2", {}, t("stats.ratings")),
    h("table", { class: "data" }, h("thead", {}, h("tr", {}, h("th", {}, t("stats.game")), h("th", {}, t("stats.elo")),
      h("th", {}, t("stats.matches")), h("th", {}, t("stats.wins")))), body));
}

/** Rated or casual, and for a rated match the player's rating before and after it ("1500 → 1516"). */
function ratingWords(match, mine) {
  // Its own class, not .badge: a row's .badge is the won/lost one.
  const badge = h("span", { class: `kind ${match.rated ? "rated" : "casual"}`, testid: "history-rated" },
    match.rated ? t("stats.rated") : t("stats.casual"));
  if (!match.rated || !mine || mine.rating_before === null || mine.rating_after === null) return [" ", badge];
  const delta = mine.elo_delta;
  return [" ", badge, " ",
    h("span", { class: "delta", testid: "history-rating" },
      t("stats.rating_change", { before: mine.rating_before, after: mine.rating_after }),
      ` (${t("stats.delta", { delta: `${delta >= 0 ? "+" : ""}${delta}` })})`)];
}

/** The link to a match's replay (#/replay/<id>), when the server kept its record; else nothing. */
function replayLink(match, name) {
  if (!match.record) return null;
  return [" ", h("a", { class: "replay-link", href: `#/replay/${encodeURIComponent(match.id)}`, testid: "history-replay" },
    t("stats.replay"),
    h("span", { class: "sr-only" }, ` ${t("stats.replay_of", { game: name, date: dateTime(match.finished_at) })}`))];
}

function historySection(names, me) {
  const list = h("ol", { class: "history", testid: "history" });
  const more = h("button", { type: "button", testid: "history-more", hidden: true }, t("stats.older"));
  let cursor = null;
  const load = async () => {
    more.disabled = true;
    try {
      const page = await api.matches(cursor);
      if (!cursor && !page.matches.length) list.append(h("li", { class: "empty" }, t("stats.no_history")));
      for (const match of page.matches) {
        const mine = match.players.find((p) => me && p.user_id === me.user_id);
        list.append(h("li", {
          testid: "history-row", class: mine && mine.won ? "won" : "lost",
          dataset: { gameType: match.game_type, rated: String(Boolean(match.rated)) },
        },
          h("strong", {}, names[match.game_type] || match.game_type), " ",
          mine ? h("span", { class: `badge ${mine.won ? "won" : "lost"}` }, mine.won ? t("stats.won") : t("stats.lost")) : null,
          ratingWords(match, mine),
          replayLink(match, names[match.game_type] || match.game_type),
          h("div", { class: "hint" }, h("span", { testid: "history-ended" }, t("stats.ended", { date: dateTime(match.finished_at) })), " · ",
            match.players.map((p) => t("stats.player_points", { name: playerName(p), points: p.points })).join(", "))));
      }
      cursor = page.next_cursor;
      more.hidden = !cursor;
    } catch (error) {
      list.append(h("li", { class: "error" }, errorText(error)));
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener("click", load);
  load();
  return h("section", { class: "panel", testid: "match-history" }, h("h2", {}, t("stats.history")), list, more);
}

/** ``first``: the game type the board opens on (that of the player's last match). */
function leaderboardSection(types, first) {
  const select = h("select", { id: "board-type", testid: "leaderboard-type" },
    types.map((t) => h("option", { value: t.id }, t.name)));
  if (first && types.some((type) => type.id === first)) select.value = first;
  const body = h("tbody", {});
  const pager = h("div", { class: "row pager" });
  const state = { page: 1 };
  const load = async (page, focusMe = false) => {
    try {
      const board = await api.leaderboard(select.value, page, focusMe);
      state.page = board.page;
      clear(body);
      if (!board.entries.length) body.append(h("tr", {}, h("td", { colspan: 5 }, t("stats.nobody"))));
      for (const e of board.entries) {
        const mine = board.me && board.me.rank === e.rank;
        body.append(h("tr", { testid: "leaderboard-row", class: mine ? "me" : "", "aria-current": mine ? "true" : null },
          h("td", {}, String(e.rank)), h("th", { scope: "row" }, playerName(e)), h("td", {}, String(e.rating)),
          h("td", {}, String(e.wins)), h("td", {}, String(e.matches))));
      }
      fill(pager, 
        h("button", { type: "button", disabled: board.page <= 1, onclick: () => load(board.page - 1) },
          t("stats.previous")),
        h("span", { testid: "leaderboard-page" }, t("stats.page", { page: board.page, pages: board.pages })),
        h("button", { type: "button", disabled: board.page >= board.pages, onclick: () => load(board.page + 1) },
          t("stats.next")),
        // Only rated matches rank anyone: a player without one has no place to find.
        board.me ? h("button", { type: "button", testid: "leaderboard-me", onclick: () => load(1, true) },
          t("stats.find_me", { rank: board.me.rank }))
          : h("span", { class: "hint", testid: "leaderboard-unranked" }, t("stats.unranked")));
    } catch (error) {
      fill(body, h("tr", {}, h("td", { colspan: 5, class: "error" }, errorText(error))));
    }
  };
  select.addEventListener("change", () => load(1, true));
  load(1, true);
  return h("section", { class: "panel", testid: "leaderboard" }, h("h2", {}, t("stats.leaderboard")),
    h("label", { for: "board-type" }, `${t("stats.game")} `), select,
    h("table", { class: "data" }, h("thead", {}, h("tr", {}, h("th", {}, t("stats.rank")), h("th", {}, t("stats.player")),
      h("th", {}, t("stats.elo")), h("th", {}, t("stats.wins")), h("th", {}, t("stats.matches")))), body), pager);
}

export function mountStats(root, ctx) {
  const page = h("div", { class: "stats", testid: "stats" }, h("p", {}, t("shell.loading")));
  // The page's heading, for screen readers (sighted players see the header's current link).
  root.append(h("h1", { class: "sr-only" }, t("shell.stats")), page);
  // The leaderboard opens on the game the player played last (a player with no match: the first game).
  const last = api.matches(null, 1).then((page) => page.matches[0]?.game_type ?? null).catch(() => null);
  Promise.all([api.gameTypes(), last]).then(([types, lastType]) => {
    const names = Object.fromEntries(types.map((t) => [t.id, t.name]));
    fill(page, ratingsSection(names), historySection(names, ctx.me), arenasSection(),
      leaderboardSection(types, lastType));
  }).catch((error) => { fill(page, h("p", { class: "error", role: "alert" }, errorText(error))); });
}
