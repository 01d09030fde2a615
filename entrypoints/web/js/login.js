// The login screen: a guest name, and a button per identity provider the server offers; on a server
// with guests only, a line that says there is no account to log in to.
// After a guest login the router draws the hash the visitor came for (an invitation link, say).

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { cardElement } from "./cards.js";
import { t, listText } from "./i18n.js";
import { errorBox, showError } from "./form_parts.js";
import { gameTypes } from "./families.js";

/** A link to the card reference page (#/cards). */
export function cardsLink() {
  return h("p", { class: "hint" }, h("a", { href: "#/cards", testid: "cards-link" }, t("gallery.link")));
}

export function mountLogin(root, ctx) {
  const error = errorBox("login-error");
  const providersBox = h("div", { class: "providers", testid: "providers" }, h("p", {}, t("shell.loading")));
  root.append(h("section", { class: "panel login", testid: "login" },
    h("div", { class: "fan", "aria-hidden": "true" }, ["01D", "01C", "01S", "01B"].map((c) => cardElement(c))),
    h("h1", {}, t("login.title")),
    h("p", { class: "lead", testid: "login-lead" },
      t("login.lead", { games: listText(gameTypes().map((type) => type.name)) })),
    providersBox,
    cardsLink(),
    error,
  ));

  api.providers().then((data) => {
    clear(providersBox);
    if (data.guest) {
      const input = h("input", {
        id: "guest-name", name: "name", required: true, maxlength: 32, autocomplete: "nickname",
        testid: "guest-name", placeholder: t("login.name_placeholder"),
      });
      const form = h("form", { class: "guest", testid: "guest-form" },
        h("label", { for: "guest-name" }, t("login.name")),
        h("div", { class: "row" }, input,
          h("button", { type: "submit", class: "primary", testid: "guest-login" }, t("login.guest"))),
      );
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const name = input.value.trim();
        if (!name) return;
        try {
          ctx.setMe(await api.guestLogin(name));
          // Back to where the visitor was going (#/join/<code>, #/game/<id>), else the lobby.
          ctx.navigate(location.hash && location.hash !== "#" ? location.hash : "#/");
        } catch (err) {
          showError(error, err, "login");
        }
      });
      providersBox.append(form);
      setTimeout(() => input.focus(), 0);
    }
    const signIn = data.providers.filter((p) => p.kind !== "guest");
    // Guests only: no account to log in to, and the screen says so (the header's link is hidden here).
    if (data.guest && !signIn.length) {
      providersBox.append(h("p", { class: "hint", testid: "guests-only" }, t("login.guests_only")));
    }
    for (const provider of signIn) {
      providersBox.append(h("a", {
        class: "button", href: provider.login_url, testid: `login-${provider.name}`,
      }, t("login.provider", { provider: provider.name })));
    }
    if (!providersBox.firstChild) providersBox.append(h("p", {}, t("login.none")));
  }).catch((err) => showError(error, err));
}
