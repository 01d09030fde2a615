// Suggestions: in a casual game against the computer (the view's ``suggestions``), a Suggest button by
// the hand asks the server what the hard computer player would play in the player's seat, on their
// turn ({"action": "suggest"}). The answer, a `suggestion` frame to this page alone, is shown and never
// played: the move's own card is outlined and lifted in the hand (or among the controls, a card to
// call), every card of its lists is outlined where it lies on the felt (the cards a capture takes),
// and a move without a card (a bid, a pass) outlines the control that sends it. The player still plays
// by their own click. A suggestion holds until the table moves past the version it came with; every
// seat reads in the move log that one was used (the `suggested` event, ./movelog.js).
//
// What a move involves is read from the move itself and the page's data attributes, naming no game:
// ``card`` → its [data-card] in the controls, on the board (a card to call) or in the hand; a list of
// cards → each one's [data-card] on the board;
// other fields → a control whose data attributes hold them (data-rank="3"), or whose data-action is
// the move's action (data-action="pass").

import { h } from "./dom.js";
import { t, listText, errorText } from "./i18n.js";

/** Two moves are the same when they have the same fields (lists compared as sets). */
export function sameMove(a, b) {
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key];
    const y = b[key];
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
      if (!x.every((item) => y.includes(item))) return false;
    } else if (x !== y) return false;
  }
  return true;
}

function lists(move) {
  return Object.entries(move).filter(([, value]) => Array.isArray(value)).flatMap(([, value]) => value);
}

function scalars(move) {
  return Object.entries(move).filter(([key, value]) => key !== "action" && key !== "card"
    && !Array.isArray(value) && value !== null && typeof value !== "object");
}

const SVG_NS = "http://www.w3.org/2000/svg";
/** A light bulb's outline (24×24, stroked): the mark of a suggestion on the button and in the move log. */
const BULB = [
  "M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z", "M9.5 19h5", "M10.5 21.5h3",
];

/** The bulb, drawn in the text's colour (hidden from screen readers: the words beside it say it). */
export function bulbIcon() {
  const svg = document.createElementNS(SVG_NS, "svg");
  for (const [name, value] of Object.entries({
    viewBox: "0 0 24 24", width: "16", height: "16", "aria-hidden": "true", fill: "none", stroke: "currentColor",
    "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round", class: "bulb",
  })) svg.setAttribute(name, value);
  for (const d of BULB) {
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

function escaped(value) {
  return window.CSS && CSS.escape ? CSS.escape(String(value)) : String(value).replace(/["\\]/g, "\\$&");
}

export class Suggestions {
  /** ``table``: the table's controller (view, socket, family(), render(), showError(), announce()). */
  constructor(table) {
    this.table = table;
    this.asking = false; // a request went out and its answer has not come
    this.shown = null; // {version, action}: the suggestion being shown
  }

  /** Whether ``view`` lets its player ask now: seated, on turn, during a hand, at a table that offers it. */
  offered(view) {
    const seated = !view.spectator && view.seat !== null && view.seat !== undefined;
    return Boolean(view.suggestions) && seated && Boolean(view.your_turn)
      && !["lobby", "hand_end", "finished"].includes(view.phase);
  }

  /** The suggestion that holds for ``view`` (a legal move of it), or null. */
  current(view) {
    const shown = this.shown;
    if (!shown || !view) return null;
    if (view.version > shown.version) {
      this.shown = null; // the table moved on: a move was made
      return null;
    }
    return (view.legal_moves || []).some((move) => sameMove(move, shown.action)) ? shown.action : null;
  }

  /** The Suggest button, where the view offers it (pressed again while a suggestion shows, it says it again). */
  button(view) {
    if (!this.offered(view)) return null;
    const showing = Boolean(this.current(view));
    return h("button", {
      type: "button", class: `suggest${showing ? " showing" : ""}`, testid: "suggest",
      dataset: { action: "suggest", showing: String(showing) },
      disabled: this.asking || Boolean(view.pending), title: t("suggest.hint"), onclick: () => this.ask(),
    }, bulbIcon(), h("span", {}, this.asking ? t("suggest.asking") : t("suggest.button")));
  }

  ask() {
    const table = this.table;
    if (this.asking) return;
    const shown = this.current(table.view);
    if (shown) { // asked already for this move: show it again
      table.announce(this.words(shown));
      return;
    }
    if (!table.socket || !table.socket.send({ action: "suggest" })) {
      table.showError(t("table.not_connected"));
      return;
    }
    this.asking = true;
    table.render();
  }

  /** The server's `suggestion` frame. */
  received(message) {
    this.asking = false;
    this.shown = { version: Number(message.version) || 0, action: message.action || {} };
    const table = this.table;
    table.render();
    const action = this.current(table.view);
    if (action) table.announce(this.words(action));
  }

  /** An error frame while asking is the request's answer: true when it was (and it is shown). */
  refused(message) {
    if (!this.asking) return false;
    this.asking = false;
    this.table.render();
    const reason = errorText(message, "suggest");
    this.table.showError(reason);
    this.table.announce(reason);
    return true;
  }

  /** The socket closed or reconnected: an answer on the way is lost with it. */
  reset() {
    this.asking = false;
  }

  /** The suggestion in words, for screen readers: its card (and the cards it involves), else its control. */
  words(action) {
    const family = this.table.family();
    const extra = scalars(action).map(([, value]) => String(value));
    const control = action.card ? null : this.controlOf(this.table.el, action);
    const move = action.card
      ? family.cardName(action.card)
      : (control && control.textContent.trim()) || [action.action, ...extra].join(" ");
    const parts = [move];
    const involved = lists(action);
    if (involved.length) parts.push(t("suggest.with", { cards: listText(involved.map((code) => family.cardName(code))) }));
    if (action.card && extra.length) parts.push(`(${extra.join(", ")})`);
    return t("suggest.said", { move: parts.join(" ") });
  }

  controlOf(root, action) {
    const controls = root.querySelector("[data-testid=table-controls]");
    if (!controls) return null;
    const fields = scalars(action);
    for (const button of controls.querySelectorAll("button")) {
      const matches = fields.length
        ? fields.every(([key, value]) => button.dataset[key] === String(value))
        : button.dataset.action === action.action;
      if (matches) return button;
    }
    return null;
  }

  /** After each drawing: outline what the suggestion that holds involves. */
  decorate(root, view) {
    const action = this.current(view);
    const marked = [];
    if (action) {
      if (action.card) {
        const code = escaped(action.card);
        const card = ["table-controls", "board", "hand"]  // a card is in one place only: the deck has one of each
          .map((where) => root.querySelector(`[data-testid=${where}] [data-card="${code}"]`)).find(Boolean);
        if (card) marked.push(card);
      } else {
        const control = this.controlOf(root, action);
        if (control) marked.push(control);
      }
      for (const code of lists(action)) {
        const card = root.querySelector(`[data-testid=board] [data-card="${escaped(code)}"]`);
        if (card) marked.push(card);
      }
      for (const [key, value] of scalars(action)) {
        const control = root.querySelector(`[data-testid=table-controls] [data-${key.replace(/_/g, "-")}="${escaped(value)}"]`);
        if (control && !marked.includes(control)) marked.push(control);
      }
    }
    marked.forEach((element, index) => {
      element.classList.add("suggested");
      element.dataset.suggested = index === 0 ? "move" : "involved";
    });
    root.dataset.suggestion = action ? "shown" : "";
  }
}
