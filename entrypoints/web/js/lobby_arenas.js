// The lobby's "Arenas" panel: the public arenas running or about to start, each a link to its page
// (#/arena/<id>) with its game, its status and a clock to its start or end; read again every
// REFRESH_MS while the lobby shows (``dispose`` stops that, and the clocks). A player with an account
// may create one (./arena_form.js); a guest is told that creating one needs an account, joining not.
// ./steady_click.js keeps a press on an arena's link that such a reading drew anew.

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { errorBox, showError } from "./form_parts.js";
import { isGuest } from "./guest_account.js";
import { arenaForm } from "./arena_form.js";
import { arenaClock, arenaFacts, noteArena, statusBadge, tickClocks } from "./arena_words.js";
import { steadyClicks } from "./steady_click.js";

const REFRESH_MS = 10000;

function arenaItem(arena) {
  const title = `arena-title-${arena.id}`;
  return h("li", { class: "arena-item", testid: "arena-item", dataset: { arenaId: arena.id } },
    h("h3", { id: title },
      h("a", { href: `#/arena/${encodeURIComponent(arena.id)}`, testid: "arena-link",
        dataset: { action: `arena-${arena.id}` } }, arena.name)),
    h("p", { class: "arena-when" }, statusBadge(arena.status), " ", arenaClock(arena)),
    h("p", { class: "hint", testid: "arena-facts" }, arenaFacts(arena)));
}

/** Returns the panel's element and ``dispose()``, which stops its timers. */
export function arenasPanel(ctx, types) {
  const error = errorBox("arenas-error");
  const list = h("ul", { class: "arena-list", testid: "arena-list" }, h("li", { class: "empty" }, t("shell.loading")));
  let disposed = false;

  async function load() {
    try {
      const { arenas } = await api.arenas();
      if (disposed) return;
      showError(error, null);
      arenas.forEach(noteArena);
      // Keep the focus on the same arena's link when the list is drawn anew under it.
      const focused = list.contains(document.activeElement)
        ? document.activeElement.closest("[data-arena-id]")?.dataset.arenaId : null;
      if (!arenas.length) fill(list, h("li", { class: "empty", testid: "no-arenas" }, t("arena.lobby.empty")));
      else fill(list, arenas.map(arenaItem));
      if (focused) list.querySelector(`[data-arena-id="${CSS.escape(focused)}"] a`)?.focus();
    } catch (err) {
      if (!disposed) showError(error, err);
    }
  }

  const create = isGuest(ctx.me)
    ? h("p", { class: "hint", testid: "arena-guest-note" }, t("arena.lobby.guest"))
    : arenaForm(ctx, types);
  const element = h("section", { class: "panel arenas-panel", testid: "arenas", "aria-labelledby": "arenas-title" },
    h("h2", { id: "arenas-title" }, t("arena.lobby.title")),
    h("p", { class: "hint" }, t("arena.lobby.lead")),
    list, error, create);
  load();
  const refresh = setInterval(load, REFRESH_MS);
  const ticker = setInterval(() => tickClocks(list), 1000);
  const stopClicks = steadyClicks(list);
  return {
    element,
    dispose() {
      disposed = true;
      clearInterval(refresh);
      clearInterval(ticker);
      stopClicks();
    },
  };
}
