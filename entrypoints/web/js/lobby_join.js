// The lobby's "Join a table" panel: look a table up by its join code, then take a seat or watch.

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { errorBox, showError } from "./form_parts.js";
import { canTakeSeat, previewLines, takeSeatButton, watchLink } from "./table_preview.js";

export function joinPanel(ctx) {
  const error = errorBox("join-error");
  const input = h("input", {
    id: "join-code", name: "code", maxlength: 6, minlength: 6, required: true, autocomplete: "off",
    autocapitalize: "characters", spellcheck: "false", testid: "join-code", placeholder: "ABC234",
  });
  const preview = h("div", { class: "preview", testid: "preview", hidden: true, "aria-live": "polite" });
  const form = h("form", { class: "join" },
    h("label", { for: "join-code" }, t("lobby.join_code")),
    h("div", { class: "row" }, input,
      h("button", { type: "submit", testid: "preview-button" }, t("lobby.look_up"))));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(error, null);
    const code = input.value.trim().toUpperCase();
    try {
      showPreview(await api.preview(code), code);
    } catch (err) {
      preview.hidden = true;
      showError(error, err, "join");
    }
  });

  function showPreview(table, code) {
    const join = takeSeatButton(async () => {
      try {
        const game = await api.join(code);
        ctx.navigate(`#/game/${game.id}`);
      } catch (err) {
        showError(error, err, "join");
      }
    });
    fill(preview, previewLines(table), h("div", { class: "row" }, canTakeSeat(table) ? join : null, watchLink(table)));
    preview.hidden = false;
  }

  return h("section", { class: "panel", testid: "join-table", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, t("lobby.join_title")), form, preview, error);
}
