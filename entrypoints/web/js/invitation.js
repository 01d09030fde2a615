// The invitation page, #/join/<code>: the table behind a join code that a friend shared, with a button
// to sit down while a seat is open (else a link to watch). The router shows the login first to a
// visitor who is not logged in, and comes back here after it.

import { api } from "./api.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { errorBox, showError } from "./form_parts.js";
import { canTakeSeat, previewLines, takeSeatButton, watchLink } from "./table_preview.js";

export function mountInvitation(root, ctx, rawCode) {
  const code = rawCode.toUpperCase();
  const error = errorBox("invitation-error");
  const body = h("div", { class: "preview invitation-table", "aria-live": "polite", testid: "invitation-table" },
    h("p", {}, t("shell.loading")));
  const back = h("p", {}, h("a", { href: "#/", testid: "invitation-lobby" }, t("lobby.invite.lobby")));
  root.append(h("section", { class: "panel invitation", testid: "invitation", "aria-labelledby": "invitation-title" },
    h("h1", { id: "invitation-title" }, t("lobby.invite.title")),
    h("p", { class: "lead" }, t("lobby.invite.lead", { code })), body, error, back));

  let gone = false;
  api.preview(code).then((table) => {
    if (gone) return;
    const open = canTakeSeat(table);
    const join = takeSeatButton(async (event) => {
      event.currentTarget.disabled = true;
      try {
        const game = await api.join(code);
        ctx.navigate(`#/game/${game.id}`);
      } catch (err) {
        showError(error, err, "join");
        join.disabled = false;
      }
    });
    fill(body, previewLines(table, "h2"),
      open ? null : h("p", { testid: "invitation-full" }, t("lobby.invite.full")),
      h("div", { class: "row" }, open ? join : watchLink(table)));
    if (open) join.focus();
  }).catch((err) => {
    if (gone) return;
    fill(body);
    body.hidden = true;
    showError(error, err, "join");  // an unknown code: "No table has that code."
  });
  return () => { gone = true; };
}
