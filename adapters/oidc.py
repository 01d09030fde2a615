"""OpenID Connect with authlib: discovery, JWKS, the authorization URL, the code exchange, the ID token.

``OidcProvider`` is the ``IdentityProvider`` of one configured issuer. The
discovery document and the JWKS are fetched on first use and cached; the JWKS
is fetched again when an ID token names a key id it does not hold (providers
rotate keys); ID tokens only ever come from the token endpoint, so no caller
can make us refetch at will. The code exchange
uses authlib's ``AsyncOAuth2Client`` with PKCE S256. ``validate_id_token`` is
the ID token check on its own, so it can be tested with tokens signed by hand.

Tokens, codes, verifiers and nonces are never logged.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
import warnings
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

import authlib.deprecate  # type: ignore[import-untyped]  # noqa: F401  # see the filter below
import httpx
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet

from application.identity.oidc_login import LoginFailed
from application.ports import Clock

# Authlib 1.9 prefers the httpx2 package and, when only httpx is installed, warns on import
# (AuthlibDeprecationWarning "The httpx module is deprecated; please use httpx2 instead") that a
# later release drops httpx. Our pins are httpx <1 (Sanic's test client and this module use it
# too) and authlib <2, where the httpx path still works, so the warning printed on every start
# and test run told nobody anything to do yet. Only that message, only for this import, is
# silenced; moving to httpx2 is the follow-up for when authlib drops httpx. authlib.deprecate
# (imported above) puts its own "always" filter first when it loads, so ours goes in after it.
with warnings.catch_warnings():
    warnings.filterwarnings(
        "ignore", "The httpx module is deprecated; please use httpx2 instead", DeprecationWarning
    )
    from authlib.integrations.httpx_client import AsyncOAuth2Client  # type: ignore[import-untyped]

log = logging.getLogger(__name__)

SCOPE = "openid profile email"
ASYMMETRIC_ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512")
CLOCK_LEEWAY_SECONDS = 60
METADATA_CACHE_SECONDS = 3600.0
JWKS_CACHE_SECONDS = 3600.0
HTTP_TIMEOUT_SECONDS = 10.0


class UnknownSigningKey(LoginFailed):
    """The ID token names a key id the JWKS does not hold (yet)."""


def _audiences(claims: Mapping[str, Any]) -> list[str]:
    aud = claims.get("aud")
    if isinstance(aud, str):
        return [aud]
    if isinstance(aud, list) and all(isinstance(item, str) for item in aud):
        return aud
    return []


def _number(claims: Mapping[str, Any], name: str) -> float:
    value = claims.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LoginFailed(f"the ID token has no valid '{name}'")
    return float(value)


def validate_id_token(
    id_token: str,
    keys: KeySet,
    *,
    issuer: str,
    client_id: str,
    nonce: str,
    now: float,
    algorithms: Collection[str] = ASYMMETRIC_ALGORITHMS,
    leeway: float = CLOCK_LEEWAY_SECONDS,
) -> dict[str, Any]:
    """The claims of ``id_token`` if it is valid for this client and login, else ``LoginFailed``.

    Valid means: signed with an allowed asymmetric algorithm by a key of
    ``keys``; ``iss`` exactly ``issuer``; ``aud`` containing ``client_id`` (and,
    with several audiences or an ``azp``, ``azp`` equal to it); ``exp`` not
    past and ``iat`` not in the future (both within ``leeway``); ``nonce``
    exactly the login's; ``sub`` a non-empty string.
    """
    try:
        token = jwt.decode(id_token, keys, algorithms=list(algorithms))
    except InvalidKeyIdError:
        raise UnknownSigningKey("the ID token is signed by an unknown key") from None
    except (JoseError, ValueError, TypeError):
        raise LoginFailed("the ID token's signature is not valid") from None
    claims = dict(token.claims)
    if claims.get("iss") != issuer:
        raise LoginFailed("the ID token comes from another issuer")
    audiences = _audiences(claims)
    if client_id not in audiences:
        raise LoginFailed("the ID token is meant for another client")
    if (len(audiences) > 1 or "azp" in claims) and claims.get("azp") != client_id:
        raise LoginFailed("the ID token was issued to another party")
    if _number(claims, "exp") + leeway <= now:
        raise LoginFailed("the ID token has expired")
    if _number(claims, "iat") - leeway > now:
        raise LoginFailed("the ID token is issued in the future")
    token_nonce = claims.get("nonce")
    if not isinstance(token_nonce, str) or not hmac.compare_digest(token_nonce.encode(), nonce.encode()):
        raise LoginFailed("the ID token belongs to another login")
    sub = claims.get("sub")
    if not isinstance(sub, str) or not sub:
        raise LoginFailed("the ID token has no subject")
    return claims


@dataclass(frozen=True)
class ProviderMetadata:
    """What tavolo uses of a discovery document."""

    authorization_endpoint: str
    token_endpoint: str
    jwks_uri: str
    algorithms: tuple[str, ...]


def parse_metadata(document: Any, issuer: str) -> ProviderMetadata:
    if not isinstance(document, dict):
        raise LoginFailed("the identity provider's discovery document is not a JSON object")
    if document.get("issuer") != issuer:
        raise LoginFailed("the identity provider's discovery document names another issuer")
    endpoints = {}
    for name in ("authorization_endpoint", "token_endpoint", "jwks_uri"):
        value = document.get(name)
        if not isinstance(value, str) or not value.startswith(("https://", "http://")):
            raise LoginFailed(f"the identity provider's discovery document has no valid {name}")
        endpoints[name] = value
    advertised = document.get("id_token_signing_alg_values_supported")
    algorithms = tuple(
        alg
        for alg in (advertised if isinstance(advertised, list) else ["RS256"])
        if alg in ASYMMETRIC_ALGORITHMS
    )
    return ProviderMetadata(algorithms=algorithms or ("RS256",), **endpoints)


class OidcProvider:
    """An ``IdentityProvider`` for one issuer (a confidential client when it has a secret)."""

    def __init__(
        self,
        name: str,
        issuer: str,
        client_id: str,
        redirect_uri: str,
        clock: Clock,
        client_secret: str | None = None,
        post_login_redirect: str = "/",
        post_logout_redirect: str = "/",
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._name = name
        self._issuer = issuer
        self._client_id = client_id
        self._client_secret = client_secret
        self._redirect_uri = redirect_uri
        self._clock = clock
        self._post_login_redirect = post_login_redirect
        self._post_logout_redirect = post_logout_redirect
        self._transport = transport
        self._metadata: tuple[ProviderMetadata, float] | None = None
        self._keys: tuple[KeySet, float] | None = None  # the JWKS and when it was fetched (monotonic)
        self._lock = asyncio.Lock()

    def __repr__(self) -> str:
        return f"OidcProvider({self._name!r}, issuer={self._issuer!r})"

    @property
    def name(self) -> str:
        return self._name

    @property
    def post_login_redirect(self) -> str:
        return self._post_login_redirect

    @property
    def post_logout_redirect(self) -> str:
        return self._post_logout_redirect

    # --- the IdentityProvider port -------------------------------------------

    async def authorization_url(self, state: str, nonce: str, code_verifier: str) -> str:
        metadata = await self._fetch_metadata()
        async with self._oauth_client() as client:
            url, _ = client.create_authorization_url(
                metadata.authorization_endpoint, state=state, code_verifier=code_verifier, nonce=nonce
            )
        return str(url)

    async def identify(self, code: str, code_verifier: str, nonce: str) -> Mapping[str, Any]:
        metadata = await self._fetch_metadata()
        async with self._oauth_client() as client:
            try:
                token = await client.fetch_token(
                    metadata.token_endpoint,
                    grant_type="authorization_code",
                    code=code,
                    code_verifier=code_verifier,
                )
            except Exception as error:  # authlib raises OAuthError, httpx errors, or JSON errors
                log.info("%s refused an authorization code: %s", self._name, type(error).__name__)
                raise LoginFailed("the identity provider refused the authorization code") from None
        id_token = token.get("id_token") if isinstance(token, Mapping) else None
        if not isinstance(id_token, str):
            raise LoginFailed("the identity provider sent no ID token")
        keys = await self._fetch_keys()
        try:
            return self._validate(id_token, keys, nonce, metadata)
        except UnknownSigningKey:
            log.info("%s signed an ID token with a key we do not hold: refetching its JWKS", self._name)
            return self._validate(id_token, await self._fetch_keys(stale=keys), nonce, metadata)

    # --- helpers --------------------------------------------------------------

    def _validate(
        self, id_token: str, keys: KeySet, nonce: str, metadata: ProviderMetadata
    ) -> dict[str, Any]:
        try:
            return validate_id_token(
                id_token,
                keys,
                issuer=self._issuer,
                client_id=self._client_id,
                nonce=nonce,
                now=self._clock.now(),
                algorithms=metadata.algorithms,
            )
        except LoginFailed as failure:
            log.info("an ID token from %s was refused: %s", self._name, failure.message)
            raise

    def _oauth_client(self) -> Any:
        return AsyncOAuth2Client(
            client_id=self._client_id,
            client_secret=self._client_secret,
            token_endpoint_auth_method="client_secret_basic" if self._client_secret else "none",
            scope=SCOPE,
            redirect_uri=self._redirect_uri,
            code_challenge_method="S256",
            timeout=HTTP_TIMEOUT_SECONDS,
            transport=self._transport,
        )

    async def _get_json(self, url: str) -> Any:
        try:
            async with httpx.AsyncClient(timeout=HTTP_TIMEOUT_SECONDS, transport=self._transport) as http:
                response = await http.get(url, headers={"Accept": "application/json"})
                response.raise_for_status()
                return response.json()
        except (httpx.HTTPError, ValueError) as error:
            log.warning("cannot read %s from %s: %s", url, self._name, type(error).__name__)
            raise LoginFailed("the identity provider cannot be reached; try again later") from None

    async def _fetch_metadata(self) -> ProviderMetadata:
        async with self._lock:
            if self._metadata is None or self._metadata[1] <= time.monotonic():
                url = self._issuer.rstrip("/") + "/.well-known/openid-configuration"
                metadata = parse_metadata(await self._get_json(url), self._issuer)
                self._metadata = (metadata, time.monotonic() + METADATA_CACHE_SECONDS)
                log.debug("%s: discovery document fetched", self._name)
            return self._metadata[0]

    async def _fetch_keys(self, stale: KeySet | None = None) -> KeySet:
        """The cached JWKS, fetched again when it is old or when it is ``stale`` (it lacked a key id);
        a task that finds another one already refreshed it uses that copy."""
        metadata = await self._fetch_metadata()
        async with self._lock:
            now = time.monotonic()
            if self._keys is not None:
                keys, fetched_at = self._keys
                if keys is not stale and now - fetched_at < JWKS_CACHE_SECONDS:
                    return keys
            document = await self._get_json(metadata.jwks_uri)
            try:
                keys = KeySet.import_key_set(document)
            except (JoseError, ValueError, TypeError, KeyError):
                raise LoginFailed("the identity provider's JWKS cannot be read") from None
            self._keys = (keys, now)
            log.debug("%s: JWKS fetched (%d keys)", self._name, len(keys.keys))
            return keys
