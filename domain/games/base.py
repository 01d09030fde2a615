"""What every engine shares around its own rules: starting a match, and who it waits for.

Each engine's state has a ``phase`` — ``hand_end`` while the summary of a finished
hand waits for acknowledgements, ``finished`` once the match is over, otherwise a
phase in which the seat on ``turn`` acts — and the ``acknowledged`` seats.
``EngineBase`` answers the parts of the ``GameEngine`` contract that depend on
nothing else; an engine adds its rules, its view and its plain-dict form.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from domain.cards import Card, check_deck
from domain.engine import JSON, OptionSpec, Outcome, Timeouts, validate_options

HAND_END = "hand_end"
FINISHED = "finished"


class TableState(Protocol):
    @property
    def phase(self) -> str: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def acknowledged(self) -> tuple[int, ...]: ...


S = TypeVar("S", bound=TableState)


@dataclass(frozen=True, slots=True)
class Setup:
    """What a match is dealt from: its checked options (defaults filled in), the timeouts,
    the time, the RNG and, for tests and replays, an explicit deck order (top first)."""

    options: Mapping[str, Any]
    timeouts: Timeouts
    now: float
    rng: random.Random
    deck: tuple[Card, ...] | None


def ack_moves(state: TableState, seat: int) -> list[JSON]:
    """The acknowledgement a seat still owes the hand-end summary, as ``legal_moves`` list it."""
    if state.phase == HAND_END and seat not in state.acknowledged:
        return [{"action": "ack"}]
    return []


class EngineBase(ABC, Generic[S]):
    """``start``, ``turn``, ``to_act`` and ``is_over`` of the ``GameEngine`` contract."""

    game_type: str
    name: str
    description: str
    seats: int
    option_specs: tuple[OptionSpec, ...]

    def start(
        self,
        options: Mapping[str, Any],
        timeouts: Timeouts,
        now: float,
        rng: random.Random,
        deck: Sequence[Card] | None = None,
    ) -> Outcome:
        values = validate_options(self.option_specs, options)
        order = None if deck is None else tuple(deck)
        if order is not None:
            check_deck(list(order))
        return self.deal_first(Setup(values, timeouts, float(now), rng, order))

    @abstractmethod
    def deal_first(self, setup: Setup) -> Outcome:
        """The first state of a match and the events of its first deal."""

    def turn(self, state: S) -> int | None:
        return None if state.phase in (HAND_END, FINISHED) else state.turn

    def to_act(self, state: S) -> tuple[int, ...]:
        if state.phase == HAND_END:
            return tuple(seat for seat in range(self.seats) if seat not in state.acknowledged)
        turn = self.turn(state)
        return () if turn is None else (turn,)

    def is_over(self, state: S) -> bool:
        return state.phase == FINISHED
