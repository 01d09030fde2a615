"""Shared code names no game: every game type and every event kind of a family lives in its game
package, so a new game never means editing the platform. (The Italian deck in ``domain/cards.py``
is a library the Italian families share, not a game.)"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from domain.events import SHARED_EVENT_KINDS
from entrypoints.game_packages import installed_registry

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("application", "adapters", "entrypoints", "domain")
OWN = ("domain/games/",)
"""Inside these folders live the packages themselves (and what their engines share)."""

GENERIC_WORDS = frozenset({"play", "pass", "call", "bid", "trick", "drew"})
"""Family event kinds that are also plain English words (and actions: a "play" action is not
a "play" event): they are searched only where they stand for an event kind."""


def names_to_find() -> dict[str, re.Pattern[str]]:
    registry = installed_registry()
    found: dict[str, re.Pattern[str]] = {}
    for package in registry.packages:
        found[package.name] = re.compile(rf"\b{package.name}\b", re.IGNORECASE)
        for variant in package.variants:
            found[variant.game_type] = re.compile(rf"\b{variant.game_type}\b", re.IGNORECASE)
        for kind in package.event_kinds:
            if kind.kind in SHARED_EVENT_KINDS:
                continue
            if kind.kind in GENERIC_WORDS:
                as_kind = rf"(kind\s*===?\s*|case\s+|\"kind\":\s*)[\"']{kind.kind}[\"']"
                in_a_list = rf"(\[|[\"'],\s*)[\"']{kind.kind}[\"']"
                found[kind.kind] = re.compile(rf"{as_kind}|{in_a_list}")
            else:
                found[kind.kind] = re.compile(rf"\b{kind.kind}\b")
    return found


def shared_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--", *SHARED], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed if not name.startswith(OWN) and (ROOT / name).is_file()]


def test_no_shared_file_names_a_game_type_a_family_or_a_familys_event_kind() -> None:
    patterns = names_to_find()
    offences = []
    for path in shared_files():
        if path.suffix not in (".py", ".js", ".css", ".html"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name, pattern in patterns.items():
                if pattern.search(line):
                    offences.append(f"{path.relative_to(ROOT)}:{number}: {name}: {line.strip()[:100]}")
    assert not offences, "shared code names a game:\n" + "\n".join(offences)
