// One position of a replay, drawn with the table screen's own parts: the felt with the seats
// (./seats.js) and the game's board (its table module, ./families.js, as a spectator sees it), every
// seat's hand face up, the hand's breakdown once it is over, and the match's final score at the last step.
//
// What the step leaves on the board a moment (a trick it completed, its winner named) stays there, as
// the live table keeps it a moment.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatList } from "./seats.js";
import { inHand } from "./movelog_words.js";
import { playerName } from "./players.js";

/** What step ``index`` of ``prepared`` (./replay_frames.js) leaves on the board (ui.lingering), or null. */
export function lingering(prepared, index, family) {
  const before = prepared.frames[index - 1];
  const moves = before && family.motion ? family.motion(before.view, prepared.frames[index].view) : null;
  return moves && moves.linger ? moves.linger.shown : null;
}

function feltMiddle(frame, family, ui) {
  const view = frame.view;
  if (inHand(view) || frame.moved) return family.board(view, ui);
  if (view.phase === "hand_end") return h("p", { class: "felt-note" }, t("table.hand_end"));
  if (view.phase === "finished") return h("p", { class: "felt-note" }, t("table.game_over"));
  return h("p", { class: "felt-note" }, t("replay.no_board"));
}

function felt(frame, family, ui) {
  const view = frame.view;
  // The seats say whose turn it is and what each took; their held cards are face up below instead.
  const seatsView = { ...view, hand_counts: null };
  return h("div", { class: "felt still", testid: "felt", dataset: { seats: String(view.seats) } },
    seatList(seatsView, { countdown: () => null, family }),
    h("div", { class: "felt-center" }, feltMiddle(frame, family, ui)));
}

/** The card the seat plays at the next step, if it does (to follow the match by eye). */
function nextCard(next, seat) {
  if (!next || next.seat !== seat || !next.action) return null;
  return next.action.card || null;
}

/** A hand's cards face up in one row, overlapping when the row is too narrow (--n: how many). */
function handCards(cards, label, coming, family) {
  const row = h("div", {
    class: "replay-hand-cards", role: "img",
    "aria-label": `${label}: ${cards.map((code) => family.cardName(code)).join(", ")}`,
  }, family.sortCards(cards).map((code) => family.card(code, {
    testid: "replay-hand-card", extraClass: code === coming ? "next-play" : "",
  })));
  row.style.setProperty("--n", String(Math.max(2, cards.length))); // a style attribute the page's CSP refuses
  return row;
}

function handsPanel(frame, next, family) {
  const view = frame.view;
  const playing = inHand(view);
  const rows = (view.players || []).map((player, seat) => {
    const cards = frame.hands[seat] || [];
    const name = player ? playerName(player) : t("table.seat", { number: seat + 1 });
    const onTurn = playing && view.turn === seat;
    const coming = nextCard(next, seat);
    const label = t("replay.hand_of", { name, count: cards.length });
    return h("li", {
      class: `replay-hand${onTurn ? " turn" : ""}`, testid: "replay-hand-row", dataset: { seat: String(seat) },
      "aria-current": onTurn ? "true" : null,
    },
    h("p", { class: "replay-hand-name" },
      h("span", { class: "replay-seat-number" }, t("replay.seat_short", { number: seat + 1 })), " ",
      h("strong", {}, name),
      onTurn ? h("span", { class: "replay-to-play" }, ` · ${t("table.to_play_flag")}`) : null),
    cards.length ? handCards(cards, label, coming, family) : h("p", { class: "hint replay-no-cards" }, t("replay.no_cards")));
  });
  const coming = next && next.action && next.action.card;
  return h("section", { class: "replay-hands", testid: "replay-hands", "aria-labelledby": "replay-hands-title" },
    h("div", { class: "replay-hands-head" },
      h("h2", { id: "replay-hands-title", class: "replay-subtitle" }, t("replay.hands_title")),
      coming ? h("p", { class: "hint", testid: "replay-next-card" },
        t("replay.next_play", { card: family.cardName(coming) })) : null),
    h("ol", { class: "replay-hand-list" }, rows));
}

function handSummary(frame, family, ui) {
  const view = frame.view;
  if (view.phase !== "hand_end" && view.phase !== "finished") return null;
  const breakdown = view.last_hand ? family.summary(view, ui, view.last_hand) : null;
  if (!breakdown) return null;
  return h("section", { class: "panel summary replay-summary", testid: "replay-hand-summary",
    "aria-labelledby": "replay-summary-title" },
  h("h2", { id: "replay-summary-title" }, t("table.hand_end")), breakdown);
}

function finalScore(result, ui) {
  const scores = (result && result.scores) || {};
  const winner = result ? result.winner : null;
  return h("section", { class: "panel summary over replay-final", testid: "replay-final-score",
    "aria-labelledby": "replay-final-title" },
  h("h2", { id: "replay-final-title" }, t("replay.final_title")),
  h("p", { class: "headline", testid: "replay-winner" },
    winner ? t("table.side_wins", { side: ui.sideLabel(winner) }) : t("table.draw")),
  h("ul", { class: "final-scores" }, Object.entries(scores).map(([side, points]) =>
    h("li", { class: side === winner ? "winner" : "", testid: "replay-final-side", dataset: { side, points: String(points) } },
      `${t("table.final_score", { side: ui.sideLabel(side) })} `, h("strong", {}, String(points))))));
}

/**
 * The position after frame ``frame``: ``next`` is the frame after it (null at the end), ``family`` the
 * game's module, ``ui`` the table helpers (./table_ui.js) reading this frame's view, ``result`` the
 * match's result, shown when ``last``.
 */
export function drawPosition({ frame, next, family, ui, result, last }) {
  return [
    last ? finalScore(result, ui) : null,
    felt(frame, family, ui),
    handsPanel(frame, next, family),
    handSummary(frame, family, ui),
  ];
}
