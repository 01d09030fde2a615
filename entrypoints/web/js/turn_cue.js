// "Your turn" when it is: while a finished trick still lingers on the felt (``ui.lingering``, see
// ./table_motion.js) during play, the table is drawn as waiting for nobody. The tab's title and icon, the chime,
// the seat's ring and countdown, the prompt and the playable cards all come together once the trick
// has gone and the card to answer is on the felt.
//
// The delay is not charged to the player: the server's turn deadline for the seat that leads after a
// trick already allows for the pause (``trick_pause_seconds`` in the view, longer than the trick
// lingers: see ``lingerMs`` in ./table_motion.js), and the countdown shown is still the server's.

/** ``view`` as the player should see it now: unchanged, or with the turn held while ``lingering``. */
export function cuedView(view, lingering) {
  if (!view || !lingering || view.phase === "hand_end" || view.phase === "finished") return view;
  return { ...view, your_turn: false, turn: null, turn_deadline: null, legal_moves: [], cue_held: true };
}

/** Is the "your turn" cue being held back (a finished trick still on the felt)? */
export function cueHeld(view) {
  return Boolean(view && view.cue_held);
}
