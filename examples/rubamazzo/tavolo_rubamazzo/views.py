"""What one seat, or a spectator, may see of a rubamazzo match.

Public: the table, every pile's face-up top card and size, the hand counts, the stock's count, the
totals, the previous play and the last hand's summary. Private: a seat's own hand, whether it is on
turn and its legal moves (empty unless the match waits for it). Never shown: other seats' hands, the
stock's order, and the cards under a pile's top (the piles are face up, but only their tops and
sizes matter to the rules; ``card_zones`` still counts them as public).
"""

from __future__ import annotations

from domain.cards import codes
from domain.engine import JSON
from domain.games.base import ack_moves
from tavolo_rubamazzo.config import Variant, label
from tavolo_rubamazzo.results import sides
from tavolo_rubamazzo.state import RubamazzoState, per_seat, play_to_json
from tavolo_rubamazzo.takes import Move, legal_moves, top


def play_action(move: Move) -> JSON:
    """A legal move as the message that makes it."""
    action: JSON = {"action": "play", "card": move.card.code}
    if move.capture is not None:
        action["capture"] = move.capture.code
    if move.steal is not None:
        action["steal"] = move.steal
    return action


def moves_json(state: RubamazzoState, seat: int) -> list[JSON]:
    """Every action the seat may send now: each legal play on its turn, in hand order
    (``takes.legal_moves``); the acknowledgement it owes a hand summary; else none."""
    if state.phase == "playing" and state.turn == seat:
        return [play_action(move) for move in legal_moves(state.hands[seat], seat, state.table, state.piles)]
    return ack_moves(state, seat)


def teams(variant: Variant, state: RubamazzoState) -> JSON:
    """Each seat its own side; once a match of three or four is over, its two rated sides."""
    if state.phase == "finished" and state.winner is not None:
        return {side: list(seats) for side, seats in sides(variant.seats, state.winner).items()}
    return {label(seat): [seat] for seat in range(variant.seats)}


def build_view(variant: Variant, state: RubamazzoState, seat: int | None) -> JSON:
    playing = state.phase == "playing"
    view: JSON = {
        "game_type": variant.game_type,
        "phase": state.phase,
        "seat": seat,
        "players": variant.seats,
        "hand_counts": [len(hand) for hand in state.hands],
        "table": codes(state.table),
        "deck_count": len(state.deck),
        "piles": [
            {"top": None if (card := top(pile)) is None else card.code, "size": len(pile)}
            for pile in state.piles
        ],
        "turn": state.turn if playing else None,
        "turn_deadline": state.turn_due if playing else None,
        "turn_seconds": state.timeouts.turn,
        "dealer": state.dealer,
        "hand_number": state.hand_number,
        "teams": teams(variant, state),
        "captured_counts": per_seat(tuple(len(pile) for pile in state.piles)),
        "scores": per_seat(state.totals),
        "options": {},
        "last_play": None if state.last_play is None else play_to_json(state.last_play),
        "last_hand": state.last_hand,
        "acknowledged": list(state.acknowledged),
        "hand_end_deadline": state.hand_end_due if state.phase == "hand_end" else None,
        "winner": None if state.winner is None else label(state.winner),
    }
    if seat is not None:
        view.update(seat_fields(state, seat))
    return view


def seat_fields(state: RubamazzoState, seat: int) -> JSON:
    """What ``seat``'s view adds to a spectator's, or shows otherwise (``GameEngine.private_view``)."""
    return {
        "seat": seat,
        "hand": codes(state.hands[seat]),
        "your_turn": state.phase == "playing" and state.turn == seat,
        "legal_moves": moves_json(state, seat),
    }
