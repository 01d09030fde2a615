"""Positions from real matches as a seat saw them: its view and the events it saw (``seen``), for a
game package's tests of its search model (``domain.bots.search_model``).

A searching computer player decides from a seat's information set: its view, and the events that
seat received since the match began. ``watched_positions`` plays a match straight on an engine with
the given strategies and yields, at each decision, the true state (for checks only), the acting seat,
its view and what it saw, exactly as a client in that chair would have received it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.bots import Strategy
from domain.engine import GameEngine, Timeouts
from domain.events import visible_events

NOW = 1_000.0
"""The time every position is played at (a game's deadlines do not change its play)."""
TIMEOUTS = Timeouts()
MAX_STEPS = 20_000


@dataclass(frozen=True)
class Position:
    """One decision of one seat: ``state`` is the truth (never hand it to a strategy)."""

    state: Any
    seat: int
    view: Mapping[str, Any]
    seen: tuple[Mapping[str, Any], ...]


def watched_positions(
    engine: GameEngine,
    strategies: Sequence[Strategy],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> Iterator[Position]:
    """Play one match to the end, yielding each decision before it is made (each seat's ``seen``
    grows with every event it was shown)."""
    game_rng = random.Random(seed)
    bot_rng = random.Random(seed * 7919 + 1)
    outcome = engine.start(options or {}, TIMEOUTS, NOW, game_rng)
    seen: list[list[Mapping[str, Any]]] = [[] for _ in range(engine.seats)]
    for seat in range(engine.seats):
        seen[seat].extend(visible_events(outcome.events, seat))
    state = outcome.state
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            return
        seat = engine.to_act(state)[0]
        view = engine.view(state, seat)
        yield Position(state, seat, view, tuple(seen[seat]))
        action = strategies[seat].decide(view, bot_rng, tuple(seen[seat]))
        outcome = engine.apply(state, seat, action, NOW, game_rng)
        for each in range(engine.seats):
            seen[each].extend(visible_events(outcome.events, each))
        state = outcome.state
    raise AssertionError("the match did not end")
