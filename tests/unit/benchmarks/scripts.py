"""The benchmark scripts under test, loaded from ``benchmarks/`` (a folder of scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"


def load_script(name: str) -> Any:
    """``benchmarks/<name>.py`` as a module, registered in ``sys.modules`` under ``name``: its
    dataclasses, and a process pool's workers, look their module up there."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
