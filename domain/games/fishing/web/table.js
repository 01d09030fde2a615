// Scopa, scopa a quattro and scopone: the fishing games' table module (the interface is described in
// /web/js/families.js and docs/writing-a-game.md). The table cards and the choice of a capture are
// ./choosing.js's, the move log's words ./log.js's; here the scores, the hand's scoring breakdown, the
// piles with their scope, and a capture sliding to its pile with "Scopa!" called out.

import { h } from "/web/js/dom.js";
import { cardElement, cardName } from "/web/js/cards.js";
import { sortHand } from "/web/js/card_order.js";
import { sideOf } from "/web/js/seats.js";
import { t } from "/web/js/i18n.js";
import { board, controls, hand } from "./choosing.js";
import { playText, logEntry, logText, handStart, handText, notable, review } from "./log.js";

/** The scoring categories of a hand: the record's key, the row's label key, and a detail in brackets. */
const CATEGORIES = [
  ["carte", "fishing.carte", (s) => t("fishing.taken", { count: s.cards })],
  ["denara", "fishing.denara", (s) => t("fishing.taken", { count: s.denari })],
  ["settebello", "fishing.settebello", () => ""],
  ["primiera", "fishing.primiera", (s) => t("fishing.points", { count: s.primiera_points })],
  ["napola", "fishing.napola", () => ""],
  ["scope", "fishing.scope_row", () => ""],
];
/** Scope marked on a pile, at most (the count says the rest). */
const MARKS_SHOWN = 6;

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function scoreLine(view, ui) {
  if (!view.scores) return null;
  return [
    ...Object.entries(view.scores).map(([side, points]) => h("span", { class: "score", testid: `score-${side}` },
      `${ui.sideLabel(side)} `, h("strong", {}, String(points)))),
    view.target_score ? h("span", { class: "hint" }, t("table.target", { count: view.target_score })) : null,
  ];
}

/** The scoring breakdown of ``record``: the hand just ended (the view's last_hand), or any of the match's. */
function summary(view, ui, record = view.last_hand) {
  if (!record) return null;
  const sides = Object.keys(record.sides);
  const napola = "napola" in record.sides[sides[0]];
  const rows = CATEGORIES.filter(([key]) => key !== "napola" || napola).map(([key, label, detail]) =>
    h("tr", {},
      h("th", { scope: "row" }, t(label)),
      sides.map((side) => {
        const s = record.sides[side];
        const extra = detail(s);
        return h("td", { class: s[key] ? "won" : "" }, String(s[key]), extra ? h("small", {}, ` (${extra})`) : null);
      })));
  return h("table", { class: "breakdown", testid: "breakdown" },
    h("caption", {}, t("fishing.hand_name", { number: record.hand_number })),
    h("thead", {}, h("tr", {}, h("th", {}, ""), sides.map((side) => h("th", { scope: "col", title: ui.sideLabel(side) }, ui.columnSide(side))))),
    h("tbody", {}, rows,
      h("tr", { class: "total" }, h("th", { scope: "row" }, t("fishing.hand_total")),
        sides.map((side) => h("td", {}, String(record.sides[side].total)))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, t("table.match_score")),
        sides.map((side) => h("td", { testid: `match-score-${side}` }, String(record.scores[side]))))));
}

function describe(previous, view, ui) {
  const last = view.last_play;
  if (!last || same(last, previous.last_play)) return null;
  return playText({ ...last, sweep: false }, ui);
}

/** The cards a seat's side took, with one crosswise card per scopa, as players mark them at a real table. */
function pile(view, seat) {
  const side = sideOf(view, seat);
  if (!view.captured_counts || !side) return null;
  const count = view.captured_counts[side] || 0;
  const scope = (view.scope && view.scope[side]) || 0;
  const label = scope
    ? t("fishing.seat.pile_scope", { count, scope: t("fishing.seat.scope", { count: scope }) })
    : t("fishing.seat.pile", { count });
  const marks = Array.from({ length: Math.min(scope, MARKS_SHOWN) }, () => h("span", { class: "scopa-mark" }));
  return { count, label, marks };
}

/** A capture slides to the capturer's pile; a scopa is called out on the seat. */
function motion(previous, view) {
  const play = view.last_play;
  if (!play || !(play.captured || []).length || same(play, previous.last_play)) return {};
  const fly = { cards: [play.card, ...play.captured], seat: play.seat };
  if (!play.scopa) return { fly };
  const called = h("span", { class: "scopa-flash", testid: "scopa-flash", "aria-hidden": "true" },
    t("fishing.seat.scopa_flash"));
  return { fly, flash: { seat: play.seat, element: called } };
}

export default {
  board, hand, controls, scoreLine, summary, describe,
  card: cardElement, cardName, sortCards: (codes) => sortHand(codes),
  logEntry, logText, handStart, handText, notable, review,
  pile, motion,
  styles: ["table.css"],
};
