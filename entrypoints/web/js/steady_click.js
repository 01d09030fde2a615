// A click on a card that the table redraws while the button is held down still counts.
//
// The table draws every state anew (and once more when a finished trick leaves the felt). A browser
// only fires "click" when the press and the release land on the same element; if the card pressed was
// replaced in between, the click is silently lost — the player pressed a card and nothing happened.
// (The new drawing may even have moved the card from under the pointer: the page's height changes as
// the trick goes.) So: note which card a press starts on and where; if at the release that element is
// gone and the pointer has not travelled (a press, not a drag away), click the card of the same code in
// the new drawing. A touch's own late click (a tap is resolved after the release) is then swallowed, so
// the card is not chosen twice.

const CARDS = "button.card[data-card]";
const SWALLOW_MS = 600;
const DRAG_PX = 12; // a pointer that travelled further was dragged away: no click, as the browser does

function successorOf(root, pressed) {
  const testid = pressed.testid ? `[data-testid="${pressed.testid}"]` : "";
  return root.querySelector(`${CARDS}[data-card="${pressed.code}"]${testid}`);
}

/** Keep clicks on the cards under ``root`` (the table's element, which outlives its redraws); returns a stop(). */
export function steadyClicks(root) {
  let pressed = null;
  let swallow = null;
  const down = (event) => {
    const card = event.button === 0 && event.target.closest ? event.target.closest(CARDS) : null;
    pressed = card && root.contains(card)
      ? { el: card, code: card.dataset.card, testid: card.dataset.testid, x: event.clientX, y: event.clientY }
      : null;
  };
  const up = (event) => {
    const was = pressed;
    pressed = null;
    if (!was || was.el.isConnected) return; // the press's own element is there: the browser clicks it
    if (Math.hypot(event.clientX - was.x, event.clientY - was.y) > DRAG_PX) return;
    const successor = successorOf(root, was);
    if (!successor) return;
    swallow = { el: successor, until: Date.now() + SWALLOW_MS };
    successor.click();
  };
  const click = (event) => {
    if (!swallow || !event.isTrusted) return;
    const late = Date.now() < swallow.until && event.target.closest && event.target.closest(CARDS);
    if (late && late.dataset.card === swallow.el.dataset.card) {
      event.stopPropagation();
      event.preventDefault();
    }
    swallow = null;
  };
  const cancel = () => { pressed = null; };
  root.addEventListener("pointerdown", down);
  document.addEventListener("pointerup", up);
  document.addEventListener("pointercancel", cancel);
  root.addEventListener("click", click, true);
  return () => {
    root.removeEventListener("pointerdown", down);
    document.removeEventListener("pointerup", up);
    document.removeEventListener("pointercancel", cancel);
    root.removeEventListener("click", click, true);
  };
}
