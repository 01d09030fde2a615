"""The ``LoginSessions`` contract, for every adapter."""

from __future__ import annotations

import string

from application.identity import Identity
from application.ports import LoginSessions
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
