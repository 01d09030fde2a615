"""The same position with the cards one receiver cannot see dealt out differently.

What a seat is shown, and what its computer player decides, must not depend on where the cards it
cannot see lie. To try it without knowing the family's state, the suite swaps those cards among
their places in the dumped state and loads it back: each card code of another seat's hand or of
the hidden cards that the dump writes exactly once stands for a place, and a random permutation of
them is a deal the seat could not tell apart. A code written more than once (a hand's card that an
old summary names too) stays where it is, so no record of the past is rewritten.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.engine import GameEngine
from engine_contract.naming import strings_in
from engine_contract.sight import Sight


def redealt(engine: GameEngine, state: Any, viewer: int | None, rng: random.Random) -> Any | None:
    """``state`` with the cards ``viewer`` cannot see permuted among their places; ``None`` when
    fewer than two of them can move."""
    dumped = engine.dump(state)
    written = Counter(strings_in(dumped))
    unseen = Sight.of(engine.card_zones(state)).unseen_by(viewer)
    movable = sorted(card for card in unseen if written[card] == 1)
    if len(movable) < 2:
        return None
    shuffled = list(movable)
    rng.shuffle(shuffled)
    if shuffled == movable:
        shuffled = [*shuffled[1:], shuffled[0]]
    return engine.load(relabelled(dumped, dict(zip(movable, shuffled, strict=True))))


def relabelled(value: Any, mapping: Mapping[str, str]) -> Any:
    """``value`` with every string in ``mapping`` (a key too) replaced by its image."""
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, Mapping):
        return {relabelled(key, mapping): relabelled(item, mapping) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [relabelled(item, mapping) for item in value]
    return value
