"""What a seat (or a spectator, ``seat is None``) may see of a trick game.

Every key is the same for every viewer except ``hand``, ``your_turn`` and
``legal_moves``, which exist only for seated viewers and derive from their
own hand and turn. Spectators get no ``hand`` key at all. ``legal_moves`` lists
complete actions (``{"action": "play", "card": "04C"}``, ``{"action": "ack"}``,
a bid, a pass, a call), empty when the match does not wait for the seat.
"""

from __future__ import annotations

from domain.cards import SUITS, Card, codes
from domain.engine import JSON
from domain.games.base import ack_moves
from domain.games.tricks.auction import legal_bids
from domain.games.tricks.briscola_state import SIDE_LABELS, BriscolaState, by_side, side_seats
from domain.games.tricks.chiamata_state import (
    CALLER,
    DEFENDERS,
    SEAT_LABELS,
    ChiamataDeal,
    ChiamataState,
    by_seat_label,
    standings_winner,
)
from domain.games.tricks.codec import dump_plays, trick_view

PER_SEAT_KEYS = ("hand", "your_turn", "legal_moves")


def briscola_view(state: BriscolaState, seat: int | None, game_type: str) -> JSON:
    playing = state.phase == "playing"
    hand_end = state.phase == "hand_end"
    view: JSON = {
        "game_type": game_type,
        "phase": state.phase,
        "players": state.seats,
        "hand_counts": [len(h) for h in state.hands],
        "turn": state.turn if playing else None,
        "turn_deadline": state.turn_due if playing else None,
        "turn_seconds": state.turn_timeout,
        "dealer": state.dealer,
        "hand_number": state.deal_number,
        "teams": {label: list(side_seats(i, state.seats)) for i, label in enumerate(SIDE_LABELS)},
        "trick": dump_plays(state.trick),
        "last_trick": trick_view(state.last_trick),
        "tricks_won": by_side(state.tricks_won),
        "scores": by_side(state.scores),
        "target_score": state.target_score,
        "deals_to_win": state.deals_to_win,
        "deals_won": by_side(state.deals_won),
        "options": {"target_score": state.target_score, "deals_to_win": state.deals_to_win},
        "trump_card": None if state.trump_drawn else state.trump_card.code,
        "trump_suit": state.trump_card.suit.value,
        "deck_count": state.deck_count,
        "last_hand": state.deals[-1].public() if state.deals else None,
        "acknowledged": list(state.acknowledged) if hand_end else [],
        "hand_end_deadline": state.hand_end_due if hand_end else None,
        "trick_pause_seconds": state.trick_pause,
        "winner": state.winner,
    }
    if seat is not None:
        view.update(briscola_seat_fields(state, seat))
    return view


def briscola_seat_fields(state: BriscolaState, seat: int) -> JSON:
    """What ``seat``'s view adds to a spectator's (``GameEngine.private_view``)."""
    hand = state.hands[seat]
    on_turn = state.phase == "playing" and state.turn == seat
    return {
        "hand": codes(hand),
        "your_turn": on_turn,
        "legal_moves": play_moves(hand) if on_turn else ack_moves(state, seat),
    }


def chiamata_view(state: ChiamataState, seat: int | None, game_type: str) -> JSON:
    finished = state.phase == "finished"
    hand_end = state.phase == "hand_end"
    waiting = finished or hand_end
    winner = state.auction.winner
    caller = None if winner is None else winner.seat
    several = state.deals_to_play > 1
    final = state.deals[-1] if finished and not several else None
    target = state.target
    view: JSON = {
        "game_type": game_type,
        "phase": state.phase,
        "players": state.seats,
        "hand_counts": [len(h) for h in state.hands],
        "turn": None if waiting else state.turn,
        "turn_deadline": None if waiting else state.turn_due,
        "turn_seconds": state.turn_timeout,
        "dealer": state.dealer,
        "hand_number": state.deal_number,
        "auction": state.auction.public(),
        "caller": caller,
        "called_card": None if state.called_card is None else state.called_card.code,
        "trump_suit": None if state.called_card is None else state.called_card.suit.value,
        "target": target,
        "target_score": target,
        "options": {"deals_to_play": state.deals_to_play},
        "deals_to_play": state.deals_to_play,
        "deals_counted": state.deals_counted,
        "standings": list(state.standings),
        "revealed": state.revealed,
        "partner": state.partner if state.revealed else None,
        "alone": (state.partner is None) if state.revealed else None,
        "teams": _chiamata_teams(state, caller),
        "trick": dump_plays(state.trick),
        "last_trick": trick_view(state.last_trick),
        "tricks_won": list(state.tricks_won),
        "scores": _chiamata_scores(state, final),
        "last_hand": state.deals[-1].public() if state.deals else None,
        "acknowledged": list(state.acknowledged) if hand_end else [],
        "hand_end_deadline": state.hand_end_due if hand_end else None,
        "trick_pause_seconds": state.trick_pause,
        "winner": _chiamata_winner(state, final),
    }
    if seat is not None:
        view.update(chiamata_seat_fields(state, seat))
    return view


def chiamata_seat_fields(state: ChiamataState, seat: int) -> JSON:
    """What ``seat``'s view adds to a spectator's (``GameEngine.private_view``)."""
    hand = state.hands[seat]
    on_turn = state.phase not in ("finished", "hand_end") and state.turn == seat
    return {
        "hand": codes(hand),
        "your_turn": on_turn,
        "legal_moves": _chiamata_moves(state, hand) if on_turn else ack_moves(state, seat),
    }


def _chiamata_scores(state: ChiamataState, final: ChiamataDeal | None) -> JSON | None:
    """The match's score once it is over: the deciding deal's card points per side (one deal), or
    every seat's running total under its own side label (several deals)."""
    if state.phase != "finished":
        return None
    if final is not None:
        return {CALLER: final.caller_points, DEFENDERS: final.defender_points}
    return by_seat_label(state.standings)


def _chiamata_winner(state: ChiamataState, final: ChiamataDeal | None) -> str | None:
    if state.phase != "finished":
        return None
    if final is not None:
        return final.winner
    return standings_winner(state.standings)


def _chiamata_teams(state: ChiamataState, caller: int | None) -> JSON | None:
    """The two sides of the deal once the partner is known; once a match of several deals is over,
    every seat its own side (as its result has them)."""
    if state.phase == "finished" and state.deals_to_play > 1:
        return {SEAT_LABELS[seat]: [seat] for seat in range(state.seats)}
    if not state.revealed or caller is None:
        return None
    calling = sorted({caller} | ({state.partner} if state.partner is not None else set()))
    return {CALLER: calling, DEFENDERS: [s for s in range(state.seats) if s not in calling]}


def play_moves(hand: tuple[Card, ...]) -> list[JSON]:
    """Any card in hand may be played."""
    return [{"action": "play", "card": card.code} for card in hand]


def _chiamata_moves(state: ChiamataState, hand: tuple[Card, ...]) -> list[JSON]:
    """Auction: a pass and every bid allowed; call: one call per suit of the won rank; play:
    the cards in hand."""
    if state.phase == "auction":
        return legal_bids(state.auction)
    if state.phase == "call":
        winner = state.auction.winner
        assert winner is not None
        return [{"action": "call", "card": Card(winner.rank, suit).code} for suit in SUITS]
    return play_moves(hand)
