"""Join codes: six characters from an alphabet without look-alikes (no 0/O, 1/I/L)."""

from __future__ import annotations

import random

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_join_code(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(LENGTH))


def normalise_join_code(raw: str) -> str:
    """Codes are case-insensitive and may be typed with spaces or dashes."""
    return "".join(ch for ch in raw.upper() if ch not in " -")
