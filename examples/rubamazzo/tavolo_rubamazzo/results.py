"""Who won, and the final ``MatchResult`` for history and Elo.

The player with the most cards wins. When the lead is shared, another hand is played and its cards
are added to every seat's total, until one seat leads alone (intelligiochi.it, "Rubamazzo": "in
caso di parità si prosegue"); so a match always has a winner and never ends in a draw.

The platform rates a match between exactly two sides. With two players each is a side (``A``,
``B``), scored by its cards. With three or four, who plays against whom is only known at the end,
as in briscola chiamata: the winner's seat is one side (its label) and every other seat the side
``others``, scored by the best of them (the runner-up's cards). Each player's ``points`` are always
its own cards.
"""

from __future__ import annotations

from domain.engine import JSON, MatchResult, PlayerResult
from tavolo_rubamazzo.config import OTHERS, label
from tavolo_rubamazzo.state import RubamazzoState


def sole_leader(totals: tuple[int, ...]) -> int | None:
    """The seat with strictly more cards than every other, or ``None`` when the lead is shared."""
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def side_of(seat: int, seats: int, winner: int) -> str:
    if seats == 2 or seat == winner:
        return label(seat)
    return OTHERS


def sides(seats: int, winner: int) -> dict[str, tuple[int, ...]]:
    """The two sides of a finished match (see the module docstring)."""
    if seats == 2:
        return {label(0): (0,), label(1): (1,)}
    return {label(winner): (winner,), OTHERS: tuple(seat for seat in range(seats) if seat != winner)}


def side_scores(totals: tuple[int, ...], winner: int) -> dict[str, int]:
    """Each side's final score: its cards (for ``others``, the runner-up's)."""
    if len(totals) == 2:
        return {label(0): totals[0], label(1): totals[1]}
    others = [total for seat, total in enumerate(totals) if seat != winner]
    return {label(winner): totals[winner], OTHERS: max(others)}


def build_result(state: RubamazzoState) -> MatchResult | None:
    if state.phase != "finished" or state.winner is None:
        return None
    seats, winner = state.seats, state.winner
    players = tuple(
        PlayerResult(
            seat=seat,
            team=side_of(seat, seats, winner),
            won=seat == winner,
            points=state.totals[seat],
            details={"cards": state.totals[seat]},
        )
        for seat in range(seats)
    )
    details: JSON = {
        "hands_played": len(state.history),
        "hands": list(state.history),
        "cards": {label(seat): total for seat, total in enumerate(state.totals)},
        "winner_seat": winner,
    }
    return MatchResult(
        sides=sides(seats, winner),
        scores=side_scores(state.totals, winner),
        winner=label(winner),
        players=players,
        details=details,
    )
