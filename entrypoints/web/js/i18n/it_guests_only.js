// Un server con soli ospiti (nessun provider di identità): cosa dicono la schermata d'accesso e l'intestazione.
// Stesse chiavi di ./en_guests_only.js.

export default {
  "shell.login_guest": "Gioca come ospite",
  "login.guests_only": "Su questo server si gioca solo come ospiti: non c'è un account con cui accedere. Scegli un nome e gioca.",
};
