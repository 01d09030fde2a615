// The login screen and the lobby: new table (options form from each game's schema), join by code, continue.

import { api } from "./api.js";
import { h, clear, append } from "./dom.js";
import { cardElement } from "./cards.js";
import { t, has, errorText } from "./i18n.js";

/** An option's label: the dictionary's, else its key made readable (an option this page does not know). */
function optionLabel(key) {
  if (has(`option.${key}`)) return t(`option.${key}`);
  const text = key.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function optionHint(key, schema) {
  return has(`option.${key}.hint`) ? t(`option.${key}.hint`) : schema.description;
}

function gameAbout(type) {
  const description = has(`game.${type.id}.about`) ? t(`game.${type.id}.about`) : type.description;
  return t("lobby.about", { description, players: t("lobby.players_count", { count: type.seats }) });
}

function statusText(status) {
  return has(`status.${status}`) ? t(`status.${status}`) : status;
}

function errorBox(testid) {
  return h("p", { class: "error", role: "alert", testid, hidden: true });
}

function showError(box, error, context = null) {
  box.textContent = error ? errorText(error, context) : "";
  box.hidden = !error;
}

/** A link to the card reference page (#/cards). */
function cardsLink() {
  return h("p", { class: "hint" }, h("a", { href: "#/cards", testid: "cards-link" }, t("gallery.link")));
}

// ---------------------------------------------------------------- login

export function mountLogin(root, ctx) {
  const error = errorBox("login-error");
  const providersBox = h("div", { class: "providers", testid: "providers" }, h("p", {}, t("shell.loading")));
  root.append(h("section", { class: "panel login", testid: "login" },
    h("div", { class: "fan", "aria-hidden": "true" }, ["01D", "01C", "01S", "01B"].map((c) => cardElement(c))),
    h("h1", {}, t("login.title")),
    h("p", { class: "lead" }, t("login.lead")),
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
          ctx.navigate(location.hash && location.hash !== "#" ? location.hash : "#/");
        } catch (err) {
          showError(error, err, "login");
        }
      });
      providersBox.append(form);
      setTimeout(() => input.focus(), 0);
    }
    for (const provider of data.providers.filter((p) => p.kind !== "guest")) {
      providersBox.append(h("a", {
        class: "button", href: provider.login_url, testid: `login-${provider.name}`,
      }, t("login.provider", { provider: provider.name })));
    }
    if (!providersBox.firstChild) providersBox.append(h("p", {}, t("login.none")));
  }).catch((err) => showError(error, err));
}

// ---------------------------------------------------------------- lobby

function optionField(key, schema) {
  const id = `opt-${key}`;
  const description = optionHint(key, schema);
  const hint = description ? h("small", { class: "hint" }, description) : null;
  if (schema.type === "boolean") {
    return h("div", { class: "field check" },
      h("input", { type: "checkbox", id, name: key, checked: Boolean(schema.default), testid: `option-${key}` }),
      h("label", { for: id }, optionLabel(key)), hint);
  }
  return h("div", { class: "field" },
    h("label", { for: id }, optionLabel(key)),
    h("input", {
      type: "number", id, name: key, inputmode: "numeric", step: 1, required: true,
      min: schema.minimum, max: schema.maximum, value: schema.default, testid: `option-${key}`,
    }), hint);
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

function newTableSection(ctx) {
  const error = errorBox("create-error");
  const select = h("select", { id: "game-type", testid: "game-type" });
  const about = h("p", { class: "about", testid: "game-about" });
  const fields = h("div", { class: "fields", testid: "game-options" });
  const form = h("form", { class: "create", testid: "create-form" },
    h("label", { for: "game-type" }, t("lobby.game")), select, about, fields,
    h("button", { type: "submit", class: "primary", testid: "create-game" }, t("lobby.open_table")), error);
  let types = [];
  const current = () => types.find((t) => t.id === select.value);
  const render = () => {
    const type = current();
    clear(fields);
    if (!type) return;
    about.textContent = gameAbout(type);
    for (const [key, spec] of Object.entries(type.options_schema.properties || {})) {
      fields.append(optionField(key, spec));
    }
  };
  select.addEventListener("change", render);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const type = current();
    if (!type) return;
    try {
      const game = await api.createGame(type.id, readOptions(form, type.options_schema));
      ctx.navigate(`#/game/${game.id}`);
    } catch (err) {
      showError(error, err);
    }
  });
  api.gameTypes().then((list) => {
    types = list;
    for (const type of list) select.append(h("option", { value: type.id }, type.name));
    render();
  }).catch((err) => showError(error, err));
  return h("section", { class: "panel", testid: "new-table", "aria-labelledby": "new-table-title" },
    h("h2", { id: "new-table-title" }, t("lobby.new_table")), form);
}

function playerNames(players) {
  return players.map((p) => (p ? p.name : "—")).join(", ");
}

function joinSection(ctx) {
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
    clear(preview);
    const canJoin = table.status === "lobby" && table.seats_open > 0;
    const options = Object.entries(table.options || {}).map(([key, value]) => t("lobby.option_value", {
      option: optionLabel(key), value: value === true ? t("lobby.on") : value === false ? t("lobby.off") : value,
    })).join(" · ");
    const join = h("button", { type: "button", class: "primary", testid: "join-button" }, t("lobby.take_seat"));
    join.addEventListener("click", async () => {
      try {
        const game = await api.join(code);
        ctx.navigate(`#/game/${game.id}`);
      } catch (err) {
        showError(error, err, "join");
      }
    });
    append(preview, [
      h("h3", { testid: "preview-name" }, table.name),
      h("p", {}, t("lobby.players", { names: playerNames(table.players) })),
      h("p", { testid: "preview-seats" }, canJoin
        ? t("lobby.seats_open", { count: table.seats_open, seats: table.seats })
        : t("lobby.status", { status: statusText(table.status) })),
      options ? h("p", { class: "hint" }, options) : null,
      h("div", { class: "row" },
        canJoin ? join : null,
        h("a", { class: "button", href: `#/game/${table.id}`, testid: "watch-button" }, t("lobby.watch"))),
    ]);
    preview.hidden = false;
  }

  return h("section", { class: "panel", testid: "join-table", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, t("lobby.join_title")), form, preview, error);
}

function continueSection() {
  const list = h("ul", { class: "games", testid: "my-games" }, h("li", {}, t("shell.loading")));
  api.myGames().then((games) => {
    clear(list);
    if (!games.length) list.append(h("li", { class: "empty" }, t("lobby.no_games")));
    for (const game of games) {
      list.append(h("li", { testid: "my-game", dataset: { gameId: game.id } },
        h("a", { href: `#/game/${game.id}`, class: "game-link" },
          h("strong", {}, game.name), " ", h("span", { class: `badge ${game.status}` }, statusText(game.status))),
        h("span", { class: "hint" }, ` ${playerNames(game.players)}`,
          game.join_code ? ` · ${t("lobby.code", { code: game.join_code })}` : "")));
    }
  }).catch((err) => {
    clear(list);
    list.append(h("li", { class: "error" }, errorText(err)));
  });
  return h("section", { class: "panel", testid: "continue", "aria-labelledby": "continue-title" },
    h("h2", { id: "continue-title" }, t("lobby.continue")), list);
}

export function mountLobby(root, ctx) {
  // The page's heading, for screen readers (sighted players see the header's current link).
  root.append(h("h1", { class: "sr-only" }, t("shell.lobby")));
  root.append(h("div", { class: "lobby", testid: "lobby" },
    newTableSection(ctx), joinSection(ctx), continueSection()), cardsLink());
}
