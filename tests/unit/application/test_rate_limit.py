"""Join-code guessing limits and the per-connection message budget."""

from __future__ import annotations

import pytest

from adapters.memory.clock import FakeClock
from application.finding.lobby import create_game, join_game, preview
from application.identity.caller import Identity
from application.operations.rate_limit import FailureLimiter, TokenBucket, TooManyRequests
from application.playing.live_games import LiveGames
from domain.errors import NotFound


@pytest.fixture
def limiter(clock: FakeClock) -> FailureLimiter:
    return FailureLimiter(clock, limit=3, window_seconds=60)


async def guess_wrong(
    games: LiveGames, limiter: FailureLimiter, player: Identity, times: int, client: str | None = None
) -> None:
    for _ in range(times):
        with pytest.raises(NotFound):
            await join_game(games, player, "ZZZZZZ", client, limiter)


async def test_a_user_who_guessed_wrong_too_often_is_refused_even_with_the_right_code(
    games: LiveGames, limiter: FailureLimiter, players: list[Identity]
) -> None:
    anna, bruno = players[:2]
    game = await create_game(games, anna, "scopa", None)
    await guess_wrong(games, limiter, bruno, 3)

    with pytest.raises(TooManyRequests) as refused:
        await join_game(games, bruno, game.join_code, None, limiter)

    assert refused.value.code == "too_many_requests"


async def test_the_limit_lifts_once_the_failures_leave_the_window(
    games: LiveGames, limiter: FailureLimiter, players: list[Identity], clock: FakeClock
) -> None:
    anna, bruno = players[:2]
    game = await create_game(games, anna, "scopa", None)
    await guess_wrong(games, limiter, bruno, 3)

    clock.advance(61)

    joined = await join_game(games, bruno, game.join_code, None, limiter)
    assert joined.seat_of(bruno.user_id) == 1


async def test_guesses_from_one_address_count_together_across_users(
    games: LiveGames, limiter: FailureLimiter, players: list[Identity]
) -> None:
    anna, bruno, carla, dario = players[:4]
    game = await create_game(games, anna, "scopa", None)
    await guess_wrong(games, limiter, bruno, 2, client="10.0.0.7")
    await guess_wrong(games, limiter, carla, 1, client="10.0.0.7")

    with pytest.raises(TooManyRequests):
        await join_game(games, dario, game.join_code, "10.0.0.7", limiter)
    joined = await join_game(games, dario, game.join_code, "10.0.0.8", limiter)
    assert joined.seat_of(dario.user_id) == 1


async def test_previews_of_unknown_codes_count_against_the_address(
    games: LiveGames, limiter: FailureLimiter, players: list[Identity]
) -> None:
    game = await create_game(games, players[0], "scopa", None)
    for _ in range(3):
        with pytest.raises(NotFound):
            await preview(games, "ZZZZZZ", "10.0.0.9", limiter)

    with pytest.raises(TooManyRequests):
        await preview(games, game.join_code, "10.0.0.9", limiter)
    assert (await preview(games, game.join_code, "10.0.0.10", limiter))["id"] == game.id


async def test_right_codes_never_count_as_failures(
    games: LiveGames, limiter: FailureLimiter, players: list[Identity]
) -> None:
    game = await create_game(games, players[0], "scopa", None)
    for _ in range(10):
        await preview(games, game.join_code, "10.0.0.11", limiter)

    assert (await preview(games, game.join_code, "10.0.0.11", limiter))["id"] == game.id


async def test_the_limiter_forgets_the_least_recent_keys_beyond_its_size(clock: FakeClock) -> None:
    limiter = FailureLimiter(clock, limit=1, window_seconds=60, max_keys=2)
    await limiter.record_failure("a")
    await limiter.record_failure("b")
    await limiter.record_failure("c")

    await limiter.check("a")  # forgotten: no longer limited
    with pytest.raises(TooManyRequests):
        await limiter.check("c")


def test_a_token_bucket_allows_a_burst_then_the_rate() -> None:
    bucket = TokenBucket(rate=10, burst=5, now=0.0)

    assert [bucket.take(0.0) for _ in range(6)] == [True] * 5 + [False]
    assert bucket.take(0.1) is True and bucket.take(0.1) is False
    assert sum(bucket.take(10.0) for _ in range(10)) == 5  # refills up to the burst, never beyond
