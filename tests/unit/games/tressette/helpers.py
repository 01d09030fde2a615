"""Small drivers for the tressette tests: a match started from the shuffle of a fixed seed, then
put in the position a test needs (hands, stock) with ``_replace``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.cards import DECK, Card, cards
from domain.engine import Outcome, Timeouts
from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tressette.engine import TressetteEngine
from domain.games.tressette.state import TressetteState

NOW = 1_000.0
TIMEOUTS = Timeouts(turn=30.0, hand_ack=20.0)


def rng(seed: int = 7) -> random.Random:
    return random.Random(seed)


def started(engine: TressetteEngine = TRESSETTE, **options: Any) -> TressetteState:
    state = engine.start(options, TIMEOUTS, NOW, rng())
    assert isinstance(state.state, TressetteState)
    return state.state


def dealt(
    hands: Mapping[int, str], engine: TressetteEngine = TRESSETTE, stock: str = "", **options: Any
) -> TressetteState:
    """A fresh hand (seat 0 deals, seat 1 leads) with ``hands`` as given (seat → codes) and, at two,
    ``stock`` on top of the other cards left; the rest dealt out in deck order."""
    state = started(engine, **options)
    wanted = {seat: cards(codes) for seat, codes in hands.items()}
    top = cards(stock)
    used = {card for hand in wanted.values() for card in hand} | set(top)
    spare = iter([card for card in DECK if card not in used])
    full = [list(wanted.get(seat, [])) for seat in range(engine.seats)]
    for hand in full:
        while len(hand) < 10:
            hand.append(next(spare))
    rest = (*top, *spare) if engine.seats == 2 else ()
    return state._replace(hands=tuple(tuple(hand) for hand in full), stock=tuple(rest))


def four(hands: Mapping[int, str], **options: Any) -> TressetteState:
    return dealt(hands, TRESSETTE_A_QUATTRO, **options)


def act(
    state: TressetteState, seat: int, code: str, engine: TressetteEngine = TRESSETTE, **extra: Any
) -> Outcome:
    return engine.apply(state, seat, {"action": "play", "card": code, **extra}, NOW + 1, rng())


def after(
    state: TressetteState, *plays: tuple[int, str], engine: TressetteEngine = TRESSETTE
) -> TressetteState:
    for seat, code in plays:
        next_state = act(state, seat, code, engine).state
        assert isinstance(next_state, TressetteState)
        state = next_state
    return state


def kinds(outcome: Outcome) -> list[str]:
    return [event.kind for event in outcome.events]


def hand_of(state: TressetteState, seat: int) -> set[Card]:
    return set(state.hands[seat])
