"""The Lua fragments tavolo's Redis scripts are built from, each written once.

A fragment defines one ``local function``. It names no ``KEYS[i]`` or
``ARGV[i]`` itself: it reads and writes only the keys and values its caller
passes, so each script's body maps its own KEYS and ARGV (documented beside
the script) onto the fragments it calls. ``script(body, *fragments)`` puts the
fragments, and those they need, before the body: the result is still one
script, run atomically in one round trip (``EVALSHA``).

Every number a fragment receives may be a Lua string (as ARGV values are); it
converts what it compares or adds.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fragment:
    """A ``local function`` of Lua source, and the fragments it calls."""

    source: str
    needs: tuple[Fragment, ...] = ()


def script(body: str, *fragments: Fragment) -> str:
    """One script: ``fragments`` and what they need (each once, before its callers), then ``body``."""
    ordered: list[Fragment] = []

    def add(fragment: Fragment) -> None:
        if fragment in ordered:
            return
        for needed in fragment.needs:
            add(needed)
        ordered.append(fragment)

    for fragment in fragments:
        add(fragment)
    return "".join(fragment.source for fragment in ordered) + body


# now_ms(): Redis's own clock (TIME) in epoch milliseconds, the same for every process.
NOW_MS = Fragment(
    """
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
"""
)

# index_live(index, game_id, ttl_ms, finished): the live-games index holds every
# unfinished game scored by when it expires (now + ttl_ms); a finished game leaves it.
INDEX_LIVE = Fragment(
    """
local function index_live(index, game_id, ttl_ms, finished)
  if finished then
    redis.call('ZREM', index, game_id)
  else
    redis.call('ZADD', index, now_ms() + tonumber(ttl_ms), game_id)
  end
end
""",
    needs=(NOW_MS,),
)

# index_users(indexes, first, game_id, created_at, ttl_ms): indexes[first], indexes[first + 1] …
# (each a seated user's games) hold game_id scored by created_at, and expire with it.
INDEX_USERS = Fragment(
    """
local function index_users(indexes, first, game_id, created_at, ttl_ms)
  for i = first, #indexes do
    redis.call('ZADD', indexes[i], created_at, game_id)
    redis.call('PEXPIRE', indexes[i], ttl_ms)
  end
end
"""
)

# drop_deadline(queue, due, leases, member): the member leaves the queue (sorted set)
# and the due-time and lease hashes; its game's member set is the caller's to update.
DROP_DEADLINE = Fragment(
    """
local function drop_deadline(queue, due, leases, member)
  redis.call('ZREM', queue, member)
  redis.call('HDEL', due, member)
  redis.call('HDEL', leases, member)
end
"""
)

# replace_deadlines(queue, due, leases, members, pairs, first): every deadline of one game
# (listed in its member set ``members``) is dropped, then pairs[first], pairs[first + 1] …
# (member, due time, member, due time …) become its deadlines. Returns how many were dropped.
REPLACE_DEADLINES = Fragment(
    """
local function replace_deadlines(queue, due, leases, members, pairs, first)
  local old = redis.call('SMEMBERS', members)
  for _, member in ipairs(old) do
    drop_deadline(queue, due, leases, member)
  end
  redis.call('DEL', members)
  for i = first, #pairs, 2 do
    redis.call('ZADD', queue, pairs[i + 1], pairs[i])
    redis.call('HSET', due, pairs[i], pairs[i + 1])
    redis.call('SADD', members, pairs[i])
  end
  return #old
end
""",
    needs=(DROP_DEADLINE,),
)
