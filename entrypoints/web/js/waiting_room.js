// The waiting room (phase "lobby"), under the felt whose seats fill as players arrive:
// - what the table is (public or private, rated or casual, the turn time) and what the viewer can do
//   there: leave it, or — a visitor — take a seat (./seat_controls.js);
// - for the players seated, the invitation to share: the table's link (with its join code for a
//   private table: whoever opens it may sit down) and the 6-letter code; a Share button opens the
//   device's share sheet (the Web Share API) where the browser has one, beside Copy the link;
// - for the table's creator, each seat's computer player: add one (choosing its level) to a free
//   seat, or remove one.
//
// ``room`` is what the table gives this screen: {view, ctx, levels (the level chosen per seat, kept
// over redraws), busy (a request under way), addBot(level, seat), removeBot(seat), leave(), takeSeat(),
// logIn(), inviteCode}.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { gameTypes } from "./families.js";
import { playerName, levelName, COMPUTER_LEVELS } from "./players.js";
import { openJoinCode } from "./summary_words.js";
import { leaveButton, sitDownControls } from "./seat_controls.js";

function isSeated(view) {
  return !view.spectator && view.seat !== null && view.seat !== undefined;
}

/** The table's link: a private table's carries its join code, the key to sit down there. */
export function invitationLink(view) {
  const base = `${location.origin}/#/game/${encodeURIComponent(view.id)}`;
  return view.public || !view.join_code ? base : `${base}?code=${encodeURIComponent(view.join_code)}`;
}

function turnTimeText(seconds) {
  if (!seconds) return t("table.turn_default");
  return t("table.turn_seconds", { count: Math.round(seconds) });
}

/** Public or private, rated or casual (always casual once a computer player sits there), the turn time. */
function settings(view) {
  const computers = (view.players || []).some((player) => player && player.bot);
  let rated = t("table.casual");
  if (view.rated) rated = t("table.rated");
  else if (computers) rated = t("table.casual_computer");
  const item = (term, detail, testid) => [h("dt", {}, term), h("dd", { testid }, detail)];
  return h("dl", { class: "table-settings", testid: "table-settings" },
    item(t("table.setting_access"), view.public ? t("table.public") : t("table.private"), "setting-access"),
    item(t("table.setting_match"), rated, "setting-rated"),
    item(t("table.setting_turn"), turnTimeText(view.turn_time), "setting-turn"));
}

/** The status of the waiting table and what the viewer can do at it: one heading, as the table's other panels. */
function waitingPanel(room) {
  const { view } = room;
  const seated = isSeated(view);
  return h("section", { class: "panel waiting", testid: "waiting", "aria-labelledby": "waiting-title" },
    h("h2", { id: "waiting-title" }, t("table.waiting")),
    h("p", { testid: "seats-open" }, t("table.seats_still_open", { count: view.seats_open, seats: view.seats })),
    settings(view),
    h("p", { class: "hint" }, t("table.starts_when_full")),
    seated
      ? h("div", { class: "row" }, leaveButton(room, { during: false }))
      : sitDownControls(room));
}

/** Copy the link; where the clipboard is out of reach (an insecure page, a refusal), select it to copy by hand. */
async function copyLink(field, status) {
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = t("table.copied");
  } catch {
    field.focus();
    field.select();
    status.textContent = t("table.copy_select");
  }
}

/** The device's share sheet for ``data`` when the browser has one that takes it, else null. */
function shareSheet(data) {
  if (typeof navigator.share !== "function") return null;
  if (typeof navigator.canShare === "function" && !navigator.canShare(data)) return null;
  return () => navigator.share(data);
}

/** Open the share sheet; a sheet the player dismissed (AbortError) says nothing, a refusal falls back to copying. */
async function shareLink(share, field, status) {
  try {
    await share();
    status.textContent = t("table.shared");
  } catch (error) {
    if (error && error.name === "AbortError") return;
    await copyLink(field, status);
  }
}

function invitationPanel(view) {
  const link = invitationLink(view);
  const game = view.name || view.game_type;
  const share = shareSheet({
    title: t("table.share_title", { game }), text: t("table.share_text", { game }), url: link,
  });
  // A text box, not a line of text: the whole link shows (it wraps) and selects in one go.
  const field = h("textarea", {
    id: "invite-link", class: "invite-link", testid: "invite-link", readonly: true, rows: "2",
    spellcheck: "false", autocomplete: "off", "aria-describedby": "invite-hint",
  });
  field.value = link;
  field.addEventListener("focus", () => field.select());
  const status = h("p", { class: "hint copy-status", role: "status", testid: "copy-status" });
  return h("section", { class: "panel invite-panel", testid: "invitation", "aria-labelledby": "invite-title" },
    h("h2", { id: "invite-title" }, t("table.invite_title")),
    h("label", { for: "invite-link" }, t("table.invite_link")),
    field,
    h("p", { class: "hint", id: "invite-hint" }, view.public ? t("table.invite_public") : t("table.invite_private")),
    h("div", { class: "row" },
      share ? h("button", {
        type: "button", class: "primary", testid: "share-link", dataset: { action: "share-link" },
        onclick: () => shareLink(share, field, status),
      }, t("table.share_link")) : null,
      h("button", {
        type: "button", class: share ? null : "primary", testid: "copy-link", dataset: { action: "copy-link" },
        onclick: () => copyLink(field, status),
      }, t("table.copy_link")),
      status),
    openJoinCode(view) ? h("p", { class: "share-code" }, `${t("table.or_code")} `,
      h("strong", { class: "big-code", testid: "waiting-code" }, openJoinCode(view))) : null);
}

/** One seat's line in the creator's list: who sits there, and adding or removing a computer player. */
/** The levels the server offers for this game type (as the lobby's panel lists them). */
function levelsOf(view) {
  const type = gameTypes().find((each) => each.id === view.game_type);
  return (type && type.computer_levels && type.computer_levels.length) ? type.computer_levels : COMPUTER_LEVELS;
}

function computerSeat(room, seat) {
  const { view } = room;
  const player = (view.players || [])[seat];
  const number = seat + 1;
  const label = t("table.seat", { number });
  let who = player ? playerName(player) : t("seat.open");
  if (seat === view.seat) who = `${who} (${t("table.meta_you")})`;
  const controls = [];
  if (!player) {
    const id = `computer-level-${seat}`;
    const select = h("select", {
      id, testid: "computer-level", dataset: { action: `level-${seat}` }, disabled: room.busy,
      onchange: () => { room.levels[seat] = select.value; },
    }, levelsOf(view).map((level) => h("option", { value: level, selected: (room.levels[seat] || "easy") === level },
      levelName(level))));
    controls.push(
      h("label", { for: id, class: "sr-only" }, t("table.computer_level_for", { number })),
      select,
      h("button", {
        type: "button", testid: "add-computer", dataset: { action: `add-computer-${seat}` }, disabled: room.busy,
        "aria-label": t("table.add_computer_to", { number }),
        onclick: () => room.addBot(select.value, seat),
      }, t("table.add_computer")));
  } else if (player.bot) {
    controls.push(h("button", {
      type: "button", testid: "remove-computer", dataset: { action: `remove-computer-${seat}` }, disabled: room.busy,
      "aria-label": t("table.remove_computer_from", { name: playerName(player), number }),
      onclick: () => room.removeBot(seat),
    }, t("table.remove_computer")));
  }
  // The controls are the line's own items: on a phone the button goes under the seat and its level.
  return h("li", { class: `computer-seat${player ? "" : " free"}`, testid: "computer-seat", dataset: { seat: String(seat) } },
    h("span", { class: "computer-seat-who" }, h("strong", {}, label), ` · ${who}`),
    controls);
}

function computersPanel(room) {
  const { view } = room;
  const count = view.seats || (view.players || []).length;
  return h("section", { class: "panel computers", testid: "computer-seats", "aria-labelledby": "computers-title" },
    h("h2", { id: "computers-title" }, t("table.computers_title")),
    h("p", { class: "hint" }, view.rated ? t("table.computers_hint_rated") : t("table.computers_hint")),
    h("ul", { class: "computer-seat-list" }, Array.from({ length: count }, (_, seat) => computerSeat(room, seat))));
}

/** The waiting room's panels, in the order a phone shows them under the felt. */
export function waitingRoom(room) {
  const { view } = room;
  const seated = isSeated(view);
  const creator = seated && view.creator === view.seat;
  return h("div", { class: "waiting-room", testid: "waiting-room" },
    waitingPanel(room),
    seated ? invitationPanel(view) : null,
    creator ? computersPanel(room) : null);
}
