// The lobby's "Play the computer" panel: a game, how long its match lasts (./lobby_length.js: the
// target score, or the number of deals), the computer's level and a turn time, and one button that
// starts a match at once with computer players in every other seat (always casual). The panel opens on
// the choices the player made last (./lobby_memory.js), else on the first game the server lists (its
// default game) and its default length.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { errorBox, showError, radioGroup, selectField, setChoices } from "./form_parts.js";
import { gameChoices, turnTimeChoices } from "./summary_words.js";
import { levelName } from "./players.js";
import { remember, remembered, rememberedGame } from "./lobby_memory.js";
import { lengthField, lengthOptions } from "./lobby_length.js";

export function computerPanel(ctx, types) {
  const error = errorBox("computer-error");
  const game = selectField({ id: "computer-game", label: t("lobby.game"), testid: "computer-game" });
  const turnTime = selectField({ id: "computer-turn-time", label: t("lobby.turn_time"), testid: "computer-turn-time" });
  const levelBox = h("div", {});
  const lengthBox = h("div", { class: "length-box" });
  let level = null;
  let length = null;
  let list = [];
  const current = () => list.find((type) => type.id === game.select.value);
  const render = () => {
    const type = current();
    if (!type) return;
    length = lengthField("computer", type);
    lengthBox.replaceChildren(...(length ? [length.field] : []));
    lengthBox.hidden = !length;
    const times = turnTimeChoices(type);
    const kept = remembered("computer-turn-time");
    setChoices(turnTime.select, times, times.some((c) => String(c.value) === kept) ? kept : type.default_turn_time);
    const levels = type.computer_levels || ["easy", "normal"];
    const chosen = level ? level.value() : remembered("computer-level") ?? levels[0];
    level = radioGroup({
      name: "computer-level", kind: "levels", legend: t("lobby.computer.level"),
      value: levels.includes(chosen) ? chosen : levels[0],
      choices: levels.map((value) => ({ value, text: levelName(value), testid: `computer-level-${value}` })),
    });
    levelBox.replaceChildren(level.field);
  };
  game.select.addEventListener("change", render);
  const start = h("button", { type: "submit", class: "primary", testid: "play-computer" }, t("lobby.computer.play"));
  const form = h("form", { class: "computer", testid: "computer-form" },
    h("div", { class: "fields inline" }, game.field, lengthBox, turnTime.field), levelBox, start, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const type = current();
    if (!type) return;
    showError(error, null);
    start.disabled = true;  // one click, one match
    remember("computer-game", type.id);
    remember("computer-level", level.value());
    if (turnTime.select.value) remember("computer-turn-time", turnTime.select.value);
    try {
      const options = lengthOptions(type, length);
      const table = await api.playComputer(type.id, level.value(), options, Number(turnTime.select.value) || null);
      ctx.navigate(`#/game/${table.id}`);
    } catch (err) {
      showError(error, err);
      start.disabled = false;
    }
  });
  types.then((loaded) => {
    list = loaded.filter((type) => (type.computer_levels || []).length);
    setChoices(game.select, gameChoices(list), rememberedGame("computer-game", list));
    render();
  }).catch((err) => showError(error, err));
  return h("section", {
    class: "panel computer-panel", testid: "play-computer-panel", "aria-labelledby": "computer-title",
  },
    h("h2", { id: "computer-title" }, t("lobby.computer.title")),
    h("p", { class: "hint" }, t("lobby.computer.lead")), form);
}
