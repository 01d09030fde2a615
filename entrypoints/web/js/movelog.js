// The table's move log ("what happened"): every move of the current hand, newest last, built from the
// events of the `state` frames, with the previous hand's summary on top. Entries are recorded and stored
// here and drawn as a list; ./movelog_words.js words them, ./movelog_review.js shows the last trick or
// capture. The game's own events become entries, and are worded, by its table module (./families.js).
//
// Entries are kept as data ({kind, seat, card, ...}) and worded when drawn, so a change of language
// words them anew. The log lives in sessionStorage under the game's id: a reload of the tab keeps it.
// A snapshot (no events) newer than the last frame recorded means frames were missed (a reconnect, a
// reload): the log says that some moves were not seen instead of guessing them.
//
// A player shown a suggested move (the `suggested` event, ./suggestion.js) has their next move's line
// marked as suggested: the event is kept as an entry that is not drawn until that move takes it over.
//
// The log is not an aria-live region: the table already announces each change through its own.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { hasSeat, entryText, inHand } from "./movelog_words.js";
import { bulbIcon } from "./suggestion.js";
import { LastReview } from "./movelog_review.js";
import { playerName } from "./players.js";
import { familyOf, isOwnKind } from "./families.js";

const STORAGE_PREFIX = "tavolo.movelog.";
const STORAGE_VERSION = 2;
/** Entries kept: a whole hand of the longest game (an auction, a call, then some 50 moves) fits. */
const MAX_ENTRIES = 200;
/** Logs of other games kept in the tab's sessionStorage. */
const MAX_STORED_GAMES = 6;

/** The facts of the start of the hand ``view`` shows; null once moves were made in it (a fresh log missed them). */
function handStart(view) {
  return inHand(view) ? familyOf(view.game_type).handStart(view) : null;
}

/** The seat an entry is about, if any (to mark the viewer's own moves and their partner's). */
function entrySeat(entry) {
  return hasSeat(entry.seat) ? entry.seat : null;
}

/**
 * ``entry`` (a move of the game's own) marked as suggested when its seat was shown a suggestion since its
 * last move: the waiting `suggested` entry leaves ``entries`` and the move carries ``suggested: true``.
 */
export function markSuggested(entries, entry) {
  if (!hasSeat(entry.seat)) return entry;
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const earlier = entries[index];
    if (earlier.seat !== entry.seat || earlier.kind === "timeout") continue;
    if (earlier.kind !== "suggested") return entry;
    entries.splice(index, 1);
    return { ...entry, suggested: true };
  }
  return entry;
}

/** A suggested move's line: its words, then the bulb and "suggested" (the words alone say "(suggested)"). */
function suggestedLine(entry, family, ui) {
  return [entryText({ ...entry, suggested: false }, family, ui), " ",
    h("span", { class: "log-mark", testid: "suggested-mark" }, bulbIcon(), t("log.suggested_mark"))];
}

function sideOf(view, seat) {
  if (!view.teams || !hasSeat(seat)) return null;
  return Object.keys(view.teams).find((side) => view.teams[side].includes(seat)) || null;
}

function storage() {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the log lasts as long as the page
  }
}

export class MoveLog {
  constructor(gameId) {
    this.gameId = gameId;
    this.key = `${STORAGE_PREFIX}${gameId}`;
    this.version = null; // the newest version recorded
    this.names = []; // each seat's name as of the last frame (who left is no longer in the next one)
    this.hand = null; // the hand the entries belong to
    this.entries = [];
    this.open = null; // the <details> state: decided on the first render, then the user's
    this.lastReview = new LastReview(); // the last trick or capture, face up
    this.scroll = null; // {top, count}: where the list was scrolled, to keep it there when nothing is new
    this.focus = null;
    this.section = null; // the log as last drawn (its focus is kept over a redraw)
    this.ui = null;
    this.load();
  }

  // ------------------------------------------------------------ recording

  /** Record a `state` frame whose view the table has just applied (``frame.game === view``). */
  record(frame, view) {
    if (!view || typeof view.version !== "number") return;
    if (this.version !== null && view.version <= this.version) return; // seen already (a resync, a reload)
    const events = Array.isArray(frame.events) ? frame.events : [];
    const snapshot = events.length === 0;
    // A snapshot newer than the last frame recorded, or a frame that skips versions: changes were missed.
    // A fresh log (no frame recorded in this tab) missed whatever the hand in view shows was played.
    const missed = this.version === null ? snapshot : view.version > this.version + (snapshot ? 0 : 1);
    if (snapshot) this.resync(view, missed);
    else if (missed) this.noteMissed(view);
    for (const event of events) this.recordEvent(event, view);
    this.version = view.version;
    this.names = (view.players || []).map((player) => playerName(player));
    this.save();
  }

  /** A snapshot of another hand than the log's (or a fresh log): start over from what the view shows. */
  resync(view, missed) {
    if (this.version !== null && view.hand_number === this.hand) {
      if (missed) this.noteMissed(view);
      return;
    }
    this.startHand(view);
    if (view.phase === "lobby") return;
    const start = handStart(view);
    if (missed && !start) this.push({ kind: "missed" });
    else if (inHand(view) && hasSeat(view.dealer)) {
      // Nothing played yet in this hand: its start is all there is to say.
      this.push({ ...start, kind: "hand_started", hand_number: view.hand_number, dealer: view.dealer });
    }
    const last = view.last_hand;
    if (last && last.hand_number === view.hand_number && !inHand(view)) this.push({ kind: "hand_end", record: last });
  }

  /** Say once that some moves were not seen (only when there is a hand they could belong to). */
  noteMissed(view) {
    if (hasSeat(view.hand_number) && view.hand_number !== this.hand) {
      this.startHand(view);
      if (handStart(view)) return;
    } else if (!this.entries.length && !inHand(view) && view.phase !== "hand_end") {
      return;
    }
    const last = this.entries[this.entries.length - 1];
    if (!last || last.kind !== "missed") this.push({ kind: "missed" });
  }

  /** Drop the entries of earlier hands; the previous hand's summary opens the new one. */
  startHand(view) {
    this.entries = [];
    this.hand = hasSeat(view.hand_number) ? view.hand_number : null;
    const last = view.last_hand;
    if (last && hasSeat(this.hand) && last.hand_number < this.hand) {
      this.push({ kind: "previous_hand", record: last });
    }
  }

  recordEvent(event, view) {
    const kind = event.kind;
    switch (kind) {
      case "hand_started":
        this.startHand({ ...view, hand_number: event.hand_number });
        this.push({ ...event });
        break;
      case "cards_dealt": {
        // The deal of a hand is said by hand_started; a later round of dealing is worth a line.
        const last = this.entries[this.entries.length - 1];
        if (last && last.kind !== "hand_started") this.push({ kind: "dealt_again", deck_count: event.deck_count });
        break;
      }
      case "timeout":
        this.push({ kind, seat: event.deadline === "turn" ? event.seat : null, deadline: event.deadline });
        break;
      case "hand_end":
        this.push({ kind, record: event });
        break;
      case "match_end":
        this.push({ kind, winner: event.winner });
        break;
      case "seated":
      case "rematch":
        this.push({ kind, seat: event.seat });
        break;
      case "left":
      case "handed_over":
        // Named as the log knew them before this frame: the chair is empty now, or a computer player's
        // (the handed_over event names the computer player, not the person who left).
        this.push({ kind, seat: event.seat, name: this.names[event.seat] || null });
        break;
      case "rematch_ready":
        this.push({ kind, game_id: event.game_id });
        break;
      case "suggested":
        this.push({ kind, seat: event.seat });
        break;
      default: {
        // The game's own moves, as its table module keeps them. Not said: dealt (private cards the hand
        // already shows), ack, and the platform's match_started and result_recorded (the end screen shows
        // the ratings).
        const entry = isOwnKind(view.game_type, kind) ? familyOf(view.game_type).logEntry(event, view) : null;
        if (entry) this.push(markSuggested(this.entries, entry));
        break;
      }
    }
  }

  push(entry) {
    this.entries.push(entry);
    const overflow = this.entries.length - MAX_ENTRIES;
    if (overflow > 0) {
      const keep = this.entries[0].kind === "previous_hand" ? 1 : 0; // the summary stays on top
      this.entries.splice(keep, overflow);
    }
  }

  // ------------------------------------------------------------ storage

  load() {
    const store = storage();
    if (!store) return;
    try {
      const saved = JSON.parse(store.getItem(this.key) || "null");
      if (!saved || saved.v !== STORAGE_VERSION || !Array.isArray(saved.entries)) return;
      this.version = typeof saved.version === "number" ? saved.version : null;
      this.hand = hasSeat(saved.hand) ? saved.hand : null;
      this.entries = saved.entries.slice(-MAX_ENTRIES);
      this.open = typeof saved.open === "boolean" ? saved.open : null;
      this.names = Array.isArray(saved.names) ? saved.names : [];
    } catch {
      // an unreadable log starts afresh
    }
  }

  save() {
    const store = storage();
    if (!store) return;
    const data = JSON.stringify({
      v: STORAGE_VERSION, version: this.version, hand: this.hand, open: this.open, at: Date.now(),
      names: this.names, entries: this.entries,
    });
    try {
      store.setItem(this.key, data);
    } catch {
      this.forgetOthers(0); // full: keep only this game's log
      try {
        store.setItem(this.key, data);
      } catch {
        // still no room: the log lasts as long as the page
      }
    }
    this.forgetOthers(MAX_STORED_GAMES);
  }

  /** Remove the stored logs of other games beyond the ``keep`` most recently saved ones. */
  forgetOthers(keep) {
    const store = storage();
    if (!store) return;
    try {
      const others = [];
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i);
        if (key && key.startsWith(STORAGE_PREFIX) && key !== this.key) {
          let at = 0;
          try {
            at = Number(JSON.parse(store.getItem(key)).at) || 0;
          } catch {
            at = 0;
          }
          others.push({ key, at });
        }
      }
      others.sort((a, b) => b.at - a.at);
      for (const { key } of others.slice(keep)) store.removeItem(key);
    } catch {
      // storage unavailable: nothing to tidy
    }
  }

  // ------------------------------------------------------------ drawing

  /** The log: a <details> (open on wide screens, closed on phones at first) with the entries, newest last. */
  element(view, ui) {
    const family = familyOf(view.game_type);
    this.ui = ui;
    if (this.open === null) {
      this.open = true; // on a phone it is in a sheet the player opened to read it
    }
    this.rememberFocus();
    const mySide = sideOf(view, view.seat);
    const items = [];
    for (const entry of this.entries) {
      const text = entryText(entry, family, ui);
      if (!text) continue;
      const seat = entrySeat(entry);
      const mine = hasSeat(seat) && seat === view.seat;
      const partner = !mine && mySide && sideOf(view, seat) === mySide;
      const classes = ["move-log-entry"];
      if (mine) classes.push("mine");
      if (partner) classes.push("partner");
      if (entry.kind === "previous_hand" || entry.kind === "hand_end") classes.push("log-summary");
      if (entry.kind === "hand_started") classes.push("log-hand");
      if (entry.kind === "missed") classes.push("log-missed");
      if (entry.suggested) classes.push("log-suggested");
      if (family.notable && family.notable(entry)) classes.push("log-notable");
      items.push(h("li", {
        class: classes.join(" "), testid: "move-log-entry",
        dataset: {
          kind: entry.kind, ...(hasSeat(seat) ? { seat: String(seat) } : {}), ...(entry.suggested ? { suggested: "true" } : {}),
        },
      }, entry.suggested ? suggestedLine(entry, family, ui) : text));
    }
    const latest = items.length ? items[items.length - 1].textContent : t("log.empty");
    const list = h("ol", {
      class: "move-log-entries", testid: "move-log-entries", "aria-label": t("log.entries"), tabindex: "0",
    }, items);
    const details = h("details", { class: "move-log-details", open: this.open },
      h("summary", { testid: "move-log-toggle", onclick: () => { this.open = !details.open; this.save(); } },
        h("span", { class: "move-log-title" }, t("log.title")),
        h("span", { class: "move-log-preview", testid: "move-log-preview" }, latest)),
      items.length ? list : h("p", { class: "hint move-log-empty", testid: "move-log-empty" }, t("log.empty")));
    details.addEventListener("toggle", () => {
      if (!details.isConnected) return;
      if (this.open !== details.open) {
        this.open = details.open;
        this.save();
      }
      if (details.open) list.scrollTop = list.scrollHeight; // opened: the newest entry in sight
    });
    list.addEventListener("scroll", () => {
      if (details.open) this.scroll = { top: list.scrollTop, count: items.length };
    });
    const section = h("section", {
      class: "move-log", testid: "move-log", hidden: view.phase === "lobby" && !items.length,
    }, details);
    this.section = section;
    // Once the table has put the section in the page: the newest entry in sight, unless the player
    // scrolled back and nothing new came; and the focus back where it was before the table redrew.
    const previous = this.scroll;
    queueMicrotask(() => {
      if (!section.isConnected) return;
      const focus = this.focus;
      this.focus = null;
      if (details.open && list.isConnected) {
        const stay = previous && previous.count === items.length;
        list.scrollTop = stay ? previous.top : list.scrollHeight;
        this.scroll = { top: list.scrollTop, count: items.length };
      } else this.scroll = null;
      if (focus === "summary") details.querySelector("summary").focus();
      else if (focus === "list") list.focus();
    });
    return section;
  }

  /**
   * Which part of the log had the focus before a redraw (the table only restores buttons and fields).
   * A focus not given back yet (the log was drawn again before its first drawing was in the page) stays.
   */
  rememberFocus() {
    const active = document.activeElement;
    if (!this.section || !active || !this.section.contains(active)) return;
    if (active.tagName === "SUMMARY") this.focus = "summary";
    else if (active.classList.contains("move-log-entries")) this.focus = "list";
    else this.focus = null;
  }

  /** The button that shows the last trick or capture face up, when the game has one. */
  review(view, ui) {
    return this.lastReview.element(view, this.entries, familyOf(view.game_type), ui);
  }
}
