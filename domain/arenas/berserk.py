"""Berserk: an arena player halves their own turn time for a game, for one more point if they win it.

The engines know one turn time per match; the platform shortens the turn of a
berserk seat itself: its turn deadline falls half the table's turn time sooner,
and the view shows that deadline. The deadline keeps the engine's token, so it
fires (and replays) exactly as any turn timeout does.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.live_game import LiveGame


def turn_due(session: LiveGame, on_turn: Iterable[int], due: float) -> float:
    """When the turn of the seats ``on_turn`` runs out: ``due`` as the engine set it, half the
    table's turn time sooner when one of them went berserk."""
    if not session.berserk or session.turn_seconds is None:
        return due
    if any(seat in session.berserk for seat in on_turn):
        return due - session.turn_seconds / 2
    return due
