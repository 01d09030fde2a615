// The game families: which table module draws each game type. Everything the shared UI knows about a
// game comes from here; it names no game type and no family's event kind.
//
// At start-up (./main.js, before the first screen) ``loadFamilies()`` asks GET /api/game-types once,
// adds each family's words to the dictionaries (every key starts with "<family>.", ./i18n.js), imports
// every table module the server names (served from the game package's own folder, /games/<family>/)
// and links the stylesheets the module lists. Then ``familyOf(gameType)`` answers synchronously; a game
// type the server did not list, or whose module failed to load, throws a FamilyError that the screen
// shows the player (never a fallback to another game's table).
//
// ---------------------------------------------------------------- the table module
// A table module's default export is an object with these members (docs/writing-a-game.md says the
// same for game authors). ``view`` is the game's view as the server sends it (the seat's own, or a
// spectator's: the replay draws spectator views, and every hand face up itself), ``ui`` the table's
// helpers (./table_ui.js: view, isMe(seat), name(seat), plainName(seat), say(key, seat, params),
// sideLabel(side), shortSide(side), mySide(), positionOf(seat), lingering, send(action), selection,
// rerender()). Cards are opaque codes: only the family names and draws them.
//
// The table (required):
//   board(view, ui) → Node                the middle of the felt while a hand is played (and while
//                                         something lingers after it)
//   hand(view, ui) → Node                 the seat's own hand (the table sets --n, the card count)
//   controls(view, ui) → Node | null      what the seat may do besides playing a card (a bid, a choice)
//   scoreLine(view, ui) → Node[] | null   the scores in the table's header
//   summary(view, ui, record = view.last_hand) → Node | null
//                                         a hand's breakdown, titled (hand end, end of match, replay)
//   describe(previous, view, ui) → string | null   what changed, read out to screen readers
// Cards (required):
//   card(code, options) → Element         a card; options {testid, label, onClick(code), disabled,
//                                         pressed, extraClass} as ./cards.js cardElement takes them
//   cardName(code) → string               a card in words
//   sortCards(codes) → string[]           a hand in the order the player chose (./hand_order.js)
// The move log (required):
//   logEntry(event, view) → object | null the log entry of an event of the family's own kinds, kept as
//                                         JSON: {kind, seat?, ...}; ``seat`` is whom it is about (the
//                                         log marks the viewer's and their partner's); null: no line
//   logText(entry, ui) → string           the words of a logEntry entry, and of a hand's start
//                                         ({kind: "hand_started", hand_number, dealer, ...} as the
//                                         event carries it, or as handStart saw it)
//   handStart(view) → object | null       the hand_started event's own fields as ``view`` shows them
//                                         (for a log that joins a hand), or null once a move was made
//   handText(record, ui) → string         a hand's record (a hand_end event, view.last_hand, a
//                                         game_over frame's hands[i]) in one sentence
// Optional:
//   notable(entry) → boolean              an entry that stands out in the log (a sweep of the table)
//   review(view, entries, ui) → {label, shown: null | {text, cards: [{card, caption, highlight}]}} | null
//                                         the button under the log that shows the last trick or
//                                         capture face up (shown null: nothing yet); null: no button
//   pile(view, seat) → {count, label, marks?: Node[]} | null
//                                         what a seat has taken, drawn as a pile with its count
//   seatNotes(view, seat) → string[]      the facts under a seat's name (default: its side, when
//                                         sides have partners)
//   sideName(side) → string               a side's own name (default "Side {side}")
//   winnerText(winner, ui) → string       who won the match, in a sentence for the log
//   motion(previous, view) → {linger?, fly?, flash?}
//                                         what moves between two views: linger {shown, cards, seat}
//                                         stays on the board a moment as ui.lingering (a finished
//                                         trick; the replay shows it at the step that made it),
//                                         then its cards slide to the seat's pile; fly {cards,
//                                         seat} slides cards to the pile at once; flash {seat,
//                                         element} shows an element on the seat for a moment
//   styles: string[]                      stylesheets in the module's folder, linked before any draws
//
// The family's words (keys "<family>.<word>", used with t() like the shared ones): the shared UI reads
// these of every family, in each language: <family>.hand_name "Hand {number}", <family>.hand_inline
// "hand {number}" (mid-sentence), <family>.go_to_hand "Go to hand", <family>.hand_by_hand "Hand by
// hand"; and, when the family has them, <family>.about.<game type> (the lobby's line about a game) and
// <family>.option.<key>, <family>.option.<key>.hint (a game option's label and hint).

import { api, ApiError } from "./api.js";
import { addWords, t, has } from "./i18n.js";

const REQUIRED = [
  "board", "hand", "controls", "scoreLine", "summary", "describe", "card", "cardName", "sortCards",
  "logEntry", "logText", "handStart", "handText",
];
const OPTIONAL = ["notable", "review", "pile", "seatNotes", "sideName", "winnerText", "motion"];
const WORDS = ["hand_name", "hand_inline", "go_to_hand", "hand_by_hand"];

let types = [];
const byId = new Map();
const modules = new Map(); // table module URL → its default export, or the Error it failed with

/** A game type this page cannot draw: unknown to the server's list, or its table module failed. */
export class FamilyError extends ApiError {
  constructor(code, params, detail = "") {
    super(0, code, detail);
    this.params = params;
  }
}

/**
 * What is wrong with ``family`` (a module's default export) as the table module of the family named
 * ``name`` whose words are ``words``; empty when nothing.
 */
export function problems(family, name, words = {}) {
  if (!family || typeof family !== "object") return ["it has no default export object"];
  const found = [];
  for (const name of REQUIRED) if (typeof family[name] !== "function") found.push(`no ${name}()`);
  for (const name of OPTIONAL) {
    if (name in family && typeof family[name] !== "function") found.push(`${name} is not a function`);
  }
  if ("styles" in family && !Array.isArray(family.styles)) found.push("styles is not a list");
  for (const [language, dictionary] of Object.entries(words)) {
    for (const word of WORDS) {
      if (!(`${name}.${word}` in (dictionary || {}))) found.push(`no word ${name}.${word} in ${language}`);
    }
  }
  return found;
}

/** Link the module's stylesheets (relative to the module) and wait until they apply. */
function linkStyles(family, url) {
  return Promise.all((family.styles || []).map((name) => new Promise((resolve, reject) => {
    const href = new URL(name, new URL(url, location.href)).pathname;
    if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) {
      resolve();
      return;
    }
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`its stylesheet ${href} did not load`));
    document.head.append(link);
  })));
}

async function loadModule(url, name, words) {
  try {
    const family = (await import(url)).default;
    const found = problems(family, name, words);
    if (found.length) throw new Error(found.join("; "));
    await linkStyles(family, url);
    modules.set(url, family);
  } catch (error) {
    console.error(`table module ${url}: ${error.message || error}`);
    modules.set(url, error);
  }
}

/** Ask the server for its game types and load their families (a failed module fails its games only). */
export async function loadFamilies() {
  types = await api.gameTypes();
  byId.clear();
  const toLoad = new Map(); // table module URL → its game type
  for (const type of types) {
    byId.set(type.id, type);
    const refused = addWords(type.family, type.words);
    if (refused.length) console.error(`game family ${type.family}: words not under "${type.family}.": ${refused}`);
    if (!modules.has(type.table_module)) toLoad.set(type.table_module, type);
  }
  await Promise.all([...toLoad].map(([url, type]) => loadModule(url, type.family, type.words || {})));
}

/** Every game type the server hosts, in the server's order (the first is its default). */
export function gameTypes() {
  return types;
}

/** The table module that draws ``gameType`` (see above); a FamilyError when this page has none. */
export function familyOf(gameTypeId) {
  const type = byId.get(gameTypeId);
  if (!type) throw new FamilyError("unknown_game", { game: String(gameTypeId) });
  const family = modules.get(type.table_module);
  if (!family || family instanceof Error) {
    throw new FamilyError("broken_game", { game: type.name, module: type.table_module },
      family ? String(family.message || family) : "");
  }
  return family;
}

/** Whether ``kind`` is one of the game type's own event kinds (not one every game shares). */
export function isOwnKind(gameTypeId, kind) {
  const type = byId.get(gameTypeId);
  // The family's own kinds are the ones the server gives a schema of; the shared ones it words itself.
  return Boolean(type && Object.hasOwn(type.event_schemas || {}, kind));
}

/** The family's word ``word`` (see above: "hand_name", ...) for ``gameType``, filled from ``params``. */
export function familyWord(gameTypeId, word, params = {}) {
  const type = byId.get(gameTypeId);
  return t(type ? `${type.family}.${word}` : word, params);
}

/** The key of the family's word ``word`` for ``gameType`` ("about.<id>", ...) when it has one, else null. */
export function familyKey(gameTypeId, word) {
  const type = byId.get(gameTypeId);
  const key = type ? `${type.family}.${word}` : null;
  return key && has(key) ? key : null;
}
