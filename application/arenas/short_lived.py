"""A value this process worked out a moment ago, shared by every reader who asks meanwhile.

When two hundred players join an arena at once, each answer and each socket wants the arena's
standings; working them out two hundred times over would keep the worker busy for seconds. A
``ShortLived`` keeps each key's value for ``fresh_for`` seconds, and readers who ask while it is
being worked out wait for that one computation instead of starting their own.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class ShortLived(Generic[T]):
    def __init__(self, fresh_for: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._fresh_for = fresh_for
        self._clock = clock
        self._values: dict[str, tuple[float, T]] = {}
        self._making: dict[str, asyncio.Future[T]] = {}

    async def get(self, key: str, make: Callable[[], Awaitable[T]]) -> T:
        kept = self._values.get(key)
        if kept is not None and self._clock() - kept[0] < self._fresh_for:
            return kept[1]
        making = self._making.get(key)
        if making is not None:
            return await asyncio.shield(making)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._making[key] = future
        try:
            value = await make()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting for it
            raise
        finally:
            del self._making[key]
        self._values[key] = (self._clock(), value)
        future.set_result(value)
        return value

    def forget(self, key: str) -> None:
        self._values.pop(key, None)
