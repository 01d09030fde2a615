"""A seeded match of every game type, told as events: each seat is shown its own dealt and
drawn cards, never another seat's; a spectator sees only what is public."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from domain.engine import Event, GameEngine, Timeouts
from domain.events import event_json, visible_events
from entrypoints.game_packages import installed_registry

from .seen import RECEIVED

ENGINES = list(installed_registry())
NOW = 1_000.0
PRIVATE = frozenset({"dealt", "drew"})


@dataclass
class Stream:
    """Every event of one match, and each seat's hand after each change."""

    events: list[Event] = field(default_factory=list)
    hands: list[list[set[str]]] = field(default_factory=list)


def play_seeded_match(engine: GameEngine, seed: int) -> Stream:
    """Random legal moves (and a few timeouts) from the first deal to the end of the match."""
    rng, chooser = random.Random(seed), random.Random(seed + 1)
    outcome = engine.start({}, Timeouts(), NOW, rng)
    stream = Stream()
    now = NOW
    while True:
        stream.events.extend(outcome.events)
        state = outcome.state
        stream.hands.append([set(engine.view(state, seat)["hand"]) for seat in range(engine.seats)])
        if engine.is_over(state):
            return stream
        now += 1.0
        if chooser.random() < 0.05:
            (deadline,) = engine.deadlines(state)
            outcome = engine.fire(state, deadline.token, deadline.due, rng)
        else:
            seat = chooser.choice(engine.to_act(state))
            action = chooser.choice(engine.view(state, seat)["legal_moves"])
            outcome = engine.apply(state, seat, action, now, rng)


def cards_received(seen: list[dict[str, Any]]) -> list[str]:
    named: list[str] = []
    for event in seen:
        if event["kind"] in RECEIVED:
            value = event[RECEIVED[event["kind"]]]
            named.extend(value if isinstance(value, list) else [value])
    return named


@pytest.fixture(scope="module", params=ENGINES, ids=lambda engine: engine.game_type)
def match(request: pytest.FixtureRequest) -> tuple[GameEngine, Stream]:
    engine: GameEngine = request.param
    return engine, play_seeded_match(engine, seed=2024)


def test_each_seat_is_shown_its_own_dealt_and_drawn_cards_and_never_another_seats(
    match: tuple[GameEngine, Stream],
) -> None:
    engine, stream = match
    held_by = [set().union(*(hands[seat] for hands in stream.hands)) for seat in range(engine.seats)]
    for seat in range(engine.seats):
        seen = visible_events(stream.events, seat)
        private = [event for event in seen if event["kind"] in PRIVATE]
        assert private, "a seat is dealt cards"
        assert all(event["seat"] == seat for event in private)
        received = cards_received([event for event in seen if event.get("seat") == seat])
        assert set(received) == held_by[seat], "every card a seat ever held came to it in an event"
        theirs = [event_json(event) for event in stream.events if not event.public and event.seat != seat]
        assert theirs, "the other seats were dealt cards too"
        assert not any(event in seen for event in theirs)


def test_a_spectator_is_shown_the_public_events_only(match: tuple[GameEngine, Stream]) -> None:
    _, stream = match
    seen = visible_events(stream.events, None)
    assert not any(event["kind"] in PRIVATE for event in seen)
    assert len(seen) == sum(1 for event in stream.events if event.public)
    kinds = {event["kind"] for event in seen}
    assert {"hand_started", "cards_dealt", "play", "hand_end", "match_end"} <= kinds
    assert seen[-1]["kind"] == "match_end"


def test_every_event_is_a_plain_json_object_that_starts_with_its_kind(
    match: tuple[GameEngine, Stream],
) -> None:
    engine, stream = match
    for seat in (None, *range(engine.seats)):
        for event in visible_events(stream.events, seat):
            assert next(iter(event)) == "kind"
            assert json.loads(json.dumps(event)) == event


def test_the_first_deal_tells_its_number_its_dealer_and_how_many_cards_each_seat_got() -> None:
    for engine in ENGINES:
        outcome = engine.start({}, Timeouts(), NOW, random.Random(5))
        started, counts, *private = visible_events(outcome.events, 1)
        assert started["kind"] == "hand_started" and started["hand_number"] == 1
        assert started["dealer"] == engine.view(outcome.state, None)["dealer"]
        assert counts["kind"] == "cards_dealt"
        assert counts["counts"] == engine.view(outcome.state, None)["hand_counts"]
        assert private == [{"kind": "dealt", "seat": 1, "cards": engine.view(outcome.state, 1)["hand"]}]
