"""Lifetimes as Redis takes them: whole milliseconds."""

from __future__ import annotations

import math


def milliseconds(seconds: float) -> int:
    """``seconds`` rounded up to whole milliseconds, at least 1 (``PX`` refuses 0)."""
    return max(1, math.ceil(seconds * 1000))
