"""tavolo's benchmark suite: the product against its baselines, in one invocation.

Targets, alternated in every scenario:
  baseline       bare Sanic WebSocket fan-out (benchmarks/baseline_sanic.py), the stack's limit
  peer           boardgame.io's stock server, in memory (benchmarks/peer/)
  tavolo-memory  the product on its in-memory adapters, one process
  tavolo-redis   the product on Redis, ``tavolo serve --workers 2``
  tavolo-affinity  the product on Redis as two ``tavolo serve`` of one worker each, every
                 socket of a game sent to one of them by the game's id (game affinity, as a
                 proxy hashing the game's path does: docs/scaling.md)

Scenarios: one game without think time; a sweep of game counts; a realistic load
(2 s mean think time) raised until p99 > 50 ms or server CPU > 80 %; mostly idle
connections (memory per connection); deadline lateness (players that never move);
the engine micro-benchmark. Results: benchmarks/results/<timestamp>.json + a table.

Placement: the load client runs pinned to CPU 0 and every server process to CPU 1
(``taskset``), so "server CPU %" is a share of one core. Redis is the machine's shared
server and is not pinned; its CPU time is reported beside the product's. As root, the
client and the servers run at nice -10 (BENCH_NICE) so other work on a shared machine
disturbs them less; every row records the 1-minute load average.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import loadclient as lc
import servers as sv

HERE = Path(__file__).resolve().parent
TARGETS = ("baseline", "peer", "tavolo-memory", "tavolo-redis", "tavolo-affinity")
ON_REDIS = ("tavolo-redis", "tavolo-affinity")
SCENARIOS = ("engine", "one_game", "sweep", "realistic", "idle_connections", "deadlines")
REPEATED = ("one_game", "sweep")  # the scenarios ``--repeat`` runs more than once
OS_RELEASE = ". /etc/os-release; echo $PRETTY_NAME"
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")


def pct(samples: list[float], q: float) -> float | None:
    if not samples:
        return None
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(samples: list[float]) -> dict[str, Any]:
    def r(value: float | None) -> float | None:
        return None if value is None else round(value * 1000, 3)

    return {
        "count": len(samples),
        "p50_ms": r(pct(samples, 0.5)),
        "p95_ms": r(pct(samples, 0.95)),
        "p99_ms": r(pct(samples, 0.99)),
        "max_ms": r(max(samples) if samples else None),
    }


def self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.quick = args.quick
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.out = Path(args.out or HERE / "results" / f"{stamp}.json")
        self.workdir = Path(tempfile.mkdtemp(prefix="tavolo-bench-"))
        self.key_prefix = f"tavolo-bench-{os.getpid()}-{stamp}"
        self.launcher = sv.Launcher(
            self.workdir,
            None if args.no_pin else "1",
            REDIS_URL,
            self.key_prefix,
            args.pad_bytes,
            Path(args.product_dir).resolve(),
        )
        self.results: dict[str, Any] = {"scenarios": {}, "started": stamp, "quick": self.quick}
        self.saturation: dict[str, float] = {}
        self.t0 = time.perf_counter()
        self.redis_pid = sv.redis_server_pid()

    # -- plumbing ------------------------------------------------------------------------

    def target_for(self, server: sv.Server) -> lc.Target:
        base = f"http://127.0.0.1:{server.port}"
        if server.kind == "baseline":
            return lc.BaselineTarget(base)
        if server.kind == "peer":
            return lc.PeerTarget(base, f"http://127.0.0.1:{server.api_port}")
        return lc.TavoloTarget(base, ws_bases=[f"ws://127.0.0.1:{port}" for port in server.ports])

    async def start(self, kind: str, **timeouts: float) -> tuple[sv.Server, lc.Target]:
        server = await asyncio.to_thread(self.launcher.start, kind, **timeouts)
        target = self.target_for(server)
        await target.setup()
        return server, target

    async def stop(self, server: sv.Server, target: lc.Target, games: list[lc.Game]) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*(target.close_game(g) for g in games)), 60)
        with contextlib.suppress(Exception):
            await target.close()
        await asyncio.to_thread(server.stop)
        if server.kind in ON_REDIS:
            await self.clean_redis()
        gc.unfreeze()
        gc.collect()

    async def clean_redis(self) -> None:
        import redis.asyncio as redis

        client = redis.from_url(REDIS_URL)
        try:
            batch = []
            async for key in client.scan_iter(match=f"{self.key_prefix}*", count=1000):
                batch.append(key)
                if len(batch) >= 500:
                    await client.delete(*batch)
                    batch = []
            if batch:
                await client.delete(*batch)
        finally:
            await client.aclose()

    @staticmethod
    async def bounded(count: int, make: Callable[[], Awaitable[Any]], parallel: int = 16) -> list[Any]:
        semaphore = asyncio.Semaphore(parallel)

        async def one() -> Any:
            async with semaphore:
                return await make()

        return list(await asyncio.gather(*(one() for _ in range(count))))

    async def open_games(self, target: lc.Target, count: int) -> list[lc.Game]:
        games = await self.bounded(count, target.create_game, 16)
        await self.connect_all(target, games)
        return games

    async def connect_all(self, target: lc.Target, games: list[lc.Game]) -> None:
        """Open every game's four sockets, a few games at a time, retrying a failed game."""

        async def connect(game: lc.Game) -> None:
            for attempt in range(3):
                try:
                    await target.connect(game)
                    return
                except Exception:
                    await target.close_game(game)
                    game.conns = [None] * lc.SEATS
                    game.readers = []
                    if attempt == 2:
                        raise
                    await asyncio.sleep(1.0)

        await self.bounded_each(games, connect, 8 if isinstance(target, lc.PeerTarget) else 32)

    @staticmethod
    async def bounded_each(items: list[Any], run: Callable[[Any], Awaitable[Any]], parallel: int) -> None:
        semaphore = asyncio.Semaphore(parallel)

        async def one(item: Any) -> None:
            async with semaphore:
                await run(item)

        await asyncio.gather(*(one(item) for item in items))

    async def measure(
        self,
        server: sv.Server,
        target: lc.Target,
        games: list[lc.Game],
        think: float,
        warm: float,
        window: float,
        probe: bool = True,
    ) -> dict[str, Any]:
        """Drive ``games`` for warm + window seconds; figures come from the window only."""
        gc.collect()
        gc.freeze()
        target.stats = lc.Stats()
        now = time.perf_counter()
        w0, w1 = now + warm, now + warm + window
        target.stats.window = (w0, w1)
        rng = random.Random(len(games))
        lag: list[float] = []
        probes: list[float] = []
        side: list[asyncio.Task[Any]] = [asyncio.create_task(self._snapshots(server, w0, w1))]
        drivers = [
            asyncio.create_task(lc.drive(target, game, random.Random(rng.random()), think, w1))
            for game in games
        ]
        await asyncio.sleep(max(0.0, w0 - time.perf_counter()))
        side.append(asyncio.create_task(lc.loop_lag(lag, w1)))
        if probe:
            side.append(asyncio.create_task(lc.probe(self.launcher.health_url(server), probes, w1)))
        finished = await asyncio.gather(*drivers, return_exceptions=True)
        snap = await side[0]
        await asyncio.gather(*side[1:], return_exceptions=True)
        failures = [repr(f) for f in finished if isinstance(f, BaseException)]
        for index, result in enumerate(finished):
            if isinstance(result, lc.Game):
                games[index] = result
        stats = target.stats
        span = w1 - w0
        cpu = snap["server_cpu"]
        row: dict[str, Any] = {
            "games": len(games),
            "think_s": think,
            "window_s": round(span, 2),
            "moves": stats.moves,
            "moves_per_s": round(stats.moves / span, 1),
            "server_cpu_s": round(cpu, 3),
            "server_cpu_pct": round(100 * cpu / span, 1),
            "moves_per_server_cpu_s": round(stats.moves / cpu, 1) if cpu > 0 else None,
            "client_cpu_pct": round(100 * snap["client_cpu"] / span, 1),
            "rtt": ms(stats.rtts),
            "server_probe": ms(probes),
            "client_loop_lag": ms(lag),
            "timeouts": stats.timeouts,
            "busy": stats.busy,
            "busy_answer": ms(stats.busy_answers),
            "errors": stats.errors,
            "games_replaced": stats.replaced,
            "avg_frame_bytes": round(stats.bytes_in / stats.frames_in) if stats.bytes_in else None,
            "server_rss_mb": round(server.rss() / 2**20, 1),
            "loadavg_1m": round(os.getloadavg()[0], 2),
        }
        if snap.get("redis_cpu") is not None:
            redis_cpu = snap["redis_cpu"]
            row["redis_cpu_s"] = round(redis_cpu, 3)
            row["moves_per_server_plus_redis_cpu_s"] = round(stats.moves / (cpu + redis_cpu), 1)
        if server.kind == "baseline":
            with contextlib.suppress(Exception):
                reply = await target.http.get(f"{target.base}/lag")
                row["baseline_inprocess_loop_lag_s"] = reply.json()
        if failures:
            row["driver_failures"] = failures[:5]
        return row

    async def _snapshots(self, server: sv.Server, w0: float, w1: float) -> dict[str, float | None]:
        await asyncio.sleep(max(0.0, w0 - time.perf_counter()))
        cpu0, client0 = server.cpu(), self_cpu()
        redis0 = sv.cpu_seconds(self.redis_pid) if self.redis_pid and server.kind in ON_REDIS else None
        await asyncio.sleep(max(0.0, w1 - time.perf_counter()))
        cpu1, client1 = server.cpu(), self_cpu()
        redis1 = sv.cpu_seconds(self.redis_pid) if redis0 is not None and self.redis_pid else None
        return {
            "server_cpu": cpu1 - cpu0,
            "client_cpu": client1 - client0,
            "redis_cpu": None if redis0 is None or redis1 is None else redis1 - redis0,
        }

    def log(self, text: str) -> None:
        print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)

    def round_results(self, index: int) -> dict[str, Any]:
        """The scenarios of round ``index``: the first round's are the results' own, later ones
        go under ``rounds``."""
        if index == 0:
            scenarios: dict[str, Any] = self.results["scenarios"]
            return scenarios
        extra = self.results.setdefault("rounds", [])
        while len(extra) < index:
            extra.append({"scenarios": {}})
        later: dict[str, Any] = extra[index - 1]["scenarios"]
        return later

    def save(self) -> None:
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.out.write_text(json.dumps(self.results, indent=1))

    # -- scenarios -----------------------------------------------------------------------

    async def scenario_engine(self) -> Any:
        steps = 1500 if self.quick else 5000
        python = sys.executable
        argv = [python, str(HERE / "engine_bench.py"), "--product-dir", str(self.args.product_dir)]
        argv += ["--steps", str(steps)]
        if not self.args.no_pin:
            argv = ["taskset", "-c", "1", *argv]
        out = await asyncio.to_thread(subprocess.run, argv, capture_output=True, text=True, check=True)
        rows = json.loads(out.stdout)
        for row in rows:
            self.log(f"engine {row['game_type']}: {row['legal_plus_apply_median_us']} µs median")
        return rows

    async def scenario_one_game(self, kind: str) -> Any:
        server, target = await self.start(kind)
        games: list[lc.Game] = []
        try:
            games = await self.open_games(target, 1)
            row = await self.measure(server, target, games, 0.0, 2.0, 5.0 if self.quick else 12.0)
            self.log(f"one game {kind}: {self.brief(row)}")
            return row
        finally:
            await self.stop(server, target, games)

    async def scenario_sweep(self, kind: str) -> Any:
        counts = [1, 10, 50, 200] if self.quick else [1, 10, 50, 200, 1000, 2000]
        server, target = await self.start(kind)
        games: list[lc.Game] = []
        try:
            rss0 = server.rss()
            games = await self.bounded(max(counts), target.create_game, 16)
            await asyncio.sleep(1)
            rss1 = server.rss()
            await self.connect_all(target, games)
            await asyncio.sleep(1)
            rss2 = server.rss()
            result: dict[str, Any] = {
                "memory": {
                    "games": len(games),
                    "rss_start_mb": round(rss0 / 2**20, 1),
                    "rss_per_game_kb": round((rss1 - rss0) / len(games) / 1024, 2),
                    "rss_per_connection_kb": round((rss2 - rss1) / (4 * len(games)) / 1024, 2),
                    "pss_mb": round(server.pss() / 2**20, 1),
                },
                "points": [],
            }
            for count in counts:
                row = await self.measure(server, target, games[:count], 0.0, 2.0, 5.0 if self.quick else 8.0)
                result["points"].append(row)
                self.log(f"sweep {kind} {count} games: {self.brief(row)}")
            best = max(result["points"], key=lambda r: r["moves_per_s"])
            self.saturation[kind] = best["moves_per_s"]
            result["saturation_moves_per_s"] = best["moves_per_s"]
            return result
        finally:
            await self.stop(server, target, games)

    async def scenario_realistic(self, kind: str) -> Any:
        think = 2.0
        if self.quick:
            steps = [50, 100, 200, 400]
        else:
            steps = [100, 200, 400, 700, 1000, 1500, 2000, 3000, 4000, 5000, 6000]
        steps = [s for s in steps if s <= self.args.max_games]
        server, target = await self.start(kind)
        games: list[lc.Game] = []
        result: dict[str, Any] = {"think_s": think, "steps": [], "max_games_ok": 0, "stopped_by": None}
        try:
            for count in steps:
                extra = count - len(games)
                started = time.perf_counter()
                games += await self.open_games(target, extra)
                setup_s = time.perf_counter() - started
                row = await self.measure(
                    server, target, games, think, 4.0 if self.quick else 5.0, 6.0 if self.quick else 10.0
                )
                row["setup_s"] = round(setup_s, 1)
                result["steps"].append(row)
                self.log(f"realistic {kind} {count} games: {self.brief(row)}")
                reasons = []
                if (row["rtt"]["p99_ms"] or 0) > 50:
                    reasons.append("p99 > 50 ms")
                if row["server_cpu_pct"] > 80:
                    reasons.append("server CPU > 80 %")
                if row["timeouts"]:
                    reasons.append("move timeouts")
                if row["client_cpu_pct"] > 90:
                    reasons.append("client CPU > 90 % (client-bound)")
                if reasons:
                    result["stopped_by"] = ", ".join(reasons)
                    break
                result["max_games_ok"] = count
                if time.perf_counter() - self.t0 > self.args.budget_s * 0.8:
                    result["stopped_by"] = "time budget"
                    break
            else:
                result["stopped_by"] = "largest step reached"
            sat = self.saturation.get(kind)
            if sat:
                half = min(result["steps"], key=lambda r: abs(r["moves_per_s"] - sat / 2))
                result["half_saturation"] = {
                    "saturation_moves_per_s": sat,
                    "games": half["games"],
                    "moves_per_s": half["moves_per_s"],
                    "rtt": half["rtt"],
                }
            return result
        finally:
            await self.stop(server, target, games)

    async def scenario_idle_connections(self, kind: str) -> Any:
        connections = self.args.idle_connections or (2000 if self.quick else 10000)
        server, target = await self.start(kind)
        games: list[lc.Game] = []
        try:
            rss0 = server.rss()
            workers0 = {pid: sv.rss_bytes(pid) for pid in server.worker_pids()}
            games = await self.bounded(connections // 4, target.create_game, 16)
            await asyncio.sleep(1)
            rss1 = server.rss()
            workers1 = {pid: sv.rss_bytes(pid) for pid in server.worker_pids()}
            started = time.perf_counter()
            await self.connect_all(target, games)
            connect_s = time.perf_counter() - started
            await asyncio.sleep(3)
            rss2 = server.rss()
            workers2 = {pid: sv.rss_bytes(pid) for pid in server.worker_pids()}
            conns = 4 * len(games)
            row = {
                "connections": conns,
                "games": len(games),
                "connect_s": round(connect_s, 1),
                "rss_before_mb": round(rss0 / 2**20, 1),
                "rss_games_mb": round(rss1 / 2**20, 1),
                "rss_connected_mb": round(rss2 / 2**20, 1),
                "rss_per_game_kb": round((rss1 - rss0) / len(games) / 1024, 2),
                "rss_per_connection_kb": round((rss2 - rss1) / conns / 1024, 2),
                "per_worker": [
                    {
                        "pid": pid,
                        "rss_mb": round(workers2.get(pid, 0) / 2**20, 1),
                        "connections_delta_mb": round(
                            (workers2.get(pid, 0) - workers1.get(pid, 0)) / 2**20, 1
                        ),
                        "games_delta_mb": round((workers1.get(pid, 0) - workers0.get(pid, 0)) / 2**20, 1),
                    }
                    for pid in workers2
                ],
                "pss_mb": round(server.pss() / 2**20, 1),
            }
            self.log(
                f"idle {kind}: {conns} connections, {row['rss_per_connection_kb']} KB/connection, "
                f"{row['rss_per_game_kb']} KB/game"
            )
            return row
        finally:
            await self.stop(server, target, games)

    async def scenario_deadlines(self, kind: str) -> Any:
        idle_games = 40 if self.quick else 100
        duration = 10.0 if self.quick else 20.0
        server, target = await self.start(kind, turn_timeout=1.0, hand_ack_timeout=1.0)
        watched: list[lc.Game] = []
        load: list[lc.Game] = []
        result: dict[str, Any] = {"turn_timeout_s": 1.0, "hand_ack_timeout_s": 1.0}
        try:
            watched = await self.open_games(target, idle_games)
            for label in ("idle", "under_load"):
                if label == "under_load":
                    # about half of this target's saturation, with short think times (< 1 s timeout)
                    sat = self.saturation.get(kind, 400.0)
                    count = max(4, min(400, int(sat * 0.5 * 0.25)))
                    load = await self.open_games(target, count)
                for game in watched:
                    game.late = []
                server_cpu0 = server.cpu()
                started = time.perf_counter()
                target.stats = lc.Stats()
                stop_at = started + duration
                target.stats.window = (started, stop_at)
                drivers = [
                    lc.drive(target, game, random.Random(i), 0.25, stop_at) for i, game in enumerate(load)
                ]
                await asyncio.gather(asyncio.sleep(duration), *drivers, return_exceptions=True)
                cpu = server.cpu() - server_cpu0
                span = time.perf_counter() - started
                late = [x for game in watched for x in (game.late or [])]
                for game in watched:
                    game.late = None
                row = {
                    "watched_games": len(watched),
                    "load_games": len(load),
                    "load_moves_per_s": round(target.stats.moves / duration, 1),
                    "load_rtt": ms(target.stats.rtts),
                    "server_cpu_pct": round(100 * cpu / span, 1),
                    "fired": len(late),
                    "early": sum(1 for x in late if x < 0),
                    "earliest_ms": round(min(late) * 1000, 3) if late else None,
                    "lateness": ms([max(0.0, x) for x in late]),
                }
                result[label] = row
                self.log(
                    f"deadlines {kind} {label}: {row['fired']} fired, {row['early']} early, "
                    f"lateness p99 {row['lateness']['p99_ms']} ms"
                )
            return result
        finally:
            await self.stop(server, target, watched + load)

    @staticmethod
    def brief(row: dict[str, Any]) -> str:
        return (
            f"{row['moves_per_s']} moves/s, {row['moves_per_server_cpu_s']} moves/CPU-s, "
            f"CPU {row['server_cpu_pct']}%, client {row['client_cpu_pct']}%, "
            f"rtt p50 {row['rtt']['p50_ms']} p99 {row['rtt']['p99_ms']} ms, "
            f"probe p99 {row['server_probe']['p99_ms']} ms, timeouts {row['timeouts']}, busy {row['busy']}"
        )

    # -- the run -------------------------------------------------------------------------

    async def run(self) -> None:
        self.results["versions"] = versions(self.args)
        self.results["placement"] = (
            "unpinned"
            if self.args.no_pin
            else "load client pinned to CPU 0, server processes to CPU 1 (taskset); Redis unpinned"
        )
        self.results["pad_bytes"] = self.args.pad_bytes
        self.results["repeat"] = self.args.repeat
        started = self.t0 = time.perf_counter()
        try:
            for scenario in self.args.scenarios:
                if scenario == "engine":
                    self.log(f"== {scenario}")
                    self.results["scenarios"]["engine"] = await self.scenario_engine()
                    self.save()
                    continue
                # The one-game and sweep scenarios settle ratios: they run ``--repeat`` rounds, every
                # target once per round in turn, so a slow minute of the machine hits all of them.
                rounds = self.args.repeat if scenario in REPEATED else 1
                kinds = [k for k in self.args.targets if scenario != "deadlines" or k.startswith("tavolo")]
                for round_index in range(rounds):
                    which = f" (round {round_index + 1} of {rounds})" if rounds > 1 else ""
                    self.log(f"== {scenario}{which}")
                    scenarios = self.round_results(round_index)
                    bucket = scenarios.setdefault(scenario, {})
                    for kind in kinds:
                        runner = getattr(self, f"scenario_{scenario}")
                        try:
                            bucket[kind] = await runner(kind)
                        except Exception as error:  # one target failing must not lose the others
                            self.log(f"{scenario} {kind} FAILED: {error!r}")
                            bucket[kind] = {"error": repr(error)}
                        self.save()
        finally:
            self.results["duration_s"] = round(time.perf_counter() - started, 1)
            self.results["ratios"] = repeated_ratios(self.results)
            self.save()
            shutil.rmtree(self.workdir, ignore_errors=True)
        print_table(self.results)
        print(f"\nresults: {self.out}")


def repeated_ratios(results: dict[str, Any]) -> dict[str, Any]:
    """Each ratio of ``ratios`` as the median over the rounds, with its spread (lowest, highest)
    and each round's value; one round gives the ratios themselves."""
    rounds = [results["scenarios"], *(extra["scenarios"] for extra in results.get("rounds", []))]
    each = [ratios({"scenarios": scenarios}) for scenarios in rounds]
    if len(each) == 1:
        return each[0]
    out: dict[str, Any] = {"basis": f"{each[0]['basis']}; median of {len(each)} rounds [lowest, highest]"}
    for key in each[0]:
        if key == "basis":
            continue
        values = [r[key] for r in each if r.get(key) is not None]
        out[key] = {
            "median": round(statistics.median(values), 3) if values else None,
            "spread": [min(values), max(values)] if values else None,
            "rounds": [r.get(key) for r in each],
        }
    return out


def ratios(results: dict[str, Any]) -> dict[str, Any]:
    """The product's throughput against the baselines, in moves per server CPU-second, and one
    unloaded game's round trip on Redis against in memory (p50)."""
    sweep = results["scenarios"].get("sweep", {})

    def best(kind: str) -> float | None:
        points = sweep.get(kind, {}).get("points") or []
        values = [p["moves_per_server_cpu_s"] for p in points if p.get("moves_per_server_cpu_s")]
        return max(values) if values else None

    out: dict[str, Any] = {"basis": "best moves per server CPU-second over the sweep"}
    for kind in TARGETS:
        out[f"{kind}_moves_per_cpu_s"] = best(kind)
    for product in ("tavolo-memory", *ON_REDIS):
        for base in ("peer", "baseline"):
            a, b = best(product), best(base)
            out[f"{product}/{base}"] = round(a / b, 3) if a and b else None
    one = results["scenarios"].get("one_game", {})

    def p50(kind: str) -> float | None:
        row = one.get(kind) or {}
        value = (row.get("rtt") or {}).get("p50_ms")
        return float(value) if value else None

    memory_p50 = p50("tavolo-memory")
    for kind in ON_REDIS:
        redis_p50 = p50(kind)
        out[f"one game p50 {kind}/tavolo-memory"] = (
            round(redis_p50 / memory_p50, 3) if redis_p50 and memory_p50 else None
        )
    return out


def versions(args: argparse.Namespace) -> dict[str, Any]:
    def run(argv: list[str]) -> str:
        try:
            return subprocess.run(
                argv, capture_output=True, text=True, check=False, timeout=20
            ).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            return "unavailable"

    import sanic
    import websockets

    cpu_model = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
    mem_kb = 0
    with contextlib.suppress(OSError):
        mem_kb = int(Path("/proc/meminfo").read_text().split()[1])
    bgio = "unavailable"
    with contextlib.suppress(OSError, ValueError):
        package = HERE / "peer" / "node_modules" / "boardgame.io" / "package.json"
        bgio = json.loads(package.read_text())["version"]
    product = Path(args.product_dir).resolve()
    return {
        "python": platform.python_version(),
        "sanic": sanic.__version__,
        "websockets": websockets.__version__,
        "uvloop": _version("uvloop"),
        "python_socketio": _version("socketio"),
        "redis_server": run(["redis-server", "--version"]),
        "node": run(["node", "--version"]),
        "boardgame_io": bgio,
        "os": f"{platform.system()} {platform.release()} ({run(['sh', '-c', OS_RELEASE])})",
        "cpu_model": cpu_model,
        "nproc": os.cpu_count(),
        "memory_gb": round(mem_kb / 2**20, 1),
        "product_dir": str(product),
        "product_commit": run(["git", "-C", str(HERE.parent), "rev-parse", "HEAD"]),
        "product_tree": "HEAD snapshot" if product != HERE.parent.resolve() else "working tree",
    }


def _version(module: str) -> str:
    try:
        imported = __import__(module)
    except ImportError:
        return "not installed"
    return str(getattr(imported, "__version__", "unknown"))


def print_table(results: dict[str, Any]) -> None:
    scenarios = results["scenarios"]
    lines = [
        "",
        "target          scenario              moves/s  moves/CPU-s  CPU%   p50ms   p95ms   p99ms   maxms",
    ]

    def line(kind: str, label: str, row: dict[str, Any]) -> None:
        rtt = row["rtt"]
        lines.append(
            f"{kind:15} {label:20} {row['moves_per_s']:8} {row['moves_per_server_cpu_s'] or 0:12} "
            f"{row['server_cpu_pct']:5} {rtt['p50_ms'] or 0:7} {rtt['p95_ms'] or 0:7} "
            f"{rtt['p99_ms'] or 0:7} {rtt['max_ms'] or 0:7}"
        )

    rounds = [scenarios, *(extra["scenarios"] for extra in results.get("rounds", []))]
    for kind in TARGETS:
        for number, each in enumerate(rounds, start=1):
            mark = f" r{number}" if len(rounds) > 1 else ""
            one = each.get("one_game", {}).get(kind)
            if one and "error" not in one:
                line(kind, f"one game{mark}", one)
            for point in each.get("sweep", {}).get(kind, {}).get("points", []):
                line(kind, f"sweep {point['games']}{mark}", point)
        real = scenarios.get("realistic", {}).get(kind)
        if real and "error" not in real and real["steps"]:
            for step in real["steps"]:
                line(kind, f"2s-think {step['games']}", step)
    lines.append("")
    for kind in TARGETS:
        real = scenarios.get("realistic", {}).get(kind)
        if real and "error" not in real:
            lines.append(
                f"{kind:15} realistic load: {real['max_games_ok']} games ok (stopped by {real['stopped_by']})"
            )
        idle = scenarios.get("idle_connections", {}).get(kind)
        if idle and "error" not in idle:
            lines.append(
                f"{kind:15} idle: {idle['connections']} connections, {idle['rss_per_connection_kb']} KB each"
            )
        mem = scenarios.get("sweep", {}).get(kind, {}).get("memory")
        if mem:
            lines.append(
                f"{kind:15} memory: {mem['rss_per_game_kb']} KB/game, "
                f"{mem['rss_per_connection_kb']} KB/connection"
            )
        dl = scenarios.get("deadlines", {}).get(kind)
        if dl and "error" not in dl:
            for label in ("idle", "under_load"):
                d = dl.get(label)
                if d:
                    lines.append(
                        f"{kind:15} deadlines {label}: {d['fired']} fired, {d['early']} early, "
                        f"lateness p50 {d['lateness']['p50_ms']} p99 {d['lateness']['p99_ms']} ms"
                    )
    for row in scenarios.get("engine", []) or []:
        lines.append(
            f"engine {row['game_type']:22} legal+apply median {row['legal_plus_apply_median_us']} µs, "
            f"server engine path {row['server_engine_path_median_us']} µs"
        )
    lines.append("")
    for key, value in results.get("ratios", {}).items():
        if isinstance(value, dict):  # repeated: the median, its spread and each round
            low, high = value["spread"] or (None, None)
            value = f"{value['median']} (lowest {low}, highest {high}; rounds {value['rounds']})"
        lines.append(f"ratio {key}: {value}")
    lines.append(f"duration: {results.get('duration_s')} s")
    print("\n".join(lines))


def setup_process(pin: bool) -> None:
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = 200_000
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, want), max(hard, want)))
    if pin and hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {0})
    if sv.NICE and os.geteuid() == 0:
        with contextlib.suppress(OSError):
            os.nice(sv.NICE)
    gc.set_threshold(50_000, 50, 100)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a few-minute smoke run with smaller numbers")
    parser.add_argument("--scenarios", nargs="+", choices=SCENARIOS, default=list(SCENARIOS))
    parser.add_argument("--targets", nargs="+", choices=TARGETS, default=list(TARGETS))
    parser.add_argument("--product-dir", default=str(HERE.parent), help="the tavolo source tree to serve")
    parser.add_argument("--pad-bytes", type=int, default=1550, help="baseline state padding (product's size)")
    parser.add_argument("--max-games", type=int, default=6000, help="cap of the realistic ramp")
    parser.add_argument("--budget-s", type=float, default=1800, help="stop ramping past 80%% of this")
    parser.add_argument("--idle-connections", type=int, default=0)
    parser.add_argument("--no-pin", action="store_true", help="do not pin the client and servers to CPUs")
    parser.add_argument("--out", help="the JSON results file")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="rounds of the one-game and sweep scenarios; ratios are reported as the median with its spread",
    )
    args = parser.parse_args()
    if "sweep" not in args.scenarios and ("realistic" in args.scenarios or "deadlines" in args.scenarios):
        print("note: without the sweep, half-saturation figures use defaults", file=sys.stderr)
    setup_process(not args.no_pin)
    try:
        import uvloop

        uvloop.run(Bench(args).run())
    except ImportError:
        asyncio.run(Bench(args).run())


if __name__ == "__main__":
    main()
