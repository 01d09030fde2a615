// Scopa, scopa a quattro and scopone: table cards, captures, scope, and the hand's scoring breakdown.
//
// Choosing a capture: click (or press Enter on) a hand card. A discard or a single legal capture is
// played at once. When the card has several captures, it stays selected, the table cards it can take
// become buttons and the options are listed; pick table cards (or an option) until one capture matches.
//
// Each entry of view.legal_moves is a complete action ({action: "play", card, capture?}); the table
// groups them by card and sends the chosen one as it is.

import { h } from "../dom.js";
import { cardElement, cardName } from "../cards.js";
import { t, listText } from "../i18n.js";
import { sortHand } from "../hand_order.js";
import { deckStack } from "./deck.js";

/** The scoring categories of a hand: the record's key, the row's label key, and a detail in brackets. */
const CATEGORIES = [
  ["carte", "fishing.carte", (s) => t("fishing.taken", { count: s.cards })],
  ["denara", "fishing.denara", (s) => t("fishing.taken", { count: s.denari })],
  ["settebello", "fishing.settebello", () => ""],
  ["primiera", "fishing.primiera", (s) => t("fishing.points", { count: s.primiera_points })],
  ["napola", "fishing.napola", () => ""],
  ["scope", "fishing.scope_row", () => ""],
];

/** The legal plays of one hand card (none when it cannot be played now). */
function playsOf(view, code) {
  return (view.legal_moves || []).filter((m) => m.action === "play" && m.card === code);
}

function takes(move) {
  return move.capture || [];
}

function sameSet(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}

/** The plays still possible once the player has picked ``picked`` table cards. */
function candidates(plays, picked) {
  return plays.filter((move) => picked.every((c) => takes(move).includes(c)));
}

function onHandCard(ui, code) {
  const view = ui.view;
  const plays = playsOf(view, code);
  if (!view.your_turn || !plays.length) return;
  const selection = ui.selection;
  if (plays.length === 1) {
    selection.card = null;
    ui.send(plays[0]);
    return;
  }
  selection.card = selection.card === code ? null : code;
  selection.picked = [];
  ui.rerender();
}

function onTableCard(ui, code) {
  const selection = ui.selection;
  const plays = selection.card ? playsOf(ui.view, selection.card) : [];
  if (!plays.length) return;
  const picked = selection.picked.includes(code)
    ? selection.picked.filter((c) => c !== code)
    : [...selection.picked, code];
  const left = candidates(plays, picked);
  if (!left.length) return; // that card belongs to no capture together with the ones already picked
  const exact = left.find((move) => sameSet(takes(move), picked));
  if (exact) {
    ui.send(exact);
    return;
  }
  selection.picked = picked;
  ui.rerender();
}

export const fishing = {
  scoreLine(view, ui) {
    if (!view.scores) return null;
    return [
      ...Object.entries(view.scores).map(([side, points]) =>
        h("span", { class: "score", testid: `score-${side}` }, `${ui.sideLabel(side)} `, h("strong", {}, String(points)))),
      view.target_score ? h("span", { class: "hint" }, t("table.target", { count: view.target_score })) : null,
    ];
  },

  board(view, ui) {
    const selection = ui.selection;
    const plays = selection.card ? playsOf(view, selection.card) : [];
    const open = candidates(plays, selection.picked).flatMap(takes);
    const table = h("div", { class: "table-cards", testid: "table-cards", role: "group", "aria-label": t("fishing.table") },
      (view.table || []).map((code) => {
        const selectable = open.includes(code);
        return cardElement(code, {
          testid: "table-card",
          extraClass: `${selectable ? "selectable" : ""}${selection.picked.includes(code) ? " picked" : ""}`,
          onClick: selectable ? (c) => onTableCard(ui, c) : null,
          pressed: selectable ? selection.picked.includes(code) : null,
        });
      }));
    if (!(view.table || []).length) table.append(h("p", { class: "hint empty-table" }, t("fishing.empty")));
    return h("div", { class: "board fishing", testid: "board" }, table, deckStack(view.deck_count));
  },

  controls(view, ui) {
    const selection = ui.selection;
    const plays = selection.card ? playsOf(view, selection.card) : [];
    if (!plays.length || !view.your_turn) {
      return view.your_turn ? h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card")) : null;
    }
    const card = selection.card;
    const left = candidates(plays, selection.picked);
    return h("div", { class: "capture-choice", testid: "capture-choice", role: "group",
      "aria-label": t("fishing.captures_for", { card: cardName(card) }) },
    h("p", { class: "prompt" }, t("fishing.several_ways", { card: cardName(card) })),
    h("div", { class: "row" },
      left.map((move, index) => h("button", {
        type: "button", class: "option", testid: "capture-option", dataset: { action: `capture-${index}` },
        onclick: () => ui.send(move),
      }, t("fishing.take", { cards: listText(takes(move).map(cardName)) }))),
      h("button", {
        type: "button", class: "link", testid: "cancel-capture", dataset: { action: "cancel" },
        onclick: () => { selection.card = null; selection.picked = []; ui.rerender(); },
      }, t("fishing.cancel"))));
  },

  hand(view, ui) {
    const selection = ui.selection;
    return h("div", { class: "hand", testid: "hand", role: "group", "aria-label": t("table.your_hand") },
      sortHand(view.hand || []).map((code) => {
        const plays = playsOf(view, code);
        const several = plays.length > 1;
        const label = several ? t("fishing.several_captures", { card: cardName(code) }) : cardName(code);
        return cardElement(code, {
          testid: "hand-card",
          label,
          onClick: (c) => onHandCard(ui, c),
          disabled: !view.your_turn || !plays.length,
          pressed: several ? selection.card === code : null,
          extraClass: `${selection.card === code ? "selected" : ""}${view.your_turn ? " playable" : ""}`,
        });
      }));
  },

  /** The scoring breakdown of ``record``: the hand just ended (the view's last_hand), or any of the match's. */
  summary(view, ui, record = view.last_hand) {
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
      h("caption", {}, t("fishing.hand", { number: record.hand_number })),
      h("thead", {}, h("tr", {}, h("th", {}, ""), sides.map((side) => h("th", { scope: "col" }, ui.sideLabel(side))))),
      h("tbody", {}, rows,
        h("tr", { class: "total" }, h("th", { scope: "row" }, t("fishing.hand_total")),
          sides.map((side) => h("td", {}, String(record.sides[side].total)))),
        h("tr", { class: "total" }, h("th", { scope: "row" }, t("table.match_score")),
          sides.map((side) => h("td", { testid: `match-score-${side}` }, String(record.scores[side]))))));
  },

  describe(previous, view, ui) {
    const last = view.last_play;
    if (!last || JSON.stringify(last) === JSON.stringify(previous.last_play)) return null;
    return describePlay(last, ui);
  },
};

function describePlay(play, ui) {
  const card = cardName(play.card);
  if (!play.captured.length) return ui.say("fishing.played", play.seat, { card });
  const taken = listText(play.captured.map(cardName));
  return ui.say(play.scopa ? "fishing.scopa" : "fishing.took", play.seat, { card, taken });
}
