// Tressette (two and four players): the table module (the interface is described in /web/js/families.js
// and docs/writing-a-game.md). The trick on the felt with the leader's signal, the stock of the
// two-player game, the hand that must follow suit, the signals to lead with, and a hand's summary: card
// points, thirds dropped, the last trick, declarations. The move log's words are ./log.js's.
//
// The view (the package's views.py): trick [{seat, card}], signal {seat, signal, suit} | null,
// previous_trick {trick, winner, thirds}, tricks_won, card_points and scores by side label, declarations
// [{seat, kind, suit, points}], shown (per seat, the cards everybody saw it draw), deck_count, options,
// last_hand {points, card_points, dropped, last_trick, declarations, declaration_points, tricks,
// cappotto, scores}.

import { h } from "/web/js/dom.js";
import { cardElement, cardName, suitName } from "/web/js/cards.js";
import { sortHand } from "/web/js/card_order.js";
import { deckStack } from "/web/js/deck_stack.js";
import { sideOf } from "/web/js/seats.js";
import { t } from "/web/js/i18n.js";
import { combinationText, handStart, handText, logEntry, logText } from "./log.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const SIGNALS = ["busso", "striscio", "volo"];

/** How many seats the table has (the server's envelope lists its players; a bare view counts them). */
function seatCount(view) {
  if (typeof view.players === "number") return view.players;
  return view.seats || (view.players || []).length;
}

/** The signal chosen to go with the lead, if any (kept in the table's selection until the next view). */
function chosenSignal(ui) {
  const picked = ui.selection && ui.selection.picked;
  return Array.isArray(picked) && picked.length ? picked[0] : null;
}

/** The trick, each card before its seat; a finished trick stays a moment with its taker named. */
function trickArea(view, ui) {
  const lingering = ui.lingering;
  const plays = lingering ? lingering.trick : view.trick || [];
  const area = h("div", {
    class: `ts-trick${lingering ? " done" : ""}`, testid: "trick", role: "group", "aria-label": t("tressette.trick"),
    dataset: { seats: String(seatCount(view)) },
  },
  plays.map((p) => h("figure", { class: `ts-play at-${ui.positionOf(p.seat)}`, dataset: { seat: String(p.seat) } },
    cardElement(p.card, { testid: "trick-card" }), h("figcaption", {}, ui.name(p.seat)))));
  if (lingering) {
    area.append(h("p", { class: "ts-trick-note", testid: "trick-winner" }, ui.say("tressette.took_trick", lingering.winner)));
  } else if (view.signal) {
    area.append(h("p", { class: "ts-trick-note ts-signal", testid: "signal" },
      ui.say("tressette.signal_shown", view.signal.seat, { signal: t(`tressette.signal.${view.signal.signal}`) })));
  } else if (!plays.length) {
    area.append(h("p", { class: "hint ts-trick-note ts-empty" }, view.your_turn ? t("tressette.lead") : t("tressette.no_card")));
  }
  return area;
}

function board(view, ui) {
  const stock = seatCount(view) === 2 ? deckStack(view.deck_count) : null;
  return h("div", { class: "board ts-board", testid: "board" },
    h("div", { class: "ts-stock" }, stock),
    trickArea(view, ui));
}

/** The hand; a card the seat may play sends its move, with the signal chosen when there is one. */
function hand(view, ui) {
  const legal = view.legal_moves || [];
  const signal = chosenSignal(ui);
  return h("div", { class: "hand ts-hand", testid: "hand", role: "group", "aria-label": t("table.your_hand") },
    sortHand(view.hand || []).map((code) => {
      const move = legal.find((m) => m.action === "play" && m.card === code && (m.signal || null) === signal);
      const playable = Boolean(view.your_turn) && Boolean(move);
      return cardElement(code, {
        testid: "hand-card", onClick: () => ui.send(move), disabled: !playable, extraClass: playable ? "playable" : "",
      });
    }));
}

/** The prompt, and for a leader at a table with signals the signal to lead with. */
function controls(view, ui) {
  if (!view.your_turn) return null;
  const trick = view.trick || [];
  const prompt = trick.length
    ? t("tressette.follow", { suit: suitName(trick[0].card.slice(2)) })
    : t("table.play_a_card");
  const signals = (view.legal_moves || []).some((m) => m.signal);
  if (!signals) return h("p", { class: "prompt", testid: "prompt" }, prompt);
  const chosen = chosenSignal(ui);
  const choose = (signal) => () => {
    ui.selection.picked = signal ? [signal] : [];
    ui.rerender();
  };
  return h("div", { class: "ts-controls" },
    h("p", { class: "prompt", testid: "prompt" }, prompt),
    h("div", { class: "ts-signals", role: "group", "aria-label": t("tressette.signal_group"), testid: "signals" },
      [null, ...SIGNALS].map((signal) => h("button", {
        type: "button", class: "ts-signal-choice", testid: `signal-${signal || "none"}`,
        dataset: signal ? { signal, action: `signal-${signal}` } : { action: "signal-none" },
        "aria-pressed": String(chosen === signal), onclick: choose(signal),
      }, signal ? t(`tressette.signal.${signal}`) : t("tressette.signal_none")))));
}

function scoreLine(view, ui) {
  if (!view.scores) return null;
  return [
    ...Object.entries(view.scores).map(([side, points]) => h("span", { class: "score", testid: `score-${side}` },
      `${ui.sideLabel(side)} `, h("strong", {}, String(points)))),
    view.target_score ? h("span", { class: "hint" }, t("table.target", { count: view.target_score })) : null,
  ];
}

/** A hand's breakdown by side: card points, thirds dropped, last trick, declarations, the hand, the match. */
function summary(view, ui, record = view.last_hand) {
  if (!record) return null;
  const sides = Object.keys(record.points);
  const lastSide = sideOf(view, record.last_trick) || (record.last_trick % 2 === 0 ? "A" : "B");
  const row = (label, cell, klass = "") => h("tr", { class: klass }, h("th", { scope: "row" }, label),
    sides.map((side) => cell(side)));
  const plain = (values, testid) => (side) => h("td", { testid: testid ? `${testid}-${side}` : null }, String(values[side] ?? 0));
  const declared = (record.declarations || []).map((d) => h("li", {},
    ui.say("tressette.log.declared", d.seat, { combination: combinationText(d.kind, d.suit), count: d.points })));
  return h("div", { class: "ts-summary", testid: "breakdown" },
    h("table", { class: "breakdown" },
      h("caption", {}, t("tressette.hand_name", { number: record.hand_number })),
      h("thead", {}, h("tr", {}, h("th", {}, ""), sides.map((side) => h("th", { scope: "col" }, ui.sideLabel(side))))),
      h("tbody", {},
        row(t("tressette.card_points"), plain(record.card_points, "card-points")),
        row(t("tressette.dropped"), (side) => h("td", { testid: `dropped-${side}` },
          t("tressette.third", { count: (record.dropped || {})[side] || 0 }))),
        row(t("tressette.last_trick"), (side) => h("td", { testid: `last-trick-${side}` }, side === lastSide ? "1" : "0")),
        row(t("tressette.declarations"), plain(record.declaration_points || {}, "declared")),
        row(t("tressette.hand_points"), plain(record.points, "hand-points"), "total"),
        row(t("table.match_score"), plain(record.scores, "match-score"), "total"))),
    declared.length ? h("ul", { class: "ts-declared", testid: "declarations" }, declared)
      : h("p", { class: "hint" }, t("tressette.no_declarations")),
    record.cappotto ? h("p", { class: "prompt", testid: "cappotto" }, t("tressette.cappotto", { side: ui.shortSide(record.cappotto) })) : null);
}

/** The cards played since ``previous``, and the trick they completed, in words. */
function describe(previous, view, ui) {
  const parts = [];
  const before = previous.trick || [];
  const now = view.trick || [];
  if (view.previous_trick && !same(view.previous_trick, previous.previous_trick)) {
    const final = view.previous_trick.trick[view.previous_trick.trick.length - 1];
    if (final) parts.push(ui.say("tressette.played", final.seat, { card: cardName(final.card) }));
    parts.push(ui.say("tressette.took_trick", view.previous_trick.winner));
  }
  for (const p of now) {
    if (!before.some((b) => b.seat === p.seat && b.card === p.card)) {
      parts.push(ui.say("tressette.played", p.seat, { card: cardName(p.card) }));
    }
  }
  return parts.join(" ") || null;
}

/** The tricks a seat's side has taken this hand. */
function pile(view, seat) {
  const side = sideOf(view, seat);
  if (!view.tricks_won || !side) return null;
  const count = view.tricks_won[side] || 0;
  return { count, label: t("tressette.seat.tricks", { count }) };
}

/** A finished trick stays on the board a moment, then slides to its taker's pile. */
function motion(previous, view) {
  const done = view.previous_trick;
  if (!done || same(done, previous.previous_trick)) return {};
  return { linger: { shown: done, cards: done.trick.map((p) => p.card), seat: done.winner } };
}

/** The last trick face up, its taker's card marked. */
function review(view, entries, ui) {
  const trick = view.previous_trick;
  return {
    label: t("tressette.log.last_trick"),
    shown: trick && {
      text: ui.say("tressette.took_trick", trick.winner),
      cards: (trick.trick || []).map((p) => ({ card: p.card, caption: ui.name(p.seat), highlight: p.seat === trick.winner })),
    },
  };
}

/** Under a seat's name: its side at four; at two, the cards everybody saw it draw and still holds. */
function seatNotes(view, seat) {
  const notes = [];
  const side = sideOf(view, seat);
  if (side && seatCount(view) === 4) notes.push(t("table.meta_side", { side }));
  const shown = (view.shown || [])[seat] || [];
  if (shown.length && seat !== view.seat) notes.push(t("tressette.seen_drawn", { cards: shown.map(cardName).join(", ") }));
  return notes;
}

export default {
  board, hand, controls, scoreLine, summary, describe,
  card: cardElement, cardName, sortCards: (codes) => sortHand(codes),
  logEntry, logText, handStart, handText,
  pile, motion, review, seatNotes,
  styles: ["tressette.css"],
};
