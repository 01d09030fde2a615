// Etichette in italiano. Stesse chiavi di ./en.js. Una voce plurale è {one, other}, scelta da params.count.

import finding from "./it_finding.js";
import tableLife from "./it_table_life.js";
import replay from "./it_replay.js";
import lobbyChoices from "./it_lobby_choices.js";
import guestsOnly from "./it_guests_only.js";
import historyTimes from "./it_history_times.js";
import suggest from "./it_suggest.js";

const base = {
  // ------------------------------------------------------------ shell (header, router)
  "shell.skip": "Vai al contenuto",
  "shell.nav": "Principale",
  "shell.lobby": "Sala",
  "shell.stats": "Statistiche",
  "shell.language": "Lingua",
  "shell.language_now": "La pagina ora è in italiano.",
  "shell.logout": "Esci",
  "shell.login": "Accedi",
  "shell.loading": "Caricamento…",
  "logout.title": "Vuoi uscire?",
  "logout.question": "Hai effettuato l'accesso come {name}. Vuoi uscire da tavolo su questo browser?",
  "logout.confirm": "Esci",
  "logout.stay": "Resta",

  // ------------------------------------------------------------ login
  "login.title": "Gioca a carte italiane con gli amici",
  "login.lead": "{games}, in tempo reale.",
  "login.name": "Il tuo nome",
  "login.name_placeholder": "es. Anna",
  "login.guest": "Gioca come ospite",
  "login.provider": "Accedi con {provider}",
  "login.none": "Questo server non offre alcun modo per accedere.",

  // ------------------------------------------------------------ lobby
  "lobby.new_table": "Nuovo tavolo",
  "lobby.game": "Gioco",
  "lobby.open_table": "Apri un tavolo",
  "lobby.about": "{description} ({players}).",
  "lobby.players_count": { one: "{count} giocatore", other: "{count} giocatori" },
  "lobby.join_title": "Siediti a un tavolo",
  "lobby.join_code": "Codice del tavolo",
  "lobby.look_up": "Cerca",
  "lobby.take_seat": "Siediti",
  "lobby.watch": "Guarda",
  "lobby.players": "Giocatori: {names}",
  "lobby.seats_open": { one: "{count} posto libero su {seats}", other: "{count} posti liberi su {seats}" },
  "lobby.status": "Stato: {status}",
  "lobby.option_value": "{option}: {value}",
  "lobby.on": "sì",
  "lobby.off": "no",
  "lobby.continue": "Le tue partite",
  "lobby.no_games": "Nessuna partita in corso. Apri un tavolo o siediti a uno.",
  "lobby.code": "codice {code}",
  "status.lobby": "in attesa",
  "status.playing": "in corso",
  "status.finished": "finita",

  // le opzioni di ogni gioco (i testi del server sono in inglese; al loro posto si mostrano questi; ogni
  // famiglia di giochi traduce le proprie)
  "option.target_score": "Punti per vincere",
  "option.target_score.hint": "I punti che servono a una squadra, con un vantaggio netto, per vincere la partita",

  // ------------------------------------------------------------ stats
  "stats.ratings": "I tuoi punteggi",
  "stats.game": "Gioco",
  "stats.elo": "Elo",
  "stats.matches": "Partite",
  "stats.wins": "Vittorie",
  "stats.no_ratings": "Ancora nessuna partita con punteggio.",
  "stats.history": "Storico delle partite",
  "stats.older": "Partite precedenti",
  "stats.no_history": "Ancora nessuna partita finita.",
  "stats.won": "vinta",
  "stats.lost": "persa",
  "stats.delta": "{delta} Elo",
  "stats.player_points": "{name} ({points})",
  "stats.leaderboard": "Classifica",
  "stats.rank": "N.",
  "stats.player": "Giocatore",
  "stats.nobody": "Ancora nessuno in classifica.",
  "stats.previous": "Precedente",
  "stats.next": "Successiva",
  "stats.page": "Pagina {page} di {pages}",
  "stats.find_me": "Trovami (n. {rank})",

  // ------------------------------------------------------------ carte
  "card.name": "{rank} di {suit}",
  "card.deck": { one: "{count} carta nel mazzo", other: "{count} carte nel mazzo" },
  "rank.1": "asso",
  "rank.2": "due",
  "rank.3": "tre",
  "rank.4": "quattro",
  "rank.5": "cinque",
  "rank.6": "sei",
  "rank.7": "sette",
  "rank.8": "fante",
  "rank.9": "cavallo",
  "rank.10": "re",

  // ------------------------------------------------------------ tavolo: ogni gioco
  "table.loading": "Caricamento del tavolo…",
  "table.unavailable": "Tavolo non disponibile",
  "table.gone": "Questo tavolo non c'è più",
  "table.gone_detail": "La partita non esiste più sul server.",
  "table.back": "Torna alla sala",
  "table.history": "Storico e punteggi",
  "table.not_connected": "Nessun collegamento al tavolo in questo momento; nuovo tentativo in corso…",
  "table.connecting": "Collegamento in corso…",
  "table.reconnecting": "Collegamento perso, nuovo tentativo in corso…",
  "table.refused": "Mossa rifiutata: {reason}",
  "table.started": "La partita è cominciata.",
  "table.hand_over": "La mano è finita.",
  "table.game_over_said": "La partita è finita.",
  "table.your_turn_said": "Tocca a te.",
  "table.turn_of": "Tocca a {name}.",
  "table.you": "Tu",
  "table.seat": "Posto {number}",
  "table.seats": "Posti",
  "table.meta_you": "tu",
  "table.meta_side": "Squadra {side}",
  "table.your_turn_flag": "tocca a te",
  "table.to_play_flag": "di turno",
  "table.thinking_flag": "sta pensando…",
  "table.side": "Squadra {side}",
  "table.side_members": "{side} ({names})",
  "table.watching": "Spettatore",
  "table.code": "Codice",
  "table.spectator_note": "Stai guardando: le carte in mano ai giocatori restano nascoste.",
  "table.waiting": "In attesa dei giocatori",
  "table.seats_still_open": {
    one: "Ancora {count} posto libero su {seats}.", other: "Ancora {count} posti liberi su {seats}.",
  },
  "table.share_code": "Condividi questo codice con i tuoi amici:",
  "table.starts_when_full": "La partita comincia appena l'ultimo posto è occupato.",
  "table.hand_summary": "Riepilogo della mano",
  "table.hand_end": "Fine della mano",
  "table.next_hand": "Mano successiva",
  "table.ready": "Pronti: {count} su {seats}",
  "table.next_hand_in": "prossima mano tra",
  "table.game_over": "Partita finita",
  "table.side_wins": "Vittoria: {side}",
  "table.draw": "Pareggio",
  "table.you_win": "Hai vinto!",
  "table.you_lose": "Hai perso",
  "table.final_score": "{side}:",
  "table.target": { one: "partita a {count} punto", other: "partita a {count} punti" },
  "table.your_hand": "La tua mano",
  "table.play_a_card": "Tocca a te: gioca una carta.",
  "table.match_score": "Punteggio della partita",

  // ------------------------------------------------------------ errori, secondo il codice del server
  "error.network": "Il server non è raggiungibile. Controlla la connessione.",
  "error.http": "Il server ha risposto con un errore (HTTP {status}).",
  "error.invalid_action": "Il server non ha accettato la richiesta.",
  "error.bad_request": "Il server non ha accettato la richiesta.",
  "error.method_not_allowed": "Il server non ha accettato la richiesta.",
  "error.payload_too_large": "La richiesta è troppo grande.",
  "error.unsupported_media_type": "Il server non ha accettato la richiesta.",
  "error.invalid_options": "Queste opzioni non valgono per questo gioco.",
  "error.unauthorized": "Prima devi accedere.",
  "error.forbidden": "Non hai il permesso di farlo.",
  "error.not_found": "Questo tavolo non esiste.",
  "error.illegal_move": "Le regole non permettono questa mossa.",
  "error.not_your_turn": "Non è il tuo turno.",
  "error.game_full": "Tutti i posti di questo tavolo sono occupati.",
  "error.not_started": "La partita non è ancora cominciata.",
  "error.game_over": "La partita è finita.",
  "error.conflict": "Il tavolo era occupato; riprova.",
  "error.too_many_requests": "Troppi tentativi; aspetta un minuto e riprova.",
  "error.internal": "Qualcosa è andato storto sul server.",
  "error.busy": "Il server è molto occupato: la mossa non è stata accettata. Riprova tra un momento.",
  "error.unavailable": "In questo momento il server non raggiunge i suoi dati; riprova tra poco.",
  "error.unknown_game": "Questa pagina non conosce il gioco {game}: ricaricala, o chiedi a chi gestisce il server.",
  "error.broken_game":
    "Non è stato possibile caricare il tavolo di {game} ({module}): ricarica la pagina, o riprova più tardi.",
  "error.login.invalid_action": "Questo nome non si può usare: deve avere da 1 a 32 caratteri.",
  "error.login.forbidden": "Su questo server non si può entrare come ospite.",
  "error.join.not_found": "Nessun tavolo ha questo codice.",
  "error.join.forbidden": "Non puoi sederti a questo tavolo.",

  // ------------------------------------------------------------ table layout (table.js, seats.js)
  "table.side_panel": "Cosa è successo",
  "seat.holds": { one: "{count} carta in mano", other: "{count} carte in mano" },
  "seat.open": "libero",
  "seat.order_suit": "Ordina per seme",
  "seat.order_rank": "Ordina per valore",
  // @@ layout keys end

  // ------------------------------------------------------------ move log (movelog.js)
  "log.title": "Cosa è successo",
  "log.entries": "Mosse",
  "log.empty": "Ancora nessuna mossa.",
  "log.missed": "Alcune mosse sono state fatte mentre la pagina non era collegata: qui non compaiono.",
  "log.dealt_again": {
    one: "Nuove carte distribuite; nel mazzo resta {count} carta.",
    other: "Nuove carte distribuite; nel mazzo restano {count} carte.",
  },
  "log.dealt_last": "Sono state distribuite le ultime carte.",
  "log.timeout": "È scaduto il tempo di {name}: la mossa seguente è stata fatta in automatico.",
  "log.timeout.you": "È scaduto il tuo tempo: la mossa seguente è stata fatta in automatico.",
  "log.timeout_hand_end": "È scaduto il tempo per il riepilogo della mano.",
  "log.side_wins": "Vittoria: {side}.",
  "log.draw": "Pareggio.",
  // @@ movelog keys end

  // ------------------------------------------------------------ card gallery (gallery.js)
  "gallery.link": "Le carte",
  "gallery.suit.denari": "Denari",
  "gallery.suit.coppe": "Coppe",
  "gallery.suit.spade": "Spade",
  "gallery.suit.bastoni": "Bastoni",
  "gallery.back_title": "Il dorso",
  "gallery.back_label": "Il dorso di una carta",
  "gallery.to_lobby": "Torna alla sala",
  "gallery.to_login": "Entra e gioca",
  // @@ gallery keys end

  // ------------------------------------------------------------ your turn: title, favicon, sound (attention.js)
  "attention.title_your_turn": "● Tocca a te — tavolo",
  "attention.title_table": "{table} — tavolo",
  "attention.sound": "Suono",
  "attention.sound_hint": "Un breve suono quando tocca a te",
  // @@ attention keys end
};

// Each part of the UI adds its keys in a file of its own (see those files).
export default { ...base, ...finding, ...tableLife, ...replay, ...lobbyChoices, ...guestsOnly, ...historyTimes, ...suggest };
