"""Every ``Thinking`` adapter answers as ``domain.bots.thinking.answer`` does: the same action for the
same question, ``StaleQuestion`` for a log that does not reach the question's version. The process
pool also survives a process that dies: that question gets ``ThinkingUnavailable``, the next one an
answer."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from adapters.thinking.process_pool import ProcessPoolThinking
from application.playing.thinking import InlineThinking, Thinking, ThinkingUnavailable
from domain.bots.search import Budget, on_budget
from domain.bots.thinking import Question, StaleQuestion, answer
from domain.engine import Timeouts
from domain.match_log import Logged
from domain.match_replay import replay
from domain.seeding import match_rng
from entrypoints.game_packages import installed_registry

REGISTRY = installed_registry()
SEED = "5eed" * 16


def question_after(game_type: str, moves: int, level: str = "normal") -> Question:
    """A question about the seat on turn after ``moves`` random legal moves of a new match."""
    engine = REGISTRY.get(game_type)
    timeouts = Timeouts()
    log = [Logged.start(1, 0.0, timeouts)]
    state = engine.start({}, timeouts, 0.0, match_rng(SEED, 1)).state
    pick = random.Random(moves)
    for version in range(2, moves + 2):
        seat = engine.to_act(state)[0]
        action = pick.choice(engine.view(state, seat)["legal_moves"])
        state = engine.apply(state, seat, action, 0.0, match_rng(SEED, version)).state
        log.append(Logged.acted(version, 0.0, seat, action))
    seat = engine.to_act(state)[0]
    return Question("g1", game_type, level, seat, len(log), {}, SEED, tuple(log))


@pytest.fixture(params=["inline", "process_pool"])
async def thinking(request: pytest.FixtureRequest) -> AsyncIterator[Thinking]:
    made: Thinking = InlineThinking(REGISTRY) if request.param == "inline" else ProcessPoolThinking(1)
    try:
        yield made
    finally:
        await made.close()


async def test_it_answers_what_the_strategy_chooses_from_the_seats_information_set(
    thinking: Thinking,
) -> None:
    for game_type, moves in (("briscola", 5), ("scopa", 3), ("briscola_chiamata", 2)):
        question = question_after(game_type, moves)
        engine = REGISTRY.get(game_type)
        expected = answer(engine, REGISTRY.computer_player(game_type, "normal"), question)
        assert await thinking.answer(question) == expected
        assert expected in engine.view(_state_of(question), question.seat)["legal_moves"]


async def test_a_question_about_a_version_the_log_does_not_reach_is_stale(thinking: Thinking) -> None:
    question = question_after("briscola", 4)
    with pytest.raises(StaleQuestion):
        await thinking.answer(replace(question, version=question.version + 3))
    assert await thinking.answer(question), "and the next question is answered"


async def test_a_pool_process_that_dies_costs_one_question_and_is_replaced() -> None:
    pool = ProcessPoolThinking(1)
    try:
        question = question_after("briscola", 3)
        first = await pool.answer(question)
        (process,) = [thinker.process for thinker in pool._all]
        os.kill(process.pid, signal.SIGKILL)
        await process.wait()
        with pytest.raises(ThinkingUnavailable):
            await pool.answer(question)
        assert await pool.answer(question) == first, "a new process answers the same"
    finally:
        await pool.close()


async def test_closing_the_pool_stops_its_processes() -> None:
    pool = ProcessPoolThinking(2)
    await asyncio.gather(*(pool.answer(question_after("briscola", moves)) for moves in (2, 3, 4)))
    processes = [thinker.process for thinker in pool._all]
    assert 1 <= len(processes) <= 2, "never more processes than the pool's size"
    await pool.close()
    assert all(process.returncode is not None for process in processes)
    with pytest.raises(ThinkingUnavailable):
        await pool.answer(question_after("briscola", 2))


@pytest.mark.parametrize("kind", ["inline", "process_pool"])
async def test_a_searching_player_searches_on_the_budget_it_was_given(kind: str) -> None:
    # One iteration tries a single move; the package's own 400 choose another here. Briscola a
    # quattro's hard plays the search's own move (two-player briscola's keeps normal's where the
    # search finds nothing clearly better, as one deal never does).
    one_deal = Budget(iterations=1, seconds=30.0)
    question = question_after("briscola_a_quattro", 3, "hard")
    engine = REGISTRY.get("briscola_a_quattro")
    hard = REGISTRY.computer_player("briscola_a_quattro", "hard")
    on_one_deal = answer(engine, on_budget(hard, one_deal), question)
    assert on_one_deal != answer(engine, hard, question), "the question tells the budgets apart"
    made: Thinking = (
        InlineThinking(installed_registry(budget=one_deal))
        if kind == "inline"
        else ProcessPoolThinking(1, budget=one_deal)
    )
    try:
        assert await made.answer(question) == on_one_deal
    finally:
        await made.close()


def _state_of(question: Question) -> object:
    engine = REGISTRY.get(question.game_type)
    return list(replay(engine, question.options, question.seed, question.log))[-1].state
