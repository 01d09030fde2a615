// Choosing a capture: the table cards, the hand and the capture choice of the fishing games.
//
// Click (or press Enter on) a hand card. A discard or a single legal capture is played at once. When the
// card has several captures, it stays selected, the table cards it can take become buttons and the
// options are listed; pick table cards (or an option) until one capture matches.
//
// Each entry of view.legal_moves is a complete action ({action: "play", card, capture?}); the table
// groups them by card and sends the chosen one as it is.

import { h } from "/web/js/dom.js";
import { cardElement, cardName } from "/web/js/cards.js";
import { sortHand } from "/web/js/card_order.js";
import { deckStack } from "/web/js/deck_stack.js";
import { t, listText } from "/web/js/i18n.js";

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

/** The table cards (those the selected card can take are buttons) and the deck. */
export function board(view, ui) {
  const selection = ui.selection;
  const plays = selection.card ? playsOf(view, selection.card) : [];
  const open = candidates(plays, selection.picked).flatMap(takes);
  const table = h("div", {
    class: "table-cards", testid: "table-cards", role: "group", "aria-label": t("fishing.table"),
  }, (view.table || []).map((code) => {
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
}

/** The prompt on the seat's turn, or the captures of the selected card to choose from. */
export function controls(view, ui) {
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
}

/** The hand: a card with several captures is a toggle that selects it. */
export function hand(view, ui) {
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
}
