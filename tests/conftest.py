"""Shared test set-up: Sanic's test mode, and service requirements."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from sanic import Sanic

from tests.faults.figures import FIGURES

Sanic.test_mode = True

# The Hypothesis profile is the one place that sizes the property tests: none sets its own
# max_examples. The random-match properties (tests/unit/games/*/test_properties*.py) play one
# match per example for each game type.
#   default   50 examples: the random-match tests take about half a minute together on 2 cores
#             (100 took a minute, the largest CPU share of the non-browser half after the fault
#             tests, which kept `.ci/run` over its 15 minutes)
#   thorough  1,000 examples, so 1,000 random matches per game type:
#             TAVOLO_HYPOTHESIS_PROFILE=thorough make test
settings.register_profile("default", deadline=None, max_examples=50)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("TAVOLO_HYPOTHESIS_PROFILE", "default"))

# The files of tests that mostly wait (real servers started, killed and restarted; Redis TTLs and
# deadlines running out) alternate with files of CPU-bound tests, so that the cores always have work:
# all of one kind first left them idle for a minute and a half at a time. pytest-xdist hands the files
# out in this order only with --no-loadscope-reorder (the Makefile's test-rest); by default it hands
# out the files with the most tests first.
WAITING = ("contract", "e2e", "faults")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tests = Path(__file__).resolve().parent

    def kind(path: Path) -> str:
        return path.relative_to(tests).parts[0] if path.is_relative_to(tests) else ""

    files: dict[Path, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.path, []).append(item)

    def long_running(file: Path) -> bool:
        return any(item.get_closest_marker("long_running") for item in files[file])

    # A file that runs for minutes goes first, so the other files fill the other workers meanwhile.
    waiting = sorted((file for file in files if kind(file) in WAITING), key=lambda f: not long_running(f))
    working = [file for file in files if kind(file) not in WAITING]
    order = [file for pair in zip(waiting, working, strict=False) for file in pair]
    order += waiting[len(working) :] + working[len(waiting) :]
    items[:] = [item for file in order for item in files[file]]


# The fault suite's figures (tests/faults/figures.py) are printed in a "fault figures" section at the
# end of every run. Under pytest-xdist each worker keeps its own: it hands them to the controller
# when it finishes, and the controller prints them all.


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["fault_figures"] = list(FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    FIGURES.extend(getattr(node, "workeroutput", {}).get("fault_figures", []))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if FIGURES:
        terminalreporter.section("fault figures")
        for line in FIGURES:
            terminalreporter.write_line(line)


REQUIRE_SERVICES = os.environ.get("TAVOLO_REQUIRE_SERVICES", "").lower() in {"1", "true", "yes", "on"}


def service_unavailable(name: str, reason: str) -> None:
    """Skip a test whose service is unreachable — or fail, when CI requires services."""
    message = f"{name} is unreachable: {reason}"
    if REQUIRE_SERVICES:
        pytest.fail(f"{message} (TAVOLO_REQUIRE_SERVICES=1)")
    pytest.skip(message)
