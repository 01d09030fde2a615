// Cards in motion: a capture slides to the capturer's pile, a finished trick to its winner's.
//
// The table is redrawn from each new state, so a card that leaves the table has no element left to
// move. Before redrawing, the table notes where its cards were (``cardRects``); after it, ``fly``
// draws each leaving card at its old place and slides it to its destination. With the browser set to
// reduce motion nothing moves: the cards simply go, as they did before.

import { cardElement } from "./cards.js";

export const SLIDE_MS = 450;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where each card shown under ``root`` is now, by card code (the first element of each code). */
export function cardRects(root) {
  const rects = new Map();
  for (const el of root.querySelectorAll(".card[data-card]")) {
    if (!rects.has(el.dataset.card) && el.getClientRects().length) rects.set(el.dataset.card, el.getBoundingClientRect());
  }
  return rects;
}

/**
 * Slide copies of ``codes`` from their rectangle in ``from`` (a Map of code → DOMRect; a card
 * without one starts at ``origin``) to the element ``target``, shrinking into it.
 */
export function fly(codes, from, target, origin = null) {
  if (!target || reducedMotion()) return;
  const end = target.getBoundingClientRect();
  codes.forEach((code, index) => {
    const start = from.get(code) || origin;
    if (!start) return;
    const ghost = cardElement(code, { extraClass: "flying" });
    ghost.removeAttribute("data-testid");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, {
      left: `${start.left}px`, top: `${start.top}px`, width: `${start.width}px`, height: `${start.height}px`,
    });
    document.body.append(ghost);
    const dx = end.left + end.width / 2 - (start.left + start.width / 2);
    const dy = end.top + end.height / 2 - (start.top + start.height / 2);
    const animation = ghost.animate([
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(.35)`, opacity: 0.2 },
    ], { duration: SLIDE_MS, delay: index * 40, easing: "cubic-bezier(.4, 0, .2, 1)", fill: "forwards" });
    animation.onfinish = () => ghost.remove();
    animation.oncancel = () => ghost.remove();
  });
}
