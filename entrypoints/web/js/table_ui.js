// The helpers every part of the table gets (the game modules in ./tables/*.js, the move log, the end
// screen): names of seats and sides, sending actions, the selection state.

import { t, listText } from "./i18n.js";
import { positionOf } from "./seats.js";
import { playerName } from "./players.js";

export function seatName(view, seat) {
  const player = (view.players || [])[seat];
  return player ? playerName(player) : t("table.seat", { number: seat + 1 });
}

function sideName(side) {
  if (side === "caller") return t("table.side_caller");
  if (side === "defenders") return t("table.side_defenders");
  return t("table.side", { side });
}

/**
 * ``say(key, seat, params)`` words a sentence about a seat: ``key`` with {name}, or ``key.you`` when the
 * seat is the viewer's (the verb changes with the subject: "Anna ha giocato" / "Hai giocato").
 */
export function makeUi(controller) {
  const isMe = (seat) => seat !== null && seat !== undefined && seat === controller.view.seat;
  return {
    get view() { return controller.view; },
    isMe,
    name: (seat) => (isMe(seat) ? t("table.you") : seatName(controller.view, seat)),
    plainName: (seat) => seatName(controller.view, seat),
    say: (key, seat, params = {}) => (isMe(seat)
      ? t(`${key}.you`, params)
      : t(key, { ...params, name: seatName(controller.view, seat) })),
    sideLabel: (side) => {
      const view = controller.view;
      const members = view.teams && view.teams[side];
      if (members && members.length === 1) {  // one player a side: the side is that player
        return members[0] === view.seat ? t("table.you") : seatName(view, members[0]);
      }
      const label = sideName(side);
      if (!members || !members.length) return label;
      return t("table.side_members", { side: label, names: listText(members.map((s) => seatName(view, s))) });
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
