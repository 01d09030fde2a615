// Briscola (two and four players): the trick on the table, the trump card, the deal's points.

import { h } from "../dom.js";
import { cardElement, cardName, suitName } from "../cards.js";
import { t } from "../i18n.js";
import { sortHand } from "../hand_order.js";
import { deckStack } from "./deck.js";

/**
 * The trick on the table, each card in front of the seat that played it. A finished trick stays a
 * moment (``ui.lingering``, the table's copy of ``last_trick``) before it goes to its winner; the
 * next trick's first card shows once it has gone.
 */
export function trickArea(view, ui) {
  const lingering = ui.lingering;
  const plays = lingering ? lingering.trick : view.trick || [];
  const area = h("div", {
    class: `trick${lingering ? " done" : ""}`, testid: "trick", role: "group", "aria-label": t("briscola.trick"),
    dataset: { seats: String(view.seats || (view.players || []).length) },
  },
  plays.map((p) => h("figure", { class: `play at-${ui.positionOf(p.seat)}`, dataset: { seat: String(p.seat) } },
    cardElement(p.card, { testid: "trick-card" }), h("figcaption", {}, ui.name(p.seat)))));
  if (lingering) {
    area.append(h("p", { class: "trick-winner", testid: "trick-winner" },
      ui.say("briscola.won_trick", lingering.winner, { count: lingering.points })));
  } else if (!plays.length) {
    area.append(h("p", { class: "hint trick-empty" }, view.your_turn ? t("briscola.lead") : t("briscola.no_card")));
  }
  return area;
}

/** The hand; a card that view.legal_moves lets the seat play sends that move as it is. */
export function playableHand(view, ui) {
  const legal = view.legal_moves || [];
  return h("div", { class: "hand", testid: "hand", role: "group", "aria-label": t("table.your_hand") },
    sortHand(view.hand || []).map((code) => {
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
      h("div", { class: "stock" }, trump, deckStack(view.deck_count)),
      trickArea(view, ui));
  },

  controls(view) {
    return view.your_turn ? h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card")) : null;
  },

  hand: playableHand,

  /** The card points and tricks of ``deal``: the one just ended (the view's last_hand), or any of the match's. */
  summary(view, ui, deal = view.last_hand) {
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
