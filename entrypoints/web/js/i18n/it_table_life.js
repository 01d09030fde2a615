// La vita di un tavolo: la sala d'attesa, la presenza, l'uscita, la fine della partita e la rivincita.
// Stesse chiavi di ./en_table_life.js.

export default {
  // ------------------------------------------------------------ i nomi dei giocatori computer (players.js)
  "seat.computer_name": "Computer {number}",
  "seat.level_easy": "facile",
  "seat.level_normal": "normale",
  "seat.level_hard": "difficile",

  // ------------------------------------------------------------ la presenza (presence.js)
  "seat.away": "assente",
  "seat.away_detail": "(al momento senza collegamento al tavolo)",

  // ------------------------------------------------------------ la sala d'attesa (waiting_room.js)
  "table.setting_access": "Tavolo",
  "table.public": "Pubblico: compare tra i tavoli aperti",
  "table.private": "Privato: solo su invito",
  "table.setting_match": "Partita",
  "table.rated": "Valida per la classifica: il risultato cambia i punteggi Elo",
  "table.casual": "Amichevole: i punteggi Elo non cambiano",
  "table.casual_computer": "Amichevole: al tavolo siede un giocatore computer",
  "table.setting_turn": "Tempo per mossa",
  "table.turn_seconds": { one: "{count} secondo", other: "{count} secondi" },
  "table.turn_default": "il tempo abituale del server",
  "table.invite_title": "Invita i tuoi amici",
  "table.invite_link": "Link d'invito",
  "table.invite_public": "Chi apre questo link può sedersi; il tavolo compare anche nella sala.",
  "table.invite_private": "Chi apre questo link può sedersi: mandalo solo a chi vuoi al tavolo.",
  "table.copy_link": "Copia il link",
  "table.copied": "Link copiato.",
  "table.copy_select": "Il link è selezionato: copialo con Ctrl+C (sul telefono, tienilo premuto).",
  "table.or_code": "Oppure dai loro il codice:",
  "table.computers_title": "Giocatori computer",
  "table.computers_hint": "Fai sedere un giocatore computer in un posto libero, o liberalo di nuovo.",
  "table.computers_hint_rated":
    "Fai sedere un giocatore computer in un posto libero: la partita diventerà amichevole (i punteggi Elo non cambiano).",
  "table.computer_level_for": "Livello del giocatore computer per il posto {number}",
  "table.add_computer": "Aggiungi un giocatore computer",
  "table.add_computer_to": "Aggiungi un giocatore computer al posto {number}",
  "table.remove_computer": "Togli",
  "table.remove_computer_from": "Togli {name} dal posto {number}",

  // ------------------------------------------------------------ alzarsi e sedersi (seat_controls.js)
  "table.leave": "Lascia il tavolo",
  "table.leave_question_rated":
    "Vuoi lasciare la partita? Un giocatore computer prenderà il tuo posto e la partita non sarà più valida per la classifica.",
  "table.leave_question": "Vuoi lasciare la partita? Un giocatore computer prenderà il tuo posto fino alla fine.",
  "table.leave_confirm": "Lascia",
  "table.leave_cancel": "Resta",
  "table.take_seat": "Siediti al tavolo",
  "table.private_note": "Questo tavolo è privato: chiedi il suo link d'invito.",
  "table.login_to_sit": "Accedi per sederti",

  // ------------------------------------------------------------ la fine della partita (match_end.js)
  "table.match_rated": "Partita valida per la classifica.",
  "table.match_casual": "Partita amichevole: i punteggi Elo non cambiano.",
  "table.ratings_title": "Punteggi Elo",
  "table.rating_from_to": "da {before} a {after}",
  "table.ratings_pending": "Registrazione del risultato…",
  "table.rating_said": "Il risultato è registrato: il tuo punteggio Elo è passato da {before} a {after}.",
  "table.rematch": "Rivincita",
  "table.rematch_asked": {
    one: "{count} su {total} vuole la rivincita: {names}.", other: "{count} su {total} vogliono la rivincita: {names}.",
  },
  "table.rematch_waiting": {
    one: "Hai chiesto la rivincita: si aspetta {names}.", other: "Hai chiesto la rivincita: si aspettano {names}.",
  },
  "table.rematch_ready": "Tutti vogliono la rivincita: si passa al nuovo tavolo…",
  "table.rematch_computers": "I giocatori computer accettano sempre la rivincita.",

  // ------------------------------------------------------------ il registro delle mosse (movelog_words.js)
  "log.seated": "{name} ha preso posto.",
  "log.seated.you": "Hai preso posto.",
  "log.left": "{name} ha lasciato il tavolo.",
  "log.left_seat": "Chi era al posto {number} ha lasciato il tavolo.",
  "log.handed_over": "{name} ha lasciato il tavolo: ora gioca il computer al suo posto.",
  "log.rematch": "{name} vuole la rivincita.",
  "log.rematch.you": "Vuoi la rivincita.",
  "log.rematch_ready": "Tutti vogliono la rivincita: il nuovo tavolo è pronto.",
};
