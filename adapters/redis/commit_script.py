"""The Lua script that saves a game: compare-and-set, then (optionally) its deadlines and its announcement.

One script for ``SessionStore.save`` (deadlines and announcement left out) and
``Commits.commit`` (all three), so a move costs one Redis round trip and no
other writer can come between a save and its deadlines.

KEYS: 1 game, 2 join code, 3 live-games index, 4 deadline queue, 5 deadline due
hash, 6 deadline lease hash, 7 the game's deadline members, 8… the seated
users' game indexes.

ARGV: 1 game id, 2 envelope JSON, 3 TTL ms, 4 created_at, 5 expected version
('0' creates the game, reserving its join code), 6 '1' when the game is
finished, 7 the game's events channel ('' = announce nothing), 8 the deadline
events channel ('' = leave deadlines alone), 9… the new deadlines as member,
due pairs.

Returns 1 when saved, 0 when there is no such live game, -1 when the stored
version is not the expected one, -2 when a game to create exists already,
-3 when the join code of a game to create is in use.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from adapters.redis.codec import encode_session
from adapters.redis.keys import RedisKeys
from application.ports import ScheduledDeadline
from domain.session import GameSession


def deadline_member(game_id: str, token: str) -> str:
    """A deadline's member in the queue: the JSON pair ``[game id, token]``."""
    return json.dumps([game_id, token], separators=(",", ":"))


SAVE_AND_COMMIT = """
local stored = redis.call('GET', KEYS[1])
if ARGV[5] == '0' then
  if stored then return -2 end
  if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[3]) then return -3 end
else
  if not stored then return 0 end
  -- envelopes are written version first; decode the whole JSON only for one written otherwise
  local version = string.match(stored, '^{"version":(%d+),')
  if not version then version = cjson.decode(stored)['version'] end
  if tonumber(version) ~= tonumber(ARGV[5]) then return -1 end
  if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])

local t = redis.call('TIME')
local now_ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ARGV[6] == '1' then
  redis.call('ZREM', KEYS[3], ARGV[1])
else
  redis.call('ZADD', KEYS[3], now_ms + tonumber(ARGV[3]), ARGV[1])
end
for i = 8, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[4], ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[3])
end

if ARGV[8] ~= '' then
  local head = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
  local old = redis.call('SMEMBERS', KEYS[7])
  for _, member in ipairs(old) do
    redis.call('ZREM', KEYS[4], member)
    redis.call('HDEL', KEYS[5], member)
    redis.call('HDEL', KEYS[6], member)
  end
  redis.call('DEL', KEYS[7])
  for i = 9, #ARGV, 2 do
    redis.call('ZADD', KEYS[4], ARGV[i + 1], ARGV[i])
    redis.call('HSET', KEYS[5], ARGV[i], ARGV[i + 1])
    redis.call('SADD', KEYS[7], ARGV[i])
  end
  -- wake the deadline workers only when they would otherwise sleep past the new earliest due
  local new_head = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
  if new_head[2] and (not head[2] or tonumber(new_head[2]) < tonumber(head[2])) then
    redis.call('PUBLISH', ARGV[8], ARGV[1])
  end
end

if ARGV[7] ~= '' then redis.call('PUBLISH', ARGV[7], ARGV[2]) end
return 1
"""


def seated_users(session: GameSession) -> list[str]:
    return sorted({seat.user_id for seat in session.seats if seat is not None})


def script_keys(keys: RedisKeys, session: GameSession) -> list[str]:
    return [
        keys.game(session.id),
        keys.code(session.join_code),
        keys.live_games,
        keys.deadlines,
        keys.deadline_due,
        keys.deadline_leases,
        keys.deadline_members(session.id),
        *(keys.user_games(user_id) for user_id in seated_users(session)),
    ]


def script_args(
    session: GameSession,
    ttl_ms: int,
    expected_version: int,
    *,
    events_channel: str = "",
    deadline_channel: str = "",
    deadlines: Sequence[ScheduledDeadline] = (),
) -> list[str | int]:
    args: list[str | int] = [
        session.id,
        encode_session(session),
        ttl_ms,
        repr(session.created_at),
        expected_version,
        "1" if session.phase == "finished" else "0",
        events_channel,
        deadline_channel,
    ]
    for deadline in deadlines:
        if deadline.game_id != session.id:
            raise ValueError(f"deadline of game {deadline.game_id} given with game {session.id}")
        args += [deadline_member(session.id, deadline.token), repr(float(deadline.due))]
    return args
