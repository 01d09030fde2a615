"""The rubamazzo example game package, installed as a user would (``pip install --target``), for
the tests that serve it from a real ``tavolo serve`` with the folder on ``PYTHONPATH``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "rubamazzo"


def install_example(target: Path) -> Path:
    """Install the example into ``target`` (no dependencies: it runs on this tavolo)."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        check=True,
        timeout=300,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    return target


def served_from(folder: Path, **variables: str) -> dict[str, str]:
    """The environment of a ``tavolo serve`` that finds the packages installed in ``folder``."""
    path = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
    return {"PYTHONPATH": path, "DATABASE_URL": "memory://", "BOT_MOVE_DELAY_SECONDS": "0.05", **variables}
