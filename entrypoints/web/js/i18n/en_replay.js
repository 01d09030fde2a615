// A finished match's replay: the page, its steps, the verification mark, and the links to it from the
// stats page and the end of a match. Same keys as ./it_replay.js.

export default {
  // ------------------------------------------------------------ the links to a replay
  "stats.replay": "Replay",
  "stats.replay_of": "the {game} match of {date}",
  "table.replay": "Watch the replay",

  // ------------------------------------------------------------ the page
  "replay.loading": "Loading the replay…",
  "replay.unavailable": "No replay",
  "replay.no_record": "This match was played before tavolo kept match records, so it cannot be replayed.",
  "replay.not_found":
    "There is no finished match to replay at this address. A match that has just ended needs a moment to be recorded: try again shortly.",
  "replay.retry": "Try again",
  "replay.title": "Replay: {game}",
  "replay.seat_short": "Seat {number}",
  "replay.record_link": "Download the match record (JSON)",
  "replay.side_panel": "Moves of the match",

  // ------------------------------------------------------------ stepping
  "replay.controls": "Step through the match",
  "replay.first": "First",
  "replay.previous": "Previous",
  "replay.next": "Next",
  "replay.last": "Last",
  "replay.keys": "Keys: ← and → step, Home and End go to the start and the end.",
  "replay.position": "Step {number} of {count}",

  // ------------------------------------------------------------ the position and the log
  "replay.hands_title": "Every hand, face up",
  "replay.hand_of": { one: "{name}'s hand, {count} card", other: "{name}'s hand, {count} cards" },
  "replay.next_play": "Outlined in blue: the next card played, {card}.",
  "replay.no_cards": "No cards in hand",
  "replay.no_board": "The cards are not dealt yet.",
  "replay.final_title": "Final score",
  "replay.log_title": "Moves",
  "replay.step_number": "Step {number}",
  "replay.start": "The match begins.",
  "replay.deadline": "Time ran out.",
  "replay.step_plain": "Nothing changes on the table.",
  "replay.ack": "{name} has seen the summary.",
  "replay.handover": "A computer player, {name}, takes over seat {number}: its player left.",
  "replay.handover_from": "{left} leaves seat {number}: a computer player, {name}, plays on in their place.",

  // ------------------------------------------------------------ verification
  "replay.checking": "Checking the shuffle…",
  "replay.verified": "Verified",
  "replay.verified_detail":
    "The server played every step again from the revealed seed, and this browser checked that the seed and the salt give the commitment ({commitment}).",
  "replay.verified_hash": "The seed and the salt the record reveals give its commitment.",
  "replay.verified_seen": "It matches the commitment shown before the first deal, which this browser remembered.",
  "replay.steps_checked": { one: "{count} step checked.", other: "{count} steps checked." },
  "replay.not_verified": "Not verified",
  "replay.unchecked": "Not checked here",
  "replay.problem_step": "The server could not replay step {number}: {message}",
  "replay.problem": "The server could not replay the match: {message}",
  "replay.problem_unknown": "The server could not confirm this match.",
  "replay.no_seed": "The record reveals no seed and salt to check.",
  "replay.cannot_hash":
    "This browser cannot check the commitment on this page (it needs a secure connection); the server's own check passed.",
  "replay.commitment_mismatch":
    "Commitment mismatch: the seed and the salt do not give the commitment the record names.",
  "replay.seen_mismatch":
    "Commitment mismatch: the record's commitment is not the one this browser saw before the first deal ({seen}).",
  "replay.shuffle_title": "How the shuffle is checked",
  "replay.shuffle_lead":
    "Before the first deal everyone at the table was shown the commitment: the SHA-256 of the match's secret seed followed by its salt. The record reveals both now, and every deal follows from the seed.",
  "replay.shuffle_scheme": "Scheme",
  "replay.shuffle_commitment": "Commitment",
  "replay.shuffle_seed": "Seed",
  "replay.shuffle_salt": "Salt",
};
