// The seats around the table: you at the bottom, the others in playing order around the felt.
//
// Italian card games are played counter-clockwise: the next player sits on your right. So, seen
// from your chair, the seat after yours is on the right, the one opposite you is your partner in a
// 4-player game, and five players sit as a pentagon. Each seat shows its player's name, whose turn it
// is (with a ring that empties as the turn's time runs out), how many cards they hold (face down),
// the pile they took and the facts under their name, as the game's table module says them
// (./families.js: pile, seatNotes); and whether its player has the table open (./presence.js: an
// "away" mark when not).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { playerName, nameParts } from "./players.js";
import { awayMark } from "./presence.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const RING_RADIUS = 21;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** Where each seat sits, by its distance from the viewer's seat in playing order. */
const POSITIONS = {
  2: ["bottom", "top"],
  3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"],
  5: ["bottom", "right", "top-right", "top-left", "left"],
};

/** The seat drawn at the bottom: the viewer's, or the first seat for a spectator. */
export function bottomSeat(view) {
  return view.seat === null || view.seat === undefined ? 0 : view.seat;
}

/** The position name ("bottom", "right", ...) of ``seat`` at this table, as the viewer sees it. */
export function positionOf(view, seat) {
  const count = view.seats || (view.players || []).length;
  const places = POSITIONS[count] || POSITIONS[4];
  return places[(seat - bottomSeat(view) + count) % count];
}

/** The side (team) ``seat`` belongs to, or null. */
export function sideOf(view, seat) {
  if (!view.teams) return null;
  return Object.keys(view.teams).find((side) => view.teams[side].includes(seat)) || null;
}

/** A ring that empties as the turn runs out; the table's ticker calls ``updateRings``. */
function turnRing(deadline, total) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("turn-ring");
  svg.innerHTML = `<circle cx="24" cy="24" r="${RING_RADIUS}" class="ring-track"/>
    <circle cx="24" cy="24" r="${RING_RADIUS}" class="ring-left" transform="rotate(-90 24 24)"
      stroke-dasharray="${RING_LENGTH.toFixed(2)}" stroke-dashoffset="0"/>`;
  if (deadline) {
    svg.dataset.ringDeadline = String(deadline);
    svg.dataset.ringTotal = String(total || 30);
  }
  return svg;
}

/** Redraw every turn ring under ``root`` for the time ``now`` (epoch seconds, the server's clock). */
export function updateRings(root, now) {
  for (const svg of root.querySelectorAll("svg[data-ring-deadline]")) {
    const left = Math.max(0, Number(svg.dataset.ringDeadline) - now);
    const share = Math.min(1, left / Number(svg.dataset.ringTotal));
    const arc = svg.querySelector(".ring-left");
    arc.setAttribute("stroke-dashoffset", (RING_LENGTH * (1 - share)).toFixed(2));
    svg.classList.toggle("urgent", left <= 5);
  }
}

function initial(name) {
  const letter = Array.from(String(name || "?").trim())[0] || "?";
  return letter.toUpperCase();
}

/** A few small card backs standing for the cards a seat holds. */
function heldCards(count) {
  const backs = h("span", {
    class: "held", testid: "held-cards", role: "img", "aria-label": t("seat.holds", { count }),
  });
  for (let i = 0; i < Math.min(count, 10); i += 1) backs.append(h("span", { class: "mini-back" }));
  backs.append(h("span", { class: "held-count", "aria-hidden": "true" }, String(count)));
  return backs;
}

/** The pile a seat (or its side) took: a stack of backs with the family's marks on it, and the count. */
function pile({ count, label, marks = [] }) {
  return h("span", { class: `pile${count ? "" : " empty"}`, testid: "pile", role: "img", "aria-label": label },
    h("span", { class: "pile-stack" }, count ? h("span", { class: "mini-back" }) : null, marks),
    h("span", { class: "pile-count", "aria-hidden": "true" }, String(count)));
}

/** What a seat has won so far, as its game counts it (none in the waiting room). */
function winnings(view, seat, family) {
  if (view.phase === "lobby" || !family || !family.pile) return null;
  const taken = family.pile(view, seat);
  return taken ? pile(taken) : null;
}

/** The short facts under a seat's name: the family's, else its side when sides have partners. */
function notes(view, seat, family) {
  if (family && family.seatNotes) return family.seatNotes(view, seat).filter(Boolean).join(" · ");
  const side = sideOf(view, seat);
  const partnered = Object.values(view.teams || {}).some((members) => members.length > 1);
  return side && partnered ? t("table.meta_side", { side }) : "";
}

/** The name on a seat; a computer player's level apart, to go on a line of its own where the seat is narrow. */
function seatNameText(player, name) {
  if (!player) return name;
  const parts = nameParts(player);
  if (!parts.level) return parts.name;
  // The space between the two is where the line may break.
  return [h("span", { class: "seat-computer" }, parts.name), " ", h("span", { class: "seat-level" }, `· ${parts.level}`)];
}

/**
 * One seat. ``countdown(deadline, testid)`` makes the turn's countdown text (the table's ticker
 * refreshes it); ``presence`` (./presence.js) says whether its player is away; ``family`` is the game's
 * table module.
 */
export function seatElement(view, seat, { countdown, presence = null, family = null }) {
  const player = (view.players || [])[seat];
  const lobby = view.phase === "lobby";
  const onTurn = view.turn === seat && !lobby && view.phase !== "finished" && view.phase !== "hand_end";
  const me = seat === view.seat;
  const away = Boolean(presence && presence.away(view, seat));
  const held = view.hand_counts ? view.hand_counts[seat] : null;
  const name = player ? playerName(player) : t("seat.open");
  const won = winnings(view, seat, family);
  const meta = notes(view, seat, family);
  const classes = ["seat", `pos-${positionOf(view, seat)}`, onTurn ? "turn" : "", me ? "me" : "",
    player ? "" : "open", player && player.bot ? "computer" : "", away ? "away" : ""];
  return h("li", {
    class: classes.filter(Boolean).join(" "),
    testid: "seat", dataset: { seat: String(seat), position: positionOf(view, seat), present: String(!away) },
    "aria-current": onTurn ? "true" : null,
  },
  h("span", { class: "avatar", "aria-hidden": "true" },
    turnRing(onTurn ? view.turn_deadline : null, view.turn_seconds),
    h("span", { class: "initial" }, player ? initial(name) : "·")),
  h("span", { class: "seat-info" },
    h("span", { class: "seat-name", testid: "seat-name", title: name }, seatNameText(player, name),
      me ? h("span", { class: "you-tag" }, ` (${t("table.meta_you")})`) : null),
    meta ? h("span", { class: "seat-meta" }, meta) : null,
    away ? awayMark() : null,
    onTurn ? h("span", { class: "turn-flag", testid: "turn-indicator" },
      `${me ? t("table.your_turn_flag") : player && player.bot ? t("table.thinking_flag") : t("table.to_play_flag")} `,
      countdown(view.turn_deadline, me ? "my-countdown" : "countdown")) : null),
  !lobby && (held !== null && held !== undefined || won)
    ? h("span", { class: "seat-stuff" }, held !== null && held !== undefined && !me ? heldCards(held) : null, won)
    : null);
}

/** Every seat of the table, in seat order (CSS places each by its data-position); ``parts`` as seatElement's. */
export function seatList(view, parts) {
  const count = view.seats || (view.players || []).length;
  const list = h("ol", { class: "seats", testid: "seats", "aria-label": t("table.seats") });
  for (let seat = 0; seat < count; seat += 1) list.append(seatElement(view, seat, parts));
  return list;
}
