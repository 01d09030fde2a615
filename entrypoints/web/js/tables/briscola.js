// Briscola (two and four players): the trick on the table, the trump card, the deal's points.

import { h } from "../dom.js";
import { cardElement, cardName, suitName } from "../cards.js";
import { t } from "../i18n.js";

export function trickArea(view, ui) {
  const plays = view.trick || [];
  return h("div", { class: "trick", testid: "trick", role: "group", "aria-label": t("briscola.trick") },
    plays.length
      ? plays.map((p) => h("figure", { class: "play", dataset: { seat: String(p.seat) } },
        cardElement(p.card, { testid: "trick-card" }), h("figcaption", {}, ui.name(p.seat))))
      : h("p", { class: "hint" }, view.your_turn ? t("briscola.lead") : t("briscola.no_card")));
}

export function lastTrickLine(view, ui) {
  const last = view.last_trick;
  if (!last) return null;
  const cards = last.trick.map((p) => t("briscola.trick_card", { name: ui.name(p.seat), card: cardName(p.card) }));
  return h("p", { class: "last-play", testid: "last-trick" },
    ui.say("briscola.last_trick", last.winner, { count: last.points, cards: cards.join(", ") }));
}

/** The hand; a card that view.legal_moves lets the seat play sends that move as it is. */
export function playableHand(view, ui) {
  const legal = view.legal_moves || [];
  return h("div", { class: "hand", testid: "hand", role: "group", "aria-label": t("table.your_hand") },
    (view.hand || []).map((code) => {
      const move = legal.find((m) => m.action === "play" && m.card === code);
      const playable = Boolean(view.your_turn) && Boolean(move);
      return cardElement(code, {
        testid: "hand-card",
        onClick: () => ui.send(move),
        disabled: !playable,
        extraClass: playable ? "playable" : "",
      });
    }));
}

export function describeTrick(previous, view, ui) {
  const parts = [];
  const before = previous.trick || [];
  const now = view.trick || [];
  const played = now.length > before.length ? now.slice(before.length) : now;
  const lastChanged = JSON.stringify(view.last_trick) !== JSON.stringify(previous.last_trick);
  if (lastChanged && view.last_trick) {
    const final = view.last_trick.trick[view.last_trick.trick.length - 1];
    if (final) parts.push(ui.say("briscola.played", final.seat, { card: cardName(final.card) }));
    parts.push(ui.say("briscola.won_trick", view.last_trick.winner, { count: view.last_trick.points }));
  }
  for (const p of played) {
    if (!before.some((b) => b.seat === p.seat && b.card === p.card)) {
      parts.push(ui.say("briscola.played", p.seat, { card: cardName(p.card) }));
    }
  }
  return parts.join(" ") || null;
}

export const briscola = {
  scoreLine(view, ui) {
    if (!view.scores) return null;
    return [
      ...Object.entries(view.scores).map(([side, points]) =>
        h("span", { class: "score", testid: `score-${side}` }, `${ui.sideLabel(side)} `, h("strong", {}, String(points)))),
      view.target_score ? h("span", { class: "hint" }, t("table.target", { count: view.target_score })) : null,
    ];
  },

  board(view, ui) {
    const trump = view.trump_card
      ? h("figure", { class: "trump", testid: "trump" }, cardElement(view.trump_card, { testid: "trump-card" }),
        h("figcaption", {}, t("briscola.trump", { suit: suitName(view.trump_suit) })))
      : h("p", { class: "trump", testid: "trump" }, t("briscola.trump_drawn", { suit: suitName(view.trump_suit) }));
    return h("div", { class: "board trick-board", testid: "board" },
      h("div", { class: "stock" }, trump,
        h("p", { class: "deck", testid: "deck-count" }, t("briscola.deck", { count: view.deck_count }))),
      trickArea(view, ui),
      h("dl", { class: "facts", testid: "tricks-won" },
        Object.entries(view.tricks_won || {}).map(([side, count]) => [
          h("dt", {}, ui.sideLabel(side)), h("dd", {}, t("briscola.tricks", { count })),
        ])),
      lastTrickLine(view, ui));
  },

  controls(view) {
    return view.your_turn ? h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card")) : null;
  },

  hand: playableHand,

  summary(view, ui) {
    const deal = view.last_hand;
    if (!deal) return null;
    const sides = Object.keys(deal.points);
    const row = (label, values) => h("tr", {}, h("th", { scope: "row" }, label),
      sides.map((side) => h("td", {}, String(values[side]))));
    return h("table", { class: "breakdown", testid: "breakdown" },
      h("caption", {}, t(deal.patta ? "briscola.deal_patta" : "briscola.deal", { number: deal.hand_number })),
      h("thead", {}, h("tr", {}, h("th", {}, ""), sides.map((side) => h("th", { scope: "col" }, ui.sideLabel(side))))),
      h("tbody", {}, row(t("briscola.card_points"), deal.points), row(t("briscola.tricks_row"), deal.tricks),
        h("tr", { class: "total" }, h("th", { scope: "row" }, t("table.match_score")),
          sides.map((side) => h("td", { testid: `match-score-${side}` }, String(deal.scores[side]))))));
  },

  describe: describeTrick,
};
