// The helpers every part of the table gets (the game's table module, see ./families.js; the move log,
// the end screen): names of seats and sides, sending actions, the selection state.

import { t, listText } from "./i18n.js";
import { positionOf } from "./seats.js";
import { playerName } from "./players.js";

export function seatName(view, seat) {
  const player = (view.players || [])[seat];
  return player ? playerName(player) : t("table.seat", { number: seat + 1 });
}

/** A side's own name: the family's ("Caller"), else "Side A". */
export function sideName(family, side) {
  return family && family.sideName ? family.sideName(side) : t("table.side", { side });
}

/**
 * ``say(key, seat, params)`` words a sentence about a seat: ``key`` with {name}, or ``key.you`` when the
 * seat is the viewer's (the verb changes with the subject: "Anna ha giocato" / "Hai giocato").
 * ``controller``: {view, family(), motion: {lingering}, selection, send(message), render()}.
 */
export function makeUi(controller) {
  const isMe = (seat) => seat !== null && seat !== undefined && seat === controller.view.seat;
  const members = (side) => {
    const view = controller.view;
    return (view.teams && view.teams[side]) || null;
  };
  return {
    get view() { return controller.view; },
    isMe,
    name: (seat) => (isMe(seat) ? t("table.you") : seatName(controller.view, seat)),
    plainName: (seat) => seatName(controller.view, seat),
    say: (key, seat, params = {}) => (isMe(seat)
      ? t(`${key}.you`, params)
      : t(key, { ...params, name: seatName(controller.view, seat) })),
    /** A side as a heading says it: the player when a side is one player, else its name and members. */
    sideLabel: (side) => {
      const view = controller.view;
      const seats = members(side);
      if (seats && seats.length === 1) {  // one player a side: the side is that player
        return seats[0] === view.seat ? t("table.you") : seatName(view, seats[0]);
      }
      const label = sideName(controller.family(), side);
      if (!seats || !seats.length) return label;
      return t("table.side_members", { side: label, names: listText(seats.map((s) => seatName(view, s))) });
    },
    /** A side in a one-line sentence: the player's name when a side is one player, else the side's name. */
    shortSide: (side) => {
      const seats = members(side);
      if (seats && seats.length === 1) return seatName(controller.view, seats[0]);
      return sideName(controller.family(), side);
    },
    /** A side as a narrow column's heading says it: "you" or a lone player's first name, else the side's name. */
    columnSide: (side) => {
      const seats = members(side);
      if (seats && seats.length === 1) {
        return isMe(seats[0]) ? t("table.you") : String(seatName(controller.view, seats[0])).trim().split(/\s+/)[0];
      }
      return sideName(controller.family(), side);
    },
    mySide: () => {
      const view = controller.view;
      if (view.seat === null || view.seat === undefined || !view.teams) return null;
      return Object.keys(view.teams).find((side) => view.teams[side].includes(view.seat)) || null;
    },
    positionOf: (seat) => positionOf(controller.view, seat),
    get lingering() { return controller.motion.lingering; },
    send: (message) => controller.send(message),
    selection: controller.selection,
    rerender: () => controller.render(),
  };
}
