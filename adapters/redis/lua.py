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

# index_open(index, game_id, ttl_ms, listed): the open-tables index holds every listed table
# scored by when it expires (now + ttl_ms); a table no longer listed leaves it. Returns whether
# the table is listed or was until now (then the lobby must be told).
INDEX_OPEN = Fragment(
    """
local function index_open(index, game_id, ttl_ms, listed)
  if listed then
    redis.call('ZADD', index, now_ms() + tonumber(ttl_ms), game_id)
    return true
  end
  return redis.call('ZREM', index, game_id) == 1
end
""",
    needs=(NOW_MS,),
)

# index_users(indexes, first, game_id, created_at, ttl_ms): indexes[first], indexes[first + 1] …
# (each a seated user's games) hold game_id scored by created_at, and live at least ttl_ms more:
# an index outlives its user's longest-lived game, so a lobby's shorter TTL never cuts it short.
INDEX_USERS = Fragment(
    """
local function index_users(indexes, first, game_id, created_at, ttl_ms)
  for i = first, #indexes do
    redis.call('ZADD', indexes[i], created_at, game_id)
    if redis.call('PTTL', indexes[i]) < tonumber(ttl_ms) then redis.call('PEXPIRE', indexes[i], ttl_ms) end
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

# present_users(connections, now, lapsed_too): the sorted, distinct user ids of a game's
# connections (a sorted set of JSON ``[user id, connection id]`` scored by lease end, ms) whose
# lease ends after ``now`` — or of all of them, lapsed ones too, when ``lapsed_too``.
PRESENT_USERS = Fragment(
    """
local function present_users(connections, now, lapsed_too)
  local members
  if lapsed_too then
    members = redis.call('ZRANGE', connections, 0, -1)
  else
    members = redis.call('ZRANGEBYSCORE', connections, '(' .. now, '+inf')
  end
  local seen, users = {}, {}
  for _, member in ipairs(members) do
    local user = cjson.decode(member)[1]
    if not seen[user] then
      seen[user] = true
      table.insert(users, user)
    end
  end
  table.sort(users)
  return users
end
"""
)


def game_publisher(sharded: bool) -> Fragment:
    """publish_game(channel, message): a game's announcement on its events channel — ``SPUBLISH``
    on a Redis Cluster, where that channel is a shard channel in the slot of the game's keys
    (so a script may publish on it and the message reaches that shard only), else ``PUBLISH``."""
    command = "SPUBLISH" if sharded else "PUBLISH"
    return Fragment(
        f"""
local function publish_game(channel, message)
  return redis.call('{command}', channel, message)
end
"""
    )


def presence_announcer(sharded: bool) -> Fragment:
    """announce_presence(channel, before, after): when the sorted user-id lists ``before`` and
    ``after`` differ, publishes ``p`` and the JSON array of ``after`` on the game's events
    channel (``game_publisher``; never ``{`` nor a digit first: no envelope, no version;
    ``RedisNotifier``'s ``PRESENCE_MARK``). Returns whether it did."""
    return Fragment(
        """
local function announce_presence(channel, before, after)
  local same = #before == #after
  for i = 1, #after do
    if before[i] ~= after[i] then same = false end
  end
  if same then return false end
  local users = '[]'  -- cjson writes an empty table as an object
  if #after > 0 then users = cjson.encode(after) end
  publish_game(channel, 'p' .. users)
  return true
end
""",
        needs=(game_publisher(sharded),),
    )


# The single-server announcer (plain ``PUBLISH``).
ANNOUNCE_PRESENCE = presence_announcer(sharded=False)

# drop_lapsed_seekers(seekers, leases, now): every seeker of a game type whose lease ended by
# ``now`` (ms) leaves its hash (user id → seeker JSON) and its sorted set of leases. Returns how
# many seekers are left.
DROP_LAPSED_SEEKERS = Fragment(
    """
local function drop_lapsed_seekers(seekers, leases, now)
  local lapsed = redis.call('ZRANGEBYSCORE', leases, '-inf', now)
  for _, user in ipairs(lapsed) do
    redis.call('HDEL', seekers, user)
  end
  if #lapsed > 0 then redis.call('ZREMRANGEBYSCORE', leases, '-inf', now) end
  return redis.call('ZCARD', leases)
end
"""
)
