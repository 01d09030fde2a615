"""What one seat, or a spectator, may see of a fishing match.

Public: table, counts, scores, the previous play, the last hand's breakdown.
Private: a seat's own hand and its legal moves (empty unless the match waits for it). Never shown: other
seats' hands, the deck order, the captured cards themselves (only their counts).
"""

from __future__ import annotations

from domain.cards import codes
from domain.engine import JSON
from domain.games.base import ack_moves
from domain.games.fishing.captures import Move, legal_moves
from domain.games.fishing.config import SIDES, Variant
from domain.games.fishing.state import FishingState, play_to_json


def _per_side(values: tuple[int, int]) -> JSON:
    return {SIDES[i]: values[i] for i in (0, 1)}


def options_json(variant: Variant, state: FishingState) -> JSON:
    options: JSON = {"target_score": state.options.target_score}
    if variant.has_napola:
        options["napola"] = state.options.napola
    options["asso_pigliatutto"] = state.options.asso_pigliatutto
    return options


def play_action(move: Move) -> JSON:
    """A legal move as the message that makes it: the card, and the table cards it takes
    (none for a discard, nor for an ace sweeping an empty table under asso pigliatutto)."""
    action: JSON = {"action": "play", "card": move.card.code}
    if move.capture:
        action["capture"] = codes(move.capture)
    return action


def moves_json(state: FishingState, seat: int) -> list[JSON]:
    """Every action the seat may send now: each legal (card, capture) on its turn, in hand
    order (``captures.legal_moves``); the acknowledgement it owes a hand summary; else none."""
    if state.phase == "playing" and state.turn == seat:
        moves = legal_moves(state.hands[seat], state.table, state.options.asso_pigliatutto)
        return [play_action(move) for move in moves]
    return ack_moves(state, seat)


def build_view(variant: Variant, state: FishingState, seat: int | None) -> JSON:
    playing = state.phase == "playing"
    view: JSON = {
        "game_type": variant.game_type,
        "phase": state.phase,
        "seat": seat,
        "hand_counts": [len(hand) for hand in state.hands],
        "table": codes(state.table),
        "deck_count": len(state.deck),
        "turn": state.turn if playing else None,
        "turn_deadline": state.turn_due if playing else None,
        "turn_seconds": state.timeouts.turn,
        "dealer": state.dealer,
        "hand_number": state.hand_number,
        "teams": {label: list(variant.side_seats(side)) for side, label in enumerate(SIDES)},
        "captured_counts": {SIDES[i]: len(state.piles[i]) for i in (0, 1)},
        "scope": _per_side(state.scope),
        "scores": _per_side(state.scores),
        "target_score": state.options.target_score,
        "options": options_json(variant, state),
        "last_play": None if state.last_play is None else play_to_json(state.last_play),
        "last_hand": state.last_hand,
        "acknowledged": list(state.acknowledged),
        "hand_end_deadline": state.hand_end_due if state.phase == "hand_end" else None,
        "winner": SIDES[state.winner] if state.winner is not None else None,
        "napola_whole_suit": state.whole_suit,
    }
    if seat is not None:
        view.update(seat_fields(state, seat))
    return view


def seat_fields(state: FishingState, seat: int) -> JSON:
    """What ``seat``'s view adds to a spectator's, or shows otherwise (``GameEngine.private_view``)."""
    return {"seat": seat, "hand": codes(state.hands[seat]), "legal_moves": moves_json(state, seat)}
