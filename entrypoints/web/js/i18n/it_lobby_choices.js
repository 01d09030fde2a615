// Le scelte che la sala ricorda: quanto dura una partita, e condividere il link di un tavolo.
// Stesse chiavi di ./en_lobby_choices.js.

export default {
  // ------------------------------------------------------------ durata della partita (../lobby_length.js)
  "lobby.length.deals_to_win.1": "Una smazzata",
  "lobby.length.deals_to_win.2": "Al meglio di tre",
  "lobby.length.deals_to_win.3": "Al meglio di cinque",
  "lobby.length.deals_to_play": { one: "{count} smazzata", other: "{count} smazzate" },
  "lobby.length.target_score": { one: "{count} punto", other: "{count} punti" },

  // ------------------------------------------------------------ condividere l'invito
  "table.share_link": "Condividi",
  "table.share_title": "Un tavolo di {game} su tavolo",
  "table.share_text": "Vieni a giocare a {game} con me: apri il link per sederti.",
  "table.shared": "Link condiviso.",
};
