"""Searching computer players' moves worked out in a small pool of processes: the embedded default.

Each process of the pool is ``python -m entrypoints.thinker`` (started when the first question comes,
so a server whose tables have no searching player starts none), answering one question at a time
over its standard input and output, one JSON line each way. The event loop only hands a question
over and awaits its line: the search's CPU is spent in the pool's processes, never on the loop.

They are plain child processes rather than a ``multiprocessing`` pool because a Sanic worker is a
daemonic process, and a daemonic process may not have ``multiprocessing`` children.

A process that dies, or takes longer than ``timeout`` seconds, is replaced and the question gets
``ThinkingUnavailable``: its deadline comes back, or the seat's turn deadline plays for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import sys
from collections.abc import Sequence
from typing import Any

import orjson

from application.playing.thinking import ThinkingUnavailable
from domain.bots.base import Action
from domain.bots.search import Budget
from domain.bots.thinking import Question, StaleQuestion

log = logging.getLogger(__name__)

THINKER = "entrypoints.thinker"
"""The module each process of the pool runs."""


class _Thinker:
    """One process of the pool."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @property
    def alive(self) -> bool:
        return self.process.returncode is None

    async def ask(self, line: bytes) -> dict[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(line)
        await stdin.drain()
        reply = await stdout.readline()
        if not reply:
            raise ConnectionError("the thinking process ended")
        answered: dict[str, Any] = orjson.loads(reply)
        return answered

    async def stop(self) -> None:
        if self.alive:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        await self.process.wait()


class ProcessPoolThinking:
    """A ``Thinking`` of ``size`` processes hosting the ``games`` packages (all installed: empty),
    searching on ``budget`` (each package's own when None)."""

    def __init__(
        self, size: int, games: Sequence[str] = (), timeout: float = 5.0, budget: Budget | None = None
    ) -> None:
        if size < 1:
            raise ValueError("a thinking pool has at least one process")
        self.size = size
        self.games = tuple(games)
        self.budget = budget
        self.timeout = timeout
        self._idle: asyncio.Queue[_Thinker] | None = None
        self._started = 0
        self._all: set[_Thinker] = set()
        self._ids = itertools.count(1)
        self._closed = False

    async def answer(self, question: Question) -> Action:
        if self._closed:
            raise ThinkingUnavailable("the thinking pool is closed")
        try:
            thinker = await asyncio.wait_for(self._take(), self.timeout)
        except TimeoutError:
            raise ThinkingUnavailable("every thinking process is busy") from None
        ident = next(self._ids)
        line = orjson.dumps({**question.dump(), "id": ident}) + b"\n"
        try:
            reply = await asyncio.wait_for(thinker.ask(line), self.timeout)
        except (TimeoutError, ConnectionError, OSError, ValueError) as error:
            log.warning("a thinking process failed (%s); starting another", type(error).__name__)
            await self._retire(thinker)
            raise ThinkingUnavailable("the computer player could not think") from None
        except BaseException:  # cancelled mid-question: its answer would come to the next one
            await self._retire(thinker)
            raise
        self._give_back(thinker)
        if reply.get("id") != ident:
            raise ThinkingUnavailable("a thinking process answered another question")
        if reply.get("error") == "stale":
            raise StaleQuestion(str(reply.get("message")))
        action = reply.get("action")
        if not isinstance(action, dict):
            raise ThinkingUnavailable(f"the computer player could not think: {reply.get('message')}")
        return action

    async def close(self) -> None:
        self._closed = True
        thinkers, self._all = list(self._all), set()
        await asyncio.gather(*(thinker.stop() for thinker in thinkers))

    async def _take(self) -> _Thinker:
        if self._idle is None:
            self._idle = asyncio.Queue()
        if self._idle.empty() and self._started < self.size:
            self._started += 1
            try:
                return await self._start()
            except OSError as error:
                self._started -= 1
                raise ThinkingUnavailable(f"no thinking process could start: {error}") from None
        return await self._idle.get()

    async def _start(self) -> _Thinker:
        arguments = ["-m", THINKER] + (["--games", ",".join(self.games)] if self.games else [])
        if self.budget is not None:
            arguments += ["--iterations", str(self.budget.iterations), "--seconds", str(self.budget.seconds)]
        process = await asyncio.create_subprocess_exec(
            sys.executable, *arguments, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        thinker = _Thinker(process)
        self._all.add(thinker)
        log.info("thinking process %d started for searching computer players", process.pid)
        return thinker

    def _give_back(self, thinker: _Thinker) -> None:
        if self._closed or not thinker.alive or self._idle is None:
            return
        self._idle.put_nowait(thinker)

    async def _retire(self, thinker: _Thinker) -> None:
        self._all.discard(thinker)
        self._started -= 1
        await thinker.stop()
