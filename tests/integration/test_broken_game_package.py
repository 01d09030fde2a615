"""An installed game package that cannot be hosted stops ``tavolo serve`` at start-up, with a
message naming the package: never a server that fails later, in a match."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.integration.served import embedded_env

BROKEN_PACKAGE = """
from dataclasses import replace

from domain.games.fishing.package import PACKAGE as FISHING

_first = FISHING.variants[0]
PACKAGE = replace(
    FISHING,
    name="briscolone",
    variants=(replace(_first, computer_players={"easy": _first.computer_players["easy"]}),),
)
"""


def install_distribution(folder: Path, module: str, source: str, entry: str) -> None:
    """What ``pip install --target folder`` leaves of a one-module distribution: the module and
    its ``dist-info`` naming the entry point."""
    (folder / f"{module}.py").write_text(source)
    info = folder / f"{module}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[tavolo.games]\n{entry} = {module}:PACKAGE\n")


def serve_with(folder: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "entrypoints.cli", "serve"],
        capture_output=True,
        text=True,
        timeout=30,
        start_new_session=True,
        env=embedded_env(PYTHONPATH=path, APP_PORT="1", DATABASE_URL="memory://", **variables),
    )


def test_a_package_lacking_a_computer_player_stops_the_start_and_is_named(tmp_path: Path) -> None:
    install_distribution(tmp_path, "briscolone", BROKEN_PACKAGE, "briscolone")
    result = serve_with(tmp_path)
    assert result.returncode == 2, result.stderr
    assert "game package 'briscolone'" in result.stderr
    assert "from briscolone 0.1" in result.stderr
    assert "no computer player for level normal" in result.stderr


def test_a_package_whose_import_fails_stops_the_start_and_is_named(tmp_path: Path) -> None:
    install_distribution(tmp_path, "shaky", "raise ImportError('a missing dependency')\n", "shaky")
    result = serve_with(tmp_path)
    assert result.returncode == 2, result.stderr
    assert "game package 'shaky'" in result.stderr and "a missing dependency" in result.stderr


def test_games_naming_a_package_nobody_installed_stops_the_start(tmp_path: Path) -> None:
    result = serve_with(tmp_path, GAMES="fishing,scala40")
    assert result.returncode == 2, result.stderr
    assert "GAMES names scala40" in result.stderr
