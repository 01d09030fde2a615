"""Placing the cards a tressette seat cannot see, every placement that agrees with what it knows
equally likely.

``place`` deals the unseen cards to the other hands and the stock under per-slot, per-suit caps (a
void is a cap of 0) by counting the placements suit by suit (``placements``), so no deal is drawn
and thrown away for breaking a void. ``take_piles`` deals the cards taken before the previous trick
when the events of the hand are missing: each side's pile gets its count of cards and of thirds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, factorial
from typing import TypeVar

from domain.cards import SUITS, Card, Suit
from domain.games.tressette.cards import thirds_of

T = TypeVar("T")
UNBOUNDED = 99
"""A cap no slot reaches (a seat holds ten cards, the stock twenty)."""


def splits(count: int, caps: tuple[int, ...], room: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``count`` cards to the slots, each at most its cap and its room."""
    if len(room) == 1:
        return [(count,)] if count <= min(caps[0], room[0]) else []
    found: list[tuple[int, ...]] = []
    for first in range(min(count, caps[0], room[0]) + 1):
        found.extend((first, *rest) for rest in splits(count - first, caps[1:], room[1:]))
    return found


def ways_to_split(count: int, split: tuple[int, ...]) -> int:
    ways = factorial(count)
    for part in split:
        ways //= factorial(part)
    return ways


def minus(room: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(left - given for left, given in zip(room, split, strict=True))


def weighted(options: Sequence[T], weights: Sequence[int], rng: random.Random) -> T:
    """One of ``options``, each as likely as its (whole) weight."""
    pick = rng.randrange(sum(weights))
    for option, weight in zip(options, weights, strict=True):
        if pick < weight:
            return option
        pick -= weight
    raise AssertionError("the pick is below the total weight")


@lru_cache(maxsize=8192)
def placements(counts: tuple[int, ...], caps: tuple[tuple[int, ...], ...], room: tuple[int, ...]) -> int:
    """How many ways the cards of the suits left (``counts`` of each) fill the slots' ``room``, each
    suit within its ``caps`` per slot."""
    if not counts:
        return 0 if any(room) else 1
    total = 0
    for split in splits(counts[0], caps[0], room):
        rest = minus(room, split)
        total += ways_to_split(counts[0], split) * placements(counts[1:], caps[1:], rest)
    return total


@lru_cache(maxsize=8192)
def suit_splits(
    counts: tuple[int, ...], caps: tuple[tuple[int, ...], ...], room: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The ways to split the first suit's cards among the slots, each with the number of placements
    of every suit that follows it."""
    options = tuple(splits(counts[0], caps[0], room))
    weights = tuple(
        ways_to_split(counts[0], split) * placements(counts[1:], caps[1:], minus(room, split))
        for split in options
    )
    return options, weights


def place(
    pool: Sequence[Card], room: tuple[int, ...], caps: Mapping[tuple[int, Suit], int], rng: random.Random
) -> list[list[Card]]:
    """``pool`` dealt to the slots (``room`` cards each), every placement within the caps (per slot and
    suit) equally likely."""
    if not caps:
        shuffled = list(pool)
        rng.shuffle(shuffled)
        cuts = [sum(room[:slot]) for slot in range(len(room) + 1)]
        return [shuffled[cuts[slot] : cuts[slot + 1]] for slot in range(len(room))]
    by_suit = [[card for card in pool if card.suit == suit] for suit in SUITS]
    counts = tuple(len(cards) for cards in by_suit)
    limits = tuple(tuple(caps.get((slot, suit), UNBOUNDED) for slot in range(len(room))) for suit in SUITS)
    if placements(counts, limits, room) == 0:
        raise ValueError("no placement of the unseen cards agrees with what the seat saw")
    slots: list[list[Card]] = [[] for _ in room]
    left = room
    for index, cards in enumerate(by_suit):
        split = weighted(*suit_splits(counts[index:], limits[index:], left), rng)
        rng.shuffle(cards)
        at = 0
        for slot, given in enumerate(split):
            slots[slot].extend(cards[at : at + given])
            at += given
        left = minus(left, split)
    for cards in slots:
        rng.shuffle(cards)
    return slots


@dataclass(frozen=True)
class Piles:
    """The cards taken this hand, when the events of the hand are missing: the view shows only the
    previous trick, each side's tricks and thirds, and the rest of each pile is dealt."""

    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Per side, the taken cards the view shows (the previous trick)."""
    room: tuple[int, int]
    """Per side, the taken cards to deal."""
    thirds: tuple[int, int]
    """Per side, the thirds those cards must hold."""
    declared: tuple[tuple[int, Card], ...]
    """Declared cards the view does not place, with their seat: each is in that seat's hand or was
    taken (the seat's own cards not in its hand were taken)."""


def pile_splits(
    have: tuple[int, int, int], room: tuple[int, int], thirds: tuple[int, int]
) -> tuple[list[tuple[tuple[int, int, int], ...]], list[int]]:
    """Every way to fill both piles from ``have`` cards worth 3, 1 and 0 thirds (how many of each go
    to each pile) with each pile's thirds, and how many card choices each way makes."""
    per_side: list[list[tuple[int, int, int]]] = []
    for size, worth in zip(room, thirds, strict=True):
        per_side.append(
            [
                (aces, worth - 3 * aces, size - aces - (worth - 3 * aces))
                for aces in range(min(size, worth // 3) + 1)
                if 0 <= worth - 3 * aces <= size - aces
            ]
        )
    options: list[tuple[tuple[int, int, int], ...]] = []
    weights: list[int] = []
    for first in per_side[0]:
        for second in per_side[1]:
            weight = 1
            for kind in range(3):
                if first[kind] + second[kind] > have[kind]:
                    weight = 0
                    break
                weight *= comb(have[kind], first[kind]) * comb(have[kind] - first[kind], second[kind])
            if weight:
                options.append((first, second))
                weights.append(weight)
    return options, weights


def take_piles(
    pool: Sequence[Card], piles: Piles, rng: random.Random
) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]], list[Card]]:
    """Both sides' taken cards dealt from ``pool`` (every choice with the right counts and thirds
    equally likely), and the cards left."""
    kinds: list[list[Card]] = [[], [], []]
    for card in pool:
        kinds[{3: 0, 1: 1, 0: 2}[thirds_of(card)]].append(card)
    options, weights = pile_splits((len(kinds[0]), len(kinds[1]), len(kinds[2])), piles.room, piles.thirds)
    if not options:
        raise ValueError("no taken cards agree with the thirds the view shows")
    split = options[weighted(range(len(options)), weights, rng)]
    taken: list[list[Card]] = [list(piles.known[0]), list(piles.known[1])]
    left: list[Card] = []
    for kind, cards in enumerate(kinds):
        cards = list(cards)
        rng.shuffle(cards)
        first, second = split[0][kind], split[1][kind]
        taken[0].extend(cards[:first])
        taken[1].extend(cards[first : first + second])
        left.extend(cards[first + second :])
    return (tuple(taken[0]), tuple(taken[1])), left
