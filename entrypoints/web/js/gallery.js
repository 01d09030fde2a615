// The card reference page (#/cards): the deck the player sees (Napoletane or Piacentine, ./deck_choice.js),
// its forty cards suit by suit, each named under its face, a word on how the ranks and figures read, and
// the back. Choosing the other deck redraws the cards here and on every other page at once. Open to
// everyone, logged in or not.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { SUITS, cardElement, cardName, cardBack } from "./cards.js";
import { chosenDeck, deckPicker, onDeckChange } from "./deck_choice.js";

const RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

function codeOf(rank, suit) {
  return `${String(rank).padStart(2, "0")}${suit}`;
}

function suitSection(suit) {
  const id = `gallery-suit-${suit}`;
  return h("section", { class: "gallery-suit", testid: "gallery-suit", dataset: { suit }, "aria-labelledby": id },
    h("h2", { id }, t(`gallery.suit.${SUITS[suit].name}`)),
    h("ul", { class: "gallery-cards" }, RANKS.map((rank) => {
      const code = codeOf(rank, suit);
      return h("li", {}, h("figure", { testid: "gallery-card", dataset: { card: code } },
        cardElement(code),
        h("figcaption", { testid: "gallery-card-name" }, cardName(code))));
    })));
}

export function mountGallery(root, ctx) {
  const title = h("h1", { id: "gallery-title" });
  const lead = h("p", { class: "lead", testid: "gallery-lead" });
  const page = h("section", { class: "panel gallery", testid: "gallery", "aria-labelledby": "gallery-title" });
  /** The title, the lead and the page's data-deck follow the deck; the cards redraw themselves. */
  const name = (deck) => {
    page.dataset.deck = deck;
    title.textContent = t(`deck.title.${deck}`);
    lead.textContent = t(`deck.lead.${deck}`);
  };
  const picker = deckPicker();
  name(chosenDeck());
  // The router does not keep this page's cleanup: the listeners go with the page once it is gone.
  const stop = onDeckChange((deck) => {
    if (page.isConnected) name(deck);
    else leave();
  });
  const leave = () => {
    stop();
    picker.stop();
  };
  root.append(page);
  page.append(title, picker.field, lead,
    ...Object.keys(SUITS).map(suitSection),
    h("section", { class: "gallery-suit", "aria-labelledby": "gallery-back-title" },
      h("h2", { id: "gallery-back-title" }, t("gallery.back_title")),
      h("div", { class: "gallery-cards" }, cardBack(t("gallery.back_label"), "gallery-back"))),
    h("p", {}, h("a", { class: "button", href: "#/", testid: "gallery-home" },
      ctx.me ? t("gallery.to_lobby") : t("gallery.to_login"))));
  return leave;
}
