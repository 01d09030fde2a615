// The lobby's "Continue" panel: the tables the player sits at, to go back to.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { openJoinCode, playerNames, statusText } from "./summary_words.js";

export function continuePanel() {
  const list = h("ul", { class: "games", testid: "my-games" }, h("li", {}, t("shell.loading")));
  api.myGames().then((games) => {
    clear(list);
    if (!games.length) list.append(h("li", { class: "empty" }, t("lobby.no_games")));
    for (const game of games) {
      list.append(h("li", { testid: "my-game", dataset: { gameId: game.id } },
        h("a", { href: `#/game/${game.id}`, class: "game-link" },
          h("strong", {}, game.name), " ", h("span", { class: `badge ${game.status}` }, statusText(game.status))),
        h("span", { class: "hint" }, ` ${playerNames(game.players)}`,
          openJoinCode(game) ? ` · ${t("lobby.code", { code: openJoinCode(game) })}` : "")));
    }
  }).catch((err) => {
    clear(list);
    list.append(h("li", { class: "error" }, errorText(err)));
  });
  return h("section", { class: "panel", testid: "continue", "aria-labelledby": "continue-title" },
    h("h2", { id: "continue-title" }, t("lobby.continue")), list);
}
