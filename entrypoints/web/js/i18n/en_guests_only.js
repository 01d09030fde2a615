// A server with guests only (no identity provider): what the login screen and the header say.
// Same keys as ./it_guests_only.js.

export default {
  "shell.login_guest": "Play as a guest",
  "login.guests_only": "This server has guests only: there is no account to log in to. Choose a name and play.",
};
