// What moves on the table between two states: a finished trick stays a moment, then slides to its
// winner's pile; a capture slides to the capturer's pile, and a scopa is called out on the seat.
//
// The table calls ``before(previous, view)`` ahead of each redraw (it notes where things are on
// screen) and ``after(previous, view, where)`` once the new state is drawn, and ``decorate()`` at the
// end of every redraw. The sliding itself is ./motion.js's.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardRects, fly } from "./motion.js";

/** How long a finished trick stays on the table before it goes to its winner. */
export const TRICK_LINGERS_MS = 1500;
/** How long a seat says "Scopa!" after sweeping the table. */
const SCOPA_SHOWN_MS = 2500;

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export class TableMotion {
  /** ``root``: the table's element; ``redraw()``: draw the table again (when a trick has gone). */
  constructor(root, redraw) {
    this.root = root;
    this.redraw = redraw;
    this.lingering = null; // the finished trick still on the table (briscola, chiamata): last_trick
    this.scopa = null;
    this.timer = null;
  }

  destroy() {
    clearTimeout(this.timer);
    this.lingering = null;
  }

  /** Ahead of drawing ``view``: where the cards and seats are now, and whether a trick just ended. */
  before(previous, view) {
    const where = this.whereThingsAre();
    const done = view.last_trick;
    if (done && !same(done, previous.last_trick)) this.keepTrick(done, where);
    return where;
  }

  /** Once ``view`` is drawn: slide what a capture took to the capturer's pile. */
  after(previous, view, where) {
    const play = view.last_play;
    if (!play || !play.captured || !play.captured.length || same(play, previous.last_play)) return;
    fly([play.card, ...play.captured], where.cards, this.pileOf(play.seat), where.seats.get(play.seat) || null);
    if (!play.scopa) return;
    this.scopa = { seat: play.seat, until: Date.now() + SCOPA_SHOWN_MS };
    this.decorate();
  }

  /** At the end of every redraw: the "Scopa!" of a recent sweep stays on its seat. */
  decorate() {
    if (!this.scopa || Date.now() > this.scopa.until) return;
    const seat = this.root.querySelector(`[data-testid=seat][data-seat="${this.scopa.seat}"]`);
    if (seat) seat.append(h("span", { class: "scopa-flash", testid: "scopa-flash", "aria-hidden": "true" }, t("seat.scopa_flash")));
  }

  whereThingsAre() {
    const seats = new Map();
    for (const el of this.root.querySelectorAll("[data-testid=seat]")) {
      seats.set(Number(el.dataset.seat), el.getBoundingClientRect());
    }
    return { cards: cardRects(this.root), seats };
  }

  /** The trick stays; the next trick's lead shows once it has gone (at most TRICK_LINGERS_MS). */
  keepTrick(trick, where) {
    if (this.lingering) this.collect(where);
    this.lingering = trick;
    this.timer = setTimeout(() => {
      const now = this.whereThingsAre();
      this.collect(now);
      this.redraw();
    }, TRICK_LINGERS_MS);
  }

  /** Take the lingering trick off the table: its cards slide to the winner's pile after the redraw. */
  collect(where) {
    const trick = this.lingering;
    if (!trick) return;
    this.lingering = null;
    clearTimeout(this.timer);
    requestAnimationFrame(() => fly(trick.trick.map((p) => p.card), where.cards, this.pileOf(trick.winner)));
  }

  pileOf(seat) {
    const el = this.root.querySelector(`[data-testid=seat][data-seat="${seat}"]`);
    return el && (el.querySelector("[data-testid=pile]") || el);
  }
}
