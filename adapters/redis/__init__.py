"""Redis adapters: live games, join codes, commits, notifications, deadlines, logins,
the open tables, presence, the quick-match pool, the workers' lateness, and the running
arenas (their pool, tables and live standings, the leases of their pairing loops, their
notices).

Every process of a deployment shares one Redis server, or one Redis Cluster;
all keys live under a configurable prefix (``RedisKeys``, whose cluster layout
puts each game's keys in one hash slot). Writes whose atomicity matters are Lua
scripts composed from the fragments in ``lua.py`` (a commit's create or
compare-and-set with its deadlines, open-tables index and announcements, the
deadline claim and completion, presence changes with their announcement, the
quick-match claim, a worker's lateness report with the worst of the others', an arena's
fenced seating, taking a lease with its next fencing token).
``connect`` (one server) or ``connect_cluster`` builds the client the adapters
share; the notifier, the deadline queue, the lobby and the arena notices own a pub/sub
connection each (the notifier on a cluster: one per master it watches games
on), closed by ``close()``.
"""

from adapters.redis.arena_live import RedisArenaLive
from adapters.redis.arena_notices import RedisArenaNotices
from adapters.redis.commits import RedisCommits
from adapters.redis.connection import connect, connect_cluster
from adapters.redis.deadlines import RedisDeadlineQueue
from adapters.redis.game_store import RedisGameStore
from adapters.redis.keys import RedisKeys
from adapters.redis.leases import RedisLeases
from adapters.redis.lobby_notices import RedisLobbyNotices
from adapters.redis.login_sessions import RedisLoginSessions
from adapters.redis.match_pool import RedisMatchPool
from adapters.redis.notifier import RedisNotifier
from adapters.redis.presence import RedisPresence
from adapters.redis.worker_loads import RedisWorkerLoads

__all__ = [
    "RedisArenaLive",
    "RedisArenaNotices",
    "RedisCommits",
    "RedisDeadlineQueue",
    "RedisKeys",
    "RedisLeases",
    "RedisLobbyNotices",
    "RedisLoginSessions",
    "RedisMatchPool",
    "RedisNotifier",
    "RedisPresence",
    "RedisGameStore",
    "RedisWorkerLoads",
    "connect",
    "connect_cluster",
]
