"""A seat's view is the spectator's view and the seat's own part: ``private_view``.

The hub builds a spectator's view once per version and each seat's ``private_view`` on top of it,
so ``view(state, seat)`` must be exactly ``{**view(state, None), **private_view(state, seat)}`` after
every step, and the private part may restate no field of the spectator's view but ``seat``: the
shared part is written once for every socket, and a field in both would be written twice.
"""

from __future__ import annotations

from domain.game_package import GamePackage, GameVariant
from engine_contract.playing import random_match

RESTATED = frozenset({"seat"})
"""The one field a seat's own part may give a value the spectator's view also has (``None``)."""


def check_private_views_complete_the_spectators(
    package: GamePackage, variant: GameVariant, seed: int
) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    for change in match.changes:
        at = match.at(change.step)
        public = match.view(change.step, None)
        for seat in range(engine.seats):
            own = engine.private_view(change.after, seat)
            restated = sorted(set(own) & set(public) - RESTATED)
            if restated:
                raise at.fail(f"seat {seat}'s private view restates the spectator's {restated}")
            if {**public, **own} != match.view(change.step, seat):
                differing = sorted(
                    key
                    for key in set(match.view(change.step, seat)) | set(public) | set(own)
                    if match.view(change.step, seat).get(key) != {**public, **own}.get(key)
                )
                raise at.fail(f"seat {seat}'s view is not the spectator's and its private view: {differing}")
