// What moves on the table between two states, as the game's table module says it (``motion`` in
// ./families.js): what stays on the board a moment before its cards slide to a pile (a finished trick),
// cards that slide to a pile at once (a capture), and a word called out on a seat (a sweep of the table).
//
// The table calls ``before(previous, view)`` ahead of each redraw (it notes where things are on
// screen) and ``after(previous, view, where)`` once the new state is drawn, and ``decorate()`` at the
// end of every redraw. The sliding itself is ./motion.js's.

import { cardRects, fly } from "./motion.js";

/** How long what lingers (a finished trick) stays on the table before it goes, at most. */
export const LINGER_MS = 1500;
/** The share of the server's pause after a trick (``trick_pause_seconds``) that the trick lingers:
 * it has gone, and the cue of the turn after it shows, before that turn's clock starts. */
const LINGER_SHARE = 0.75;

/** How long what lingers after ``view`` stays: LINGER_MS, or less where the server pauses less. */
export function lingerMs(view) {
  const pause = view && view.trick_pause_seconds;
  return typeof pause === "number" ? Math.min(LINGER_MS, pause * 1000 * LINGER_SHARE) : LINGER_MS;
}
/** How long a seat shows what was called out on it. */
const FLASH_SHOWN_MS = 2500;

export class TableMotion {
  /** ``root``: the table's element; ``family()``: the game's table module; ``redraw()``: draw the table again. */
  constructor(root, family, redraw) {
    this.root = root;
    this.family = family;
    this.redraw = redraw;
    this.held = null; // what lingers on the board: {shown, cards, seat}
    this.moves = {};
    this.flash = null;
    this.timer = null;
  }

  /** What lingers on the board (``ui.lingering``), or null. */
  get lingering() {
    return this.held ? this.held.shown : null;
  }

  destroy() {
    clearTimeout(this.timer);
    this.held = null;
  }

  /** Ahead of drawing ``view``: where the cards and seats are now, and what starts to linger. */
  before(previous, view) {
    const where = this.whereThingsAre();
    const family = this.family();
    this.moves = (family.motion && family.motion(previous, view)) || {};
    if (this.moves.linger) this.keep(this.moves.linger, where, lingerMs(view));
    return where;
  }

  /** Once ``view`` is drawn: slide what went to a pile there, and call out what the family calls out. */
  after(previous, view, where) {
    const { fly: flight, flash } = this.moves;
    this.moves = {};
    if (flight) {
      fly(flight.cards, where.cards, this.pileOf(flight.seat), where.seats.get(flight.seat) || null, this.draw());
    }
    if (!flash) return;
    this.flash = { ...flash, until: Date.now() + FLASH_SHOWN_MS };
    this.decorate();
  }

  /** At the end of every redraw: what was called out on a seat stays there a moment. */
  decorate() {
    if (!this.flash || Date.now() > this.flash.until) return;
    const seat = this.root.querySelector(`[data-testid=seat][data-seat="${this.flash.seat}"]`);
    if (seat) seat.append(this.flash.element);
  }

  /** How a card that was not on screen is drawn to slide (an opponent's card): the family's way. */
  draw() {
    const family = this.family();
    return (code) => family.card(code, {});
  }

  whereThingsAre() {
    const seats = new Map();
    for (const el of this.root.querySelectorAll("[data-testid=seat]")) {
      seats.set(Number(el.dataset.seat), el.getBoundingClientRect());
    }
    return { cards: cardRects(this.root), seats };
  }

  /** ``held`` stays ``ms``; what comes next shows once it has gone. */
  keep(held, where, ms) {
    if (this.held) this.collect(where);
    this.held = held;
    this.timer = setTimeout(() => {
      const now = this.whereThingsAre();
      this.collect(now);
      this.redraw();
    }, ms);
  }

  /** Take what lingers off the table: its cards slide to the seat's pile after the redraw. */
  collect(where) {
    const held = this.held;
    if (!held) return;
    this.held = null;
    clearTimeout(this.timer);
    const draw = this.draw();
    requestAnimationFrame(() => fly(held.cards, where.cards, this.pileOf(held.seat), null, draw));
  }

  pileOf(seat) {
    const el = this.root.querySelector(`[data-testid=seat][data-seat="${seat}"]`);
    return el && (el.querySelector("[data-testid=pile]") || el);
  }
}
