"""Positions where a computer player gave points away (issue 34 §5), as data.

Each is a full engine state built with the family's state classes, the seat that must act, and what
that seat saw this hand (``seen``) when the decision needs it. A strategy decides from
``engine.view(state, seat)`` and ``seen`` only; the state itself is the truth the tests check
outcomes against.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.cards import Card, codes
from domain.engine import GameEngine
from domain.games.fishing import SCOPA, SCOPONE
from domain.games.fishing.engine import FishingEngine
from domain.games.fishing.state import FishingState
from domain.games.tricks import BRISCOLA
from domain.games.tricks.briscola_state import BriscolaState
from tests.unit.bots.simulate import NOW, TIMEOUTS
from tests.unit.games.fishing.builders import position
from tests.unit.games.tricks.helpers import build_deck


@dataclass(frozen=True)
class Position:
    """One decision: ``state`` is the truth (never hand it to a strategy)."""

    game_type: str
    engine: GameEngine
    state: Any
    seat: int
    seen: tuple[Mapping[str, Any], ...] = ()

    def view(self) -> Mapping[str, Any]:
        return self.engine.view(self.state, self.seat)


# --- briscola --------------------------------------------------------------------------------


def briscola_deal(hands: dict[int, str], trump_card: str) -> BriscolaState:
    """A two-player deal: seat 1 leads, ``trump_card`` is turned up under the deck."""
    deck = build_deck(hands, seats=2, per_seat=3, then=trump_card)
    state = BRISCOLA.start({}, TIMEOUTS, NOW, random.Random(1), deck=deck).state
    assert isinstance(state, BriscolaState)
    return state


def briscola_after(state: BriscolaState, seat: int, card: str) -> BriscolaState:
    after = BRISCOLA.apply(state, seat, {"action": "play", "card": card}, NOW, random.Random(0)).state
    assert isinstance(after, BriscolaState)
    return after


FANTE_OF_COPPE_LED = Position(
    "briscola",
    BRISCOLA,
    briscola_after(briscola_deal({0: "01S 01B 03B", 1: "08C 04D 06S"}, trump_card="07B"), 1, "08C"),
    seat=0,
)
"""Bastoni are trumps; the opponent leads the fante of coppe (2 points). Seat 0 holds the ace of
spade, and the ace and the three of bastoni: nothing of coppe, so it must trump or throw."""

OPENING_LEAD = Position(
    "briscola",
    BRISCOLA,
    briscola_deal({1: "01C 04S 10B", 0: "05D 06D 07S"}, trump_card="07B"),
    seat=1,
)
"""Seat 1 leads the first trick holding the ace of coppe, the four of spade and the king of bastoni
(trumps)."""


# --- fishing ---------------------------------------------------------------------------------


def captures_seen(engine: FishingEngine, state: FishingState) -> tuple[Mapping[str, Any], ...]:
    """What every seat saw of the current hand so far: its start and a history of plays that put
    the captured piles where they are (each play takes the next card or two of its side's pile;
    a strategy reads only which cards were taken)."""
    events: list[Mapping[str, Any]] = [
        {"kind": "hand_started", "hand_number": state.hand_number, "dealer": state.dealer, "table": []}
    ]
    for side, pile in enumerate(state.piles):
        seat = engine.variant.side_seats(side)[0]
        chunks = [pile[index : index + 2] for index in range(0, len(pile) - len(pile) % 2, 2)]
        if len(pile) % 2:
            chunks[-1] = (*chunks[-1], pile[-1])
        for played, *taken in chunks:
            events.append(play_event(seat, played, taken))
    return tuple(events)


def play_event(seat: int, card: Card, taken: list[Card]) -> Mapping[str, Any]:
    return {
        "kind": "play",
        "seat": seat,
        "card": card.code,
        "captured": codes(taken),
        "scopa": False,
        "sweep": False,
    }


def fishing_position(engine: FishingEngine, seat: int, **layout: Any) -> Position:
    state = position(engine, turn=seat, **layout)
    return Position(engine.variant.game_type, engine, state, seat, captures_seen(engine, state))


LONE_FANTE = fishing_position(
    SCOPA,
    0,
    hands={0: "04D 05D 09B", 1: "08C 02C 06B"},
    table="09C 08S",
)
"""Scopa, the last three cards each, the deck gone. Seat 0 could take the cavallo of coppe with its
cavallo, leaving the fante of spade alone; the other fanti were captured long ago, so the one still
out (coppe) is in the next player's hand: a scopa."""

LONE_FIVE = fishing_position(
    SCOPONE,
    0,
    hands={0: "03D 10S", 1: "05S 02C", 2: "09B 04D", 3: "06S 08C"},
    table="03B 05C",
)
"""Scopone, two cards each. Seat 0 could take the three of bastoni with its three of denari, leaving
the five of coppe alone; of the six cards still out one is a five, and the next player (an opponent)
holds it."""
