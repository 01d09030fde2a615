"""The engine contract suite: what every game package's engines promise the platform, checked on
seeded random matches of each of its game types.

Reproducible from seed and actions (the record replays byte for byte); cards conserved; no view or
event shows a receiver a card it may not see; every legal move accepted, anything else refused;
``to_act`` and ``turn`` as the views say; ``dump``/``load`` round-trips; results that add up;
events of declared kinds; computer players at every level that finish their matches from their own
seat's view. ``engine_contract.suite.CHECKS`` lists the checks, one module each under
``engine_contract.checks``.

A package runs it on itself with pytest (``engine_contract.pytest_suite.contract_tests``) or
without (``check_package(PACKAGE)``). It imports the domain and nothing of the platform's other
layers, so an outside package needs nothing but ``tavolo`` installed.
"""

from __future__ import annotations

from engine_contract.suite import CHECKS, Case, Check, cases, check_package, run_case

__all__ = ["CHECKS", "Case", "Check", "cases", "check_package", "run_case"]
