// A guest's account: logging out loses the guest's name, history and ratings, so the logout page warns
// first and, when the server has an identity provider, offers to sign in with it and keep them
// (/auth/<provider>/login?keep=guest). After that login the server sends the browser to
// /?guest_history=kept (moved) or =refused (the account had games of its own): a notice says which.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function isGuest(me) {
  return Boolean(me && me.provider === "guest");
}

/** The identity providers (OIDC) the server offers, from /api/auth/providers. */
export function signInProviders(data) {
  return ((data && data.providers) || []).filter((provider) => provider.kind !== "guest");
}

export function keepUrl(provider) {
  const url = provider.login_url || `/auth/${encodeURIComponent(provider.name)}/login`;
  return `${url}${url.includes("?") ? "&" : "?"}keep=guest`;
}

/** "Sign in with <provider> and keep my games", one link per provider. */
export function keepGamesLinks(providers) {
  return providers.map((provider) => h("a", {
    class: "button primary", href: keepUrl(provider), testid: `keep-games-${provider.name}`,
  }, t("logout.keep", { provider: provider.name })));
}

/** The header's short form: straight to the only provider, else to the logout page that lists them. */
export function keepGamesHeaderLink(providers) {
  if (!providers.length) return null;
  const href = providers.length === 1 ? keepUrl(providers[0]) : "#/logout";
  return h("a", { class: "link keep-games", href, testid: "keep-games" }, t("shell.keep_games"));
}

/**
 * The ``guest_history`` word the login left in the address ("kept", "refused" or null); the parameter
 * is dropped from the address at once, so a reload or a bookmark does not show the notice again.
 */
export function takeGuestHistory() {
  const params = new URLSearchParams(location.search);
  const value = params.get("guest_history");
  if (value === null) return null;
  params.delete("guest_history");
  const search = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
  return value === "kept" || value === "refused" ? value : null;
}

/** The notice for ``kind`` ("kept" / "refused") with a button that dismisses it. */
export function guestHistoryNotice(kind, onDismiss) {
  return h("div", { class: `notice ${kind}`, testid: "guest-history-notice", dataset: { kind } },
    h("p", {}, t(kind === "kept" ? "shell.notice_kept" : "shell.notice_refused")),
    h("button", { type: "button", testid: "dismiss-notice", onclick: onDismiss }, t("shell.notice_dismiss")));
}
