"""Which write transactions of the match repository must not overlap, and how.

A write transaction names a ``Guard``. An executor whose write transactions
can run side by side (PostgreSQL) takes it as a transaction-scoped advisory
lock: exclusive guards exclude every holder of the same key, shared ones only
the exclusive holder. An executor whose every write transaction already
excludes all others (SQLite's ``BEGIN IMMEDIATE``) has nothing more to do.
"""

from __future__ import annotations

from dataclasses import dataclass

# Advisory lock keys (64-bit): "tavolo" in ASCII, then a purpose number.
MIGRATION_LOCK_KEY = 0x7461766F6C6F_0001
REBUILD_LOCK_KEY = 0x7461766F6C6F_0002


@dataclass(frozen=True, slots=True)
class Guard:
    key: int
    shared: bool


# Two processes migrating at once: the second waits, then finds nothing left to do.
MIGRATING = Guard(MIGRATION_LOCK_KEY, shared=False)
# Records run side by side; a rebuild waits for them and keeps new ones out while it replays.
RECORDING = Guard(REBUILD_LOCK_KEY, shared=True)
REBUILDING = Guard(REBUILD_LOCK_KEY, shared=False)
# An adoption checks that an account has no row yet, then moves a guest's rows to it: no
# record (which could give the account a row in between) and no rebuild may run meanwhile.
ADOPTING = Guard(REBUILD_LOCK_KEY, shared=False)
