// The lobby's "New table" panel: the game, its options (a form drawn from the game's options schema:
// a check box for a boolean, a select for fixed choices, a number input otherwise), public or private,
// rated or casual, and the turn time. It opens on the choices used last (./lobby_memory.js): the game,
// its match length (./lobby_length.js), public or private, rated or casual.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { optionLabel, optionHint, gameAbout, gameChoices, turnTimeChoices } from "./summary_words.js";
import { errorBox, showError, radioGroup, setChoices, selectField } from "./form_parts.js";
import { remember, remembered, rememberedGame } from "./lobby_memory.js";
import { lengthOption, optionNumberField, rememberLength, rememberedLength } from "./lobby_length.js";

function optionField(key, schema, gameType, length) {
  if (schema.type === "boolean") {
    const id = `opt-${key}`;
    const description = optionHint(key, schema, gameType);
    return h("div", { class: "field check" },
      h("input", { type: "checkbox", id, name: key, checked: Boolean(schema.default), testid: `option-${key}` }),
      h("label", { for: id }, optionLabel(key, gameType)),
      description ? h("small", { class: "hint" }, description) : null);
  }
  const value = length && length.key === key ? rememberedLength(gameType, key, schema) : null;
  return optionNumberField({ key, schema, gameType, idPrefix: "opt", testid: `option-${key}`, value }).field;
}

/** A remembered radio choice ("table-visibility" …) while it is one of ``values``, else null. */
function rememberedChoice(key, values) {
  const kept = remembered(key);
  return values.includes(kept) ? kept : null;
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
    name: "visibility", legend: t("lobby.visibility"), value: rememberedChoice("table-visibility", ["private", "public"]),
    choices: [
      { value: "private", text: t("lobby.private"), hint: t("lobby.private_hint"), testid: "table-private" },
      { value: "public", text: t("lobby.public"), hint: t("lobby.public_hint"), testid: "table-public" },
    ],
  });
  const rating = radioGroup({
    name: "rating", legend: t("lobby.rating"), value: rememberedChoice("table-rating", ["rated", "casual"]),
    choices: [
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
    const length = lengthOption(type);
    for (const [key, spec] of Object.entries(type.options_schema.properties || {})) {
      fields.append(optionField(key, spec, type.id, length));
    }
    setChoices(turnTime.select, turnTimeChoices(type), type.default_turn_time);
  };
  select.addEventListener("change", render);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const type = current();
    if (!type) return;
    showError(error, null);
    const options = readOptions(form, type.options_schema);
    remember("table-game", type.id);
    remember("table-visibility", visibility.value());
    remember("table-rating", rating.value());
    const length = lengthOption(type);
    if (length) rememberLength(type.id, length.key, options[length.key]);
    try {
      const game = await api.createGame(type.id, options, {
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
