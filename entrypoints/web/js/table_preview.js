// A table looked up by its join code, as the lobby's join box and the invitation page show it: its
// name, who sits there, how many seats are open, its options, rated or casual, the turn time.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { optionsSummary, playerNames, ratedText, statusText, turnTimeText } from "./summary_words.js";

export function canTakeSeat(table) {
  return table.status === "lobby" && table.seats_open > 0;
}

/** The preview's lines; ``heading`` is the tag of its title (h3 in the lobby, h2 on its own page). */
export function previewLines(table, heading = "h3") {
  const options = optionsSummary(table.options, table.game_type);
  const facts = [ratedText(table.rated), turnTimeText(table.turn_time)].filter(Boolean).join(" · ");
  return [
    h(heading, { testid: "preview-name" }, table.name),
    h("p", {}, t("lobby.players", { names: playerNames(table.players) })),
    h("p", { testid: "preview-seats" }, canTakeSeat(table)
      ? t("lobby.seats_open", { count: table.seats_open, seats: table.seats })
      : t("lobby.status", { status: statusText(table.status) })),
    h("p", { class: "hint", testid: "preview-facts" }, [options, facts].filter(Boolean).join(" · ")),
  ];
}

/** "Take a seat" (a button that calls ``onTakeSeat``). */
export function takeSeatButton(onTakeSeat) {
  return h("button", { type: "button", class: "primary", testid: "join-button", onclick: onTakeSeat },
    t("lobby.take_seat"));
}

export function watchLink(table) {
  return h("a", { class: "button", href: `#/game/${table.id}`, testid: "watch-button" }, t("lobby.watch"));
}
