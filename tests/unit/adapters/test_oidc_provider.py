"""The OIDC adapter against a provider simulated with httpx's MockTransport."""

from __future__ import annotations

import base64
import hashlib
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlsplit

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import KeySet, RSAKey

from adapters.memory.clock import FakeClock
from adapters.oidc import OidcProvider
from application.identity.oidc_login import LoginFailed

ISSUER = "https://id.example.com"


class FakeIssuer:
    """Discovery, JWKS and a token endpoint; counts what it served and keeps token requests."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.key = RSAKey.generate_key(2048, parameters={"kid": "k1"})
        self.served: dict[str, int] = {}
        self.token_requests: list[httpx.Request] = []
        self.nonce = ""
        self.discovery_issuer = ISSUER

    def rotate(self) -> None:
        self.key = RSAKey.generate_key(2048, parameters={"kid": "k2"})

    def handle(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        self.served[path] = self.served.get(path, 0) + 1
        if path == "/.well-known/openid-configuration":
            return httpx.Response(
                200,
                json={
                    "issuer": self.discovery_issuer,
                    "authorization_endpoint": f"{ISSUER}/authorize",
                    "token_endpoint": f"{ISSUER}/token",
                    "jwks_uri": f"{ISSUER}/jwks",
                    "id_token_signing_alg_values_supported": ["RS256"],
                },
            )
        if path == "/jwks":
            return httpx.Response(200, json=KeySet([self.key]).as_dict(private=False))
        if path == "/token":
            self.token_requests.append(request)
            claims = {
                "iss": ISSUER,
                "aud": "tavolo",
                "sub": "alice",
                "nonce": self.nonce,
                "iat": int(self.clock.now()),
                "exp": int(self.clock.now()) + 300,
            }
            id_token = jwt.encode({"alg": "RS256", "kid": self.key.kid}, claims, self.key)
            return httpx.Response(
                200,
                json={"access_token": "at", "token_type": "Bearer", "expires_in": 300, "id_token": id_token},
            )
        return httpx.Response(404)


@pytest.fixture
def issuer() -> FakeIssuer:
    return FakeIssuer(FakeClock())


def provider_for(issuer: FakeIssuer, client_secret: str | None = None) -> OidcProvider:
    return OidcProvider(
        name="example",
        issuer=ISSUER,
        client_id="tavolo",
        client_secret=client_secret,
        redirect_uri="https://tavolo.example.com/auth/example/callback",
        clock=issuer.clock,
        transport=httpx.MockTransport(issuer.handle),
    )


async def login(provider: OidcProvider, issuer: FakeIssuer, verifier: str = "v" * 64) -> dict[str, Any]:
    url = await provider.authorization_url("the-state", "the-nonce", verifier)
    issuer.nonce = parse_qs(urlsplit(url).query)["nonce"][0]
    return dict(await provider.identify("the-code", verifier, "the-nonce"))


async def test_the_authorization_url_carries_state_nonce_and_an_s256_challenge(issuer: FakeIssuer) -> None:
    url = await provider_for(issuer).authorization_url("the-state", "the-nonce", "v" * 64)

    parts = urlsplit(url)
    asked = {key: values[0] for key, values in parse_qs(parts.query).items()}
    expected = base64.urlsafe_b64encode(hashlib.sha256(b"v" * 64).digest()).rstrip(b"=").decode()
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"{ISSUER}/authorize"
    assert asked["state"] == "the-state" and asked["nonce"] == "the-nonce"
    assert asked["code_challenge"] == expected and asked["code_challenge_method"] == "S256"
    assert asked["client_id"] == "tavolo" and asked["response_type"] == "code"
    assert asked["redirect_uri"] == "https://tavolo.example.com/auth/example/callback"


async def test_a_public_client_sends_its_id_and_the_verifier_but_no_secret(issuer: FakeIssuer) -> None:
    claims = await login(provider_for(issuer), issuer)

    [request] = issuer.token_requests
    sent = dict(parse_qsl(request.content.decode()))
    assert claims["sub"] == "alice"
    assert sent["code_verifier"] == "v" * 64 and sent["code"] == "the-code"
    assert sent["client_id"] == "tavolo" and "client_secret" not in sent
    assert "authorization" not in request.headers


async def test_a_confidential_client_authenticates_with_basic_auth(issuer: FakeIssuer) -> None:
    await login(provider_for(issuer, client_secret="s3cret"), issuer)

    [request] = issuer.token_requests
    expected = base64.b64encode(b"tavolo:s3cret").decode()
    assert request.headers["authorization"] == f"Basic {expected}"
    assert dict(parse_qsl(request.content.decode()))["code_verifier"] == "v" * 64


async def test_discovery_and_keys_are_fetched_once_and_cached(issuer: FakeIssuer) -> None:
    provider = provider_for(issuer)
    for _ in range(3):
        await login(provider, issuer)

    assert issuer.served["/.well-known/openid-configuration"] == 1
    assert issuer.served["/jwks"] == 1
    assert issuer.served["/token"] == 3


async def test_the_keys_are_fetched_again_when_a_token_names_an_unknown_key(issuer: FakeIssuer) -> None:
    provider = provider_for(issuer)
    await login(provider, issuer)

    issuer.rotate()
    claims = await login(provider, issuer)

    assert claims["sub"] == "alice"
    assert issuer.served["/jwks"] == 2


async def test_a_discovery_document_naming_another_issuer_is_refused(issuer: FakeIssuer) -> None:
    issuer.discovery_issuer = "https://evil.example.com"

    with pytest.raises(LoginFailed, match="another issuer"):
        await provider_for(issuer).authorization_url("s", "n", "v" * 64)


async def test_an_unreachable_provider_is_a_login_failure() -> None:
    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    provider = OidcProvider(
        name="down",
        issuer=ISSUER,
        client_id="tavolo",
        redirect_uri="https://tavolo.example.com/auth/down/callback",
        clock=FakeClock(),
        transport=httpx.MockTransport(down),
    )
    with pytest.raises(LoginFailed, match="cannot be reached"):
        await provider.authorization_url("s", "n", "v" * 64)


async def test_a_refused_code_is_a_login_failure(issuer: FakeIssuer) -> None:
    provider = provider_for(issuer)
    await provider.authorization_url("s", "n", "v" * 64)

    def refuse(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/token":
            return httpx.Response(400, json={"error": "invalid_grant"})
        return issuer.handle(request)

    provider._transport = httpx.MockTransport(refuse)
    with pytest.raises(LoginFailed, match="refused the authorization code"):
        await provider.identify("used-code", "v" * 64, "n")
