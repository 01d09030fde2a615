// What both trick-taking tables share (./briscola.js, ./chiamata.js): the trick on the board, the hand
// that plays into it, what a trick says when it is won, the tricks each seat has taken, and a finished
// trick that stays on the board a moment before it slides to its winner's pile.

import { h } from "/web/js/dom.js";
import { cardElement, cardName } from "/web/js/cards.js";
import { sortHand } from "/web/js/card_order.js";
import { sideOf } from "/web/js/seats.js";
import { t } from "/web/js/i18n.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The trick on the table, each card in front of the seat that played it. A finished trick stays a
 * moment (``ui.lingering``, the table's copy of ``last_trick``) before it goes to its winner; the
 * next trick's first card shows once it has gone.
 */
export function trickArea(view, ui) {
  const lingering = ui.lingering;
  const plays = lingering ? lingering.trick : view.trick || [];
  const area = h("div", {
    class: `trick${lingering ? " done" : ""}`, testid: "trick", role: "group", "aria-label": t("tricks.trick"),
    dataset: { seats: String(view.seats || (view.players || []).length) },
  },
  plays.map((p) => h("figure", { class: `play at-${ui.positionOf(p.seat)}`, dataset: { seat: String(p.seat) } },
    cardElement(p.card, { testid: "trick-card" }), h("figcaption", {}, ui.name(p.seat)))));
  if (lingering) {
    area.append(h("p", { class: "trick-winner", testid: "trick-winner" },
      ui.say("tricks.won_trick", lingering.winner, { count: lingering.points })));
  } else if (!plays.length) {
    area.append(h("p", { class: "hint trick-empty" }, view.your_turn ? t("tricks.lead") : t("tricks.no_card")));
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

/** The cards played since ``previous``, and the trick they completed, in words. */
export function describeTrick(previous, view, ui) {
  const parts = [];
  const before = previous.trick || [];
  const now = view.trick || [];
  const played = now.length > before.length ? now.slice(before.length) : now;
  const lastChanged = !same(view.last_trick, previous.last_trick);
  if (lastChanged && view.last_trick) {
    const final = view.last_trick.trick[view.last_trick.trick.length - 1];
    if (final) parts.push(ui.say("tricks.played", final.seat, { card: cardName(final.card) }));
    parts.push(ui.say("tricks.won_trick", view.last_trick.winner, { count: view.last_trick.points }));
  }
  for (const p of played) {
    if (!before.some((b) => b.seat === p.seat && b.card === p.card)) {
      parts.push(ui.say("tricks.played", p.seat, { card: cardName(p.card) }));
    }
  }
  return parts.join(" ") || null;
}

export function scoreLine(view, ui) {
  if (!view.scores) return null;
  return [
    ...Object.entries(view.scores).map(([side, points]) => h("span", { class: "score", testid: `score-${side}` },
      `${ui.sideLabel(side)} `, h("strong", {}, String(points)))),
    view.target_score ? h("span", { class: "hint" }, t("table.target", { count: view.target_score })) : null,
  ];
}

/** The tricks a seat took (briscola chiamata counts them by seat), or its side took. */
export function pile(view, seat) {
  let count = null;
  if (Array.isArray(view.tricks_won)) count = view.tricks_won[seat] || 0;
  else if (view.tricks_won && sideOf(view, seat)) count = view.tricks_won[sideOf(view, seat)] || 0;
  return count === null ? null : { count, label: t("tricks.seat.tricks", { count }) };
}

/** A finished trick stays on the board a moment, then slides to its winner's pile. */
export function motion(previous, view) {
  const done = view.last_trick;
  if (!done || same(done, previous.last_trick)) return {};
  return { linger: { shown: done, cards: done.trick.map((p) => p.card), seat: done.winner } };
}

/** The last trick face up, its winner's card marked. */
export function review(view, entries, ui) {
  const trick = view.last_trick;
  return {
    label: t("tricks.log.last_trick"),
    shown: trick && {
      text: ui.say("tricks.won_trick", trick.winner, { count: trick.points }),
      cards: (trick.trick || []).map((p) => ({
        card: p.card, caption: ui.name(p.seat), highlight: p.seat === trick.winner,
      })),
    },
  };
}

/** What both tables have the same: the cards, the trick, the piles, the review. */
export const TRICK_TABLE = {
  scoreLine, describe: describeTrick, pile, motion, review,
  card: cardElement, cardName, sortCards: (codes) => sortHand(codes),
  styles: ["tricks.css"],
};
