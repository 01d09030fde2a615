"""A hand's score and the match's end.

Each side counts its assi (a point each) and its thirds (3, 2 and figures) in whole points, the
remainder dropped; the last trick is a point more. The 20 thirds always leave two dropped between
the sides, so the cards and the last trick make 11 points a hand. Declarations add to that.

The match goes to the target: the first side to reach it wins, the higher score when both do on
the same hand, and another hand when they tie there. With ``cappotto`` on, a side that takes every
trick of a hand wins at once.
"""

from __future__ import annotations

from domain.games.tressette.cards import THIRDS_PER_POINT, thirds_in, whole_points
from domain.games.tressette.declarations import points_by_side
from domain.games.tressette.state import SIDE_LABELS, HandRecord, TressetteState, side_of

LAST_TRICK_POINTS = 1


def score_hand(state: TressetteState, last_winner: int) -> HandRecord:
    """The record of the hand ``state`` has just finished; ``last_winner`` took its last trick."""
    thirds = (thirds_in(state.won[0]), thirds_in(state.won[1]))
    card_points = (whole_points(thirds[0]), whole_points(thirds[1]))
    dropped = (thirds[0] % THIRDS_PER_POINT, thirds[1] % THIRDS_PER_POINT)
    declared = points_by_side(state.declarations) if state.rules.declarations else (0, 0)
    last = side_of(last_winner)
    points = tuple(
        card_points[side] + declared[side] + (LAST_TRICK_POINTS if side == last else 0) for side in (0, 1)
    )
    tricks = state.tricks_won
    swept = next((side for side in (0, 1) if tricks[1 - side] == 0), None)
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    return HandRecord(
        hand_number=state.hand_number,
        dealer=state.dealer,
        thirds=thirds,
        card_points=card_points,
        dropped=dropped,
        last_trick=last_winner,
        declarations=state.declarations if state.rules.declarations else (),
        declaration_points=declared,
        points=(points[0], points[1]),
        tricks=tricks,
        cappotto=swept if state.rules.cappotto else None,
        scores_after=scores,
    )


def match_winner(record: HandRecord, target: int) -> str | None:
    """The side that has won once ``record``'s hand is scored, or ``None`` while the match goes on."""
    if record.cappotto is not None:
        return SIDE_LABELS[record.cappotto]
    scores = record.scores_after
    if max(scores) < target or scores[0] == scores[1]:
        return None
    return SIDE_LABELS[0] if scores[0] > scores[1] else SIDE_LABELS[1]
