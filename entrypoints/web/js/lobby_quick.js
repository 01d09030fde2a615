// The lobby's "Play now" panel (quick match): choose a game, how long its match lasts
// (./lobby_length.js) and whether computer players may fill the table after a wait, press Play now,
// and the server seats you with whoever waits for the same game and the same length.
//
// While the wish stands, every (re)connection of the lobby socket sends the seek again: the server
// forgets a seek when its socket closes. The wait is counted from the server's ``since`` on the
// server's clock (./clock.js), so a computer whose clock is off still shows the right time.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { noteServerTime, serverNow } from "./clock.js";
import { selectField, setChoices, errorBox, showError } from "./form_parts.js";
import { remember, rememberedGame } from "./lobby_memory.js";
import { lengthField, lengthOptions, lengthText } from "./lobby_length.js";
import { gameChoices, secondsText } from "./summary_words.js";

const COMPUTERS_AFTER = [null, 15, 30, 60];

/** The wish left by the last lobby screen (its ``dispose``); the next one goes on with it only when it
 * is the same lobby drawn anew in another language, and otherwise only starts from its choices. */
let carried = null;

export function minutesAndSeconds(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * ``send(message)`` sends on the lobby socket (false when it is not open). Returns the panel's element
 * and the socket's handlers for it: ``onOpen``, ``onMessage``, ``onStatus``; ``dispose`` stops its timer.
 */
export function quickMatchPanel(ctx, types, send) {
  const error = errorBox("quick-error");
  const game = selectField({ id: "quick-game", label: t("lobby.game"), testid: "quick-game" });
  const after = selectField({
    id: "quick-computers", label: t("lobby.quick.computers_after"), testid: "quick-computers-after",
    choices: COMPUTERS_AFTER.map((seconds) => ({
      value: seconds === null ? "" : seconds, text: seconds === null ? t("lobby.quick.never") : secondsText(seconds),
    })),
  });
  const play = h("button", { type: "submit", class: "primary", testid: "play-now" }, t("lobby.quick.play"));
  const cancel = h("button", { type: "button", testid: "cancel-seek", hidden: true }, t("lobby.quick.cancel"));
  // The sentence is a polite live region, read when the search starts or stops; the clock inside it is
  // a timer (aria-live off), so a screen reader is not told every second.
  const clock = h("span", { class: "seek-clock", role: "timer", "aria-live": "off", testid: "seek-clock" });
  const words = h("span", { testid: "seek-words" });
  const status = h("p", { class: "seek-status", role: "status", "aria-live": "polite", testid: "seek-status" },
    words, " ", clock);
  const detail = h("p", { class: "hint", testid: "seek-detail" });
  const seeking = h("div", { class: "seeking", testid: "seeking", hidden: true }, status, detail, cancel);
  const lengthBox = h("div", { class: "length-box" });
  const form = h("form", { class: "quick", testid: "quick-form" },
    h("div", { class: "fields inline" }, game.field, lengthBox, after.field), h("div", { class: "row" }, play), error);

  // Read now: the router draws the new language's lobby synchronously, then clears the flag.
  const redrawn = Boolean(ctx.redrawing);
  let wanted = null;   // {game_type, computers_after, options} while the player wants to play
  let list = [];
  let length = null;   // the length field of the game chosen (null: the game has no length option)
  let since = null;    // the server's start of the current wait
  let asked = false;   // a seek was sent and no answer came yet (an error frame then answers it)
  let connected = false;
  let ticker = null;

  const typeName = (id) => game.select.querySelector(`option[value="${id}"]`)?.textContent || id;
  const typeOf = (id) => list.find((type) => type.id === id);

  /** The length field of the game chosen; on ``options``' length when given (a wish carried over). */
  function drawLength(options = null) {
    const type = typeOf(game.select.value);
    length = type ? lengthField("quick", type) : null;
    if (length && options && options[length.key] !== undefined) {
      length.field.querySelector("select, input").value = String(options[length.key]);
    }
    lengthBox.replaceChildren(...(length ? [length.field] : []));
    lengthBox.hidden = !length;
    draw();
  }
  game.select.addEventListener("change", () => drawLength());

  function draw() {
    const on = Boolean(wanted);
    seeking.hidden = !on;
    cancel.hidden = !on;
    play.disabled = on;
    game.select.disabled = on;
    after.select.disabled = on;
    const lengthInput = length && length.field.querySelector("select, input");
    if (lengthInput) lengthInput.disabled = on;
    if (!on) {
      words.textContent = "";
      clock.textContent = "";
      detail.textContent = "";
      return;
    }
    words.textContent = connected ? t("lobby.quick.seeking") : t("lobby.quick.connecting");
    clock.textContent = since === null ? "" : minutesAndSeconds(serverNow() - since);
    detail.textContent = [
      typeName(wanted.game_type),
      lengthText(typeOf(wanted.game_type), wanted.options),
      wanted.computers_after === null
        ? t("lobby.quick.people_only")
        : t("lobby.quick.computers_at", { seconds: secondsText(wanted.computers_after) }),
    ].filter(Boolean).join(" · ");
  }

  function seek() {
    if (!wanted) return;
    const { game_type, computers_after, options } = wanted;
    const message = { action: "seek", game_type, computers_after };
    if (Object.keys(options || {}).length) message.options = options;  // none: the game's default length
    asked = send(message);
    since = null;
    draw();
  }

  function stop() {
    wanted = null;
    since = null;
    asked = false;
    clearInterval(ticker);
    ticker = null;
    draw();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!game.select.value) return;
    showError(error, null);
    const type = typeOf(game.select.value);
    wanted = {
      game_type: game.select.value,
      computers_after: after.select.value ? Number(after.select.value) : null,
      options: lengthOptions(type, length),
    };
    remember("quick-game", wanted.game_type);
    seek();
    setTimeout(() => cancel.focus(), 0);  // the Play now button is disabled now: keep the focus near
  });
  cancel.addEventListener("click", () => {
    send({ action: "cancel" });
    stop();
    play.focus();
  });

  types.then((loaded) => {
    list = loaded;
    // A wish carried over goes on; else the game the player sought last, or the server's first.
    setChoices(game.select, gameChoices(loaded), carried ? carried.game_type : rememberedGame("quick-game", loaded));
    drawLength(carried ? carried.options : null);
    if (carried) {
      after.select.value = carried.computers_after === null ? "" : String(carried.computers_after);
      if (redrawn) wanted = carried;  // the lobby is drawn anew in another language: go on seeking
      carried = null;
      if (wanted && connected) seek();
      else draw();
    }
  }).catch((err) => showError(error, err));

  const panel = h("section", { class: "panel quick-panel", testid: "quick-match", "aria-labelledby": "quick-title" },
    h("h2", { id: "quick-title" }, t("lobby.quick.title")),
    h("p", { class: "hint" }, t("lobby.quick.lead")), form, seeking);

  return {
    element: panel,
    onOpen() {
      connected = true;
      seek();  // the first connection, or a reconnection while still seeking: (re)send the wish
    },
    onStatus(state) {
      connected = state === "open";
      if (!connected) asked = false;
      draw();
    },
    onMessage(message) {
      if (message.type === "seeking") {
        asked = false;
        noteServerTime(message.server_time);
        // Cancelled meanwhile: the cancel went after the seek on the same socket, the server has it.
        if (!wanted) return;
        since = message.since;
        clearInterval(ticker);
        ticker = setInterval(draw, 250);
        draw();
      } else if (message.type === "matched") {  // ("seek_cancelled" only answers our own cancel)
        stop();
        ctx.navigate(`#/game/${message.game_id}`);
      } else if (message.type === "error" && asked) {
        stop();  // the server refused the seek
        showError(error, message);
      }
    },
    dispose() {
      carried = wanted;
      clearInterval(ticker);
    },
  };
}
