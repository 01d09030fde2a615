// Il tavolo sul telefono: la riga corta dei punti nell'intestazione e i suoi dettagli, il foglio del
// registro delle mosse, il punteggio di una partita a più smazzate. Stesse chiavi di ./en_table_phone.js.

export default {
  "table.details": "Dettagli del tavolo",
  "table.details_short": "Dettagli",
  "table.log_open": "Mosse",
  "table.log_close": "Chiudi",
  "table.log_sheet": "Cosa è successo a questo tavolo",
  "table.short_scores": "Punti",
  "table.player": "Giocatore",
  "table.deals_short": "Smazzate",
  "table.deals_line": "Smazzate vinte: {scores} (vince chi arriva a {count})",
  "table.standings_short": "totale",
  "table.standings_line": "Totale della partita: {scores}",
  "table.standings_title": "Totale della partita",
};
