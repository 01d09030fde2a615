// A replay's frames made ready to draw (the server's GET /api/matches/<id>/replay: frames[i] is the
// position after step i). Each frame's view is completed into what the table screen's modules expect of
// a spectator's view (players by seat, the seat count, no seat of its own, no clocks running); each
// frame's events become move-log entries, the data ./movelog_words.js words (the game's own events as
// its table module keeps them, ./families.js); and the hands of the match are listed with the frame each
// starts at, for "jump to hand N".
//
// The record names the players as the match ended: a seat someone left (a "handover" step) shows the
// computer player who took it over from the start. A "suggestion" step (a player was shown the hard
// computer player's move) is an entry of its own, and that seat's next move is marked as suggested.

import { isOwnKind } from "./families.js";
import { playerName } from "./players.js";

/** Events that are move-log entries as they are ({kind, seat, ...}, as the live log keeps them). */
const AS_THEY_ARE = new Set(["hand_started", "match_end", "seated", "rematch", "rematch_ready", "ack"]);

/** Entries about a seat that are not its move (the move a suggestion is marked on). */
const NOT_MOVES = new Set(["suggested", "ack", "timeout", "seated", "left", "handed_over", "handover", "rematch"]);

/** The seat's player as the page names them (a computer player with its level, in the page's language). */
function nameOf(players, seat) {
  return playerName(players[seat]);
}

/**
 * One frame's events as move-log entries; ``view``: the frame's, ``players``: who sits where (as the
 * match ended), ``family``: the game's table module. ``moved``: whether the game's own moves made entries.
 */
function entriesOf(frame, view, players, family) {
  const entries = [];
  let dealt = false;
  let moved = false;
  for (const event of frame.events || []) {
    const kind = event.kind;
    if (kind === "hand_started") dealt = true;
    if (AS_THEY_ARE.has(kind)) entries.push({ ...event });
    else if (kind === "cards_dealt") {
      // The deal of a hand is said by hand_started; a later round of dealing is worth a line.
      if (!dealt) entries.push({ kind: "dealt_again", deck_count: event.deck_count });
    } else if (kind === "timeout") {
      entries.push({ kind, seat: event.deadline === "turn" ? event.seat : null, deadline: event.deadline });
    } else if (kind === "hand_end") {
      entries.push({ kind, record: event });
    } else if (kind === "left" || kind === "handed_over") {
      entries.push({ kind, seat: event.seat, name: nameOf(players, event.seat) });
    } else if (isOwnKind(view.game_type, kind)) {
      const entry = family.logEntry(event, view);
      if (entry) {
        entries.push(entry);
        moved = true;
      }
    }
    // dealt (the hands show every card face up), match_started: nothing to read back
  }
  if (frame.kind === "handover") {
    entries.push({
      kind: "handover", seat: frame.seat, name: nameOf(players, frame.seat) || frame.name,
      left: frame.left ? frame.left.name : null,
    });
  }
  if (frame.kind === "suggestion") entries.push({ kind: "suggested", seat: frame.seat });
  if (frame.action && frame.action.action === "ack" && !entries.some((entry) => entry.kind === "ack")) {
    entries.unshift({ kind: "ack", seat: frame.seat });
  }
  return { entries, moved };
}

/**
 * ``replay`` → {frames: [{index, kind, seat, action, time, view, hands, entries, moved}], hands: [{number,
 * first}], players}. ``hands`` of a frame: every seat's cards, by seat; ``family``: the game's table module.
 */
export function prepare(replay, family) {
  const gameType = replay.game_type;
  const players = (replay.players || []).map((player, seat) => ({ seat, ...player }));
  const frames = [];
  const hands = [];
  const suggested = new Set(); // seats shown a suggestion whose next move is still to come
  (replay.frames || []).forEach((frame, index) => {
    const raw = frame.view || {};
    const view = {
      ...raw,
      game_type: raw.game_type || gameType,
      name: replay.name,
      players,
      seats: players.length,
      spectator: true,
      seat: null,
      your_turn: false,
      legal_moves: [],
      turn_deadline: null,
      hand_end_deadline: null,
    };
    delete view.hands;
    const { entries, moved } = entriesOf(frame, view, players, family);
    frames.push({
      index, kind: frame.kind, seat: frame.seat, action: frame.action, time: frame.time, view,
      hands: Array.isArray(raw.hands) ? raw.hands : [], entries: markSuggestedMoves(entries, suggested), moved,
    });
    if (frame.kind === "suggestion") suggested.add(frame.seat);
    const number = raw.hand_number;
    if (number !== null && number !== undefined && !hands.some((hand) => hand.number === number)) {
      hands.push({ number, first: index });
    }
  });
  return { frames, hands, players };
}

/** ``entries`` with the first move of each seat in ``suggested`` marked (and that seat's mark used up). */
function markSuggestedMoves(entries, suggested) {
  return entries.map((entry) => {
    if (NOT_MOVES.has(entry.kind) || !suggested.has(entry.seat)) return entry;
    suggested.delete(entry.seat);
    return { ...entry, suggested: true };
  });
}

/** The hand (its number) frame ``index`` belongs to, or null. */
export function handOf(prepared, index) {
  const frame = prepared.frames[index];
  const number = frame && frame.view.hand_number;
  return number === null || number === undefined ? null : number;
}
