"""Importing the OIDC adapter (every start does) prints no AuthlibDeprecationWarning about httpx.

Authlib 1.9 warns that its httpx path is deprecated in favour of httpx2; our pins keep httpx, so
``adapters.oidc`` silences that one message where it imports authlib. A fresh interpreter is
used: in this one the module is long imported, and pytest's own filters would hide the warning.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_importing_the_oidc_adapter_prints_no_warning() -> None:
    done = subprocess.run(
        [sys.executable, "-W", "default", "-c", "import adapters.oidc"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr, done.stderr


def test_authlib_still_warns_about_its_other_deprecations() -> None:
    code = (
        "import warnings, adapters.oidc\n"
        "from authlib.deprecate import deprecate\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    deprecate('something else')\n"
        "print(len(caught))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
