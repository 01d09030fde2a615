// The lobby: the panels a player finds a game with, first the quick ones (play the computer, play now)
// then the open tables, the arenas (./lobby_arenas.js), a new table, join by code and the tables to go
// back to. One lobby socket feeds the open tables and quick match while the screen shows; leaving the
// screen closes it (and stops the arenas panel's timers and the open tables' click keeping).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardsLink } from "./login.js";
import { LobbySocket } from "./lobby_socket.js";
import { computerPanel } from "./lobby_computer.js";
import { quickMatchPanel } from "./lobby_quick.js";
import { openTablesPanel } from "./lobby_open.js";
import { newTablePanel } from "./new_table.js";
import { joinPanel } from "./lobby_join.js";
import { continuePanel } from "./lobby_continue.js";
import { arenasPanel } from "./lobby_arenas.js";
import { gameTypes } from "./families.js";

export { mountLogin } from "./login.js";

export function mountLobby(root, ctx) {
  const types = Promise.resolve(gameTypes());  // as the page loaded them, for every panel that offers a game
  let socket = null;
  const send = (message) => Boolean(socket && socket.send(message));
  const quick = quickMatchPanel(ctx, types, send);
  const open = openTablesPanel(ctx);
  const arenas = arenasPanel(ctx, types);
  // The page's heading, for screen readers (sighted players see the header's current link).
  root.append(h("h1", { class: "sr-only" }, t("shell.lobby")));
  root.append(h("div", { class: "lobby", testid: "lobby" },
    computerPanel(ctx, types), quick.element, open.element, arenas.element,
    newTablePanel(ctx, types), joinPanel(ctx), continuePanel()), cardsLink());
  socket = new LobbySocket({
    onStatus(state) {
      quick.onStatus(state);
      open.onStatus(state);
    },
    onOpen(reconnected) {
      quick.onOpen(reconnected);
    },
    onMessage(message) {
      open.onMessage(message);
      quick.onMessage(message);
    },
  });
  return () => {
    quick.dispose();
    open.dispose();
    arenas.dispose();
    socket.close();
  };
}
