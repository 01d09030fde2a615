"""Shared test set-up: Sanic's test mode, and service requirements."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from sanic import Sanic

Sanic.test_mode = True

# The Hypothesis profile is the one place that sizes the property tests: none sets its own
# max_examples. The random-match properties (tests/unit/games/*/test_properties*.py) play one
# match per example for each game type.
#   default   100 examples: the six random-match tests take about a minute together
#   thorough  1,000 examples, so 1,000 random matches per game type:
#             TAVOLO_HYPOTHESIS_PROFILE=thorough make test
settings.register_profile("default", deadline=None, max_examples=100)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("TAVOLO_HYPOTHESIS_PROFILE", "default"))

REQUIRE_SERVICES = os.environ.get("TAVOLO_REQUIRE_SERVICES", "").lower() in {"1", "true", "yes", "on"}


def service_unavailable(name: str, reason: str) -> None:
    """Skip a test whose service is unreachable — or fail, when CI requires services."""
    message = f"{name} is unreachable: {reason}"
    if REQUIRE_SERVICES:
        pytest.fail(f"{message} (TAVOLO_REQUIRE_SERVICES=1)")
    pytest.skip(message)
