// How long a match lasts, as the lobby offers it: each game type's length option, read from its
// options schema the way the server's quick match reads it (domain/matchmaking.py ``length_option``):
// the option with fixed choices (an ``enum``: a number of deals to win or to play),
// else ``target_score``. "Play the computer" and "Play now" offer only that option; a new table offers
// it among the others. The choice is remembered per game type (./lobby_memory.js) and offered again
// only while the game type still accepts it.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";
import { optionLabel, optionHint, optionsSummary } from "./summary_words.js";
import { remember, remembered } from "./lobby_memory.js";

/** The game type's length option as ``{key, schema}``, or null when it has none. */
export function lengthOption(type) {
  const properties = (type && type.options_schema && type.options_schema.properties) || {};
  const fixed = Object.entries(properties).find(([, schema]) => Array.isArray(schema.enum));
  if (fixed) return { key: fixed[0], schema: fixed[1] };
  return properties.target_score ? { key: "target_score", schema: properties.target_score } : null;
}

/** Whether ``value`` (a number) is one ``schema`` accepts. */
function accepted(schema, value) {
  if (!Number.isInteger(value)) return false;
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  if (schema.minimum !== undefined && value < schema.minimum) return false;
  return schema.maximum === undefined || value <= schema.maximum;
}

/** The length remembered for ``gameType``'s option ``key`` while ``schema`` accepts it, else null. */
export function rememberedLength(gameType, key, schema) {
  const kept = remembered(`length.${gameType}.${key}`);
  if (kept === null || kept === "") return null;
  const value = Number(kept);
  return accepted(schema, value) ? value : null;
}

/** Remember the length chosen for ``gameType`` (the next panel of any kind opens on it). */
export function rememberLength(gameType, key, value) {
  if (Number.isInteger(value)) remember(`length.${gameType}.${key}`, value);
}

/** "Best of three", "5 deals": the words of one fixed choice, else the number itself. */
export function choiceText(key, value) {
  const plural = `lobby.length.${key}`;
  const single = `${plural}.${value}`;
  if (has(single)) return t(single);
  if (has(plural)) return t(plural, { count: value });
  return String(value);
}

/**
 * A field for option ``key`` of ``gameType`` with ``schema``: a select of its fixed choices, else a
 * whole-number input within its bounds; on ``value`` (else its default). ``idPrefix`` makes the ids,
 * ``name`` the form field's name; ``withHint`` adds the option's description under it. Returns {field, read()}: read() gives the number chosen, or null when
 * the input holds none the schema accepts.
 */
export function optionNumberField({ key, schema, gameType, idPrefix, name = key, testid, value = null, withHint = true }) {
  const id = `${idPrefix}-${key}`;
  const chosen = value ?? schema.default;
  const description = withHint ? optionHint(key, schema, gameType) : null;
  const hintId = `${id}-hint`;
  const hint = description ? h("small", { class: "hint", id: hintId }, description) : null;
  let input;
  if (Array.isArray(schema.enum)) {
    input = h("select", { id, name, testid, "aria-describedby": hint ? hintId : null },
      schema.enum.map((choice) => h("option", { value: String(choice), selected: choice === chosen },
        choiceText(key, choice))));
  } else {
    input = h("input", {
      type: "number", id, name, inputmode: "numeric", step: 1, required: true, testid,
      min: schema.minimum, max: schema.maximum, value: chosen, "aria-describedby": hint ? hintId : null,
    });
  }
  const read = () => {
    const number = Number(input.value);
    return input.value !== "" && accepted(schema, number) ? number : null;
  };
  return { field: h("div", { class: "field" }, h("label", { for: id }, optionLabel(key, gameType)), input, hint), read };
}

/**
 * The length field of a quick panel ("computer", "quick") for ``type``, on the remembered choice, else
 * the server's default; null when the game type has no length option. Returns {field, key, read()}.
 */
export function lengthField(panel, type) {
  const option = lengthOption(type);
  if (!option) return null;
  const { key, schema } = option;
  const made = optionNumberField({
    key, schema, gameType: type.id, idPrefix: `${panel}-length`, testid: `${panel}-length`,
    value: rememberedLength(type.id, key, schema), withHint: false,
  });
  return { ...made, key };
}

/**
 * The options a quick panel sends, remembering the length chosen: none for the game's default length
 * (the server reads a default as no choice too), else that length.
 */
export function lengthOptions(type, length) {
  if (!length) return {};
  const value = length.read();
  if (value === null) return {};
  rememberLength(type.id, length.key, value);
  const option = lengthOption(type);
  return option && value === option.schema.default ? {} : { [length.key]: value };
}

/** The length ``options`` (as sent) say, in words: "Best of three", "Target score: 21"; null for none. */
export function lengthText(type, options) {
  const option = lengthOption(type);
  if (!option || !options || options[option.key] === undefined) return null;
  const value = options[option.key];
  return Array.isArray(option.schema.enum)
    ? choiceText(option.key, value)
    : optionsSummary({ [option.key]: value }, type.id);
}
