// The two decks a player may choose (./deck_choice.js) and the card page's words for each
// (../gallery.js, #/cards). Same keys as ./it_decks.js.

export default {
  "deck.choice": "Deck",
  "deck.choice_hint": "The deck you choose is used at every table and replay in this browser.",
  "deck.napoletane": "Napoletane",
  "deck.piacentine": "Piacentine",
  "deck.title.napoletane": "The Neapolitan cards",
  "deck.title.piacentine": "The Piacentine cards",
  "deck.lead.napoletane": "Each suit runs from the asso to the 7 and ends with three figures, the fante (8, a young "
    + "page), the cavallo (9, a rider on his horse) and the re (10, a crowned king): the number in the corner, always "
    + "upright, gives every card's rank.",
  "deck.lead.piacentine": "Each suit runs from the asso to the 7 and ends with three figures, the fante (8), the "
    + "cavallo (9) and the re (10), each drawn twice, head to toe. The number in the corner, always upright, gives "
    + "every card's rank.",
};
