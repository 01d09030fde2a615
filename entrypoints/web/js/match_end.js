// The end of a match: who won and the final score; whether the match was rated and, if so, each
// player's rating before and after it (they arrive a moment after the last move, once the result is
// recorded: until then the panel says it is being recorded); the rematch (ask for one, see who asked);
// and each hand of the match in one line, opening on its full breakdown, both as the game's table module
// (./families.js) words and draws them; and the way to the match's replay (#/replay/<id>, ./replay.js).
//
// An arena's game has no rematch: the arena pairs its players again. Its end leads back to the arena,
// the first thing under the result, and says when the arena has the player's next table.
//
// ``over`` is the `game_over` frame ({scores, winner, hands, rated}), or what the view alone says of it
// before that frame comes. ``actions``: {rematch(), asking (a rematch ask is on its way), arenaNotice
// (the line saying the next arena table is ready, or null)}.

import { h } from "./dom.js";
import { t, listText } from "./i18n.js";
import { familyWord } from "./families.js";

function isSeated(view) {
  return !view.spectator && view.seat !== null && view.seat !== undefined;
}

function headline(view, over, ui) {
  const mine = ui.mySide();
  if (mine && over.winner) return over.winner === mine ? t("table.you_win") : t("table.you_lose");
  return over.winner ? t("table.side_wins", { side: ui.sideLabel(over.winner) }) : t("table.draw");
}

function signed(number) {
  return number > 0 ? `+${number}` : String(number);
}

/** Rated or casual; for a rated match each seat's rating before → after, or that it is being recorded. */
function ratings(view, over, ui) {
  const rated = over.rated ?? view.rated;
  if (!rated) {
    return h("p", { class: "match-kind casual", testid: "match-kind", dataset: { rated: "false" } },
      t("table.match_casual"));
  }
  const changes = (view.ratings || []).slice().sort((a, b) => a.seat - b.seat);
  return h("section", { class: "match-ratings", testid: "match-ratings", "aria-labelledby": "ratings-title" },
    h("h3", { id: "ratings-title" }, t("table.ratings_title")),
    h("p", { class: "match-kind rated", testid: "match-kind", dataset: { rated: "true" } }, t("table.match_rated")),
    changes.length
      ? h("ul", { class: "rating-changes", testid: "rating-changes" }, changes.map((change) => {
        const delta = change.after - change.before;
        return h("li", {
          class: `rating-change${delta > 0 ? " up" : delta < 0 ? " down" : ""}`, testid: "rating-change",
          dataset: { seat: String(change.seat), before: String(change.before), after: String(change.after) },
        },
        h("span", { class: "rating-who" }, ui.name(change.seat)),
        h("span", { class: "rating-numbers" },
          h("span", { "aria-hidden": "true" }, `${change.before} → ${change.after}`),
          h("span", { class: "sr-only" }, t("table.rating_from_to", { before: change.before, after: change.after })),
          h("span", { class: "rating-delta" }, ` (${signed(delta)})`)));
      }))
      : h("p", { class: "hint", role: "status", testid: "ratings-pending" }, t("table.ratings_pending")));
}

/** The rematch: the button for a player who has not asked yet, and who has asked so far. */
function rematch(view, ui, actions) {
  const state = view.rematch || { asked: [], next_game: null };
  const asked = state.asked || [];
  const people = (view.players || []).filter((player) => player && !player.bot);
  const computers = (view.players || []).some((player) => player && player.bot);
  const seated = isSeated(view);
  const mine = seated && asked.includes(view.seat);
  const names = (seats) => listText(seats.map((seat) => ui.name(seat)));
  let status = "";
  if (state.next_game) status = t("table.rematch_ready");
  else if (mine) {
    const waiting = people.map((player) => player.seat).filter((seat) => !asked.includes(seat));
    status = t("table.rematch_waiting", { count: waiting.length, names: names(waiting) });
  } else if (asked.length) {
    status = t("table.rematch_asked", { count: asked.length, total: people.length, names: names(asked) });
  }
  const button = seated && !mine && !state.next_game
    ? h("button", {
      type: "button", class: "primary", testid: "rematch", dataset: { action: "rematch" },
      disabled: actions.asking, onclick: () => actions.rematch(),
    }, t("table.rematch"))
    : null;
  return h("div", { class: "rematch", testid: "rematch-box" },
    button,
    h("p", { class: "rematch-status", role: "status", testid: "rematch-status" }, status),
    computers && seated && !state.next_game ? h("p", { class: "hint" }, t("table.rematch_computers")) : null);
}

/** The way back to the arena, and the next table's notice when there is one. */
function backToArena(view, actions) {
  return h("div", { class: "arena-end", testid: "arena-end" },
    actions.arenaNotice || null,
    h("a", { class: "button primary", href: `#/arena/${encodeURIComponent(view.arena)}`, testid: "arena-return",
      dataset: { action: "arena-return" } },
      t("arena.back")));
}

export class MatchEnd {
  constructor() {
    this.open = new Map(); // hand number → whether its <details> is open (the reader's choice, over redraws)
  }

  /** Every hand of the match in one line each; the last opens on its breakdown (testid "breakdown"). */
  hands(view, over, family, ui) {
    const records = Array.isArray(over.hands) && over.hands.length ? over.hands : [view.last_hand].filter(Boolean);
    if (!records.length) return null;
    return h("section", { class: "match-hands", testid: "match-hands", "aria-labelledby": "hands-title" },
      h("h3", { id: "hands-title" }, familyWord(view.game_type, "hand_by_hand")),
      h("ol", { class: "match-hand-list" }, records.map((record, index) => {
        const last = index === records.length - 1;
        const key = record.hand_number ?? index;
        const breakdown = family.summary(view, ui, record);
        // One "breakdown" on the page, the last hand's, as the hand-end screen has it.
        if (breakdown && !last) breakdown.dataset.testid = "hand-breakdown";
        const details = h("details", { class: "match-hand", open: this.open.has(key) ? this.open.get(key) : last },
          h("summary", { testid: "match-hand-summary" }, family.handText(record, ui)),
          breakdown);
        details.addEventListener("toggle", () => {
          if (details.isConnected) this.open.set(key, details.open);
        });
        return h("li", { testid: "match-hand", dataset: { hand: String(key) } }, details);
      })));
  }

  element(view, over, family, ui, actions) {
    const label = t("table.game_over");
    return h("section", { class: "panel summary over", testid: "game-over", role: "region", "aria-label": label },
      h("h2", {}, label),
      h("p", { class: "headline", testid: "game-over-headline" }, headline(view, over, ui)),
      view.arena ? backToArena(view, actions) : null,
      h("ul", { class: "final-scores", testid: "final-scores" },
        Object.entries(over.scores || {}).map(([side, points]) =>
          h("li", { class: side === over.winner ? "winner" : "" },
            `${t("table.final_score", { side: ui.sideLabel(side) })} `,
            h("strong", {}, String(points))))),
      ratings(view, over, ui),
      view.arena ? null : rematch(view, ui, actions),
      h("div", { class: "row" },
        h("a", { class: "button", href: "#/", testid: "back-to-lobby", dataset: { action: "back-to-lobby" } },
          t("table.back")),
        h("a", { class: "button", href: "#/stats", testid: "history-link", dataset: { action: "history-link" } },
          t("table.history")),
        view.id ? h("a", { class: "button", href: `#/replay/${encodeURIComponent(view.id)}`, testid: "replay-link",
          dataset: { action: "replay-link" } },
          t("table.replay")) : null),
      this.hands(view, over, family, ui));
  }
}
