"""What the searching computer player (level ``hard``) needs of a game family beyond its engine.

The search (``domain.bots.search``) never reads a hidden card. It looks at one seat's information
set — its own view, and the events it saw since the match began — and plays many possible deals
that agree with it: ``deal`` makes each one, a full engine state in which the cards the seat cannot
see are placed at random where they may be. On each, it tries moves through the engine itself
(``moves`` and ``step``, the engine's own rules), plays the rest of the hand out with a quick policy
(``rollout``) until the hand is ``settled`` (``play_out``), and scores the end for each seat
(``payoff``). The move that did best over the deals is the one it plays.

A family gives one ``SearchModel`` per game type (its engine's), as ``<family>/search.py``. Its
``moves`` and ``step`` may come from ``ThroughEngine`` (the engine's view and ``apply``), or be
quicker ways to the same answers: a decision walks them some hundred thousand times. So may
``play_out``: ``played_out`` is the plain way, move by move through ``rollout`` and ``step``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from domain.bots.base import Action, Seen
from domain.engine import GameEngine

NOW = 0.0
"""The time the search gives ``engine.apply``: it only sets deadlines, never the play."""


class SearchModel(Protocol):
    """One game type as the search sees it."""

    engine: GameEngine

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> Any:
        """A full engine state, as ``engine.load`` would give it, that agrees with everything the
        seat of ``view`` knows, and with nothing more: its view (its hand, the table, the counts of
        every other hand and of the stock, scores, whose turn) and ``seen`` (each card played and by
        whom, cards drawn in the open, bids, declarations, voids shown by not following suit). Each
        card it cannot see is placed at random, uniformly among the places that agree with that
        knowledge. It never reads the true state: only ``view`` and ``seen``."""
        ...

    def settled(self, state: Any, start: Any) -> bool:
        """Whether the hand that was being played in ``start`` (a state ``deal`` made) is over in
        ``state`` (its points are known, or the match is over), or has reached the earlier point
        the model values instead (the end of a deal round, say): a playout stops there."""
        ...

    def payoff(self, state: Any, seat: int) -> float:
        """How good ``state`` (settled) is for ``seat``, in [0, 1]: for how its side did in the
        hand that just ended (its share of the points, or its lead in them, as the game is won;
        1 / 0 for a match won / lost), or is expected to do from the point the model stops at, so
        that what is good for one side is bad for the other."""
        ...

    def rollout(self, state: Any, seat: int, rng: random.Random) -> Action:
        """A quick, sensible move for ``seat``, which must act in ``state`` (a full deal, every card
        known): the policy that plays a hand out after the move being tried. It is called thousands
        of times a decision, so it must be cheap (no view, no search); it may read the whole state."""
        ...

    def play_out(self, state: Any, start: Any, rng: random.Random) -> Any:
        """``state`` (a state of the hand ``deal`` began in ``start``) played on by the quick policy
        until that hand is ``settled``: exactly ``played_out(self, state, start, rng)``, the same
        state drawing the same numbers from ``rng``, but it may skip the messages the moves would be
        (a playout makes most of a decision's moves)."""
        ...

    def moves(self, state: Any, seat: int) -> Sequence[Action]:
        """The moves ``seat`` may make in ``state``: exactly ``engine.view(state, seat)["legal_moves"]``,
        the same actions in the same order."""
        ...

    def step(self, state: Any, seat: int, action: Action, rng: random.Random) -> Any:
        """The state after ``seat`` makes ``action`` (one of its ``moves``) in ``state``: exactly
        ``engine.apply(state, seat, action, NOW, rng).state``, the same state drawing the same numbers
        from ``rng``, without the events and checks the search has no use for."""
        ...


def played_out(model: SearchModel, state: Any, start: Any, rng: random.Random) -> Any:
    """The plain ``play_out``: each seat to act makes its ``rollout`` move, by ``step``, until the
    hand of ``start`` is ``settled``."""
    while not model.settled(state, start):
        seat = model.engine.to_act(state)[0]
        state = model.step(state, seat, model.rollout(state, seat, rng), rng)
    return state


class ThroughEngine:
    """``moves`` and ``step`` straight through the engine, and ``play_out`` the plain way: a model's
    base where it has no quicker way."""

    engine: GameEngine

    def moves(self, state: Any, seat: int) -> Sequence[Action]:
        moves: Sequence[Action] = self.engine.view(state, seat)["legal_moves"]
        return moves

    def step(self, state: Any, seat: int, action: Action, rng: random.Random) -> Any:
        return self.engine.apply(state, seat, action, NOW, rng).state

    def play_out(self: SearchModel, state: Any, start: Any, rng: random.Random) -> Any:
        return played_out(self, state, start, rng)


Reading = TypeVar("Reading")


class ReadOnce(Generic[Reading]):
    """What a model reads from a decision's view and events (``read(view, seen)``), read once: a
    search deals from the same two objects at every one of its iterations, so the last reading is
    kept with them and given again while both are the very same objects (compared by identity, as
    nothing may change a view or its events during a decision)."""

    def __init__(self, read: Callable[[Mapping[str, Any], Seen], Reading]) -> None:
        self._read = read
        self._last: tuple[Mapping[str, Any], Seen, Reading] | None = None

    def __call__(self, view: Mapping[str, Any], seen: Seen) -> Reading:
        last = self._last  # one read of the attribute: two threads sharing a model each see a whole tuple
        if last is not None and last[0] is view and last[1] is seen:
            return last[2]
        reading = self._read(view, seen)
        self._last = (view, seen, reading)
        return reading
