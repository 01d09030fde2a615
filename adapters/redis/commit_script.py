"""The Lua script of ``RedisCommits``: create or compare-and-set a game, swap its deadlines, announce it.

All of it is one script, so a commit costs one Redis round trip and no other
writer can come between a game's write and its deadlines, its place among the
open tables and its announcements.

KEYS (one server): 1 game, 2 join code, 3 live-games index, 4 deadline queue,
5 deadline due hash, 6 deadline lease hash, 7 the game's deadline members,
8 open-tables index, 9 the game's log, 10… the seated users' game indexes.
On a Redis Cluster the script may only touch the game's hash slot: its KEYS
are the same less the join code and the user indexes (``commit_script``), and
``RedisCommits`` keeps those two apart.

ARGV: 1 game id, 2 envelope JSON, 3 TTL ms (the lobby TTL while the table
waits in the lobby), 4 created_at, 5 expected version ('0' creates the game,
reserving its join code), 6 flags (``f`` the game is finished, ``l`` the table
is listed among the open tables, ``u`` it is not but may have been until now —
a waiting table, or the commit that started its match; a match under way
touches no open-tables key; ``r`` its result is recorded: the match record
holds its log now, which goes; ``d`` the change is announced by its log entry
alone, ``d`` and ARGV 10, not by the envelope), 7 the game's
events channel, 8 the deadline events channel, 9 the lobby channel, 10 the
change's entry in the game's log (JSON; empty: none), 11… the new deadlines
as member, due pairs.

Returns 1 when stored, 0 when there is no such live game, -1 when the stored
version is not the expected one, -2 when a game to create exists already,
-3 when the join code of a game to create is in use (one server only).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from string import Template

from adapters.redis.codec import encode_logged, encode_session
from adapters.redis.keys import RedisKeys
from adapters.redis.lua import INDEX_LIVE, INDEX_OPEN, INDEX_USERS, REPLACE_DEADLINES, game_publisher, script
from application.ports import ScheduledDeadline
from domain.live_game import LiveGame, Phase
from domain.match_log import Logged


def deadline_member(game_id: str, token: str) -> str:
    """A deadline's member in the queue: the JSON pair ``[game id, token]``."""
    return json.dumps([game_id, token], separators=(",", ":"))


# The script's body, for either layout: ``$game`` … name its keys, ``$reserve_code`` /
# ``$refresh_code`` / ``$index_users`` are the join-code and user-index steps (a single
# server's; a cluster does them apart, see ``RedisCommits``), and ``publish_game`` announces on
# the game's channel (``PUBLISH``, or ``SPUBLISH`` on a cluster). ``string.Template``: the Lua
# has braces of its own but no dollar sign.
_BODY = Template(
    """
local stored = redis.call('GET', $game)
if ARGV[5] == '0' then
  if stored then return -2 end
$reserve_code
else
  if not stored then return 0 end
  -- envelopes are written version first; decode the whole JSON only for one written otherwise
  local version = string.match(stored, '^{"version":(%d+),')
  if not version then version = cjson.decode(stored)['version'] end
  if tonumber(version) ~= tonumber(ARGV[5]) then return -1 end
$refresh_code
end
redis.call('SET', $game, ARGV[2], 'PX', ARGV[3])
if ARGV[5] == '0' or string.find(ARGV[6], 'r', 1, true) then redis.call('DEL', $log) end
if ARGV[10] ~= '' then redis.call('RPUSH', $log, ARGV[10]) end
redis.call('PEXPIRE', $log, ARGV[3])
index_live($live, ARGV[1], ARGV[3], string.find(ARGV[6], 'f', 1, true) ~= nil)
local lobby_changed = false
if string.find(ARGV[6], 'l', 1, true) then
  lobby_changed = index_open($open, ARGV[1], ARGV[3], true)
elseif string.find(ARGV[6], 'u', 1, true) then
  lobby_changed = index_open($open, ARGV[1], ARGV[3], false)
end
$index_users

local function earliest_due()
  local head = redis.call('ZRANGE', $queue, 0, 0, 'WITHSCORES')
  return head[2] and tonumber(head[2])
end
local before = earliest_due()
replace_deadlines($queue, $due, $leases, $members, ARGV, 11)
-- wake the deadline workers only when they would otherwise sleep past the new earliest due
local after = earliest_due()
if after and (not before or after < before) then redis.call('PUBLISH', ARGV[8], ARGV[1]) end

if string.find(ARGV[6], 'd', 1, true) then
  publish_game(ARGV[7], 'd' .. ARGV[10])
else
  publish_game(ARGV[7], ARGV[2])
end
if lobby_changed then redis.call('PUBLISH', ARGV[9], ARGV[1]) end
return 1
"""
)


# A single server's join-code steps (KEYS[2]): reserved by a creation, its TTL restarted by the
# game's every other commit while it names the game.
_RESERVE_CODE = "  if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[3]) then return -3 end"
_REFRESH_CODE = "  if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end"


def commit_script(cluster: bool) -> str:
    """The commit script of a single server's key layout, or (``cluster``) of a Redis Cluster's,
    whose KEYS are all in the game's hash slot: 1 game, 2 live-games index, 3 deadline queue,
    4 deadline due hash, 5 deadline lease hash, 6 the game's deadline members, 7 open-tables
    index, 8 the game's log (the shard's; same ARGV). The cluster's script leaves the join
    code and the user indexes to ``RedisCommits`` and answers -3 never."""
    if cluster:
        names = ("game", "live", "queue", "due", "leases", "members", "open", "log")
        body = _BODY.substitute(
            {name: f"KEYS[{number}]" for number, name in enumerate(names, start=1)},
            reserve_code="",
            refresh_code="",
            index_users="",
        )
    else:
        body = _BODY.substitute(
            game="KEYS[1]",
            live="KEYS[3]",
            queue="KEYS[4]",
            due="KEYS[5]",
            leases="KEYS[6]",
            members="KEYS[7]",
            open="KEYS[8]",
            log="KEYS[9]",
            reserve_code=_RESERVE_CODE,
            refresh_code=_REFRESH_CODE,
            index_users="index_users(KEYS, 10, ARGV[1], ARGV[4], ARGV[3])",
        )
    return script(body, game_publisher(cluster), INDEX_LIVE, INDEX_OPEN, INDEX_USERS, REPLACE_DEADLINES)


COMMIT = commit_script(cluster=False)
CLUSTER_COMMIT = commit_script(cluster=True)


def seated_users(session: LiveGame) -> list[str]:
    return sorted({seat.user_id for seat in session.seats if seat is not None})


# The changes announced by their log entry alone: those ``domain.steps.redo`` takes again.
ANNOUNCED_BY_CHANGE = frozenset({"action", "deadline"})


def commit_flags(session: LiveGame, started: bool = False, logged: Logged | None = None) -> str:
    """ARGV 6 of the script: ``f`` when the game is finished (``fr`` once its result is
    recorded); ``l`` when the table is listed, else ``u`` when it may have been listed until
    this commit (it waits in the lobby, or this commit ``started`` its match), so that a move of
    a match under way skips the open tables; ``d`` when ``logged`` is a seat's action or a
    deadline's firing, which every process holding the version before can take again: the
    announcement is then that entry (a hundred bytes or so), not the whole envelope."""
    finished = ("fr" if session.result_recorded else "f") if session.phase == Phase.FINISHED else ""
    by_change = "d" if logged is not None and logged.kind in ANNOUNCED_BY_CHANGE else ""
    if session.listed:
        return finished + "l" + by_change
    return finished + ("u" if session.phase == Phase.LOBBY or started else "") + by_change


def commit_keys(keys: RedisKeys, session: LiveGame) -> list[str]:
    """The KEYS of the layout's commit script (``commit_script``)."""
    shard = keys.shard_of(session.id)
    in_slot = [  # every key in the game's hash slot: the whole of a cluster's KEYS
        keys.game(session.id),
        keys.live_games(shard),
        keys.deadlines(shard),
        keys.deadline_due(shard),
        keys.deadline_leases(shard),
        keys.deadline_members(session.id),
        keys.open_tables(shard),
        keys.game_log(session.id),
    ]
    if keys.cluster:
        return in_slot
    game, *rest = in_slot
    users = (keys.user_games(user_id) for user_id in seated_users(session))
    return [game, keys.code(session.join_code), *rest, *users]


def commit_args(
    keys: RedisKeys,
    session: LiveGame,
    ttl_ms: int,
    expected_version: int,
    deadlines: Sequence[ScheduledDeadline],
    logged: Logged | None = None,
    started: bool = False,
) -> list[str | int]:
    args: list[str | int] = [
        session.id,
        encode_session(session),
        ttl_ms,
        repr(session.created_at),
        expected_version,
        commit_flags(session, started, logged),
        keys.events(session.id),
        keys.deadline_events,
        keys.lobby_events,
        "" if logged is None else encode_logged(logged),
    ]
    for deadline in deadlines:
        if deadline.game_id != session.id:
            raise ValueError(f"deadline of game {deadline.game_id} given with game {session.id}")
        args += [deadline_member(session.id, deadline.token), repr(float(deadline.due))]
    return args
