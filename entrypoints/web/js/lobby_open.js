// The lobby's "Open tables" panel: the public tables waiting for players, live from the lobby socket
// (no reload), each with one "Take a seat" button. The list is drawn anew whenever a table opens,
// fills or goes; ./steady_click.js keeps a press on a table's button that such a redraw replaced.

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { errorBox, showError } from "./form_parts.js";
import { steadyClicks } from "./steady_click.js";
import { optionsSummary, playerNames, ratedText, turnTimeText } from "./summary_words.js";

function tableItem(ctx, table, mine, error) {
  const title = `open-table-${table.id}`;
  const taken = table.seats - table.seats_open;
  const action = mine
    ? h("a", { class: "button", href: `#/game/${table.id}`, testid: "my-open-table", "aria-describedby": title,
      dataset: { action: `my-open-table-${table.id}` } },
      t("lobby.open.yours"))
    : h("button", {
      type: "button", class: "primary", testid: "open-take-seat", "aria-describedby": title,
      dataset: { action: `take-seat-${table.id}` },
      onclick: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        showError(error, null);
        try {
          await api.takeSeat(table.id);
          ctx.navigate(`#/game/${table.id}`);
        } catch (err) {
          showError(error, err, "join");  // someone was quicker: the next list will not have it
          button.disabled = false;
        }
      },
    }, t("lobby.take_seat"));
  const facts = [optionsSummary(table.options, table.game_type), turnTimeText(table.turn_time)]
    .filter(Boolean).join(" · ");
  return h("li", { class: "open-table", testid: "open-table", dataset: { gameId: table.id } },
    h("div", { class: "open-table-head" },
      h("h3", { id: title }, table.name),
      h("span", { class: `badge ${table.rated ? "rated" : "casual"}`, testid: "open-table-rated" },
        ratedText(table.rated))),
    h("p", { testid: "open-table-seats" },
      t("lobby.open.seats_taken", { count: taken, seats: table.seats }), ": ", playerNames(table.players)),
    facts ? h("p", { class: "hint", testid: "open-table-facts" }, facts) : null,
    action);
}

/** Returns the panel's element, the lobby socket's handlers for it (``onMessage``, ``onStatus``) and
 * ``dispose()``, for when the lobby closes. */
export function openTablesPanel(ctx) {
  const error = errorBox("open-tables-error");
  const list = h("ul", { class: "open-tables", testid: "open-tables-list" },
    h("li", { class: "empty" }, t("shell.loading")));
  const note = h("p", { class: "hint", testid: "open-tables-connection", role: "status" });
  const stopClicks = steadyClicks(list);
  let mine = new Set();
  let last = null;
  // The tables this player already sits at get a link back rather than a seat to take.
  api.myGames().then((games) => {
    mine = new Set(games.map((game) => game.id));
    if (last) draw(last);
  }).catch(() => {});

  function draw(tables) {
    last = tables;
    // Keep the focus on the same table's button when the list is drawn anew under it.
    const focused = document.activeElement && list.contains(document.activeElement)
      ? document.activeElement.closest("[data-game-id]")?.dataset.gameId : null;
    if (!tables.length) {
      fill(list, h("li", { class: "empty", testid: "no-open-tables" }, t("lobby.open.empty")));
    } else {
      fill(list, tables.map((table) => tableItem(ctx, table, mine.has(table.id), error)));
    }
    if (focused) {
      const item = list.querySelector(`[data-game-id="${CSS.escape(focused)}"]`);
      item?.querySelector("a, button")?.focus();
    }
  }

  const element = h("section", { class: "panel open-panel", testid: "open-tables", "aria-labelledby": "open-title" },
    h("h2", { id: "open-title" }, t("lobby.open.title")), note, list, error);
  return {
    element,
    onStatus(state) {
      note.textContent = state === "reconnecting" ? t("lobby.open.reconnecting") : "";
    },
    onMessage(message) {
      if (message.type === "open_tables") draw(message.tables || []);
    },
    dispose: stopClicks,
  };
}
