// The app shell: who is logged in, the header (with the language switch), and a hash router
// (#/, #/game/<id>, #/stats, #/cards). Switching the language re-runs the router: the screen is drawn anew.

import { api, ApiError } from "./api.js";
import { h, clear, announce } from "./dom.js";
import { t, language, setLanguage, onLanguageChange, errorText } from "./i18n.js";
import { mountLogin, mountLobby } from "./lobby.js";
import { mountTable } from "./table.js";
import { mountStats } from "./stats.js";
import { mountGallery } from "./gallery.js";

const app = document.getElementById("app");
const who = document.querySelector("[data-testid=who]");
const languageSwitch = document.querySelector("[data-testid=language]");
const ctx = { me: null, navigate, refreshMe, setMe };
let cleanup = null;
let ready = false; // who is logged in is known: the router may draw a screen

function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

async function refreshMe() {
  try {
    setMe(await api.me());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    setMe(null);
  }
}

function setMe(me) {
  ctx.me = me;
  clear(who);
  if (me) {
    who.append(
      h("span", { class: "me", testid: "me-name" }, me.name),
      h("button", { type: "button", class: "link", testid: "logout", onclick: logout }, t("shell.logout")),
    );
  } else {
    who.append(h("a", { href: "#/", testid: "login-link" }, t("shell.login")));
  }
}

// Logging out is a POST (a GET of /auth/logout only leads to the confirmation below); the answer
// names where to go next: home, or an identity provider's own post-logout page.
async function logout() {
  let next = "/";
  try {
    next = (await api.logout()).redirect || "/";
  } catch (error) {
    await refreshMe().catch(() => setMe(null));
    if (ctx.me) {  // still logged in: say why, stay here
      app.prepend(h("p", { class: "error", role: "alert", testid: "logout-error" }, errorText(error)));
      return;
    }
  }
  setMe(null);
  if (next === "/") navigate("#/");
  else location.assign(next);
}

function mountLogoutConfirmation(root) {
  const confirm = h("button", { type: "button", class: "primary", testid: "confirm-logout", onclick: logout },
    t("logout.confirm"));
  root.append(h("section", { class: "panel", testid: "logout-confirmation" },
    h("h1", {}, t("logout.title")),
    h("p", {}, t("logout.question", { name: ctx.me.name })),
    h("div", { class: "row" }, confirm,
      h("a", { class: "button", href: "#/", testid: "stay-logged-in" }, t("logout.stay"))),
  ));
  setTimeout(() => confirm.focus(), 0);
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  clear(app);
  const hash = location.hash || "#/";
  const game = /^#\/game\/([\w-]+)$/.exec(hash);
  for (const link of document.querySelectorAll(".nav a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === hash);
  }
  let result;
  if (hash === "#/logout" && !ctx.me) {
    location.replace("#/");  // nobody to log out: the login screen
    return;
  }
  if (game) {
    result = mountTable(app, ctx, game[1]);
  } else if (hash === "#/logout") {
    mountLogoutConfirmation(app);
  } else if (hash === "#/cards") {
    mountGallery(app, ctx);
  } else if (!ctx.me) {
    result = mountLogin(app, ctx);
  } else if (hash === "#/stats") {
    result = mountStats(app, ctx);
  } else {
    result = mountLobby(app, ctx);
  }
  cleanup = typeof result === "function" ? result : null;
}

/** The header's own texts, and which language button is pressed. */
function labelShell() {
  document.querySelector("[data-testid=skip]").textContent = t("shell.skip");
  document.querySelector(".nav").setAttribute("aria-label", t("shell.nav"));
  document.querySelector("[data-testid=nav-lobby]").textContent = t("shell.lobby");
  document.querySelector("[data-testid=nav-stats]").textContent = t("shell.stats");
  languageSwitch.setAttribute("aria-label", t("shell.language"));
  for (const button of languageSwitch.querySelectorAll("button[data-language]")) {
    button.setAttribute("aria-pressed", String(button.dataset.language === language()));
  }
}

for (const button of languageSwitch.querySelectorAll("button[data-language]")) {
  button.addEventListener("click", () => setLanguage(button.dataset.language));
}

onLanguageChange(() => {
  labelShell();
  setMe(ctx.me);
  if (ready) route();
  announce(t("shell.language_now"));
});

labelShell();
window.addEventListener("hashchange", route);

(async () => {
  try {
    await refreshMe();
  } catch (error) {
    app.append(h("p", { class: "error", role: "alert" }, errorText(error)));
    return;
  }
  ready = true;
  route();
})();
