"""The calls of one Lua script made within one turn of a process's event loop, sent as one pipeline.

Under load a worker's loop wakes many sockets in one turn, and each of their moves ends in one
commit script. Sent one by one, every call takes a connection from the pool, is written, and is
read back on its own. Pipelined, the calls of one turn share one connection, one write and one
read. Per call, in a worker's CPU (a micro-benchmark on the 2-core VM, ``benchmarks/RESULTS.md``):
four at once 70-109 µs one by one, 53-70 µs pipelined; eight at once 58-83 and 28-48 µs; a lone
call the same either way. In the benchmark's sweep, about three commits in five went out in a
batch of two or more. A call waits for the end of the turn it was made in, no longer: a lone
call (the usual case below saturation) is sent as it is, a turn later.

Each call gets the script's own answer, or the error the server gave that call. When Redis is out
of reach, every call of the batch raises ``StorageUnavailable``, as a lone command does. A call
answered ``NOSCRIPT`` (a restarted server has forgotten its scripts) was not run, and is sent again
on its own through redis-py's ``Script``, which loads the script first.

A caller cancelled before its batch goes out is left out of it. Once sent, a call runs whatever
happens to its caller, as a lone command does once written.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import redis.asyncio as redis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError

from adapters.redis.connection import UNREACHABLE
from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Call:
    keys: Sequence[str]
    args: Sequence[str | int]
    answer: asyncio.Future[Any]


class ScriptBatches:
    """``await batches(keys=..., args=...)``: ``script`` run with ``keys`` and ``args``, sent with
    the other calls made in the same turn of the loop (one ``client`` of one server).

    The first call of a turn lets the turn end (``asyncio.sleep(0)``), gathering the calls made
    meanwhile. Alone, it sends itself; with company, one task sends the batch, so that a cancelled
    first caller does not take the others' calls down with it."""

    def __init__(self, client: redis.Redis, script: AsyncScript) -> None:
        self._client = client
        self._script = script
        self._gathering: list[_Call] | None = None  # the calls joining this turn's first one
        self._sending: set[asyncio.Task[None]] = set()

    async def __call__(self, keys: Sequence[str], args: Sequence[str | int]) -> Any:
        if self._gathering is not None:
            call = _Call(keys, args, asyncio.get_running_loop().create_future())
            self._gathering.append(call)
            return await call.answer
        joined: list[_Call] = []
        self._gathering = joined
        try:
            await asyncio.sleep(0)
        except asyncio.CancelledError:
            self._gathering = None
            if joined:  # the others' calls go out all the same
                self._send_apart(joined)
            raise
        self._gathering = None
        if not joined:
            return await self._script(keys=list(keys), args=list(args))
        first = _Call(keys, args, asyncio.get_running_loop().create_future())
        self._send_apart([first, *joined])
        return await first.answer

    def _send_apart(self, calls: list[_Call]) -> None:
        sender = asyncio.create_task(self._send(calls), name="tavolo-script-batch")
        self._sending.add(sender)
        sender.add_done_callback(self._sending.discard)

    async def _send(self, calls: list[_Call]) -> None:
        calls = [call for call in calls if not call.answer.done()]
        if not calls:
            return
        try:
            answers = [await self._one(calls[0])] if len(calls) == 1 else await self._pipelined(calls)
        except asyncio.CancelledError:
            for call in calls:
                call.answer.cancel()
            raise
        except Exception as error:
            for call in calls:
                if not call.answer.done():
                    call.answer.set_exception(error)
            return
        for call, answer in zip(calls, answers, strict=True):
            _answer(call, answer)

    async def _one(self, call: _Call) -> Any:
        return await self._script(keys=list(call.keys), args=list(call.args))

    async def _pipelined(self, calls: list[_Call]) -> list[Any]:
        pipe = self._client.pipeline(transaction=False)
        for call in calls:
            pipe.evalsha(self._script.sha, len(call.keys), *call.keys, *call.args)
        try:
            answers: list[Any] = await pipe.execute(raise_on_error=False)
        except UNREACHABLE as error:
            raise StorageUnavailable(f"Redis is unreachable: {error}") from error
        for index, (call, answer) in enumerate(zip(calls, answers, strict=True)):
            if isinstance(answer, NoScriptError):
                logger.info("Redis did not know the script; loading it")
                try:
                    answers[index] = await self._one(call)
                except Exception as error:  # that call's answer, as the pipeline gives errors
                    answers[index] = error
        return answers


def _answer(call: _Call, answer: Any) -> None:
    if call.answer.done():
        return
    if isinstance(answer, Exception):
        call.answer.set_exception(answer)
    else:
        call.answer.set_result(answer)
