// Who has the table open now. Every state frame's view names the connected seats (``connected``), and a
// `presence` frame comes whenever that set changes; a seat whose player is not in it is "away" (their
// turn timer still runs). Computer players are always there. Until the socket has said who is connected
// (a view fetched over HTTP carries no ``connected``), nobody is marked away.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export class Presence {
  constructor() {
    this.connected = null; // the seats connected, or null while unknown
  }

  /** Take what a view says (views without ``connected`` leave the last known set). */
  fromView(view) {
    if (view && Array.isArray(view.connected)) this.connected = view.connected.slice();
  }

  /** A `presence` frame; true when the set changed (the seats need drawing again). */
  fromFrame(frame) {
    const next = Array.isArray(frame.connected) ? frame.connected.slice().sort() : null;
    const now = this.connected ? this.connected.slice().sort() : null;
    this.connected = next;
    return JSON.stringify(next) !== JSON.stringify(now);
  }

  /** Whether ``seat``'s player is away: a person, not the viewer, not connected now. */
  away(view, seat) {
    const player = (view.players || [])[seat];
    if (!player || player.bot || seat === view.seat || !this.connected) return false;
    return !this.connected.includes(seat);
  }
}

/** The seat's "away" mark: a short visible word, and for screen readers what it means. */
export function awayMark() {
  return h("span", { class: "away-flag", testid: "seat-away" },
    t("seat.away"), h("span", { class: "sr-only" }, ` ${t("seat.away_detail")}`));
}
