// The table's header, short enough for a phone: one line with the game's name, the score in a few
// characters a side (initials or a short name, and the deals or running totals of a longer match), a
// "details" button and, on a phone, the button that opens the move log's sheet (./table_sheet.js).
// On a phone the name sits over the score line, both beside the buttons, which are icons there (their
// words stay their accessible names), so neither is cut. The sound switch stays on the line; the details (the join code, the full score
// line with the sides' names and the target) are behind the details button on a phone and always shown on a wide screen.
// An arena's game has one more button on the line: back to its arena (an icon on a phone, with its word
// on a wider screen).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { soundToggle } from "./attention.js";
import { playerName } from "./players.js";
import { openJoinCode } from "./summary_words.js";

/** A name in a few letters: its first word (the CSS cuts what is still too long, with an ellipsis). */
export function shortName(name) {
  return String(name || "").trim().split(/\s+/)[0] || "?";
}

function sideSeats(view, side) {
  return (view.teams && view.teams[side]) || [];
}

/** One side's label in the short line: a lone player's short name, else the side's letter. */
function sideShort(view, side, ui) {
  const seats = sideSeats(view, side);
  if (seats.length === 1) {
    const seat = seats[0];
    return seat === view.seat ? t("table.you") : shortName(playerName(view.players[seat] || {}));
  }
  return side;
}

/** The short score line's parts, [{label, value, title, lead}]: the family's own, else one per side. A
 * part with ``lead`` is a word before the scores that follow it ("Deals A 1 · B 0"), without a value. */
export function shortScores(view, family, ui) {
  if (family.shortScores) return family.shortScores(view, ui) || [];
  return sideScores(view, view.scores, ui);
}

/** ``values`` by side ({A: 1, B: 0}) as the short line's parts, each side named as the header names it. */
export function sideScores(view, values, ui) {
  return Object.entries(values || {}).map(([side, value]) => ({
    label: sideShort(view, side, ui), value: String(value), title: ui.sideLabel(side),
  }));
}

function scorePart({ label, value, title, lead }) {
  if (lead) return h("span", { class: "short-lead", title: title || null }, label);
  return h("span", { class: "short-score", title: title || null },
    h("span", { class: "short-label" }, label), " ", h("strong", {}, value));
}

/** The link back to arena ``arenaId`` (#/arena/<id>), a header button. */
function arenaLink(arenaId) {
  return h("a", {
    class: "button head-button arena-link", href: `#/arena/${encodeURIComponent(arenaId)}`, testid: "arena-link",
    dataset: { action: "arena-link" }, title: t("arena.back"), "aria-label": t("arena.back"),
  }, h("span", { class: "head-icon", "aria-hidden": "true" }, "⚔"),
  h("span", { class: "head-button-text", "aria-hidden": "true" }, t("arena.back_short")));
}

/**
 * ``parts``: {view, family, ui, seated, detailsOpen, toggleDetails(), logButton (Node or null), arena (its
 * id, for an arena's game, else null)}.
 * The header keeps the testids the rest of the table's tests know ("scores", "table-join-code", ...).
 */
export function tableHead({ view, family, ui, seated, detailsOpen, toggleDetails, logButton, arena = null }) {
  const scores = family.scoreLine(view, ui);
  const short = shortScores(view, family, ui);
  const details = h("div", {
    id: "table-details", class: `table-details${detailsOpen ? " open" : ""}`, testid: "table-details",
  },
  seated && openJoinCode(view) ? h("span", { class: "code", testid: "join-code-label" },
    `${t("table.code")} `, h("strong", { testid: "table-join-code" }, openJoinCode(view))) : null,
  scores ? h("div", { class: "scores", testid: "scores" }, scores) : null);
  const button = h("button", {
    type: "button", class: "head-button details-toggle", testid: "details-toggle", dataset: { action: "details" },
    "aria-expanded": String(Boolean(detailsOpen)), "aria-controls": "table-details",
    title: t("table.details"), onclick: () => toggleDetails(),
  }, h("span", { class: "head-icon", "aria-hidden": "true" }, "i"), h("span", { class: "head-button-text" }, t("table.details_short")));
  return h("header", { class: "table-head" },
    h("div", { class: "head-line" },
      // On a phone the name over the short score line, both beside the buttons: the name has the width.
      h("div", { class: "head-title" },
        h("h1", { id: "table-title", title: view.name || view.game_type }, view.name || view.game_type),
        // A spectator is told so on the header's line, not behind the details button.
        view.spectator ? h("span", { class: "badge watch", testid: "spectator-badge" }, t("table.watching")) : null,
        short.length ? h("p", {
          class: `short-scores${short.length > 3 ? " many" : ""}`, testid: "short-scores", "aria-label": t("table.short_scores"),
        }, short.map((part, index) => [index && !short[index - 1].lead
        ? h("span", { class: "dot", "aria-hidden": "true" }, "·") : null,
          scorePart(part)])) : null),
      h("div", { class: "head-buttons" }, arena ? arenaLink(arena) : null, soundToggle(), button, logButton)),
    details);
}
