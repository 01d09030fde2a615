// Trovare una partita: contro il computer, partita rapida, tavoli aperti, inviti, account ospite, statistiche.
// Stesse chiavi di ./en_finding.js.

export default {
  // ------------------------------------------------------------ intestazione, account ospite
  "shell.keep_games": "Conserva le partite",
  "shell.notice_kept": "Le partite, lo storico e i punteggi Elo da ospite ora fanno parte del tuo account.",
  "shell.notice_refused": "Il tuo account aveva già partite sue, quindi quelle da ospite non sono state trasferite.",
  "shell.notice_dismiss": "Chiudi",
  "logout.guest_warning":
    "Giochi come ospite: se esci, il nome {name}, lo storico delle partite e i tuoi punteggi Elo vanno persi per sempre.",
  "logout.keep": "Accedi con {provider} e conserva le mie partite",
  "logout.guest_confirm": "Esci e perdi tutto",

  // ------------------------------------------------------------ come si descrive un tavolo
  "lobby.seat_free": "libero",
  "lobby.seconds": { one: "{count} secondo", other: "{count} secondi" },
  "lobby.turn_time": "Tempo per mossa",
  "lobby.turn_time_summary": "{time} a mossa",
  "lobby.rated": "Valida per la classifica",
  "lobby.casual": "Amichevole",

  // ------------------------------------------------------------ contro il computer
  "lobby.computer.title": "Gioca contro il computer",
  "lobby.computer.lead":
    "Il computer occupa gli altri posti e la partita comincia subito. Sempre amichevole: i punteggi Elo non cambiano.",
  "lobby.computer.level": "Livello del computer",
  "lobby.computer.play": "Gioca contro il computer",

  // ------------------------------------------------------------ partita rapida
  "lobby.quick.title": "Gioca subito",
  "lobby.quick.lead": "Ti siedi con chi aspetta lo stesso gioco, con un punteggio Elo vicino al tuo.",
  "lobby.quick.computers_after": "Il computer occupa i posti liberi dopo",
  "lobby.quick.never": "Mai (solo persone)",
  "lobby.quick.play": "Gioca subito",
  "lobby.quick.seeking": "Cerco giocatori…",
  "lobby.quick.connecting": "Connessione alla sala…",
  "lobby.quick.computers_at": "il computer entra dopo {seconds} di attesa",
  "lobby.quick.people_only": "solo persone",
  "lobby.quick.cancel": "Annulla",

  // ------------------------------------------------------------ tavoli aperti
  "lobby.open.title": "Tavoli aperti",
  "lobby.open.empty": "In questo momento nessun tavolo aspetta giocatori. Aprine uno qui sotto, o premi Gioca subito.",
  "lobby.open.seats_taken": { one: "{count} posto occupato su {seats}", other: "{count} posti occupati su {seats}" },
  "lobby.open.yours": "Torna al tuo tavolo",
  "lobby.open.reconnecting": "Connessione alla sala persa; mi riconnetto…",

  // ------------------------------------------------------------ nuovo tavolo
  "lobby.visibility": "Chi può sedersi",
  "lobby.private": "Privato",
  "lobby.private_hint": "solo con il codice del tavolo",
  "lobby.public": "Pubblico",
  "lobby.public_hint": "compare tra i tavoli aperti",
  "lobby.rating": "Conta per la classifica?",
  "lobby.rated_hint": "il risultato cambia i punteggi Elo",
  "lobby.casual_hint": "i punteggi Elo non cambiano",
  "lobby.computer_casual": "Un tavolo con anche un solo giocatore computer è sempre amichevole.",

  // ------------------------------------------------------------ invito
  "lobby.invite.title": "Sei invitato a un tavolo",
  "lobby.invite.lead": "Un amico ti ha mandato il codice {code}.",
  "lobby.invite.full": "I posti sono tutti occupati: puoi guardare la partita.",
  "lobby.invite.lobby": "Vai alla sala",

  // ------------------------------------------------------------ statistiche
  "stats.rated": "valida per la classifica",
  "stats.casual": "amichevole",
  "stats.rating_change": "{before} → {after}",
  "stats.unranked": "Tu: ancora nessuna partita valida per la classifica",
};
