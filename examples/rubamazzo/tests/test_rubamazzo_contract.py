"""Rubamazzo keeps tavolo's engine contract (``engine_contract``), as every game package checks
itself: reproducible from seed and actions, cards conserved, no leak, legal moves accepted and
illegal ones refused, results that add up, computer players that see only their own seat.
``TAVOLO_CONTRACT_MATCHES=50`` for a thorough run."""

from __future__ import annotations

from tavolo_rubamazzo.package import PACKAGE

from engine_contract.pytest_suite import contract_tests

test_rubamazzo_keeps_the_engine_contract = contract_tests(PACKAGE)
