"""The servers of the browser tests: an in-process server's settings (``server_settings``), with the
pause a finished trick stays on the table cut short.

A whole hand of a trick game holds every next lead ``TRICK_PAUSE_SECONDS`` (2 s by default): a few
hands played through the table would spend most of their time waiting. The browser tests' servers
pause ``QUICK_TRICK_PAUSE`` instead, set as the server's ``TRICK_PAUSE_SECONDS`` variable would set it;
the table lingers a trick in proportion to the pause its views name. The tests of the pause itself
(tests/browser/test_turn_cue_after_a_trick.py) keep the server's default.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from entrypoints.config import Settings, load_settings
from tests.integration.server import server_settings

QUICK_TRICK_PAUSE = "0.3"


def quick_trick_settings() -> dict[str, Any]:
    """The settings ``TRICK_PAUSE_SECONDS=QUICK_TRICK_PAUSE`` changes, by name."""
    usual = load_settings({})
    quick = load_settings({"TRICK_PAUSE_SECONDS": QUICK_TRICK_PAUSE})
    names = (field.name for field in fields(Settings))
    return {name: getattr(quick, name) for name in names if getattr(quick, name) != getattr(usual, name)}


def browser_settings(**overrides: Any) -> Settings:
    """``server_settings(**overrides)`` for a browser test: a finished trick pauses the game briefly."""
    return server_settings(**{**quick_trick_settings(), **overrides})
