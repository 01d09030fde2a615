// The lobby's "New table" panel: the game, its options (a form drawn from the game's options schema),
// public or private, rated or casual, and the turn time.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { optionLabel, optionHint, gameAbout, gameChoices, turnTimeChoices } from "./summary_words.js";
import { errorBox, showError, radioGroup, setChoices, selectField } from "./form_parts.js";
import { remember, rememberedGame } from "./lobby_memory.js";

function optionField(key, schema, gameType) {
  const id = `opt-${key}`;
  const description = optionHint(key, schema, gameType);
  const hint = description ? h("small", { class: "hint" }, description) : null;
  if (schema.type === "boolean") {
    return h("div", { class: "field check" },
      h("input", { type: "checkbox", id, name: key, checked: Boolean(schema.default), testid: `option-${key}` }),
      h("label", { for: id }, optionLabel(key, gameType)), hint);
  }
  return h("div", { class: "field" },
    h("label", { for: id }, optionLabel(key, gameType)),
    h("input", {
      type: "number", id, name: key, inputmode: "numeric", step: 1, required: true,
      min: schema.minimum, max: schema.maximum, value: schema.default, testid: `option-${key}`,
    }), hint);
}

function readOptions(form, schema) {
  const options = {};
  for (const [key, spec] of Object.entries(schema.properties || {})) {
    const input = form.elements.namedItem(key);
    if (!input) continue;
    options[key] = spec.type === "boolean" ? input.checked : Number(input.value);
  }
  return options;
}

/** ``types``: the promise of the server's game types (./families.js has them from the start). */
export function newTablePanel(ctx, types) {
  const error = errorBox("create-error");
  const select = h("select", { id: "game-type", testid: "game-type" });
  const about = h("p", { class: "about", testid: "game-about" });
  const fields = h("div", { class: "fields", testid: "game-options" });
  // Private is the server's default: a table is found by its code unless its creator lists it.
  const visibility = radioGroup({
    name: "visibility", legend: t("lobby.visibility"), choices: [
      { value: "private", text: t("lobby.private"), hint: t("lobby.private_hint"), testid: "table-private" },
      { value: "public", text: t("lobby.public"), hint: t("lobby.public_hint"), testid: "table-public" },
    ],
  });
  const rating = radioGroup({
    name: "rating", legend: t("lobby.rating"), choices: [
      { value: "rated", text: t("lobby.rated"), hint: t("lobby.rated_hint"), testid: "table-rated" },
      { value: "casual", text: t("lobby.casual"), hint: t("lobby.casual_hint"), testid: "table-casual" },
    ],
    // Said here because adding a computer player in the waiting room turns a rated table casual.
    hint: h("p", { class: "hint", testid: "casual-note" }, t("lobby.computer_casual")),
  });
  const turnTime = selectField({ id: "table-turn-time", label: t("lobby.turn_time"), testid: "table-turn-time" });
  const form = h("form", { class: "create", testid: "create-form" },
    h("label", { for: "game-type" }, t("lobby.game")), select, about, fields,
    visibility.field, rating.field, turnTime.field,
    h("button", { type: "submit", class: "primary", testid: "create-game" }, t("lobby.open_table")), error);
  let list = [];
  const current = () => list.find((type) => type.id === select.value);
  const render = () => {
    const type = current();
    clear(fields);
    if (!type) return;
    about.textContent = gameAbout(type);
    for (const [key, spec] of Object.entries(type.options_schema.properties || {})) {
      fields.append(optionField(key, spec, type.id));
    }
    setChoices(turnTime.select, turnTimeChoices(type), type.default_turn_time);
  };
  select.addEventListener("change", render);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const type = current();
    if (!type) return;
    showError(error, null);
    remember("table-game", type.id);
    try {
      const game = await api.createGame(type.id, readOptions(form, type.options_schema), {
        public: visibility.value() === "public",
        rated: rating.value() === "rated",
        turn_time: turnTime.select.value ? Number(turnTime.select.value) : null,
      });
      ctx.navigate(`#/game/${game.id}`);
    } catch (err) {
      showError(error, err);
    }
  });
  types.then((loaded) => {
    list = loaded;
    setChoices(select, gameChoices(loaded), rememberedGame("table-game", loaded));
    render();
  }).catch((err) => showError(error, err));
  return h("section", { class: "panel", testid: "new-table", "aria-labelledby": "new-table-title" },
    h("h2", { id: "new-table-title" }, t("lobby.new_table")), form);
}
