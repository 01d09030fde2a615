"""How late each worker of the deployment runs, in one Redis hash they all share."""

from __future__ import annotations

from adapters.redis.connection import Client
from adapters.redis.durations import milliseconds
from adapters.redis.keys import RedisKeys
from adapters.redis.lua import NOW_MS, script

FRESH_SECONDS = 1.0

# Records one worker's lateness and answers the worst fresh one, dropping stale reports.
# KEYS: the hash (worker -> "lateness ms:reported at ms").  ARGV: worker, lateness ms, fresh ms.
_EXCHANGE = script(
    """
local now = now_ms()
local fresh = tonumber(ARGV[3])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. now)
redis.call('PEXPIRE', KEYS[1], fresh * 10)
local worst = 0
local reports = redis.call('HGETALL', KEYS[1])
for i = 1, #reports, 2 do
  local late, at = string.match(reports[i + 1], '^(%d+):(%d+)$')
  if at and tonumber(at) > now - fresh then
    worst = math.max(worst, tonumber(late))
  else
    redis.call('HDEL', KEYS[1], reports[i])
  end
end
return worst
""",
    NOW_MS,
)


class RedisWorkerLoads:
    """``WorkerLoads`` on Redis: one hash of every worker's latest report (lateness and Redis
    ``TIME`` of the report, in ms); one script records a report and reads the worst fresh one."""

    def __init__(self, client: Client, keys: RedisKeys, fresh_seconds: float = FRESH_SECONDS) -> None:
        self._key = keys.worker_loads
        self._fresh_ms = milliseconds(fresh_seconds)
        self._exchange = client.register_script(_EXCHANGE)

    async def exchange(self, worker: str, lateness: float) -> float:
        late_ms = max(0, round(lateness * 1000))
        worst: int = await self._exchange(keys=[self._key], args=[worker, late_ms, self._fresh_ms])
        return worst / 1000
