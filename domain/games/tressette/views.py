"""What a seat (or a spectator, ``seat is None``) may see of a tressette match.

Every key is the same for every viewer except ``hand``, ``your_turn`` and ``legal_moves``, which
exist only for seated viewers. Nothing shows a hand, except the cards everybody saw drawn
(``shown``, the two-player game with ``show_draws``). The running hand uses the names of its
summary (``last_hand``) where they apply: ``declarations``, ``card_points``, ``thirds``.
"""

from __future__ import annotations

from domain.cards import Card, codes
from domain.engine import JSON
from domain.games.base import ack_moves
from domain.games.tressette.cards import thirds_in, whole_points
from domain.games.tressette.signals import signals_for
from domain.games.tressette.state import SIDE_LABELS, TressetteState, by_side, side_seats
from domain.games.tressette.trick import playable, trick_public
from domain.games.tricks.codec import dump_plays


def tressette_view(state: TressetteState, seat: int | None, game_type: str) -> JSON:
    playing = state.phase == "playing"
    hand_end = state.phase == "hand_end"
    rules = state.rules
    thirds = (thirds_in(state.won[0]), thirds_in(state.won[1]))
    view: JSON = {
        "game_type": game_type,
        "phase": state.phase,
        "players": state.seats,
        "hand_counts": [len(h) for h in state.hands],
        "turn": state.turn if playing else None,
        "turn_deadline": state.turn_due if playing else None,
        "turn_seconds": state.turn_timeout,
        "dealer": state.dealer,
        "hand_number": state.hand_number,
        "teams": {label: list(side_seats(i, state.seats)) for i, label in enumerate(SIDE_LABELS)},
        "trick": dump_plays(state.trick),
        "signal": signal_view(state),
        "previous_trick": None if state.previous_trick is None else trick_public(state.previous_trick),
        "tricks_won": by_side(state.tricks_won),
        "thirds": by_side(thirds),
        "card_points": by_side((whole_points(thirds[0]), whole_points(thirds[1]))),
        "declarations": [d.public() for d in state.declarations],
        "shown": [codes(cards) for cards in state.shown],
        "deck_count": len(state.stock),
        "scores": by_side(state.scores),
        "target_score": rules.target_score,
        "options": rules.options(),
        "last_hand": state.hands_played[-1].public() if state.hands_played else None,
        "acknowledged": list(state.acknowledged) if hand_end else [],
        "hand_end_deadline": state.hand_end_due if hand_end else None,
        "trick_pause_seconds": state.trick_pause,
        "winner": state.winner,
    }
    if seat is not None:
        view.update(tressette_seat_fields(state, seat))
    return view


def tressette_seat_fields(state: TressetteState, seat: int) -> JSON:
    """What ``seat``'s view adds to a spectator's (``GameEngine.private_view``)."""
    hand = state.hands[seat]
    on_turn = state.phase == "playing" and state.turn == seat
    return {
        "hand": codes(hand),
        "your_turn": on_turn,
        "legal_moves": play_moves(state, hand) if on_turn else ack_moves(state, seat),
    }


def play_moves(state: TressetteState, hand: tuple[Card, ...]) -> list[JSON]:
    """Every card that follows suit (any when void); a leader at a table with signals may also lead
    each card with each signal that goes with it."""
    moves: list[JSON] = []
    for card in playable(hand, state.trick):
        moves.append({"action": "play", "card": card.code})
        if state.rules.signals and not state.trick:
            moves.extend({"action": "play", "card": card.code, "signal": s} for s in signals_for(hand, card))
    return moves


def signal_view(state: TressetteState) -> JSON | None:
    """The signal the current trick's leader attached to its lead, if any."""
    if state.signal is None or not state.trick:
        return None
    lead = state.trick[0]
    return {"seat": lead.seat, "signal": state.signal, "suit": lead.card.suit.value}
