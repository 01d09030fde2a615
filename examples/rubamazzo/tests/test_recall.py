"""What a seat remembers of the hand: the piles card by card, and the ranks a rival showed it lacks."""

from __future__ import annotations

from typing import Any

from tavolo_rubamazzo.recall import replay

from domain.cards import Card


def play(seat: int, card: str, captured: str | None = None, stolen_from: int | None = None) -> dict[str, Any]:
    return {
        "kind": "play",
        "seat": seat,
        "card": card,
        "captured": [] if captured is None else [captured],
        "stolen_from": stolen_from,
        "stolen": 0,
    }


START = {"kind": "hand_started", "hand_number": 1, "dealer": 1, "table": ["01C", "02C", "03C", "04C"]}
DEALT = {"kind": "cards_dealt", "counts": [3, 3], "deck_count": 26}
BUILT = [
    START,
    DEALT,
    play(0, "01D", captured="01C"),
    play(1, "05D"),
    play(0, "02D", captured="02C"),
]
"""Seat 0's pile is 1C 1D 2C 2D, a pile of four under a 2."""


def test_a_rival_that_passes_a_big_pile_by_lacks_its_top_rank_for_the_rest_of_the_round() -> None:
    done = replay([*BUILT, play(1, "06D")], 1, 2)
    assert done.piles is not None
    assert [card.code for card in done.piles[0]] == ["01C", "01D", "02C", "02D"]
    assert done.lacking[1] == frozenset({Card.parse("02D").rank})
    assert done.lacking[0] == frozenset()


def test_a_new_deal_round_forgets_what_a_rival_lacked() -> None:
    done = replay([*BUILT, play(1, "06D"), play(0, "07D"), play(1, "08D"), DEALT], 1, 2)
    assert done.lacking == (frozenset(), frozenset())


def test_a_small_pile_passed_by_says_nothing() -> None:
    done = replay([START, DEALT, play(0, "01D", captured="01C"), play(1, "05D")], 1, 2)
    assert done.lacking == (frozenset(), frozenset())


def test_a_rank_a_rival_plays_after_passing_it_by_is_no_longer_counted_lacking() -> None:
    done = replay([*BUILT, play(1, "06D"), play(0, "07D"), play(1, "02S", stolen_from=0)], 1, 2)
    assert done.piles is not None and not done.piles[0]
    assert done.lacking[1] == frozenset()
