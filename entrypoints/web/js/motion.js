// Cards in motion: cards that leave the board slide to the pile of the seat that took them.
//
// The table is redrawn from each new state, so a card that leaves the table has no element left to
// move. Before redrawing, the table notes where its cards were and what they looked like
// (``cardRects``); after it, ``fly`` draws each leaving card at its old place and slides it to its
// destination. With the browser set to reduce motion nothing moves: the cards simply go, as they did before.

export const SLIDE_MS = 450;

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where each card shown under ``root`` is now, and its element, by card code (the first of each code). */
export function cardRects(root) {
  const rects = new Map();
  for (const el of root.querySelectorAll(".card[data-card]")) {
    if (!rects.has(el.dataset.card) && el.getClientRects().length) {
      rects.set(el.dataset.card, { rect: el.getBoundingClientRect(), element: el });
    }
  }
  return rects;
}

/** A still copy of a card's element: its look (classes and drawing), no button, no name, no test id. */
function ghostOf(card) {
  const ghost = document.createElement("div");
  ghost.className = card.className;
  ghost.classList.remove("selected", "selectable", "picked", "playable");
  ghost.classList.add("flying");
  ghost.setAttribute("aria-hidden", "true");
  for (const child of card.childNodes) ghost.append(child.cloneNode(true));
  return ghost;
}

/**
 * Slide copies of ``codes`` from where they were in ``from`` (cardRects) to the element ``target``,
 * shrinking into it. A card that was not on screen starts at ``origin`` (a DOMRect), drawn by ``draw(code)``.
 */
export function fly(codes, from, target, origin = null, draw = null) {
  if (!target || reducedMotion()) return;
  const end = target.getBoundingClientRect();
  codes.forEach((code, index) => {
    const seen = from.get(code);
    const start = seen ? seen.rect : origin;
    if (!start || (!seen && !draw)) return;
    const ghost = ghostOf(seen ? seen.element : draw(code));
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
