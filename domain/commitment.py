"""The shuffle commitment: what a match publishes before its first deal, so nobody can rig it later.

When a match starts it has a secret ``seed`` (every deal derives from it, see
``domain.seeding``) and a secret per-match ``salt``. Every player and spectator
is shown ``commitment(seed, salt)`` = SHA-256 of the seed's bytes followed by
the salt's bytes, in hex, from the first deal on. Seed and salt stay on the
server until the match is over; then the match record reveals both, and
anyone can recompute the hash and replay the deals from the seed. The salt
keeps the commitment from being a plain hash of the seed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

SCHEME = "sha256(seed || salt)"
SALT_BYTES = 16


def commitment(seed: str, salt: str) -> str:
    """SHA-256 of ``seed`` then ``salt`` (both hex; their bytes are hashed), in lowercase hex."""
    return hashlib.sha256(bytes.fromhex(seed) + bytes.fromhex(salt)).hexdigest()


@dataclass(frozen=True, slots=True)
class MatchSecret:
    """A match's secret ``seed`` (``domain.seeding``) and ``salt``, both hex, chosen when it is set up."""

    seed: str
    salt: str

    @property
    def commitment(self) -> str:
        return commitment(self.seed, self.salt)
