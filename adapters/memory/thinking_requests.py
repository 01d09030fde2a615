"""Thinking requests in one process's memory: for tests, and a single-process server that runs the
``computer-players`` loop beside itself."""

from __future__ import annotations

import asyncio
import itertools
from collections import OrderedDict
from dataclasses import dataclass

from application.playing.thinking_requests import TakenRequest, ThinkingRequest
from application.ports import Clock


@dataclass(slots=True)
class _Held:
    consumer: str
    since: float
    request: ThinkingRequest


class MemoryThinkingRequests:
    """A ``ThinkingRequests`` in two ordered dicts: the requests waiting, and those held. Idle times
    are read from ``clock``; ``take``'s wait is real (event-loop) time."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._ids = itertools.count(1)
        self._waiting: OrderedDict[str, ThinkingRequest] = OrderedDict()
        self._held: OrderedDict[str, _Held] = OrderedDict()
        self._asked = asyncio.Event()

    async def ask(self, request: ThinkingRequest) -> None:
        self._waiting[f"{next(self._ids)}-0"] = request
        self._asked.set()

    async def take(self, consumer: str, limit: int, wait_seconds: float) -> list[TakenRequest]:
        if not self._waiting and wait_seconds > 0:
            self._asked.clear()
            try:
                await asyncio.wait_for(self._asked.wait(), wait_seconds)
            except TimeoutError:
                return []
        taken: list[TakenRequest] = []
        while self._waiting and len(taken) < limit:
            entry, request = self._waiting.popitem(last=False)
            self._held[entry] = _Held(consumer, self._clock.now(), request)
            taken.append(TakenRequest(entry, request))
        return taken

    async def reclaim(self, consumer: str, idle_seconds: float, limit: int) -> list[TakenRequest]:
        now = self._clock.now()
        reclaimed: list[TakenRequest] = []
        for entry, held in self._held.items():
            if len(reclaimed) == limit:
                break
            if now - held.since >= idle_seconds:
                held.consumer, held.since = consumer, now
                reclaimed.append(TakenRequest(entry, held.request))
        return reclaimed

    async def done(self, taken: TakenRequest) -> None:
        self._held.pop(taken.entry, None)

    async def backlog(self) -> int:
        return len(self._waiting) + len(self._held)
