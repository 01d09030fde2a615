// Choosing a take: the piles, the table cards, the hand and the choice between takes.
//
// Click (or press Enter on) a hand card. A card with one way to play (a discard, a single capture, a
// single steal) is played at once. A card with several stays selected: the piles it can steal and the
// table cards it can capture become buttons, and the ways are listed as buttons too; pick one.
//
// Each entry of view.legal_moves is a complete action ({action: "play", card, capture?, steal?}); the
// table groups them by card and sends the chosen one as it is.

import { h } from "/web/js/dom.js";
import { cardElement, cardName } from "/web/js/cards.js";
import { sortHand } from "/web/js/card_order.js";
import { deckStack } from "/web/js/deck_stack.js";
import { t } from "/web/js/i18n.js";

/** The legal plays of one hand card (none when it cannot be played now). */
export function playsOf(view, code) {
  return (view.legal_moves || []).filter((move) => move.action === "play" && move.card === code);
}

/** The plays of the selected hand card, or none. */
function selectedPlays(view, ui) {
  const code = ui.selection.card;
  return code && view.your_turn ? playsOf(view, code) : [];
}

function clearSelection(ui) {
  ui.selection.card = null;
  ui.selection.picked = [];
}

function send(ui, move) {
  clearSelection(ui);
  ui.send(move);
}

function onHandCard(ui, code) {
  const view = ui.view;
  const plays = playsOf(view, code);
  if (!view.your_turn || !plays.length) return;
  if (plays.length === 1) {
    send(ui, plays[0]);
    return;
  }
  const selection = ui.selection;
  selection.card = selection.card === code ? null : code;
  selection.picked = [];
  ui.rerender();
}

/** One seat's pile: its face-up top card (a button when the selected card can steal it), whose it is
 * and its size. */
function pileElement(view, ui, seat, steal) {
  const pile = (view.piles || [])[seat] || { top: null, size: 0 };
  const size = t("rubamazzo.pile_size", { count: pile.size });
  const top = pile.top
    ? cardElement(pile.top, {
      testid: "pile-top",
      label: steal ? t("rubamazzo.steal_with", { name: ui.plainName(seat), card: cardName(ui.selection.card) }) : null,
      extraClass: steal ? "selectable" : "",
      onClick: steal ? () => send(ui, steal) : null,
    })
    : h("div", { class: "pile-empty", testid: "pile-empty" }, t("rubamazzo.no_pile"));
  return h("figure", {
    class: `rubamazzo-pile${ui.isMe(seat) ? " mine" : ""}${steal ? " stealable" : ""}`,
    testid: "pile", dataset: { seat: String(seat) }, role: "group",
    "aria-label": `${ui.say("rubamazzo.pile_of", seat)}: ${size}`,
  },
  top,
  h("figcaption", { title: ui.name(seat) },
    h("span", { class: "pile-owner" }, ui.name(seat)),
    h("span", { class: "pile-size", testid: "pile-size" }, size)));
}

/** The piles (those the selected card can steal are buttons), the table cards and the stock. */
export function board(view, ui) {
  const plays = selectedPlays(view, ui);
  const steals = new Map(plays.filter((move) => move.steal !== undefined).map((move) => [move.steal, move]));
  const captures = new Map(plays.filter((move) => move.capture !== undefined).map((move) => [move.capture, move]));
  const seats = (view.piles || []).map((_, seat) => seat);
  const piles = h("div", { class: "rubamazzo-piles", testid: "piles", role: "group", "aria-label": t("rubamazzo.piles") },
    seats.map((seat) => pileElement(view, ui, seat, steals.get(seat) || null)));
  const table = h("div", {
    class: "table-cards", testid: "table-cards", role: "group", "aria-label": t("rubamazzo.table"),
  }, (view.table || []).map((code) => {
    const move = captures.get(code);
    return cardElement(code, {
      testid: "table-card",
      extraClass: move ? "selectable" : "",
      onClick: move ? () => send(ui, move) : null,
    });
  }));
  if (!(view.table || []).length) table.append(h("p", { class: "hint empty-table" }, t("rubamazzo.empty")));
  return h("div", { class: "board rubamazzo", testid: "board" }, piles, table, deckStack(view.deck_count));
}

/** A legal take in words, as its button says it. */
function optionText(view, ui, move) {
  if (move.steal !== undefined) {
    const pile = (view.piles || [])[move.steal] || { size: 0 };
    return t("rubamazzo.steal_option", { name: ui.plainName(move.steal), count: pile.size });
  }
  return t("rubamazzo.capture_option", { card: cardName(move.capture) });
}

/** The prompt on the seat's turn, or the ways of the selected card to choose from. */
export function controls(view, ui) {
  const plays = selectedPlays(view, ui);
  if (!plays.length) {
    return view.your_turn ? h("p", { class: "prompt", testid: "prompt" }, t("table.play_a_card")) : null;
  }
  const card = cardName(ui.selection.card);
  return h("div", { class: "take-choice", testid: "take-choice", role: "group", "aria-label": t("rubamazzo.ways_for", { card }) },
    h("p", { class: "prompt" }, t("rubamazzo.choose", { card })),
    h("div", { class: "row" },
      plays.map((move, index) => h("button", {
        type: "button", class: "option", testid: "take-option", dataset: { action: `take-${index}` },
        onclick: () => send(ui, move),
      }, optionText(view, ui, move))),
      h("button", {
        type: "button", class: "link", testid: "cancel-take", dataset: { action: "cancel" },
        onclick: () => { clearSelection(ui); ui.rerender(); },
      }, t("rubamazzo.cancel"))));
}

/** The hand: a card with several ways to take is a toggle that selects it. */
export function hand(view, ui) {
  const selection = ui.selection;
  return h("div", { class: "hand", testid: "hand", role: "group", "aria-label": t("table.your_hand") },
    sortHand(view.hand || []).map((code) => {
      const plays = playsOf(view, code);
      const several = plays.length > 1;
      return cardElement(code, {
        testid: "hand-card",
        label: several ? t("rubamazzo.several_ways", { card: cardName(code) }) : cardName(code),
        onClick: (c) => onHandCard(ui, c),
        disabled: !view.your_turn || !plays.length,
        pressed: several ? selection.card === code : null,
        extraClass: `${selection.card === code ? "selected" : ""}${view.your_turn ? " playable" : ""}`,
      });
    }));
}
