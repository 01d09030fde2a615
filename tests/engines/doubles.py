"""Test doubles of game engines and packages: a real engine with one promise of the contract broken,
for the suite to catch (``test_contract_catches``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.bots.base import Action, Seen
from domain.cards import Card
from domain.engine import JSON, CardZones, Deadline, GameEngine, MatchResult, Outcome, Timeouts
from domain.errors import TavoloError
from domain.game_package import GamePackage, GameVariant


class EngineDouble:
    """Answers as ``inner`` does, except where a subclass says otherwise; ``outcome`` lets it change
    what ``start``, ``apply`` and ``fire`` answer."""

    def __init__(self, inner: GameEngine) -> None:
        self.inner = inner
        self.game_type = inner.game_type
        self.name = inner.name
        self.description = inner.description
        self.seats = inner.seats
        self.option_specs = inner.option_specs
        self.card_codes = inner.card_codes

    def outcome(self, outcome: Outcome) -> Outcome:
        return outcome

    def start(
        self,
        options: Mapping[str, Any],
        timeouts: Timeouts,
        now: float,
        rng: random.Random,
        deck: Sequence[Card] | None = None,
    ) -> Outcome:
        return self.outcome(self.inner.start(options, timeouts, now, rng, deck))

    def apply(
        self, state: Any, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        return self.outcome(self.inner.apply(state, seat, action, now, rng))

    def fire(self, state: Any, token: str, now: float, rng: random.Random) -> Outcome:
        return self.outcome(self.inner.fire(state, token, now, rng))

    def deadlines(self, state: Any) -> tuple[Deadline, ...]:
        return self.inner.deadlines(state)

    def turn(self, state: Any) -> int | None:
        return self.inner.turn(state)

    def to_act(self, state: Any) -> tuple[int, ...]:
        return self.inner.to_act(state)

    def view(self, state: Any, seat: int | None) -> JSON:
        return self.inner.view(state, seat)

    def private_view(self, state: Any, seat: int) -> JSON:
        return self.inner.private_view(state, seat)

    def is_over(self, state: Any) -> bool:
        return self.inner.is_over(state)

    def result(self, state: Any) -> MatchResult | None:
        return self.inner.result(state)

    def card_zones(self, state: Any) -> CardZones:
        return self.inner.card_zones(state)

    def dump(self, state: Any) -> JSON:
        return self.inner.dump(state)

    def load(self, data: Mapping[str, Any]) -> Any:
        return self.inner.load(data)


class PeekingViews(EngineDouble):
    """Each seat's view also shows the first card of the next seat's hand."""

    def view(self, state: Any, seat: int | None) -> JSON:
        view = self.inner.view(state, seat)
        if seat is None:
            return view
        return {**view, **self.peek(state, seat)}

    def private_view(self, state: Any, seat: int) -> JSON:
        return {**self.inner.private_view(state, seat), **self.peek(state, seat)}

    def peek(self, state: Any, seat: int) -> JSON:
        neighbour = self.inner.card_zones(state).hands[(seat + 1) % self.seats]
        return {"peek": list(neighbour[:1])}


class ForgettingItsOwnPart(EngineDouble):
    """A seat's private view leaves out its legal moves, which its whole view carries."""

    def private_view(self, state: Any, seat: int) -> JSON:
        own = dict(self.inner.private_view(state, seat))
        own.pop("legal_moves", None)
        return own


class RestatingTheTable(EngineDouble):
    """A seat's private view repeats a field of the spectator's (the same value): the hub would write
    it twice in a frame."""

    def private_view(self, state: Any, seat: int) -> JSON:
        return {**self.inner.private_view(state, seat), "phase": self.inner.view(state, None)["phase"]}


class TellingTheStock(EngineDouble):
    """The public ``cards_dealt`` event also names the top card of the face-down cards."""

    def outcome(self, outcome: Outcome) -> Outcome:
        hidden = self.inner.card_zones(outcome.state).hidden
        if not hidden:
            return outcome
        events = tuple(
            replace(event, data={**event.data, "next": hidden[0]}) if event.kind == "cards_dealt" else event
            for event in outcome.events
        )
        return replace(outcome, events=events)


class ChattyPlays(EngineDouble):
    """Its ``play`` events carry a field the package does not declare."""

    def outcome(self, outcome: Outcome) -> Outcome:
        events = tuple(
            replace(event, data={**event.data, "mood": "happy"}) if event.kind == "play" else event
            for event in outcome.events
        )
        return replace(outcome, events=events)


class ForgetfulLoad(EngineDouble):
    """``load`` forgets the match score (for an engine whose dump keeps it as ``scores``)."""

    def load(self, data: Mapping[str, Any]) -> Any:
        return self.inner.load({**data, "scores": [0 for _ in data["scores"]]})


class LosingACard(EngineDouble):
    """``card_zones`` leaves out one card: the first hidden one, else the first public one."""

    def card_zones(self, state: Any) -> CardZones:
        zones = self.inner.card_zones(state)
        if zones.hidden:
            return replace(zones, hidden=zones.hidden[1:])
        return replace(zones, public=zones.public[1:])


class OwnShuffle(EngineDouble):
    """Deals from a random source of its own instead of the one it is given: no two deals alike."""

    def __init__(self, inner: GameEngine) -> None:
        super().__init__(inner)
        self.shuffler = random.Random(2024)

    def start(
        self,
        options: Mapping[str, Any],
        timeouts: Timeouts,
        now: float,
        rng: random.Random,
        deck: Sequence[Card] | None = None,
    ) -> Outcome:
        return self.inner.start(options, timeouts, now, self.shuffler, deck)


class SwallowingRefusals(EngineDouble):
    """Answers an action it should refuse as one that changes nothing."""

    def apply(
        self, state: Any, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        try:
            return self.inner.apply(state, seat, action, now, rng)
        except TavoloError:
            return Outcome(state, (), changed=False)


@dataclass
class Peephole:
    """What a cheating engine last showed anybody: the state itself."""

    state: Any = None


class ShowingItsState(EngineDouble):
    """Leaves each state it is asked to show in a ``Peephole`` a cheating computer player reads."""

    def __init__(self, inner: GameEngine, peephole: Peephole) -> None:
        super().__init__(inner)
        self.peephole = peephole

    def view(self, state: Any, seat: int | None) -> JSON:
        self.peephole.state = state
        return self.inner.view(state, seat)

    def private_view(self, state: Any, seat: int) -> JSON:
        self.peephole.state = state
        return self.inner.private_view(state, seat)


class CheatingPlayer:
    """Picks its move by the cards of the other seats' hands, read through the peephole."""

    def __init__(self, engine: GameEngine, peephole: Peephole) -> None:
        self.engine = engine
        self.peephole = peephole

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        moves = list(view["legal_moves"])
        hands = self.engine.card_zones(self.peephole.state).hands
        others = sorted(card for hand in hands if hand != tuple(view.get("hand", ())) for card in hand)
        return dict(moves[sum(map(ord, "".join(others))) % len(moves)])


def with_variant(
    package: GamePackage, game_type: str, change: Callable[[GameVariant], GameVariant]
) -> GamePackage:
    """``package`` with only its ``game_type``, changed by ``change``."""
    return replace(package, variants=(change(package.variant(game_type)),))


def with_engine(
    package: GamePackage, game_type: str, double: Callable[[GameEngine], GameEngine]
) -> GamePackage:
    """``package`` with only its ``game_type``, whose engine is wrapped in ``double``."""
    return with_variant(package, game_type, lambda variant: replace(variant, engine=double(variant.engine)))
