"""ID token validation, with tokens signed here by a test JWKS."""

from __future__ import annotations

from typing import Any

import pytest
from joserfc import jwt
from joserfc.jwk import KeySet, OctKey, RSAKey

from adapters.oidc import UnknownSigningKey, validate_id_token
from application.identity.oidc_login import LoginFailed

ISSUER = "https://id.example.com"
CLIENT_ID = "tavolo"
NONCE = "n-0S6_WzA2Mj"
NOW = 1_700_000_000.0

SIGNING_KEY = RSAKey.generate_key(2048, parameters={"kid": "current"})
OTHER_KEY = RSAKey.generate_key(2048, parameters={"kid": "rotated"})
PUBLISHED = KeySet.import_key_set(KeySet([SIGNING_KEY]).as_dict(private=False))


def claims(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "iss": ISSUER,
        "sub": "alice",
        "aud": CLIENT_ID,
        "exp": int(NOW) + 300,
        "iat": int(NOW) - 5,
        "nonce": NONCE,
        "name": "Alice",
    }
    base.update(changes)
    return {key: value for key, value in base.items() if value is not None}


def sign(payload: dict[str, Any], key: RSAKey = SIGNING_KEY, kid: str | None = "current") -> str:
    header = {"alg": "RS256"} if kid is None else {"alg": "RS256", "kid": kid}
    return jwt.encode(header, payload, key)


def validate(token: str, nonce: str = NONCE) -> dict[str, Any]:
    return validate_id_token(token, PUBLISHED, issuer=ISSUER, client_id=CLIENT_ID, nonce=nonce, now=NOW)


def test_a_valid_id_token_yields_its_claims() -> None:
    assert validate(sign(claims()))["sub"] == "alice"


def test_an_audience_list_containing_the_client_with_a_matching_azp_is_accepted() -> None:
    assert validate(sign(claims(aud=["other", CLIENT_ID], azp=CLIENT_ID)))["sub"] == "alice"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"nonce": "another-login"}, "another login"),
        ({"nonce": None}, "another login"),
        ({"aud": "someone-else"}, "another client"),
        ({"aud": ["someone-else", "a-third"]}, "another client"),
        ({"aud": [CLIENT_ID, "other"]}, "another party"),  # several audiences need azp = us
        ({"azp": "other"}, "another party"),
        ({"iss": "https://evil.example.com"}, "another issuer"),
        ({"iss": ISSUER + "/"}, "another issuer"),  # exactly the configured issuer
        ({"exp": int(NOW) - 61}, "expired"),
        ({"exp": None}, "'exp'"),
        ({"iat": int(NOW) + 3600}, "future"),
        ({"iat": None}, "'iat'"),
        ({"sub": ""}, "subject"),
    ],
)
def test_an_id_token_with_a_wrong_claim_is_refused(changes: dict[str, Any], reason: str) -> None:
    with pytest.raises(LoginFailed, match=reason):
        validate(sign(claims(**changes)))


def test_a_token_signed_by_a_key_id_the_jwks_does_not_hold_is_refused_as_unknown_key() -> None:
    with pytest.raises(UnknownSigningKey):
        validate(sign(claims(), key=OTHER_KEY, kid="rotated"))


@pytest.mark.parametrize("kid", ["current", None])
def test_a_token_signed_by_another_key_under_a_known_or_no_key_id_is_refused(kid: str | None) -> None:
    with pytest.raises(LoginFailed, match="signature"):
        validate(sign(claims(), key=OTHER_KEY, kid=kid))


def test_a_tampered_token_is_refused() -> None:
    header, payload, signature = sign(claims()).split(".")
    forged_payload = sign(claims(sub="mallory")).split(".")[1]
    with pytest.raises(LoginFailed, match="signature"):
        validate(".".join((header, forged_payload, signature[::-1])))
    assert payload != forged_payload


def test_unsigned_and_symmetric_tokens_are_refused() -> None:
    shared = OctKey.generate_key(256, parameters={"kid": "current"})
    hmac_token = jwt.encode({"alg": "HS256", "kid": "current"}, claims(), shared)
    header = "eyJhbGciOiJub25lIn0"  # {"alg":"none"}
    unsigned = f"{header}.{sign(claims()).split('.')[1]}."
    for token in (hmac_token, unsigned, "not-a-jwt"):
        with pytest.raises(LoginFailed):
            validate(token)
