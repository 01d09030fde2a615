"""What a seat saw of a deal of the briscola family, read from its view and its events: the seat
itself, the deal's events, the tricks taken and into whose pile, the trump card, and the cards it has
not seen, dealt at random into the places the view counts. The briscola and briscola chiamata search
models (``search_briscola``, ``search_chiamata``) both read a seat's history through these."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.bots.base import Seen, own_seat
from domain.cards import DECK, Card
from domain.engine import Timeouts
from domain.games.tricks.codec import load_plays
from domain.games.tricks.trick import CompletedTrick

DEFAULT_TIMEOUTS = Timeouts()
"""The hand-end timeout is in no view while a deal is played; a deal made by ``deal`` uses this."""


def card(code: str) -> Card:
    return Card.parse(code)


def cards(items: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in items)


def viewing_seat(view: Mapping[str, Any], seen: Seen) -> int:
    """The seat ``view`` belongs to: the view says it when the seat is on turn; otherwise the seat
    of the last ``dealt`` event it saw (private: only its own)."""
    seat = own_seat(view)
    if seat is not None:
        return seat
    for event in reversed(seen):
        if event.get("kind") == "dealt" and isinstance(event.get("seat"), int):
            return int(event["seat"])
    raise ValueError("neither the view nor what the seat saw names its seat")


def this_deal(seen: Seen) -> Sequence[Mapping[str, Any]]:
    """The events of the deal under way: everything after the last ``hand_started``."""
    for index in range(len(seen) - 1, -1, -1):
        if seen[index].get("kind") == "hand_started":
            return seen[index + 1 :]
    return seen


def finished_tricks(events: Iterable[Mapping[str, Any]]) -> list[CompletedTrick]:
    """The tricks taken in ``events`` (``trick`` events), oldest first."""
    return [
        CompletedTrick(plays=load_plays(event["trick"]), winner=int(event["winner"]))
        for event in events
        if event.get("kind") == "trick"
    ]


def completed(data: Mapping[str, Any] | None) -> CompletedTrick | None:
    """The view's ``last_trick`` as the state holds it."""
    if data is None:
        return None
    return CompletedTrick(plays=load_plays(data["trick"]), winner=int(data["winner"]))


def hand_ends(seen: Seen) -> list[Mapping[str, Any]]:
    """The summaries (``hand_end`` events) of the deals finished so far, oldest first."""
    return [event for event in seen if event.get("kind") == "hand_end"]


def fill(unseen: Sequence[Card], places: Sequence[int], rng: random.Random) -> list[tuple[Card, ...]]:
    """``unseen`` shuffled with ``rng`` and cut into groups of the sizes ``places``."""
    pool = list(unseen)
    rng.shuffle(pool)
    groups, start = [], 0
    for size in places:
        groups.append(tuple(pool[start : start + size]))
        start += size
    if start != len(pool):
        raise ValueError("the unseen cards do not fit the places the view counts")
    return groups


def unseen_cards(known: Iterable[Card]) -> list[Card]:
    """The deck without ``known``, in deck order (so a deal depends only on its rng)."""
    taken = set(known)
    return [each for each in DECK if each not in taken]


def trump_of_deal(view: Mapping[str, Any], events: Sequence[Mapping[str, Any]], seen: Seen) -> Card | None:
    """The deal's trump card: face up in the view until drawn, then as the deal's start (or its
    draw) showed it; ``None`` when the seat saw neither (it was given no history)."""
    if view.get("trump_card") is not None:
        return card(view["trump_card"])
    for event in reversed(seen):
        if event.get("kind") == "hand_started" and event.get("trump_card") is not None:
            return card(event["trump_card"])
    for event in events:
        if event.get("kind") == "trump_drawn":
            return card(event["card"])
    return None


@dataclass(frozen=True, slots=True)
class Taken:
    """The cards taken so far this deal, pile by pile (a side's in briscola, a seat's in chiamata),
    as far as the seat knows them: ``known`` the cards it saw taken, ``missing`` how many more
    each pile holds that it did not see (none, when it saw the whole deal)."""

    known: tuple[tuple[Card, ...], ...]
    missing: tuple[int, ...]

    @property
    def cards(self) -> set[Card]:
        return {each for pile in self.known for each in pile}


def taken_cards(
    events: Sequence[Mapping[str, Any]],
    last_trick: CompletedTrick | None,
    tricks_won: Sequence[int],
    pile_of: Callable[[int], int],
    seats: int,
) -> Taken:
    """Each pile's cards from the tricks the seat saw taken this deal; when its history does not
    hold them all (it was given none, say), only the view's last trick is known and the rest of
    each pile is left to deal."""
    piles: list[tuple[Card, ...]] = [()] * len(tricks_won)
    tricks = finished_tricks(events)
    if len(tricks) == sum(tricks_won):
        for trick in tricks:
            piles[pile_of(trick.winner)] += trick.cards
        return Taken(tuple(piles), (0,) * len(piles))
    if last_trick is not None:
        piles[pile_of(last_trick.winner)] = last_trick.cards
    return Taken(
        tuple(piles), tuple(count * seats - len(pile) for count, pile in zip(tricks_won, piles, strict=True))
    )


def deals_before(view: Mapping[str, Any]) -> int:
    """How many deals are over: every one before the deal under way, and that one too once its
    summary is shown (between deals, or at the end)."""
    number = int(view["hand_number"])
    return number if view["phase"] in ("hand_end", "finished") else number - 1
