"""The tests import ``tavolo_rubamazzo`` from this working tree, installed or not: the package's
folder goes first on ``sys.path``. ``domain`` and ``engine_contract`` come from the tavolo the tests
run in."""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE_ROOT = str(Path(__file__).resolve().parents[1])
if PACKAGE_ROOT not in sys.path:
    sys.path.insert(0, PACKAGE_ROOT)
