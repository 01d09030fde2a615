// Finding a game: play the computer, quick match, open tables, invitations, guests' accounts, stats.
// Same keys as ./it_finding.js.

export default {
  // ------------------------------------------------------------ header, guest's account
  "shell.keep_games": "Keep my games",
  "shell.notice_kept": "Your guest games, history and ratings are now part of your account.",
  "shell.notice_refused": "Your account already had games of its own, so the guest's games were not moved to it.",
  "shell.notice_dismiss": "Dismiss",
  "logout.guest_warning":
    "You play as a guest: if you log out, the name {name}, your match history and your ratings are lost for good.",
  "logout.keep": "Sign in with {provider} and keep my games",
  "logout.guest_confirm": "Log out and lose them",

  // ------------------------------------------------------------ words for a table
  "lobby.seat_free": "free",
  "lobby.seconds": { one: "{count} second", other: "{count} seconds" },
  "lobby.turn_time": "Time per move",
  "lobby.turn_time_summary": "{time} per move",
  "lobby.rated": "Rated",
  "lobby.casual": "Casual",

  // ------------------------------------------------------------ play the computer
  "lobby.computer.title": "Play the computer",
  "lobby.computer.lead":
    "The computer takes every other seat and the match starts at once. Always casual: no ratings change.",
  "lobby.computer.level": "Computer's level",
  "lobby.computer.play": "Play against the computer",

  // ------------------------------------------------------------ quick match
  "lobby.quick.title": "Play now",
  "lobby.quick.lead": "Sit down with people waiting for the same game, of a rating close to yours.",
  "lobby.quick.computers_after": "Computer players fill the seats after",
  "lobby.quick.never": "Never (people only)",
  "lobby.quick.play": "Play now",
  "lobby.quick.seeking": "Looking for players…",
  "lobby.quick.connecting": "Connecting to the lobby…",
  "lobby.quick.computers_at": "computer players after {seconds} of waiting",
  "lobby.quick.people_only": "people only",
  "lobby.quick.cancel": "Cancel",

  // ------------------------------------------------------------ open tables
  "lobby.open.title": "Open tables",
  "lobby.open.empty": "No table is waiting for players right now. Open one below, or press Play now.",
  "lobby.open.seats_taken": { one: "{count} of {seats} seats taken", other: "{count} of {seats} seats taken" },
  "lobby.open.yours": "Back to your table",
  "lobby.open.reconnecting": "The lobby's connection was lost; reconnecting…",

  // ------------------------------------------------------------ new table
  "lobby.visibility": "Who can sit down",
  "lobby.private": "Private",
  "lobby.private_hint": "only with the table's code",
  "lobby.public": "Public",
  "lobby.public_hint": "listed among the open tables",
  "lobby.rating": "Does it count for the ratings?",
  "lobby.rated_hint": "the result moves the ratings",
  "lobby.casual_hint": "no ratings change",
  "lobby.computer_casual": "A table with any computer player is always casual.",

  // ------------------------------------------------------------ invitation
  "lobby.invite.title": "You are invited to a table",
  "lobby.invite.lead": "A friend shared the code {code} with you.",
  "lobby.invite.full": "Every seat is taken: you can watch the game.",
  "lobby.invite.lobby": "Go to the lobby",

  // ------------------------------------------------------------ stats
  "stats.rated": "rated",
  "stats.casual": "casual",
  "stats.rating_change": "{before} → {after}",
  "stats.unranked": "You: no rated match yet",
};
