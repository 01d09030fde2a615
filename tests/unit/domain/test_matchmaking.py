"""Quick match's pairing rule: the longest waiter first, the nearest ratings, windows that widen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.engine import OptionSpec
from domain.errors import InvalidOptions
from domain.matchmaking import (
    BASE_WINDOW,
    WIDENING_PER_SECOND,
    Seeker,
    find_group,
    length_option,
    queue_of,
    seek_options,
)

T0 = 1_000.0


def seeker(name: str, rating: int, since: float = T0, computers_after: float | None = None) -> Seeker:
    return Seeker(f"guest:{name}", name, "briscola", rating, since, computers_after)


def test_two_new_players_of_the_same_rating_are_paired_at_once() -> None:
    group = find_group([seeker("anna", 1500), seeker("bruno", 1500)], 2, T0, "g1")
    assert group is not None and group.user_ids == ("guest:anna", "guest:bruno")
    assert group.computers == 0 and group.id == "g1" and group.formed == T0


def test_players_far_apart_wait_until_their_windows_have_widened_enough() -> None:
    gap = 400
    pool = [seeker("anna", 1500), seeker("bruno", 1500 + gap)]
    assert find_group(pool, 2, T0, "g") is None
    enough = (gap - BASE_WINDOW) / WIDENING_PER_SECOND
    assert find_group(pool, 2, T0 + enough - 1, "g") is None
    assert find_group(pool, 2, T0 + enough, "g") is not None


def test_the_longest_waiter_is_paired_with_the_nearest_rating() -> None:
    pool = [seeker("bruno", 1540, T0 + 1), seeker("anna", 1500, T0), seeker("carla", 1510, T0 + 2)]
    group = find_group(pool, 2, T0 + 2, "g")
    assert group is not None and set(group.user_ids) == {"guest:anna", "guest:carla"}


def test_too_few_players_make_no_table() -> None:
    assert find_group([seeker("anna", 1500), seeker("bruno", 1500)], 4, T0, "g") is None


def test_four_players_make_a_four_seat_table_in_the_order_they_came() -> None:
    pool = [seeker(name, 1500, T0 + n) for n, name in enumerate(["anna", "bruno", "carla", "dario", "elena"])]
    group = find_group(pool, 4, T0 + 5, "g")
    assert group is not None
    assert group.user_ids == ("guest:anna", "guest:bruno", "guest:carla", "guest:dario")


def test_computer_players_fill_the_table_once_the_wait_chosen_is_over() -> None:
    pool = [seeker("anna", 1500, computers_after=10), seeker("bruno", 1500, T0 + 1)]
    assert find_group(pool, 4, T0 + 9, "g") is None
    group = find_group(pool, 4, T0 + 10, "g")
    assert group is not None
    assert group.user_ids == ("guest:anna",), "bruno did not ask for computer players"
    assert group.computers == 3


def test_players_who_accept_computers_share_a_filled_table() -> None:
    pool = [seeker("anna", 1500, computers_after=5), seeker("bruno", 1500, T0 + 1, computers_after=60)]
    group = find_group(pool, 4, T0 + 5, "g")
    assert group is not None and group.user_ids == ("guest:anna", "guest:bruno") and group.computers == 2


# --- the match length a seeker chooses -------------------------------------------------------

SCOPA_OPTIONS = (
    OptionSpec("target_score", "integer", 11, "points to win", minimum=1, maximum=100),
    OptionSpec("asso_pigliatutto", "boolean", False, "the ace takes every card on the table"),
)


def test_a_seeker_chooses_the_target_score_and_waits_in_that_queue() -> None:
    options = seek_options(SCOPA_OPTIONS, {"target_score": 21})
    assert options == (("target_score", 21),)
    assert queue_of("scopa", options) == "scopa?target_score=21"


def test_choosing_the_default_length_is_choosing_nothing() -> None:
    assert seek_options(SCOPA_OPTIONS, {"target_score": 11}) == ()
    assert seek_options(SCOPA_OPTIONS, None) == ()
    assert queue_of("scopa", ()) == "scopa"


def test_quick_match_takes_no_option_but_the_match_length() -> None:
    with pytest.raises(InvalidOptions, match="asso_pigliatutto"):
        seek_options(SCOPA_OPTIONS, {"asso_pigliatutto": True})
    with pytest.raises(InvalidOptions, match="colour"):
        seek_options(SCOPA_OPTIONS, {"colour": "red"})
    with pytest.raises(InvalidOptions, match="at most 100"):
        seek_options(SCOPA_OPTIONS, {"target_score": 1000})
    with pytest.raises(InvalidOptions, match="no options"):
        seek_options((), {"target_score": 21})


def test_the_length_option_is_the_target_score_when_no_option_has_fixed_choices() -> None:
    assert length_option(SCOPA_OPTIONS) is SCOPA_OPTIONS[0]
    assert length_option(SCOPA_OPTIONS[1:]) is None


def test_seekers_who_chose_another_length_are_never_grouped_together() -> None:
    anna = seeker("anna", 1500)
    bruno = replace(seeker("bruno", 1500), options=(("deals_to_win", 2),))
    assert find_group([anna, bruno], 2, T0 + 60, "g") is None
    carla = replace(seeker("carla", 1500, T0 + 1), options=(("deals_to_win", 2),))
    group = find_group([anna, bruno, carla], 2, T0 + 60, "g")
    assert group is not None and group.user_ids == ("guest:bruno", "guest:carla")
    assert group.options == (("deals_to_win", 2),) and group.queue == "briscola?deals_to_win=2"


def test_computer_players_fill_a_table_only_with_seekers_of_the_same_length() -> None:
    anna = seeker("anna", 1500, computers_after=5)
    bruno = replace(seeker("bruno", 1500, computers_after=5), options=(("deals_to_win", 3),))
    group = find_group([anna, bruno], 2, T0 + 10, "g")
    assert group is not None and group.user_ids == ("guest:anna",) and group.computers == 1
