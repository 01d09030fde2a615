// The page's language: t(key, params) reads the current dictionary (./i18n/it.js, ./i18n/en.js).
//
// The language is the one the header's switch chose (remembered in localStorage), else the first of
// the browser's languages that tavolo speaks, else English. <html lang> follows it. A dictionary entry
// is a string with {name} placeholders, or {one, other, ...} chosen by Intl.PluralRules on params.count.
// The game families' words join the shared ones at start-up (``addWords``, from ./families.js).

import it from "./i18n/it.js";
import en from "./i18n/en.js";
import itPhone from "./i18n/it_table_phone.js";
import enPhone from "./i18n/en_table_phone.js";
import itDecks from "./i18n/it_decks.js";
import enDecks from "./i18n/en_decks.js";
import itArenas from "./i18n/it_arenas.js";
import enArenas from "./i18n/en_arenas.js";

export const DICTIONARIES = {
  it: { ...it, ...itPhone, ...itDecks, ...itArenas },
  en: { ...en, ...enPhone, ...enDecks, ...enArenas },
};
const FALLBACK = "en";
const STORAGE_KEY = "tavolo.language";
const listeners = new Set();
const pluralRules = new Map();

function supported(tag) {
  const base = String(tag || "").toLowerCase().split("-")[0];
  return Object.hasOwn(DICTIONARIES, base) ? base : null;
}

function remembered() {
  try {
    return supported(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null; // storage disabled: the browser's languages decide
  }
}

/** The first of the browser's languages tavolo speaks; English when none is. */
export function browserLanguage(languages = navigator.languages || [navigator.language]) {
  for (const tag of languages) {
    const found = supported(tag);
    if (found) return found;
  }
  return FALLBACK;
}

let current = remembered() || browserLanguage();
document.documentElement.lang = current;

export function language() {
  return current;
}

/** Switch the page's language, remember the choice, and tell every listener (which re-render). */
export function setLanguage(lang) {
  const next = supported(lang);
  if (!next) return;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
  if (next === current) return;
  current = next;
  document.documentElement.lang = next;
  for (const listener of listeners) listener(next);
}

export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function pluralCategory(count) {
  if (!pluralRules.has(current)) pluralRules.set(current, new Intl.PluralRules(current));
  return pluralRules.get(current).select(count);
}

function lookup(key) {
  const entry = DICTIONARIES[current][key];
  if (entry !== undefined) return entry;
  console.error(`i18n: no "${key}" in the ${current} dictionary`);
  return DICTIONARIES[FALLBACK][key] ?? key;
}

/** The text of ``key`` in the current language, with {name} placeholders filled from ``params``. */
export function t(key, params = {}) {
  let text = lookup(key);
  if (typeof text === "object") text = text[pluralCategory(Number(params.count))] ?? text.other;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * Add a game family's words ({it: {...}, en: {...}}, as GET /api/game-types gives them). Each key
 * starts with "<family>.": a family's words never shadow the shared ones or another family's (a key
 * that does not is left out and returned, for the caller to report).
 */
export function addWords(family, words) {
  const refused = new Set();
  for (const [lang, entries] of Object.entries(words || {})) {
    const dictionary = DICTIONARIES[lang];
    if (!dictionary) continue; // a language this page does not speak
    for (const [key, entry] of Object.entries(entries || {})) {
      if (key.startsWith(`${family}.`)) dictionary[key] = entry;
      else refused.add(key);
    }
  }
  return [...refused];
}

/** Whether the current dictionary has ``key`` (for texts that fall back to what the server sent). */
export function has(key) {
  return Object.hasOwn(DICTIONARIES[current], key);
}

/** "a, b and c" / "a, b e c". */
export function listText(items) {
  return new Intl.ListFormat(current, { type: "conjunction" }).format(items.map(String));
}

export function dateTime(epochSeconds) {
  return new Date(epochSeconds * 1000).toLocaleString(current);
}

/**
 * What to show for an error: the server's stable ``code`` says it in the page's language (a
 * ``context`` such as "login" or "join" may word it for that screen); only an unknown code shows the
 * server's own message.
 */
export function errorText(error, context = null) {
  const code = error && error.code;
  if (code && context && has(`error.${context}.${code}`)) return t(`error.${context}.${code}`);
  if (code && has(`error.${code}`)) return t(`error.${code}`, error.params || {});
  if (error && error.message) return error.message;
  if (error && error.status) return t("error.http", { status: error.status });
  return String(error);
}
