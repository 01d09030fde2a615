"""The ``LoginSessions`` contract, for every adapter."""

from __future__ import annotations

import asyncio
import secrets
import string

from application.identity.caller import Identity
from application.ports import LoginAttempt, LoginSessions
from tests.contract import LOGIN_ABSOLUTE_SECONDS, LOGIN_IDLE_SECONDS, Advance

ALICE = Identity(user_id="guest:alice", name="Alice")
BOB = Identity(user_id="oidc:default:bob", name="Bob", provider="default")


def entropy_bits(session_id: str, alphabet_bits: int) -> int:
    return len(session_id) * alphabet_bits


async def test_a_new_session_returns_its_identity(login_sessions: LoginSessions) -> None:
    alice = await login_sessions.create(ALICE)
    bob = await login_sessions.create(BOB)

    assert await login_sessions.get(alice) == ALICE
    assert await login_sessions.get(bob) == BOB


async def test_session_ids_are_unique_and_carry_at_least_128_random_bits(
    login_sessions: LoginSessions,
) -> None:
    ids = [await login_sessions.create(ALICE) for _ in range(200)]

    assert len(set(ids)) == len(ids)
    # Judge the alphabet over all ids: hex carries 4 bits a character, base64url 6.
    used = set("".join(ids))
    assert used <= set(string.ascii_letters + string.digits + "-_"), "ids must be cookie- and URL-safe"
    alphabet_bits = 4 if used <= set(string.hexdigits) else 6
    assert min(entropy_bits(session_id, alphabet_bits) for session_id in ids) >= 128


async def test_an_unknown_session_id_reads_as_none(login_sessions: LoginSessions) -> None:
    await login_sessions.create(ALICE)

    assert await login_sessions.get("not-a-session") is None
    assert await login_sessions.get("") is None


async def test_a_deleted_session_reads_as_none_and_others_live_on(login_sessions: LoginSessions) -> None:
    alice = await login_sessions.create(ALICE)
    bob = await login_sessions.create(BOB)

    await login_sessions.delete(alice)

    assert await login_sessions.get(alice) is None
    assert await login_sessions.get(bob) == BOB


async def test_deleting_an_unknown_or_deleted_session_is_harmless(login_sessions: LoginSessions) -> None:
    alice = await login_sessions.create(ALICE)
    await login_sessions.delete(alice)

    await login_sessions.delete(alice)
    await login_sessions.delete("never-existed")

    assert await login_sessions.get(alice) is None


async def test_a_session_left_idle_expires(login_sessions: LoginSessions, advance: Advance) -> None:
    alice = await login_sessions.create(ALICE)

    await advance(LOGIN_IDLE_SECONDS * 1.3)

    assert await login_sessions.get(alice) is None


async def test_every_read_slides_the_idle_expiry(login_sessions: LoginSessions, advance: Advance) -> None:
    alice = await login_sessions.create(ALICE)

    for _ in range(3):
        await advance(LOGIN_IDLE_SECONDS * 0.6)
        assert await login_sessions.get(alice) == ALICE

    await advance(LOGIN_IDLE_SECONDS * 1.3)
    assert await login_sessions.get(alice) is None


async def test_the_absolute_lifetime_ends_even_an_active_session(
    login_sessions: LoginSessions, advance: Advance
) -> None:
    alice = await login_sessions.create(ALICE)
    step = LOGIN_IDLE_SECONDS * 0.6
    elapsed = 0.0
    while elapsed + step < LOGIN_ABSOLUTE_SECONDS - 0.2:
        await advance(step)
        elapsed += step
        assert await login_sessions.get(alice) == ALICE

    await advance(LOGIN_ABSOLUTE_SECONDS - elapsed + 0.2)

    assert await login_sessions.get(alice) is None


async def test_count_is_the_number_of_sessions_alive(login_sessions: LoginSessions, advance: Advance) -> None:
    assert await login_sessions.count() == 0
    alice = await login_sessions.create(ALICE)
    await login_sessions.create(BOB)
    assert await login_sessions.count() == 2

    await login_sessions.delete(alice)
    assert await login_sessions.count() == 1

    await advance(LOGIN_IDLE_SECONDS * 1.3)
    assert await login_sessions.count() == 0


def new_attempt(provider: str = "default", guest_id: str | None = None) -> LoginAttempt:
    return LoginAttempt(
        state=secrets.token_urlsafe(32),
        nonce=secrets.token_urlsafe(32),
        code_verifier=secrets.token_urlsafe(64),
        provider=provider,
        binding=secrets.token_urlsafe(32),
        guest_id=guest_id,
    )


async def test_a_login_attempt_is_taken_back_exactly_as_it_was_begun(login_sessions: LoginSessions) -> None:
    attempt, other = new_attempt("first"), new_attempt("second", guest_id="guest:ospite")
    await login_sessions.begin_attempt(attempt, ttl_seconds=LOGIN_IDLE_SECONDS)
    await login_sessions.begin_attempt(other, ttl_seconds=LOGIN_IDLE_SECONDS)

    assert await login_sessions.take_attempt(attempt.state) == attempt
    assert await login_sessions.take_attempt(other.state) == other


async def test_a_login_attempt_can_be_taken_only_once(login_sessions: LoginSessions) -> None:
    attempt = new_attempt()
    await login_sessions.begin_attempt(attempt, ttl_seconds=LOGIN_IDLE_SECONDS)

    assert await login_sessions.take_attempt(attempt.state) == attempt
    assert await login_sessions.take_attempt(attempt.state) is None


async def test_of_two_racing_takes_exactly_one_gets_the_attempt(login_sessions: LoginSessions) -> None:
    attempt = new_attempt()
    await login_sessions.begin_attempt(attempt, ttl_seconds=LOGIN_IDLE_SECONDS)

    results = await asyncio.gather(*(login_sessions.take_attempt(attempt.state) for _ in range(5)))

    assert [result for result in results if result is not None] == [attempt]


async def test_an_unknown_state_reads_as_no_attempt(login_sessions: LoginSessions) -> None:
    await login_sessions.begin_attempt(new_attempt(), ttl_seconds=LOGIN_IDLE_SECONDS)

    assert await login_sessions.take_attempt("not-a-state") is None
    assert await login_sessions.take_attempt("") is None


async def test_a_login_attempt_expires_after_its_lifetime(
    login_sessions: LoginSessions, advance: Advance
) -> None:
    attempt = new_attempt()
    await login_sessions.begin_attempt(attempt, ttl_seconds=LOGIN_IDLE_SECONDS)

    await advance(LOGIN_IDLE_SECONDS * 1.3)

    assert await login_sessions.take_attempt(attempt.state) is None


async def test_login_attempts_are_not_sessions(login_sessions: LoginSessions) -> None:
    attempt = new_attempt()
    await login_sessions.begin_attempt(attempt, ttl_seconds=LOGIN_IDLE_SECONDS)

    assert await login_sessions.get(attempt.state) is None
    assert await login_sessions.count() == 0
    await login_sessions.delete(attempt.state)
    assert await login_sessions.take_attempt(attempt.state) == attempt
