"""The engine contract as a list of named checks, and how to run them over a game package.

A check runs over one game type (a ``GameVariant`` of the package) and, when ``seeded``, one seeded
match of it; it returns quietly or raises an ``AssertionError`` that says where (the game type,
the seed, the step). ``check_package`` runs every check over every game type of a package;
``engine_contract.pytest_suite`` hands the same cases to pytest one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from domain.bots.levels import LEVELS
from domain.game_package import GamePackage, GameVariant
from engine_contract.checks.computer_players import (
    check_every_level_has_a_computer_player,
    computer_players_finish_at,
)
from engine_contract.checks.conserved import check_cards_conserved
from engine_contract.checks.event_kinds import check_event_kinds_are_declared
from engine_contract.checks.leaks import check_no_leak
from engine_contract.checks.moves import (
    check_illegal_moves_are_refused,
    check_legal_moves_lead_on,
    check_stale_deadlines_change_nothing,
)
from engine_contract.checks.package import check_package_is_hostable
from engine_contract.checks.private_views import check_private_views_complete_the_spectators
from engine_contract.checks.reproducible import check_record_verifies, check_replays_byte_for_byte
from engine_contract.checks.results import check_results_sum
from engine_contract.checks.round_trip import check_dump_load_round_trips
from engine_contract.checks.search_models import check_search_models_follow_the_rules
from engine_contract.checks.turns import check_turns_agree_with_views
from engine_contract.settings import seeds


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    run: Callable[[GamePackage, GameVariant, int], None]
    seeded: bool = True
    """Whether it plays matches (once per seed), or looks at the package once per game type."""


CHECKS: tuple[Check, ...] = (
    Check("hostable", check_package_is_hostable, seeded=False),
    Check("computer_player_levels", check_every_level_has_a_computer_player, seeded=False),
    Check("reproducible", check_replays_byte_for_byte),
    Check("record_verifies", check_record_verifies),
    Check("cards_conserved", check_cards_conserved),
    Check("no_leak", check_no_leak),
    Check("legal_moves_lead_on", check_legal_moves_lead_on),
    Check("illegal_moves_refused", check_illegal_moves_are_refused),
    Check("stale_deadlines_change_nothing", check_stale_deadlines_change_nothing),
    Check("turns_agree_with_views", check_turns_agree_with_views),
    Check("private_views_complete_the_spectators", check_private_views_complete_the_spectators),
    Check("dump_load_round_trips", check_dump_load_round_trips),
    Check("results_sum", check_results_sum),
    Check("event_kinds_declared", check_event_kinds_are_declared),
    Check("search_models_follow_the_rules", check_search_models_follow_the_rules),
    *(Check(f"computer_players_{level}", computer_players_finish_at(level)) for level in LEVELS),
)
BY_NAME = {check.name: check for check in CHECKS}


@dataclass(frozen=True, slots=True)
class Case:
    """One check over one game type, with one seed (``None`` for a check that plays no match)."""

    game_type: str
    check: str
    seed: int | None

    @property
    def id(self) -> str:
        seeded = "" if self.seed is None else f"-seed{self.seed}"
        return f"{self.game_type}-{self.check}{seeded}"


def cases(package: GamePackage, matches: int | None = None, first_seed: int | None = None) -> Iterator[Case]:
    """Every case of ``package``: each check, for each game type, for each seed."""
    played = seeds(matches, first_seed)
    for variant in package.variants:
        for check in CHECKS:
            if check.seeded:
                for seed in played:
                    yield Case(variant.game_type, check.name, seed)
            else:
                yield Case(variant.game_type, check.name, None)


def run_case(package: GamePackage, case: Case) -> None:
    BY_NAME[case.check].run(package, package.variant(case.game_type), 0 if case.seed is None else case.seed)


def check_package(package: GamePackage, matches: int | None = None, first_seed: int | None = None) -> None:
    """Run the whole contract over ``package``; the first failure raises its ``AssertionError``."""
    for case in cases(package, matches, first_seed):
        run_case(package, case)
