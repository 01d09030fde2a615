// I due mazzi che un giocatore può scegliere (./deck_choice.js) e le parole della pagina delle carte per
// ciascuno (../gallery.js, #/cards). Stesse chiavi di ./en_decks.js.

export default {
  "deck.choice": "Mazzo",
  "deck.choice_hint": "Il mazzo scelto vale per ogni tavolo e per le partite da rivedere, in questo browser.",
  "deck.napoletane": "Napoletane",
  "deck.piacentine": "Piacentine",
  "deck.title.napoletane": "Le carte napoletane",
  "deck.title.piacentine": "Le carte piacentine",
  "deck.lead.napoletane": "Ogni seme va dall'asso al 7 e finisce con tre figure, il fante (8, un giovane paggio), il "
    + "cavallo (9, un cavaliere in sella) e il re (10, con la corona): il numero nell'angolo, sempre dritto, dà il "
    + "valore di ogni carta.",
  "deck.lead.piacentine": "Ogni seme va dall'asso al 7 e finisce con tre figure, il fante (8), il cavallo (9) e il "
    + "re (10), ciascuna disegnata due volte, testa contro testa. Il numero nell'angolo, sempre dritto, dà il valore "
    + "di ogni carta.",
};
