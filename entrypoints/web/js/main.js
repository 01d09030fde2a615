// The app shell: who is logged in, the header (with the language switch), and a hash router
// (#/, #/game/<id> — with ?code=<join code> when it is a private table's invitation —, #/join/<code>,
// #/arena/<id>, #/stats, #/cards, #/replay/<match id> — with ?step=<n> for one of its steps —,
// #/logout). Switching the language re-runs the router: the screen is drawn anew.
// A guest's logout goes through the #/logout page, which warns what a guest loses (./guest_account.js).
// The game families (./families.js) load before the first screen: every screen may draw a game.

import { api, ApiError } from "./api.js";
import { h, clear, announce } from "./dom.js";
import { t, language, setLanguage, onLanguageChange, errorText } from "./i18n.js";
import { mountLogin, mountLobby } from "./lobby.js";
import {
  isGuest, signInProviders, keepGamesLinks, keepGamesHeaderLink, takeGuestHistory, guestHistoryNotice,
} from "./guest_account.js";
import { mountInvitation } from "./invitation.js";
import { mountTable } from "./table.js";
import { mountStats } from "./stats.js";
import { mountGallery } from "./gallery.js";
import { mountReplay } from "./replay.js";
import { mountArena } from "./arena.js";
import { loadFamilies } from "./families.js";

const app = document.getElementById("app");
const who = document.querySelector("[data-testid=who]");
const languageSwitch = document.querySelector("[data-testid=language]");
// ``redrawing``: true while the router draws the same screen anew in another language.
const ctx = { me: null, navigate, refreshMe, setMe, redrawing: false };
let cleanup = null;
let ready = false; // who is logged in is known: the router may draw a screen
let providers = []; // the server's identity providers (OIDC), where a guest may keep their games
let notice = takeGuestHistory(); // "kept" / "refused" after a guest signed in to keep their games

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
  if (me && isGuest(me)) {
    // A guest's logout loses their games: the link leads to the page that says so and asks.
    who.append(
      h("span", { class: "me", testid: "me-name" }, me.name),
      h("span", { class: "who-actions" }, keepGamesHeaderLink(providers),
        h("a", { class: "link", href: "#/logout", testid: "logout" }, t("shell.logout"))),
    );
  } else if (me) {
    who.append(
      h("span", { class: "me", testid: "me-name" }, me.name),
      h("button", { type: "button", class: "link", testid: "logout", onclick: logout }, t("shell.logout")),
    );
  } else {
    // The link leads to the login screen: on a server with guests only it says what happens there.
    who.append(h("a", { href: "#/", testid: "login-link" },
      t(providers.length ? "shell.login" : "shell.login_guest")));
    showLoginLink();
  }
}

/** The header's login link is hidden on the login screen itself: there it would only draw the form anew. */
function showLoginLink() {
  const link = who.querySelector("[data-testid=login-link]");
  if (link) link.hidden = ready && app.querySelector("[data-testid=login]") !== null;
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
  const guest = isGuest(ctx.me);
  const confirm = h("button", {
    type: "button", class: guest ? "" : "primary", testid: "confirm-logout", onclick: logout,
  }, t(guest ? "logout.guest_confirm" : "logout.confirm"));
  const stay = h("a", { class: "button", href: "#/", testid: "stay-logged-in" }, t("logout.stay"));
  const keep = guest ? keepGamesLinks(providers) : [];
  root.append(h("section", { class: "panel logout-page", testid: "logout-confirmation" },
    h("h1", {}, t("logout.title")),
    h("p", {}, t("logout.question", { name: ctx.me.name })),
    guest ? h("p", { class: "warning", testid: "guest-warning" },
      t("logout.guest_warning", { name: ctx.me.name })) : null,
    keep.length ? h("div", { class: "row keep-row" }, keep) : null,
    h("div", { class: "row" }, confirm, stay),
  ));
  // A guest's focus starts on the choice that loses nothing.
  setTimeout(() => (guest ? keep[0] || stay : confirm).focus(), 0);
}

/** The guest-history notice, above whatever screen shows, until it is dismissed. */
function showNotice() {
  if (!notice) return;
  const element = guestHistoryNotice(notice, () => {
    notice = null;
    element.remove();
    app.focus();  // the button is gone: the focus goes to the page rather than to nowhere
  });
  app.prepend(element);
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  clear(app);
  const hash = location.hash || "#/";
  const game = /^#\/game\/([\w-]+)(?:\?code=([A-Za-z0-9]{1,32}))?$/.exec(hash);
  const invitation = /^#\/join\/([A-Za-z0-9-]{1,32})$/.exec(hash);
  const replay = /^#\/replay\/([\w-]+)(?:\?step=(\d{1,6}))?$/.exec(hash);
  const arena = /^#\/arena\/([\w-]{1,64})$/.exec(hash);
  for (const link of document.querySelectorAll(".nav a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === hash);
  }
  let result;
  if (hash === "#/logout" && !ctx.me) {
    location.replace("#/");  // nobody to log out: the login screen
    return;
  }
  if (game) {
    result = mountTable(app, ctx, game[1], { code: game[2] || null });
  } else if (hash === "#/logout") {
    mountLogoutConfirmation(app);
  } else if (hash === "#/cards") {
    mountGallery(app, ctx);
  } else if (replay) {
    // A finished match's record is public: its replay opens without logging in, like a shared link.
    result = mountReplay(app, ctx, replay[1], replay[2] ? Number(replay[2]) : null);
  } else if (!ctx.me) {
    result = mountLogin(app, ctx);
  } else if (invitation) {
    result = mountInvitation(app, ctx, invitation[1]);
  } else if (arena) {
    result = mountArena(app, ctx, arena[1]);
  } else if (hash === "#/stats") {
    result = mountStats(app, ctx);
  } else {
    result = mountLobby(app, ctx);
  }
  cleanup = typeof result === "function" ? result : null;
  showLoginLink();
  showNotice();
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
  if (ready) {
    ctx.redrawing = true;
    try {
      route();
    } finally {
      ctx.redrawing = false;
    }
  }
  announce(t("shell.language_now"));
});

labelShell();
window.addEventListener("hashchange", route);

(async () => {
  // Without the providers a guest is only not offered to keep their games: that never stops the page.
  const known = api.providers().then(signInProviders).catch(() => []);
  try {
    await Promise.all([refreshMe(), loadFamilies()]);
  } catch (error) {
    app.append(h("p", { class: "error", role: "alert" }, errorText(error)));
    return;
  }
  providers = await known;
  setMe(ctx.me);
  ready = true;
  route();
  if (notice) announce(t(notice === "kept" ? "shell.notice_kept" : "shell.notice_refused"));
})();
