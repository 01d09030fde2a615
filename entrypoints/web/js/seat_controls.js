// Getting up from a table and sitting down at one.
//
// Leaving a waiting table only frees the seat, so it needs no second thought. Leaving a match under
// way hands the seat to a computer player for the rest of the match (and makes it casual): the button
// first asks, in words, and only the confirmation leaves. A visitor at a waiting table with a free
// seat sits down in one click — at a private table only with the join code its invitation link
// carried; a visitor not logged in logs in first, on this very address, and comes back here.
//
// ``room``: {view, ctx, busy, inviteCode, leave(), takeSeat(), logIn(), confirmingLeave,
// askLeave(), cancelLeave()} from the table.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** "Leave the table"; ``during``: a match is under way (the button asks first). */
export function leaveButton(room, { during }) {
  return h("button", {
    type: "button", class: during ? "leave quiet" : "leave", testid: "leave-table",
    dataset: { action: "leave-table" }, disabled: room.busy,
    onclick: () => (during ? room.askLeave() : room.leave()),
  }, t("table.leave"));
}

/** The question before leaving a match: a computer player takes the seat, and a rated match turns casual. */
function leaveConfirmation(room) {
  const { view } = room;
  return h("div", {
    id: "leave-confirmation", class: "leave-confirmation", testid: "leave-confirmation", role: "group",
    "aria-labelledby": "leave-question",
  },
  h("p", { id: "leave-question" }, view.rated ? t("table.leave_question_rated") : t("table.leave_question")),
  h("div", { class: "row" },
    h("button", {
      type: "button", class: "primary", testid: "leave-confirm", dataset: { action: "leave-confirm" },
      disabled: room.busy, onclick: () => room.leave(),
    }, t("table.leave_confirm")),
    h("button", {
      type: "button", testid: "leave-cancel", dataset: { action: "leave-cancel" },
      onclick: () => room.cancelLeave(),
    }, t("table.leave_cancel"))));
}

/** Under the table during a match: the leave button, or in its place its question (which takes the focus).
 *  An arena game has none: no computer player sits in an arena, so its turns run out if a player goes. */
export function leaveDuringMatch(room) {
  if (room.view.arena) return h("div", { class: "table-actions", testid: "table-actions" });
  return h("div", { class: "table-actions", testid: "table-actions" },
    room.confirmingLeave ? leaveConfirmation(room) : leaveButton(room, { during: true }));
}

/** What a visitor (not seated) can do at a waiting table: sit down, log in to, or learn it is private. */
export function sitDownControls(room) {
  const { view, ctx } = room;
  if (!view.seats_open) return null;
  if (!view.public && !room.inviteCode) {
    return h("p", { class: "private-note", testid: "private-note" }, t("table.private_note"));
  }
  if (!ctx.me) {
    return h("div", { class: "row" },
      h("a", {
        class: "button primary", href: "#/", testid: "login-to-sit", dataset: { action: "login-to-sit" },
        onclick: (event) => {
          event.preventDefault(); // the login shows here, so that it comes back to this table
          room.logIn();
        },
      }, t("table.login_to_sit")));
  }
  return h("div", { class: "row" },
    h("button", {
      type: "button", class: "primary", testid: "take-seat", dataset: { action: "take-seat" },
      disabled: room.busy, onclick: () => room.takeSeat(),
    }, t("table.take_seat")));
}
