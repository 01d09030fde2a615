"""The rating arithmetic every match repository shares (``application.results.rating_book``)."""

from __future__ import annotations

import pytest

from application.results.archive import FinishedMatch, Participant, Rating
from application.results.rating_book import RatingBook, RatingChange, Scored, adopt_sides, rate_recorded

ANNA, BRUNO = Scored("u-anna", "Anna", True, 70), Scored("u-bruno", "Bruno", False, 50)
ONE_ON_ONE = {"a": ["u-anna"], "b": ["u-bruno"]}


def test_a_first_match_starts_everyone_from_1500_and_says_so() -> None:
    book = RatingBook()

    changes = book.apply("briscola", ONE_ON_ONE, "a", [ANNA, BRUNO])

    assert changes == {"u-anna": RatingChange(1500, 16), "u-bruno": RatingChange(1500, -16)}
    assert book.get("u-anna", "briscola") == Rating("u-anna", "briscola", "Anna", 1516, 1, 1, 70)


def test_each_change_starts_where_the_previous_one_ended() -> None:
    book = RatingBook()
    first = book.apply("briscola", ONE_ON_ONE, "a", [ANNA, BRUNO])

    second = book.apply("briscola", ONE_ON_ONE, None, [ANNA, BRUNO])

    assert [second[u].before for u in ("u-anna", "u-bruno")] == [
        first[u].after for u in ("u-anna", "u-bruno")
    ]
    assert book.get("u-bruno", "briscola") == Rating(
        "u-bruno", "briscola", "Bruno", second["u-bruno"].after, 2, 0, 100
    )


def test_ratings_of_another_game_type_are_not_the_starting_point() -> None:
    book = RatingBook([Rating("u-anna", "scopa", "Anna", 1600, 5, 5, 0)])

    changes = book.apply("briscola", ONE_ON_ONE, "a", [ANNA, BRUNO])

    assert changes["u-anna"] == RatingChange(1500, 16)


def test_a_participant_on_neither_side_keeps_the_rating_but_counts_the_match() -> None:
    book = RatingBook([Rating("u-carla", "briscola", "Carla", 1520, 3, 1, 9)])
    carla = Scored("u-carla", "Carla", False, 4)

    changes = book.apply("briscola", ONE_ON_ONE, "a", [ANNA, BRUNO, carla])

    assert changes["u-carla"] == RatingChange(1520, 0)
    assert book.get("u-carla", "briscola") == Rating("u-carla", "briscola", "Carla", 1520, 4, 1, 13)


def test_adopt_moves_every_rating_of_a_user_under_the_new_name() -> None:
    book = RatingBook(
        [
            Rating("guest:7", "briscola", "Ospite", 1516, 1, 1, 70),
            Rating("guest:7", "scopa", "Ospite", 1484, 1, 0, 5),
            Rating("u-anna", "scopa", "Anna", 1516, 1, 1, 11),
        ]
    )

    book.adopt("guest:7", "u-gina", "Gina")

    assert not book.holds("guest:7")
    assert book.holds("u-gina")
    assert sorted(book.rows(), key=lambda r: (r.user_id, r.game_type)) == [
        Rating("u-anna", "scopa", "Anna", 1516, 1, 1, 11),
        Rating("u-gina", "briscola", "Gina", 1516, 1, 1, 70),
        Rating("u-gina", "scopa", "Gina", 1484, 1, 0, 5),
    ]


def test_adopted_sides_keep_their_order_and_rename_only_that_user() -> None:
    sides = {"callers": ["u-anna", "guest:7"], "defenders": ["u-bruno", "u-carla", "u-dario"]}

    assert adopt_sides(sides, "guest:7", "u-gina") == {
        "callers": ["u-anna", "u-gina"],
        "defenders": ["u-bruno", "u-carla", "u-dario"],
    }
    assert list(adopt_sides(sides, "guest:7", "u-gina")) == ["callers", "defenders"]


def test_a_casual_match_is_never_rated() -> None:
    casual = FinishedMatch(
        id="m-1",
        game_type="briscola",
        started_at=1.0,
        finished_at=2.0,
        result={},
        participants=(Participant("u-anna", "Anna", 0, None, True, 70),),
        sides={"a": ("u-anna",), "b": ()},
        winner="a",
        rated=False,
    )

    with pytest.raises(ValueError, match="casual"):
        rate_recorded(casual, [])


CHIAMATA_SIDES = {"A": ["u-a"], "B": ["u-b"], "C": ["u-c"], "D": ["u-d"], "E": ["u-e"]}
STANDINGS = [
    Scored("u-a", "A", True, 5),
    Scored("u-b", "B", False, -2),
    Scored("u-c", "C", False, -1),
    Scored("u-d", "D", False, -2),
    Scored("u-e", "E", False, 0),
]


def test_a_match_of_every_player_for_themselves_is_rated_pair_by_pair_on_their_points() -> None:
    book = RatingBook()

    changes = book.apply("briscola_chiamata", CHIAMATA_SIDES, "A", STANDINGS)

    assert {user: change.delta for user, change in changes.items()} == {
        "u-a": 16,
        "u-b": -12,
        "u-c": 0,
        "u-d": -12,
        "u-e": 8,
    }
    assert book.get("u-a", "briscola_chiamata") == Rating("u-a", "briscola_chiamata", "A", 1516, 1, 1, 5)


def test_a_rebuild_rates_a_match_of_several_sides_as_its_recording_did() -> None:
    from application.results.rating_book import RatedMatch, rebuild

    match = RatedMatch("m1", "briscola_chiamata", CHIAMATA_SIDES, "A", tuple(STANDINGS))
    _, changes, count = rebuild([match])

    assert count == 1
    assert {user: change.delta for (_, user), change in changes.items()} == {
        "u-a": 16,
        "u-b": -12,
        "u-c": 0,
        "u-d": -12,
        "u-e": 8,
    }
