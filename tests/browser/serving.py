"""The servers of the browser tests: an in-process server's settings (``server_settings``), with the
pause a finished trick stays on the table cut short, and a ``hard`` computer player searching a
quarter of its default deals (``SEARCH_ITERATIONS``): these tests look at the table, not at how well
the computer plays, and the search's CPU is the browsers' loss.

A whole hand of a trick game holds every next lead ``TRICK_PAUSE_SECONDS`` (2 s by default): a few
hands played through the table would spend most of their time waiting. The browser tests' servers
pause ``QUICK_TRICK_PAUSE`` instead, set as the server's ``TRICK_PAUSE_SECONDS`` variable would set it;
the table lingers a trick in proportion to the pause its views name. The tests of the pause itself
(tests/browser/test_turn_cue_after_a_trick.py) keep the server's default.
"""

from __future__ import annotations

from typing import Any

from entrypoints.config import Settings
from tests.integration.server import server_settings

QUICK_TRICK_PAUSE = 0.3
"""Seconds: what ``TRICK_PAUSE_SECONDS=0.3`` sets."""
QUICK_SEARCH = 100
"""Deals a ``hard`` decision plays out: what ``SEARCH_ITERATIONS=100`` sets."""


def browser_settings(**overrides: Any) -> Settings:
    """``server_settings(**overrides)`` for a browser test: a finished trick pauses the game briefly,
    and a ``hard`` computer player searches less."""
    quick = {"trick_pause_seconds": QUICK_TRICK_PAUSE, "search_iterations": QUICK_SEARCH}
    return server_settings(**{**quick, **overrides})
