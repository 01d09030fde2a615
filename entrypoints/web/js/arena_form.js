// The lobby's "Create an arena" form, for a logged-in player with an account (a guest may join an arena,
// not create one): its name, the game and how long each match lasts (./lobby_length.js), how long the
// arena runs, when it starts (now, or at a time chosen), the time per move, public or by link only, and
// whether berserk is allowed. It folds away under its title: the lobby stays short. Created, the
// arena's page opens (#/arena/<id>).

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { errorBox, showError, radioGroup, selectField, setChoices } from "./form_parts.js";
import { gameChoices, turnTimeChoices } from "./summary_words.js";
import { lengthField, lengthOptions } from "./lobby_length.js";
import { rememberedGame } from "./lobby_memory.js";

const SHORTEST = 10;
const LONGEST = 120;
const USUAL = 30;
const LONGEST_NAME = 60;

/** A check box with its label and a hint under it. */
function checkField(id, label, hint, checked) {
  const input = h("input", { type: "checkbox", id, name: id, checked, testid: id, "aria-describedby": `${id}-hint` });
  return {
    input,
    field: h("div", { class: "field check" }, input, h("label", { for: id }, label),
      h("small", { class: "hint", id: `${id}-hint` }, hint)),
  };
}

/** "2025-05-01T21:00" in this computer's time zone, for a datetime-local input. */
function localInputValue(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** ``types``: the promise of the server's game types. */
export function arenaForm(ctx, types) {
  const error = errorBox("arena-create-error");
  const name = h("input", {
    id: "arena-name", name: "name", required: true, maxlength: LONGEST_NAME, autocomplete: "off",
    testid: "arena-name-input", placeholder: t("arena.create.name_placeholder"),
  });
  const game = selectField({ id: "arena-game", label: t("lobby.game"), testid: "arena-game" });
  const lengthBox = h("div", { class: "length-box" });
  const minutes = h("input", {
    type: "number", id: "arena-minutes", name: "minutes", inputmode: "numeric", step: 1, required: true,
    min: SHORTEST, max: LONGEST, value: USUAL, testid: "arena-minutes", "aria-describedby": "arena-minutes-hint",
  });
  const start = radioGroup({
    name: "arena-start", legend: t("arena.create.start"),
    choices: [
      { value: "now", text: t("arena.create.now"), hint: t("arena.create.now_hint"), testid: "arena-start-now" },
      { value: "later", text: t("arena.create.later"), hint: t("arena.create.later_hint"), testid: "arena-start-later" },
    ],
  });
  const soon = new Date(Date.now() + 3600 * 1000);
  soon.setMinutes(0, 0, 0);
  const when = h("input", {
    type: "datetime-local", id: "arena-when", name: "when", testid: "arena-when", value: localInputValue(soon),
  });
  const whenField = h("div", { class: "field", hidden: true }, h("label", { for: "arena-when" }, t("arena.create.start_time")), when);
  start.field.addEventListener("change", () => { whenField.hidden = start.value() !== "later"; });
  const turnTime = selectField({ id: "arena-turn-time", label: t("lobby.turn_time"), testid: "arena-turn-time" });
  const listed = checkField("arena-listed", t("arena.create.public"), t("arena.create.public_hint"), true);
  const berserk = checkField("arena-allow-berserk", t("arena.create.berserk"), t("arena.create.berserk_hint"), true);
  const submit = h("button", { type: "submit", class: "primary", testid: "arena-create-submit" }, t("arena.create.submit"));
  const form = h("form", { class: "arena-form", testid: "arena-form" },
    h("div", { class: "field" }, h("label", { for: "arena-name" }, t("arena.create.name")), name),
    h("div", { class: "fields inline" }, game.field, lengthBox,
      h("div", { class: "field" }, h("label", { for: "arena-minutes" }, t("arena.create.minutes")), minutes,
        h("small", { class: "hint", id: "arena-minutes-hint" }, t("arena.create.minutes_hint"))),
      turnTime.field),
    start.field, whenField, listed.field, berserk.field,
    h("div", { class: "row" }, submit), error);

  let list = [];
  let length = null;
  const current = () => list.find((type) => type.id === game.select.value);
  const render = () => {
    const type = current();
    if (!type) return;
    length = lengthField("arena", type);
    lengthBox.replaceChildren(...(length ? [length.field] : []));
    lengthBox.hidden = !length;
    setChoices(turnTime.select, turnTimeChoices(type), type.default_turn_time);
  };
  game.select.addEventListener("change", render);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const type = current();
    if (!type) return;
    showError(error, null);
    let startsAt = null;
    if (start.value() === "later") {
      const chosen = new Date(when.value).getTime();
      if (!when.value || Number.isNaN(chosen)) {
        error.textContent = t("arena.create.no_time");
        error.hidden = false;
        when.focus();
        return;
      }
      startsAt = chosen / 1000;
    }
    submit.disabled = true;  // one click, one arena
    try {
      const arena = await api.createArena({
        name: name.value.trim(),
        game_type: type.id,
        minutes: Number(minutes.value),
        starts_at: startsAt,
        turn_time: turnTime.select.value ? Number(turnTime.select.value) : null,
        options: lengthOptions(type, length),
        public: listed.input.checked,
        berserk: berserk.input.checked,
      });
      ctx.navigate(`#/arena/${encodeURIComponent(arena.id)}`);
    } catch (err) {
      showError(error, err, "arena");
      submit.disabled = false;
    }
  });
  types.then((loaded) => {
    list = loaded;
    setChoices(game.select, gameChoices(loaded), rememberedGame("table-game", loaded));
    render();
  }).catch((err) => showError(error, err));
  return h("details", { class: "arena-create", testid: "arena-create" },
    h("summary", { testid: "arena-create-toggle" }, t("arena.create.title")), form);
}
