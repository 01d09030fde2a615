"""How many seeded matches the suite plays per game type, and from which seed.

The default keeps a run over every built-in game under a minute; a thorough run sets
``TAVOLO_CONTRACT_MATCHES`` (say 50), and ``TAVOLO_CONTRACT_FIRST_SEED`` moves the window of seeds
(a failure names its seed: start there to play that match again).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

MATCHES = "TAVOLO_CONTRACT_MATCHES"
FIRST_SEED = "TAVOLO_CONTRACT_FIRST_SEED"
DEFAULT_MATCHES = 3


def seeds(
    matches: int | None = None, first: int | None = None, environ: Mapping[str, str] = os.environ
) -> range:
    """The seeds to play: ``matches`` of them from ``first``, else as the environment says."""
    count = matches if matches is not None else _whole(environ, MATCHES, DEFAULT_MATCHES, minimum=1)
    start = first if first is not None else _whole(environ, FIRST_SEED, 0, minimum=0)
    return range(start, start + count)


def _whole(environ: Mapping[str, str], name: str, default: int, minimum: int) -> int:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {value}")
    return value
