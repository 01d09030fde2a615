"""The final ``MatchResult`` of a fishing match, for history and Elo."""

from __future__ import annotations

from domain.engine import JSON, MatchResult, PlayerResult
from domain.games.fishing.config import SIDES, Variant, side_of
from domain.games.fishing.state import FishingState


def build_result(variant: Variant, state: FishingState) -> MatchResult | None:
    if state.phase != "finished" or state.winner is None:
        return None
    winner = SIDES[state.winner]
    scores = {SIDES[i]: state.scores[i] for i in (0, 1)}
    players = tuple(
        PlayerResult(
            seat=seat,
            team=SIDES[side_of(seat)],
            won=side_of(seat) == state.winner,
            points=state.scores[side_of(seat)],
            details={"scope": state.seat_scope[seat]},
        )
        for seat in range(variant.seats)
    )
    details: JSON = {
        "target_score": state.options.target_score,
        "hands_played": len(state.history),
        "asso_pigliatutto": state.options.asso_pigliatutto,
        "hands": list(state.history),
        "final_scores": dict(scores),
        "winner": winner,
    }
    if variant.has_napola:
        details["napola"] = state.options.napola
        details["napola_whole_suit"] = state.whole_suit
    return MatchResult(
        sides=variant.teams,
        scores=scores,
        winner=winner,
        players=players,
        details=details,
    )
