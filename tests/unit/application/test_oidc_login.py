"""The OIDC login use cases over memory adapters and a scripted provider."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.matches import MemoryMatchRepository
from application.identity.caller import Identity
from application.identity.login import current_identity, guest_login
from application.identity.oidc_login import (
    LoggedIn,
    LoginFailed,
    begin_login,
    display_name,
    finish_login,
    logout_target,
    new_login_binding,
    oidc_identity,
)
from application.results.archive import FinishedMatch, Participant


class ScriptedProvider:
    """Accepts any code whose nonce matches; remembers the verifiers it was given."""

    def __init__(self, name: str, claims: Mapping[str, Any] | None = None) -> None:
        self._name = name
        self.claims = dict(claims or {"sub": "alice", "name": "Alice"})
        self.verifiers: list[str] = []

    @property
    def name(self) -> str:
        return self._name

    @property
    def post_login_redirect(self) -> str:
        return "/"

    @property
    def post_logout_redirect(self) -> str:
        return f"/bye/{self._name}"

    async def authorization_url(self, state: str, nonce: str, code_verifier: str) -> str:
        return f"https://id.example/authorize?state={state}&nonce={nonce}"

    async def identify(self, code: str, code_verifier: str, nonce: str) -> Mapping[str, Any]:
        self.verifiers.append(code_verifier)
        return self.claims


def state_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["state"][0]


async def test_a_finished_login_starts_a_new_session_for_the_provider_account(
    logins: MemoryLoginSessions,
) -> None:
    provider, binding = ScriptedProvider("example"), new_login_binding()
    url = await begin_login(logins, provider, binding, ttl_seconds=600)

    logged_in = await finish_login(
        logins, provider, state=state_of(url), code="c", error=None, binding=binding, previous_session=None
    )
    session, identity = logged_in.session_id, logged_in.identity

    assert identity.user_id == "oidc:example:alice" and identity.provider == "example"
    assert await current_identity(logins, session) == identity
    assert len(provider.verifiers[0]) >= 43


async def test_the_previous_session_is_deleted_at_login(logins: MemoryLoginSessions) -> None:
    provider, binding = ScriptedProvider("example"), new_login_binding()
    before, _ = await guest_login(logins, "Ospite")
    url = await begin_login(logins, provider, binding, ttl_seconds=600)

    after = (
        await finish_login(
            logins,
            provider,
            state=state_of(url),
            code="c",
            error=None,
            binding=binding,
            previous_session=before,
        )
    ).session_id

    assert after != before
    assert await current_identity(logins, before) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"binding": "another-browser"}, "elsewhere"),
        ({"binding": None}, "elsewhere"),
        ({"state": "unknown"}, "unknown"),
        ({"state": None}, "unknown"),
        ({"error": "access_denied"}, "did not let you"),
        ({"code": None}, "no authorization code"),
    ],
)
async def test_a_callback_that_does_not_match_its_login_is_refused(
    logins: MemoryLoginSessions, change: dict[str, Any], message: str
) -> None:
    provider, binding = ScriptedProvider("example"), new_login_binding()
    url = await begin_login(logins, provider, binding, ttl_seconds=600)
    arguments: dict[str, Any] = {"state": state_of(url), "code": "c", "error": None, "binding": binding}
    arguments.update(change)

    with pytest.raises(LoginFailed, match=message):
        await finish_login(logins, provider, previous_session=None, **arguments)
    assert provider.verifiers == []  # the code was never exchanged


async def test_a_login_attempt_expires(logins: MemoryLoginSessions, clock: Any) -> None:
    provider, binding = ScriptedProvider("example"), new_login_binding()
    url = await begin_login(logins, provider, binding, ttl_seconds=600)
    clock.advance(601)

    with pytest.raises(LoginFailed, match="expired"):
        await finish_login(
            logins,
            provider,
            state=state_of(url),
            code="c",
            error=None,
            binding=binding,
            previous_session=None,
        )


@pytest.mark.parametrize(
    ("claims", "name"),
    [
        ({"sub": "s", "name": "  Anna   Maria ", "email": "a@x"}, "Anna Maria"),
        ({"sub": "s", "name": "", "preferred_username": "anna", "email": "a@x"}, "anna"),
        ({"sub": "s", "name": 7, "email": "anna@example.com"}, "anna@example.com"),
        ({"sub": "s-123"}, "s-123"),
        ({"sub": "s", "name": "x" * 100}, "x" * 32),
        ({"sub": "s", "name": "\u0000\u200b"}, "s"),
    ],
)
def test_the_display_name_comes_from_name_then_username_then_email_then_sub(
    claims: dict[str, Any], name: str
) -> None:
    assert display_name(claims) == name


def test_two_providers_never_share_an_account_and_no_guest_id_collides() -> None:
    first, second = oidc_identity("a", {"sub": "x"}), oidc_identity("b", {"sub": "x"})

    assert first.user_id != second.user_id
    assert not first.user_id.startswith("guest:") and not first.is_guest
    with pytest.raises(LoginFailed):
        oidc_identity("a", {"sub": ""})


def test_logout_leads_to_the_provider_of_the_session_or_home() -> None:
    providers = {"a": ScriptedProvider("a")}

    assert logout_target(providers, oidc_identity("a", {"sub": "x"})) == "/bye/a"
    assert logout_target(providers, None) == "/"
    assert logout_target(providers, oidc_identity("gone", {"sub": "x"})) == "/"


async def test_a_guest_who_signs_in_keeps_their_matches_on_a_new_account(logins: MemoryLoginSessions) -> None:
    matches = MemoryMatchRepository()
    guest = Identity("guest:ospite", "Ospite")
    await matches.record(finished_against(guest.user_id, "guest:bruno"))
    logged_in = await sign_in_keeping(logins, guest, matches)

    assert logged_in.guest_asked and logged_in.kept_guest == 1
    assert [m.id for m in await matches.history(logged_in.identity.user_id, 10)] == ["m1"]
    assert await matches.history(guest.user_id, 10) == []


async def test_an_account_with_a_history_of_its_own_keeps_no_guest_history(
    logins: MemoryLoginSessions,
) -> None:
    matches = MemoryMatchRepository()
    guest = Identity("guest:ospite", "Ospite")
    await matches.record(finished_against(guest.user_id, "guest:bruno"))
    await matches.record(finished_against("oidc:example:alice", "guest:bruno", "m2"))
    logged_in = await sign_in_keeping(logins, guest, matches)

    assert logged_in.guest_asked and logged_in.kept_guest is None
    assert [m.id for m in await matches.history(guest.user_id, 10)] == ["m1"], "nothing moved"


async def sign_in_keeping(
    logins: MemoryLoginSessions, guest: Identity, matches: MemoryMatchRepository
) -> LoggedIn:
    """``guest`` signs in with the provider "example" (as alice), asking to keep their games."""
    provider, binding = ScriptedProvider("example"), new_login_binding()
    url = await begin_login(logins, provider, binding, ttl_seconds=600, keep_guest=guest)
    return await finish_login(
        logins,
        provider,
        state=state_of(url),
        code="c",
        error=None,
        binding=binding,
        previous_session=None,
        matches=matches,
    )


def finished_against(winner: str, loser: str, match_id: str = "m1") -> FinishedMatch:
    return FinishedMatch(
        id=match_id,
        game_type="briscola",
        started_at=1.0,
        finished_at=2.0,
        result={"winner": "A"},
        participants=(
            Participant(winner, "W", 0, "A", True, 70),
            Participant(loser, "L", 1, "B", False, 50),
        ),
        sides={"A": (winner,), "B": (loser,)},
        winner="A",
    )
