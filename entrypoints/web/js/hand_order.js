// The order of the cards in your hand: by suit then rank (the default), or by rank then suit.
// The choice is remembered in this browser; each game family sorts its own cards by it (its table
// module's sortCards, ./families.js). Moving along the hand with the arrow keys lives here too.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "tavolo.hand_order";
export const ORDERS = ["suit", "rank"];

export function handOrder() {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return ORDERS.includes(stored) ? stored : "suit";
  } catch {
    return "suit";
  }
}

function remember(order) {
  try {
    localStorage.setItem(STORAGE_KEY, order);
  } catch {
    // storage disabled: the choice lasts as long as the page
  }
}

/** The switch between the two orders; ``onChange`` redraws the hand. */
export function orderToggle(onChange) {
  const order = handOrder();
  const next = order === "suit" ? "rank" : "suit";
  return h("button", {
    type: "button", class: "link order-toggle", testid: "hand-order", dataset: { action: "hand-order", order },
    onclick: () => { remember(next); onChange(); },
  }, t(`seat.order_${next}`));
}

/**
 * Arrow keys move along the hand (Home and End to its ends); Enter or Space plays, as on any button.
 * Returns true when the key was handled.
 */
export function moveAlongHand(event, hand) {
  if (!hand || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return false;
  const cards = [...hand.querySelectorAll("button.card")];
  const index = cards.indexOf(document.activeElement);
  if (index < 0) return false;
  let next = index;
  if (event.key === "ArrowLeft") next = Math.max(0, index - 1);
  if (event.key === "ArrowRight") next = Math.min(cards.length - 1, index + 1);
  if (event.key === "Home") next = 0;
  if (event.key === "End") next = cards.length - 1;
  cards[next].focus();
  event.preventDefault();
  return true;
}
