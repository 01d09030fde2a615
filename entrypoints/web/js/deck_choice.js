// Which deck this player sees: the Napoletane (the default) or the Piacentine. A per-player choice kept
// in this browser's localStorage, made on the card page (#/cards) and seen everywhere at once: every
// table, replay and page draws its cards in the chosen deck (./cards.js redraws the faces already
// shown), in this tab and in the browser's other tabs (the storage event). The cards' names never
// change with the deck: a card is its rank and suit.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { radioGroup } from "./form_parts.js";

const STORAGE_KEY = "tavolo.deck";
export const DECKS = ["napoletane", "piacentine"];
const listeners = new Set();

function known(value) {
  return DECKS.includes(value) ? value : null;
}

function stored() {
  try {
    return known(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null; // storage disabled: the default deck
  }
}

let current = stored() || DECKS[0];

/** The deck the cards are drawn in. */
export function chosenDeck() {
  return current;
}

function changeTo(deck) {
  if (deck === current) return;
  current = deck;
  for (const listener of listeners) listener(deck);
}

/** Choose ``deck``, remember it, and tell every listener (which redraw). */
export function chooseDeck(deck) {
  const next = known(deck);
  if (!next) return;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // storage disabled: the choice lasts until the page is reloaded
  }
  changeTo(next);
}

/** Call ``listener(deck)`` on every change of deck; returns the function that stops it. */
export function onDeckChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A choice made in another tab of this browser applies here too.
window.addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEY) changeTo(known(event.newValue) || DECKS[0]);
});

/** The radio group "Deck: Napoletane / Piacentine"; choosing one applies it at once. */
export function deckPicker() {
  const { field } = radioGroup({
    name: "deck",
    legend: t("deck.choice"),
    kind: "deck-choice",
    hint: h("p", { class: "hint" }, t("deck.choice_hint")),
    value: current,
    choices: DECKS.map((deck) => ({ value: deck, text: t(`deck.${deck}`), testid: `deck-${deck}` })),
  });
  field.dataset.testid = "deck-choice";
  field.addEventListener("change", (event) => chooseDeck(event.target.value));
  const stop = onDeckChange((deck) => {
    const input = field.querySelector(`input[value="${deck}"]`);
    if (input) input.checked = true;
  });
  return { field, stop };
}
