"""Join-code guessing limits and the per-connection message budget."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adapters.memory.clock import FakeClock
from application.identity import Identity
from application.lobby import create_game, join_game, preview
from application.platform import Platform
from application.rate_limit import FailureLimiter, TokenBucket, TooManyRequests
from domain.errors import NotFound


@pytest.fixture
def limited(platform: Platform, clock: FakeClock) -> Platform:
    return replace(platform, join_limiter=FailureLimiter(clock, limit=3, window_seconds=60))


async def guess_wrong(platform: Platform, player: Identity, times: int, client: str | None = None) -> None:
    for _ in range(times):
        with pytest.raises(NotFound):
            await join_game(platform, player, "ZZZZZZ", client)


async def test_a_user_who_guessed_wrong_too_often_is_refused_even_with_the_right_code(
    limited: Platform, players: list[Identity]
) -> None:
    anna, bruno = players[:2]
    game = await create_game(limited, anna, "scopa", None)
    await guess_wrong(limited, bruno, 3)

    with pytest.raises(TooManyRequests) as refused:
        await join_game(limited, bruno, game.join_code)

    assert refused.value.code == "too_many_requests"


async def test_the_limit_lifts_once_the_failures_leave_the_window(
    limited: Platform, players: list[Identity], clock: FakeClock
) -> None:
    anna, bruno = players[:2]
    game = await create_game(limited, anna, "scopa", None)
    await guess_wrong(limited, bruno, 3)

    clock.advance(61)

    joined = await join_game(limited, bruno, game.join_code)
    assert joined.seat_of(bruno.user_id) == 1


async def test_guesses_from_one_address_count_together_across_users(
    limited: Platform, players: list[Identity]
) -> None:
    anna, bruno, carla, dario = players[:4]
    game = await create_game(limited, anna, "scopa", None)
    await guess_wrong(limited, bruno, 2, client="10.0.0.7")
    await guess_wrong(limited, carla, 1, client="10.0.0.7")

    with pytest.raises(TooManyRequests):
        await join_game(limited, dario, game.join_code, client="10.0.0.7")
    joined = await join_game(limited, dario, game.join_code, client="10.0.0.8")
    assert joined.seat_of(dario.user_id) == 1


async def test_previews_of_unknown_codes_count_against_the_address(
    limited: Platform, players: list[Identity]
) -> None:
    game = await create_game(limited, players[0], "scopa", None)
    for _ in range(3):
        with pytest.raises(NotFound):
            await preview(limited, "ZZZZZZ", client="10.0.0.9")

    with pytest.raises(TooManyRequests):
        await preview(limited, game.join_code, client="10.0.0.9")
    assert (await preview(limited, game.join_code, client="10.0.0.10"))["id"] == game.id


async def test_right_codes_never_count_as_failures(limited: Platform, players: list[Identity]) -> None:
    game = await create_game(limited, players[0], "scopa", None)
    for _ in range(10):
        await preview(limited, game.join_code, client="10.0.0.11")

    assert (await preview(limited, game.join_code, client="10.0.0.11"))["id"] == game.id


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
