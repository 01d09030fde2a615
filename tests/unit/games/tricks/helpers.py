"""Deck builders and small drivers for the trick-game tests.

Decks follow the documented dealing order: index 0 is the top card, dealt one
at a time round the table starting with the seat after the dealer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from domain.cards import DECK, Card, cards
from domain.engine import Outcome, Timeouts
from domain.games.tricks.briscola_state import BriscolaState
from domain.games.tricks.cards import card_points
from domain.games.tricks.chiamata_state import ChiamataState

NOW = 1_000.0
TIMEOUTS = Timeouts(turn=30.0, hand_ack=20.0)


def rng(seed: int = 7) -> random.Random:
    return random.Random(seed)


def build_deck(
    hands: Mapping[int, str], seats: int, per_seat: int, dealer: int = 0, then: str = ""
) -> list[Card]:
    """A deck that deals ``hands`` (seat → codes; missing cards are filled in), then ``then``."""
    wanted = {seat: cards(codes) for seat, codes in hands.items()}
    tail = cards(then)
    used = {c for hand in wanted.values() for c in hand} | set(tail)
    spare = iter([c for c in DECK if c not in used])
    full = {seat: list(wanted.get(seat, [])) for seat in range(seats)}
    for seat in range(seats):
        while len(full[seat]) < per_seat:
            full[seat].append(next(spare))
    order = [(dealer + 1 + k) % seats for k in range(seats)]
    deck = [full[seat][r] for r in range(per_seat) for seat in order]
    return deck + tail + list(spare)


def pile_worth(points: int, avoid: set[Card]) -> list[Card]:
    """Some cards (none of ``avoid``) worth exactly ``points`` card points."""
    valued = sorted((c for c in DECK if card_points(c) and c not in avoid), key=card_points, reverse=True)

    def search(start: int, left: int) -> list[Card] | None:
        if left == 0:
            return []
        for i in range(start, len(valued)):
            if card_points(valued[i]) <= left:
                rest = search(i + 1, left - card_points(valued[i]))
                if rest is not None:
                    return [valued[i], *rest]
        return None

    found = search(0, points)
    assert found is not None, points
    return found


def briscola_state(outcome: Outcome) -> BriscolaState:
    state = outcome.state
    assert isinstance(state, BriscolaState)
    return state


def chiamata_state(outcome: Outcome) -> ChiamataState:
    state = outcome.state
    assert isinstance(state, ChiamataState)
    return state
