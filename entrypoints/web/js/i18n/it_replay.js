// Rivedere una partita finita: la pagina, i suoi passi, il segno della verifica, e i collegamenti dalle
// statistiche e dalla fine della partita. Stesse chiavi di ./en_replay.js.

export default {
  // ------------------------------------------------------------ i collegamenti
  "stats.replay": "Rivedi",
  "stats.replay_of": "la partita di {game} del {date}",
  "table.replay": "Rivedi la partita",

  // ------------------------------------------------------------ la pagina
  "replay.loading": "Caricamento della partita…",
  "replay.unavailable": "Partita non disponibile",
  "replay.no_record":
    "Questa partita è stata giocata prima che tavolo conservasse i registri delle partite: non si può rivedere.",
  "replay.not_found":
    "A questo indirizzo non c'è una partita finita da rivedere. Una partita appena conclusa ha bisogno di un momento per essere registrata: riprova tra poco.",
  "replay.retry": "Riprova",
  "replay.title": "Rivedi la partita: {game}",
  "replay.seat_short": "Posto {number}",
  "replay.record_link": "Scarica il registro della partita (JSON)",
  "replay.side_panel": "Mosse della partita",

  // ------------------------------------------------------------ scorrere la partita
  "replay.controls": "Scorri la partita",
  "replay.first": "Inizio",
  "replay.previous": "Indietro",
  "replay.next": "Avanti",
  "replay.last": "Fine",
  "replay.keys": "Tasti: ← e → un passo, Home e Fine all'inizio e alla fine.",
  "replay.position": "Passo {number} di {count}",

  // ------------------------------------------------------------ la posizione e le mosse
  "replay.hands_title": "Le carte di tutti, scoperte",
  "replay.hand_of": { one: "Carte di {name}, {count} carta", other: "Carte di {name}, {count} carte" },
  "replay.next_play": "Evidenziata in blu: la prossima carta giocata, {card}.",
  "replay.no_cards": "Nessuna carta in mano",
  "replay.no_board": "Le carte non sono ancora state distribuite.",
  "replay.final_title": "Punteggio finale",
  "replay.log_title": "Mosse",
  "replay.step_number": "Passo {number}",
  "replay.start": "La partita comincia.",
  "replay.deadline": "Il tempo è scaduto.",
  "replay.step_plain": "Sul tavolo non cambia nulla.",
  "replay.ack": "{name} ha visto il riepilogo.",
  "replay.handover": "Il giocatore del posto {number} ha lasciato il tavolo: al suo posto gioca il computer, {name}.",
  "replay.handover_from": "{left} lascia il posto {number}: al suo posto gioca il computer, {name}.",

  // ------------------------------------------------------------ la verifica
  "replay.checking": "Controllo del mescolamento…",
  "replay.verified": "Verificata",
  "replay.verified_detail":
    "Il server ha rigiocato ogni passo dal seme casuale rivelato, e questo browser ha controllato che seme casuale e sale diano l'impegno ({commitment}).",
  "replay.verified_hash": "Il seme casuale e il sale rivelati dal registro danno il suo impegno.",
  "replay.verified_seen":
    "Coincide con l'impegno mostrato prima della prima distribuzione, che questo browser ricordava.",
  "replay.steps_checked": { one: "{count} passo controllato.", other: "{count} passi controllati." },
  "replay.not_verified": "Non verificata",
  "replay.unchecked": "Non controllata qui",
  "replay.problem_step": "Il server non è riuscito a rigiocare il passo {number}: {message}",
  "replay.problem": "Il server non è riuscito a rigiocare la partita: {message}",
  "replay.problem_unknown": "Il server non ha potuto confermare questa partita.",
  "replay.no_seed": "Il registro non rivela seme casuale e sale da controllare.",
  "replay.cannot_hash":
    "Questo browser non può controllare l'impegno su questa pagina (serve una connessione sicura); il controllo del server è riuscito.",
  "replay.commitment_mismatch":
    "Impegno non corrispondente: seme casuale e sale non danno l'impegno indicato dal registro.",
  "replay.seen_mismatch":
    "Impegno non corrispondente: quello del registro non è l'impegno che questo browser ha visto prima della prima distribuzione ({seen}).",
  "replay.shuffle_title": "Come si controlla il mescolamento",
  "replay.shuffle_lead":
    "Prima della prima distribuzione tutti al tavolo hanno visto l'impegno: lo SHA-256 del seme casuale segreto della partita seguito dal suo sale. Ora il registro li rivela entrambi, e ogni distribuzione discende dal seme casuale.",
  "replay.shuffle_scheme": "Schema",
  "replay.shuffle_commitment": "Impegno",
  "replay.shuffle_seed": "Seme casuale",
  "replay.shuffle_salt": "Sale",
};
