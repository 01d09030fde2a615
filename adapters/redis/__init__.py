"""Redis adapters: live games, join codes, commits, notifications, deadlines, logins.

Every process of a deployment shares one Redis; all keys live under a
configurable prefix (``RedisKeys``). Writes whose atomicity matters are Lua
scripts composed from the fragments in ``lua.py`` (a commit's create or
compare-and-set with its deadlines and announcement, the deadline claim and
completion). ``connect`` builds the client the adapters share; the notifier
and the deadline queue own a pub/sub connection each, closed by ``close()``.
"""

from adapters.redis.commits import RedisCommits
from adapters.redis.connection import connect
from adapters.redis.deadlines import RedisDeadlineQueue
from adapters.redis.keys import RedisKeys
from adapters.redis.login_sessions import RedisLoginSessions
from adapters.redis.notifier import RedisNotifier
from adapters.redis.session_store import RedisSessionStore

__all__ = [
    "RedisCommits",
    "RedisDeadlineQueue",
    "RedisKeys",
    "RedisLoginSessions",
    "RedisNotifier",
    "RedisSessionStore",
    "connect",
]
