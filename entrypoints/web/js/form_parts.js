// Small pieces the lobby's forms share: an error line, a labelled select, a group of radio buttons.

import { h, clear } from "./dom.js";
import { errorText } from "./i18n.js";

/** A hidden error line (role=alert: it is read out as soon as it shows). */
export function errorBox(testid) {
  return h("p", { class: "error", role: "alert", testid, hidden: true });
}

/** Show ``error`` in the box in words (``context`` words it for one screen), or hide it (null). */
export function showError(box, error, context = null) {
  box.textContent = error ? errorText(error, context) : "";
  box.hidden = !error;
}

/** A label above a select of ``choices`` ([{value, text}]); returns {field, select}. */
export function selectField({ id, label, testid, choices = [], value = null }) {
  const select = h("select", { id, name: id, testid });
  setChoices(select, choices, value);
  return { field: h("div", { class: "field" }, h("label", { for: id }, label), select), select };
}

/** Replace a select's choices, keeping ``value`` chosen when it is one of them. */
export function setChoices(select, choices, value = null) {
  const keep = value ?? select.value;
  clear(select);
  for (const choice of choices) select.append(h("option", { value: String(choice.value) }, choice.text));
  if (choices.some((c) => String(c.value) === String(keep))) select.value = String(keep);
}

/**
 * Radio buttons in a fieldset: ``choices`` [{value, text, hint?, testid}]; the first is checked unless
 * ``value`` names another. Returns {field, value()}.
 */
export function radioGroup({ name, legend, choices, value = null, hint = null, kind = "" }) {
  const chosen = value ?? choices[0].value;
  const inputs = choices.map((choice) => h("input", {
    type: "radio", name, value: choice.value, id: `${name}-${choice.value}`, testid: choice.testid,
    checked: choice.value === chosen,
  }));
  const field = h("fieldset", { class: `choices ${kind}`.trim() }, h("legend", {}, legend),
    choices.map((choice, index) => h("div", { class: "choice" }, inputs[index],
      h("label", { for: `${name}-${choice.value}` }, choice.text,
        choice.hint ? h("small", { class: "hint" }, choice.hint) : null))),
    hint);
  return { field, value: () => (inputs.find((input) => input.checked) || inputs[0]).value };
}
