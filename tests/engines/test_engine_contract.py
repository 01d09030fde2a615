"""Every installed game package keeps the engine contract (``engine_contract``): the built-in ones,
found through their entry points like any outside package, and whatever else is installed (an
outside package also runs the suite on itself, in one line: see ``docs/writing-a-game.md``).
``TAVOLO_CONTRACT_MATCHES=50`` for a thorough run."""

from __future__ import annotations

import pytest

from domain.games.fishing.package import PACKAGE as FISHING
from domain.games.tricks.package import PACKAGE as TRICKS
from engine_contract import CHECKS, Case, run_case
from engine_contract.playing import planner, random_match, random_options
from engine_contract.pytest_suite import contract_tests
from engine_contract.settings import DEFAULT_MATCHES, seeds
from entrypoints.game_packages import installed_registry

for _package in installed_registry().packages:
    globals()[f"test_{_package.name}_keeps_the_engine_contract"] = contract_tests(_package)


def test_the_built_in_packages_are_among_the_installed_ones() -> None:
    installed = {package.name: package for package in installed_registry().packages}
    assert installed["fishing"] is FISHING and installed["tricks"] is TRICKS


LEVEL_DEAL_SEED = 769
"""A briscola chiamata match whose first deal ends 60 all: the same change deals the next one."""


def test_a_chiamata_deal_ending_level_and_the_next_dealt_in_the_same_change_keep_the_contract() -> None:
    chiamata = TRICKS.variant("briscola_chiamata")
    changes = random_match(chiamata, LEVEL_DEAL_SEED).changes
    summaries = [event for change in changes for event in change.outcome.events if event.kind == "hand_end"]
    assert len(summaries) == 2, "the seed no longer plays a deal that ends level"
    for check in CHECKS:
        run_case(TRICKS, Case("briscola_chiamata", check.name, LEVEL_DEAL_SEED))


LENGTHS = [
    ("briscola", "deals_to_win", 2),
    ("briscola_a_quattro", "deals_to_win", 3),
    ("briscola_chiamata", "deals_to_play", 5),
]
"""Ten deals of chiamata play as five do, only longer (their record verifies in
``tests/unit/domain/test_match_length_records.py``)."""


def seed_playing(game_type: str, option: str, value: int) -> int:
    """The first seed after 0 whose random options give ``option`` the ``value``."""
    specs = TRICKS.variant(game_type).engine.option_specs
    return next(
        seed
        for seed in range(1, 1000)
        if random_options(specs, seed, planner(game_type, seed)).get(option) == value
    )


@pytest.mark.parametrize(
    ("game_type", "option", "value"), LENGTHS, ids=[f"{g}-{o}-{v}" for g, o, v in LENGTHS]
)
def test_matches_of_several_deals_keep_the_contract(game_type: str, option: str, value: int) -> None:
    """Whatever seeds a run plays, a match of every length people play keeps the contract."""
    seed = seed_playing(game_type, option, value)
    for check in CHECKS:
        if check.seeded:
            run_case(TRICKS, Case(game_type, check.name, seed))


def test_a_target_score_and_several_deals_to_win_are_never_drawn_together() -> None:
    engine = TRICKS.variant("briscola").engine
    drawn = [random_options(engine.option_specs, seed, planner("briscola", seed)) for seed in range(1, 200)]
    assert all(options["target_score"] == 61 or options["deals_to_win"] == 1 for options in drawn)
    assert {options["deals_to_win"] for options in drawn} == {1, 2, 3}
    assert any(options["target_score"] != 61 for options in drawn)


def test_the_number_of_matches_and_the_first_seed_come_from_the_environment() -> None:
    assert seeds(environ={}) == range(DEFAULT_MATCHES)
    assert seeds(environ={"TAVOLO_CONTRACT_MATCHES": "50"}) == range(50)
    window = {"TAVOLO_CONTRACT_MATCHES": "3", "TAVOLO_CONTRACT_FIRST_SEED": "17"}
    assert seeds(environ=window) == range(17, 20)
    assert seeds(4, 2, environ={"TAVOLO_CONTRACT_MATCHES": "50"}) == range(2, 6)


@pytest.mark.parametrize("value", ["many", "0", "-3"])
def test_a_number_of_matches_that_is_not_a_positive_whole_number_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="TAVOLO_CONTRACT_MATCHES"):
        seeds(environ={"TAVOLO_CONTRACT_MATCHES": value})
