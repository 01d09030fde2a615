// A table's life: the waiting room, presence, leaving, the end of a match and the rematch.
// Same keys as ./it_table_life.js.

export default {
  // ------------------------------------------------------------ computer players' names (players.js)
  "seat.computer_name": "Computer {number}",
  "seat.level_easy": "easy",
  "seat.level_normal": "normal",
  "seat.level_hard": "hard",

  // ------------------------------------------------------------ presence (presence.js)
  "seat.away": "away",
  "seat.away_detail": "(not connected to the table right now)",

  // ------------------------------------------------------------ the waiting room (waiting_room.js)
  "table.setting_access": "Table",
  "table.public": "Public: listed among the open tables",
  "table.private": "Private: by invitation only",
  "table.setting_match": "Match",
  "table.rated": "Rated: the result moves the ratings",
  "table.casual": "Casual: no ratings change",
  "table.casual_computer": "Casual: a computer player sits here",
  "table.setting_turn": "Turn time",
  "table.turn_seconds": { one: "{count} second", other: "{count} seconds" },
  "table.turn_default": "the server's usual time",
  "table.invite_title": "Invite your friends",
  "table.invite_link": "Invitation link",
  "table.invite_public": "Anyone who opens this link can sit down; the table is also listed in the lobby.",
  "table.invite_private": "Anyone who opens this link can sit down: send it only to the people you want at the table.",
  "table.copy_link": "Copy the link",
  "table.copied": "Link copied.",
  "table.copy_select": "The link is selected: copy it with Ctrl+C (on a phone, press and hold it).",
  "table.or_code": "Or give them the code:",
  "table.computers_title": "Computer players",
  "table.computers_hint": "Fill a free seat with a computer player, or free it again.",
  "table.computers_hint_rated":
    "Fill a free seat with a computer player: the match will then be casual (no ratings change).",
  "table.computer_level_for": "Level of the computer player for seat {number}",
  "table.add_computer": "Add a computer player",
  "table.add_computer_to": "Add a computer player to seat {number}",
  "table.remove_computer": "Remove",
  "table.remove_computer_from": "Remove {name} from seat {number}",

  // ------------------------------------------------------------ leaving, sitting down (seat_controls.js)
  "table.leave": "Leave the table",
  "table.leave_question_rated":
    "Leave the match? A computer player will take your seat, and the match will no longer be rated.",
  "table.leave_question": "Leave the match? A computer player will take your seat for the rest of it.",
  "table.leave_confirm": "Leave",
  "table.leave_cancel": "Stay",
  "table.take_seat": "Take a seat",
  "table.private_note": "This table is private: ask for its invitation link.",
  "table.login_to_sit": "Log in to sit down",

  // ------------------------------------------------------------ the end of a match (match_end.js)
  "table.match_rated": "Rated match.",
  "table.match_casual": "Casual match: no ratings change.",
  "table.ratings_title": "Ratings",
  "table.rating_from_to": "from {before} to {after}",
  "table.ratings_pending": "Recording the result…",
  "table.rating_said": "The result is recorded: your rating went from {before} to {after}.",
  "table.rematch": "Rematch",
  "table.rematch_asked": {
    one: "{count} of {total} wants a rematch: {names}.", other: "{count} of {total} want a rematch: {names}.",
  },
  "table.rematch_waiting": {
    one: "You asked for a rematch: waiting for {names}.", other: "You asked for a rematch: waiting for {names}.",
  },
  "table.rematch_ready": "Everyone wants a rematch: on to the new table…",
  "table.rematch_computers": "Computer players always accept a rematch.",

  // ------------------------------------------------------------ the move log (movelog_words.js)
  "log.seated": "{name} sat down.",
  "log.seated.you": "You sat down.",
  "log.left": "{name} left the table.",
  "log.left_seat": "The player in seat {number} left the table.",
  "log.handed_over": "{name} left: a computer plays for them.",
  "log.rematch": "{name} wants a rematch.",
  "log.rematch.you": "You want a rematch.",
  "log.rematch_ready": "Everyone wants a rematch: a new table is ready.",
};
