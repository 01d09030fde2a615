"""A computer player made of two: one strategy for some phases of a match, another for the rest.

A searching player (``domain.bots.search``) may search only part of a game — say the card play, while
it bids as the rule-of-thumb player does. ``Phased``
asks ``within`` while the view's ``phase`` is one of ``phases``, and ``otherwise`` the rest of the time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.bots.base import Action, Seen, Strategy


@dataclass(frozen=True, slots=True)
class Phased:
    """``within`` decides in ``phases``, ``otherwise`` in every other phase."""

    phases: frozenset[str]
    within: Strategy
    otherwise: Strategy

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        chosen = self.within if view.get("phase") in self.phases else self.otherwise
        return chosen.decide(view, rng, seen)
