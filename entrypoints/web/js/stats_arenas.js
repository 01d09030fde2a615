// The stats page's "Your arenas": each arena the player entered, latest first, with its date and the
// player's final place and points, or that it is still on (GET /api/me/arenas). Each links to its page.

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { t, dateTime, errorText } from "./i18n.js";
import { pointsText, statusBadge } from "./arena_words.js";

function arenaRow({ arena, standing }) {
  let result;
  if (standing) {
    result = h("span", { class: "arena-result", testid: "my-arena-result" },
      h("strong", {}, t("arena.mine.place", { rank: standing.rank })), ` · ${pointsText(standing.points)}`);
  } else if (arena.status === "finished") {
    result = h("span", { class: "arena-result", testid: "my-arena-result" }, t("arena.mine.unranked"));
  } else {
    result = h("span", { class: "arena-result", testid: "my-arena-result" }, t("arena.mine.in_progress"));
  }
  return h("li", { testid: "my-arena", dataset: { arenaId: arena.id, status: arena.status } },
    h("a", { href: `#/arena/${encodeURIComponent(arena.id)}`, class: "my-arena-name" }, arena.name), " ",
    arena.status === "finished" ? null : statusBadge(arena.status, "my-arena-status"),
    h("div", { class: "hint" }, `${arena.game_name} · ${dateTime(arena.starts_at)}`), result);
}

export function arenasSection() {
  const list = h("ul", { class: "my-arenas", testid: "my-arenas" }, h("li", {}, t("shell.loading")));
  api.myArenas().then(({ arenas }) => {
    if (!arenas.length) fill(list, h("li", { class: "empty", testid: "no-arenas-played" }, t("arena.mine.none")));
    else fill(list, arenas.map(arenaRow));
  }).catch((error) => { fill(list, h("li", { class: "error" }, errorText(error))); });
  return h("section", { class: "panel", testid: "arenas-played", "aria-labelledby": "arenas-played-title" },
    h("h2", { id: "arenas-played-title" }, t("arena.mine.title")), list);
}
