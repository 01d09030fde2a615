"""The engine contract as pytest tests, in one line of a package's test module::

    from engine_contract.pytest_suite import contract_tests
    from my_game.package import PACKAGE

    test_my_game_keeps_the_engine_contract = contract_tests(PACKAGE)

pytest collects the returned function once per case (``engine_contract.suite.cases``: each check,
each game type, each seed), with ids such as ``scopa-no_leak-seed1``, so ``-k no_leak`` picks a
check and a failure reads ``scopa, seed 1, step 40: ...``. The number of seeded matches comes from
``TAVOLO_CONTRACT_MATCHES`` (``engine_contract.settings``) unless ``matches`` is given. This module
imports pytest; the rest of the suite does not.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.game_package import GamePackage
from engine_contract.suite import Case, cases, run_case


def contract_tests(
    package: GamePackage, matches: int | None = None, first_seed: int | None = None
) -> Callable[[Case], None]:
    """A test function parametrised with every case of the engine contract over ``package``."""
    every = list(cases(package, matches, first_seed))

    @pytest.mark.parametrize("case", every, ids=[case.id for case in every])
    def test_engine_contract(case: Case) -> None:
        __tracebackhide__ = True
        run_case(package, case)

    return test_engine_contract
