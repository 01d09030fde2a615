// English labels. Same keys as ./it.js. A plural entry is {one, other}, chosen by params.count.
// The cards' own words stay Italian here too: suits (denari, coppe, spade, bastoni), asso, fante,
// cavallo, re. Each game family brings its own words (its package's words.py, ../families.js).

import finding from "./en_finding.js";
import tableLife from "./en_table_life.js";
import replay from "./en_replay.js";
import lobbyChoices from "./en_lobby_choices.js";
import guestsOnly from "./en_guests_only.js";
import historyTimes from "./en_history_times.js";
import suggest from "./en_suggest.js";

const base = {
  // ------------------------------------------------------------ shell (header, router)
  "shell.skip": "Skip to content",
  "shell.nav": "Main",
  "shell.lobby": "Lobby",
  "shell.stats": "Stats",
  "shell.language": "Language",
  "shell.language_now": "The page is now in English.",
  "shell.logout": "Log out",
  "shell.login": "Log in",
  "shell.loading": "Loading…",
  "logout.title": "Log out?",
  "logout.question": "You are logged in as {name}. Log out of tavolo on this browser?",
  "logout.confirm": "Log out",
  "logout.stay": "Stay",

  // ------------------------------------------------------------ login
  "login.title": "Play Italian cards with friends",
  "login.lead": "{games}, in real time.",
  "login.name": "Your name",
  "login.name_placeholder": "e.g. Anna",
  "login.guest": "Play as guest",
  "login.provider": "Sign in with {provider}",
  "login.none": "This server offers no way to log in.",

  // ------------------------------------------------------------ lobby
  "lobby.new_table": "New table",
  "lobby.game": "Game",
  "lobby.open_table": "Open a table",
  "lobby.about": "{description} ({players}).",
  "lobby.players_count": { one: "{count} player", other: "{count} players" },
  "lobby.join_title": "Join a table",
  "lobby.join_code": "Join code",
  "lobby.look_up": "Look up",
  "lobby.take_seat": "Take a seat",
  "lobby.watch": "Watch",
  "lobby.players": "Players: {names}",
  "lobby.seats_open": { one: "{count} of {seats} seats open", other: "{count} of {seats} seats open" },
  "lobby.status": "Status: {status}",
  "lobby.option_value": "{option}: {value}",
  "lobby.on": "on",
  "lobby.off": "off",
  "lobby.continue": "Continue",
  "lobby.no_games": "No live games. Open a table or join one.",
  "lobby.code": "code {code}",
  "status.lobby": "waiting",
  "status.playing": "playing",
  "status.finished": "finished",

  // the options every game has (the server's own texts are English; these are shown instead; a game
  // family words its own options)
  "option.target_score": "Target score",
  "option.target_score.hint": "Points a side needs, with a clear lead, to win the match",

  // ------------------------------------------------------------ stats
  "stats.ratings": "Your ratings",
  "stats.game": "Game",
  "stats.elo": "Elo",
  "stats.matches": "Matches",
  "stats.wins": "Wins",
  "stats.no_ratings": "No rated matches yet.",
  "stats.history": "Match history",
  "stats.older": "Older matches",
  "stats.no_history": "No finished matches yet.",
  "stats.won": "won",
  "stats.lost": "lost",
  "stats.delta": "{delta} Elo",
  "stats.player_points": "{name} ({points})",
  "stats.leaderboard": "Leaderboard",
  "stats.rank": "#",
  "stats.player": "Player",
  "stats.nobody": "Nobody is ranked yet.",
  "stats.previous": "Previous",
  "stats.next": "Next",
  "stats.page": "Page {page} of {pages}",
  "stats.find_me": "Find me (#{rank})",

  // ------------------------------------------------------------ cards
  "card.name": "{rank} of {suit}",
  "card.deck": { one: "{count} card in the deck", other: "{count} cards in the deck" },
  "rank.1": "asso",
  "rank.2": "2",
  "rank.3": "3",
  "rank.4": "4",
  "rank.5": "5",
  "rank.6": "6",
  "rank.7": "7",
  "rank.8": "fante",
  "rank.9": "cavallo",
  "rank.10": "re",

  // ------------------------------------------------------------ table: every game
  "table.loading": "Loading the table…",
  "table.unavailable": "Table not available",
  "table.gone": "This table is gone",
  "table.gone_detail": "The game no longer exists on the server.",
  "table.back": "Back to the lobby",
  "table.history": "History and ratings",
  "table.not_connected": "Not connected to the table right now; reconnecting…",
  "table.connecting": "Connecting…",
  "table.reconnecting": "Connection lost, reconnecting…",
  "table.refused": "Refused: {reason}",
  "table.started": "The game has started.",
  "table.hand_over": "The hand is over.",
  "table.game_over_said": "The game is over.",
  "table.your_turn_said": "Your turn.",
  "table.turn_of": "{name}'s turn.",
  "table.you": "You",
  "table.seat": "Seat {number}",
  "table.seats": "Seats",
  "table.meta_you": "you",
  "table.meta_side": "Side {side}",
  "table.your_turn_flag": "your turn",
  "table.to_play_flag": "to play",
  "table.thinking_flag": "thinking…",
  "table.side": "Side {side}",
  "table.side_members": "{side} ({names})",
  "table.watching": "Watching",
  "table.code": "Code",
  "table.spectator_note": "You are watching: players' hands stay hidden.",
  "table.waiting": "Waiting for players",
  "table.seats_still_open": {
    one: "{count} of {seats} seats still open.", other: "{count} of {seats} seats still open.",
  },
  "table.share_code": "Share this code with your friends:",
  "table.starts_when_full": "The game starts as soon as the last seat is taken.",
  "table.hand_summary": "Hand summary",
  "table.hand_end": "End of the hand",
  "table.next_hand": "Next hand",
  "table.ready": "{count} of {seats} ready",
  "table.next_hand_in": "next hand in",
  "table.game_over": "Game over",
  "table.side_wins": "{side} wins",
  "table.draw": "A draw",
  "table.you_win": "You win!",
  "table.you_lose": "You lose",
  "table.final_score": "{side}:",
  "table.target": { one: "game to {count} point", other: "game to {count} points" },
  "table.your_hand": "Your hand",
  "table.play_a_card": "Your turn: play a card.",
  "table.match_score": "Match score",

  // ------------------------------------------------------------ errors, by the server's code
  "error.network": "The server cannot be reached. Check your connection.",
  "error.http": "The server answered with an error (HTTP {status}).",
  "error.invalid_action": "The server did not accept that request.",
  "error.bad_request": "The server did not accept that request.",
  "error.method_not_allowed": "The server did not accept that request.",
  "error.payload_too_large": "That request is too large.",
  "error.unsupported_media_type": "The server did not accept that request.",
  "error.invalid_options": "These options are not valid for this game.",
  "error.unauthorized": "Log in first.",
  "error.forbidden": "You are not allowed to do that.",
  "error.not_found": "This table does not exist.",
  "error.illegal_move": "The rules do not allow that move.",
  "error.not_your_turn": "It is not your turn.",
  "error.game_full": "Every seat at this table is taken.",
  "error.not_started": "The game has not started yet.",
  "error.game_over": "The game is over.",
  "error.conflict": "The table was busy; try again.",
  "error.too_many_requests": "Too many attempts; wait a minute and try again.",
  "error.internal": "Something went wrong on the server.",
  "error.busy": "The server is very busy: your move could not be taken. Try it again in a moment.",
  "error.unavailable": "The server cannot reach its storage right now; try again shortly.",
  "error.unknown_game": "This page does not know the game {game}: reload it, or ask whoever runs the server.",
  "error.broken_game": "The table of {game} could not be loaded ({module}): reload the page, or try again later.",
  "error.login.invalid_action": "That name cannot be used: it needs 1 to 32 characters.",
  "error.login.forbidden": "Guest login is disabled on this server.",
  "error.join.not_found": "No table has that code.",
  "error.join.forbidden": "You cannot take a seat at this table.",

  // ------------------------------------------------------------ table layout (table.js, seats.js)
  "table.side_panel": "What happened",
  "seat.holds": { one: "{count} card in hand", other: "{count} cards in hand" },
  "seat.open": "open",
  "seat.order_suit": "Sort by suit",
  "seat.order_rank": "Sort by rank",
  // @@ layout keys end

  // ------------------------------------------------------------ move log (movelog.js)
  "log.title": "What happened",
  "log.entries": "Moves",
  "log.empty": "No moves yet.",
  "log.missed": "Some moves were made while this page was not connected; they are not listed.",
  "log.dealt_again": {
    one: "New cards dealt; {count} card left in the deck.", other: "New cards dealt; {count} cards left in the deck.",
  },
  "log.dealt_last": "The last cards have been dealt.",
  "log.timeout": "Time ran out for {name}: the next move was made automatically.",
  "log.timeout.you": "Time ran out for you: the next move was made automatically.",
  "log.timeout_hand_end": "Time ran out for the hand summary.",
  "log.side_wins": "{side} wins.",
  "log.draw": "A draw.",
  // @@ movelog keys end

  // ------------------------------------------------------------ card gallery (gallery.js)
  "gallery.link": "The cards",
  "gallery.suit.denari": "Denari (coins)",
  "gallery.suit.coppe": "Coppe (cups)",
  "gallery.suit.spade": "Spade (swords)",
  "gallery.suit.bastoni": "Bastoni (clubs)",
  "gallery.back_title": "The back",
  "gallery.back_label": "The back of a card",
  "gallery.to_lobby": "Back to the lobby",
  "gallery.to_login": "Log in and play",
  // @@ gallery keys end

  // ------------------------------------------------------------ your turn: title, favicon, sound (attention.js)
  "attention.title_your_turn": "● Your turn — tavolo",
  "attention.title_table": "{table} — tavolo",
  "attention.sound": "Sound",
  "attention.sound_hint": "A short chime when it is your turn",
  // @@ attention keys end
};

// Each part of the UI adds its keys in a file of its own (see those files).
export default { ...base, ...finding, ...tableLife, ...replay, ...lobbyChoices, ...guestsOnly, ...historyTimes, ...suggest };
