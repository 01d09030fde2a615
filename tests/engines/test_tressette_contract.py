"""Tressette keeps the engine contract (``engine_contract``), both game types: reproducible from seed
and actions, cards conserved (the draws shown count as public), no leak, legal moves accepted and
illegal ones refused, results that add up, computer players that see only their own seat.
``TAVOLO_CONTRACT_MATCHES=50`` for a thorough run."""

from __future__ import annotations

from domain.games.tressette.package import PACKAGE
from engine_contract.pytest_suite import contract_tests

test_tressette_keeps_the_engine_contract = contract_tests(PACKAGE)
