"""A live match's log in Redis, its older entries packed into compressed chunks.

The log of a match under way (``RedisKeys.game_log``) lives in Redis until the result is recorded,
and a scopone match logs two or three hundred entries: without packing they were most of the
game's Redis memory (issue 35 asks for at most 8 KB a live scopone game). Nothing reads the log
while the match is on — a worker follows a game through its announcements, and the whole log is
read once, to write the match record — so its older entries can be kept compressed.

The list holds packed chunks first, then plain entries (``adapters.redis.codec``), oldest first.
A chunk is ``PACK_MARK`` and the base85 text of the zlib-compressed plain entries it replaced,
one per line (a plain entry is JSON on one line, so it never starts with the mark). Once
``PACK_AT`` plain entries follow the chunks, ``pack`` replaces them by one chunk, in a script that
first checks they are still the ones it read: the commit script only appends to the list, so the
first and last of them still in place proves them all, and two workers packing at once pack once.
"""

from __future__ import annotations

import base64
import logging
import zlib
from collections.abc import Iterable, Sequence
from typing import cast

from redis.exceptions import RedisError

from adapters.redis.connection import Client
from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)

PACK_MARK = "z:"
PACK_AT = 32  # plain entries after the chunks that make a new chunk
CHECK_EVERY = 16  # versions between two looks at a live match's log (a look reads the whole list)

# KEYS: the log.  ARGV: index of the first plain entry, how many to pack, the first and the last
# of them as read, the chunk that replaces them.  Returns 1 when packed, 0 when the list moved on.
# LSET and LREM keep the list's TTL.
PACK_SCRIPT = """
local first = tonumber(ARGV[1])
local last = first + tonumber(ARGV[2]) - 1
if redis.call('LINDEX', KEYS[1], first) ~= ARGV[3] or redis.call('LINDEX', KEYS[1], last) ~= ARGV[4] then
  return 0
end
for i = first + 1, last do redis.call('LSET', KEYS[1], i, '') end
redis.call('LSET', KEYS[1], first, ARGV[5])
redis.call('LREM', KEYS[1], 0, '')
return 1
"""


def packed(entries: Sequence[str]) -> str:
    """One chunk holding ``entries`` (plain ones), in order."""
    return PACK_MARK + base64.b85encode(zlib.compress("\n".join(entries).encode(), 9)).decode()


def unpacked(stored: Iterable[str]) -> list[str]:
    """The plain entries of a log as stored: each chunk opened in its place."""
    plain: list[str] = []
    for entry in stored:
        if entry.startswith(PACK_MARK):
            plain += zlib.decompress(base64.b85decode(entry[len(PACK_MARK) :])).decode().split("\n")
        else:
            plain.append(entry)
    return plain


def due(version: int) -> bool:
    """Whether the commit of ``version`` (one that logged an entry) is a moment to look at the log."""
    return version % CHECK_EVERY == 0


class LogPacker:
    """Packs a live match's log (``pack(key)``), on ``client``."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._pack = client.register_script(PACK_SCRIPT)

    async def pack(self, key: str) -> bool:
        """Pack the plain entries of the log at ``key`` into one chunk if there are ``PACK_AT`` or
        more; whether it packed. Best effort: the commit it follows is stored whatever happens
        here, and an unpacked log is only larger (a Redis error is logged and forgotten)."""
        try:
            stored = cast("list[str]", await self._client.lrange(key, 0, -1))
            chunks = sum(1 for entry in stored if entry.startswith(PACK_MARK))  # all before any plain one
            plain = stored[chunks:]
            if len(plain) < PACK_AT:
                return False
            args: list[str | int] = [chunks, len(plain), plain[0], plain[-1], packed(plain)]
            done = bool(await self._pack(keys=[key], args=args))
        except (RedisError, StorageUnavailable) as error:
            logger.info("the log at %s was not packed: %s", key, error)
            return False
        logger.debug("log %s: %d entries packed into one chunk: %s", key, len(plain), done)
        return done
