"""Every random draw of a match, derived from its secret seed and the version being made.

A match gets a secret seed from the operating system when it starts. The
randomness of each change (a deal, a redeal, a random move for a player who
timed out, a computer player's choice) comes from ``match_rng(seed, version,
stream)``: HMAC-SHA256 keyed with the seed over the version of the state the
change produces and the name of the stream, fed to a ``random.Random``. So the
whole match is a function of its seed and its accepted actions: replaying
them rebuilds every state byte for byte, and the engine's draws (stream
``engine``) never depend on how a computer player chose (stream ``bot``).
"""

from __future__ import annotations

import hashlib
import hmac
import random
from typing import Literal

Stream = Literal["engine", "bot"]
SEED_BYTES = 32


def check_seed(seed: str) -> bytes:
    """The seed's bytes; a seed is ``SEED_BYTES`` bytes written in hex."""
    key = bytes.fromhex(seed)
    if len(key) != SEED_BYTES:
        raise ValueError(f"a match seed is {SEED_BYTES} bytes of hex")
    return key


def match_rng(seed: str, version: int, stream: Stream = "engine") -> random.Random:
    """The random source of the change that makes ``version`` of the match seeded with ``seed``."""
    message = f"{stream}:{version}".encode()
    digest = hmac.new(check_seed(seed), message, hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))
