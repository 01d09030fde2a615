// A click on a card, a button or a link that is redrawn while it is held down still counts.
//
// The table draws every state anew (and once more when a finished trick leaves the felt); the lobby
// draws its open tables anew whenever one opens, fills or goes, and its arenas each time it reads them
// again (every 10 s); an arena's page draws itself anew at every change of its standings. A browser
// only fires "click" when the press and the release land on the same element; if the element pressed
// was replaced in between, the click is silently lost: the player pressed a card, or "take seat" as a
// frame arrived, and nothing happened. (The new drawing may even have moved it from under the pointer:
// the page's height changes as the trick goes.) So: note which element a press starts on and where; if
// at the release that element is gone and the pointer has not travelled (a press, not a drag away),
// click its successor in the new drawing: the card of the same code, or the button or link of the same
// data-action (the names the table's focus keeping already goes by). A touch's own late click (a tap is
// resolved after the release) is then swallowed, so nothing is chosen twice. A link pressed with
// Ctrl, Cmd or Shift held asked for another tab or window: its successor opens in a new tab, and this
// page stays where it is (a click made by a script opens a link here, whatever keys it names).

const PRESSABLE = "button.card[data-card], button[data-action], a[data-action]";
const SWALLOW_MS = 600;
const DRAG_PX = 12; // a pointer that travelled further was dragged away: no click, as the browser does

/** What names a pressable element across redraws: its card (and test id), or its kind and action. */
function keyOf(element) {
  const { card, testid, action } = element.dataset;
  return card
    ? `button.card[data-card="${CSS.escape(card)}"]` + (testid ? `[data-testid="${CSS.escape(testid)}"]` : "")
    : `${element.localName}[data-action="${CSS.escape(action)}"]`;
}

/** Whether a press asks for its link in another tab or window (Ctrl or Cmd, or Shift, held). */
function opensElsewhere(event) {
  return event.ctrlKey || event.metaKey || event.shiftKey;
}

/** Keep clicks on the cards, buttons and links under ``root`` (an element that outlives the redraws
 * inside it: the table's, the open tables' list, the lobby's arena list, the arena's page); returns a
 * stop(). */
export function steadyClicks(root) {
  let pressed = null;
  let swallow = null;
  const down = (event) => {
    const element = event.button === 0 && event.target.closest ? event.target.closest(PRESSABLE) : null;
    pressed = element && root.contains(element)
      ? { el: element, key: keyOf(element), x: event.clientX, y: event.clientY, elsewhere: opensElsewhere(event) }
      : null;
  };
  const up = (event) => {
    const was = pressed;
    pressed = null;
    if (!was || was.el.isConnected) return; // the press's own element is there: the browser clicks it
    if (Math.hypot(event.clientX - was.x, event.clientY - was.y) > DRAG_PX) return;
    const successor = root.querySelector(was.key);
    if (!successor || successor.disabled) return;
    swallow = { key: was.key, until: Date.now() + SWALLOW_MS };
    if (successor.localName === "a" && was.elsewhere) window.open(successor.href, "_blank", "noopener");
    else successor.click();
  };
  const click = (event) => {
    if (!swallow || !event.isTrusted) return;
    const late = Date.now() < swallow.until && event.target.closest && event.target.closest(PRESSABLE);
    if (late && keyOf(late) === swallow.key) {
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
