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

import functools
import hashlib
import hmac
import random
from typing import Any, Literal

Stream = Literal["engine", "bot"]
SEED_BYTES = 32


@functools.lru_cache(maxsize=4096)  # a match asks for its seed's bytes at every change
def check_seed(seed: str) -> bytes:
    """The seed's bytes; a seed is ``SEED_BYTES`` bytes written in hex."""
    key = bytes.fromhex(seed)
    if len(key) != SEED_BYTES:
        raise ValueError(f"a match seed is {SEED_BYTES} bytes of hex")
    return key


def match_rng(seed: str, version: int, stream: Stream = "engine") -> random.Random:
    """The random source of the change that makes ``version`` of the match seeded with ``seed``."""
    return _SeededAtFirstDraw(check_seed(seed), f"{stream}:{version}".encode())


def stream_seed(key: bytes, message: bytes) -> int:
    """The integer a stream's ``random.Random`` is seeded with: HMAC-SHA256(key, message)."""
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest(), "big")


class _SeededAtFirstDraw(random.Random):
    """``random.Random(stream_seed(key, message))``, except that the HMAC and the seeding (about
    7 µs) wait for the first draw: most changes (a card played) draw nothing.

    Every draw of ``random.Random`` goes through ``random()`` or ``getrandbits()``; with both
    overridden it draws exactly the sequence of ``random.Random(stream_seed(key, message))``.
    """

    def __init__(self, key: bytes, message: bytes) -> None:  # no super().__init__: it would seed now
        self._key = key
        self._message = message
        self._seeded = False
        self.gauss_next = None  # what random.Random.__init__ sets besides the seed

    def _seed_now(self) -> None:
        self._seeded = True
        super().seed(stream_seed(self._key, self._message))

    def random(self) -> float:
        if not self._seeded:
            self._seed_now()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if not self._seeded:
            self._seed_now()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        if not self._seeded:
            self._seed_now()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._seeded = True
        super().setstate(state)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._seeded = True
        super().seed(*args, **kwargs)
