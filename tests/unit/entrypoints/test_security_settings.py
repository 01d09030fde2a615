"""OIDC, CORS, WebSocket and guessing-limit settings."""

from __future__ import annotations

import pytest

from entrypoints.config import VARIABLES, ConfigError, load_settings

ALPHA = {
    "OIDC_0_PROVIDER": "alpha",
    "OIDC_0_ISSUER": "https://id.alpha.example",
    "OIDC_0_CLIENT_ID": "tavolo",
}
BETA = {"OIDC_1_PROVIDER": "beta", "OIDC_1_ISSUER": "https://id.beta.example", "OIDC_1_CLIENT_ID": "tavolo"}


def test_without_any_oidc_variable_there_is_no_provider_and_guests_may_log_in() -> None:
    settings = load_settings({})
    assert settings.oidc_providers == () and settings.guest_login and not settings.cookie_secure


def test_indexed_blocks_become_providers_in_order_with_their_defaults() -> None:
    settings = load_settings({**ALPHA, **BETA, "APP_PORT": "9000", "OIDC_1_CLIENT_SECRET": "s"})

    alpha, beta = settings.oidc_providers
    assert (alpha.name, beta.name) == ("alpha", "beta")
    assert alpha.redirect_uri == "http://localhost:9000/auth/alpha/callback"
    assert alpha.client_secret is None and beta.client_secret == "s"
    assert alpha.post_login_redirect == "/" and alpha.post_logout_redirect == "/"
    assert "client_secret" not in repr(beta)  # never printed with the settings


def test_with_providers_guests_are_off_unless_explicitly_on() -> None:
    assert load_settings(ALPHA).guest_login is False
    assert load_settings({**ALPHA, "AUTH_GUEST": "true"}).guest_login is True
    assert load_settings({"AUTH_GUEST": "false"}).guest_login is False


def test_cookies_are_secure_by_default_when_a_redirect_uri_is_https() -> None:
    https = {**ALPHA, "OIDC_0_REDIRECT_URI": "https://tavolo.example/auth/alpha/callback"}
    assert load_settings(https).cookie_secure is True
    assert load_settings(ALPHA).cookie_secure is False
    assert load_settings({**https, "SESSION_COOKIE_SECURE": "false"}).cookie_secure is False


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (BETA, "contiguously from 0"),
        ({**ALPHA, "OIDC_2_PROVIDER": "gamma"}, "contiguously from 0"),
        ({**ALPHA, **BETA, "OIDC_1_PROVIDER": "alpha"}, "already the name"),
        ({**ALPHA, "OIDC_0_PROVIDER": "al pha"}, r"\[A-Za-z0-9_-\]\+"),
        ({**ALPHA, "OIDC_0_PROVIDER": "a:b"}, r"\[A-Za-z0-9_-\]\+"),
        ({**ALPHA, "OIDC_0_PROVIDER": "guest"}, "guest"),
        ({"OIDC_0_PROVIDER": "alpha", "OIDC_0_ISSUER": "https://id.example"}, "OIDC_0_CLIENT_ID is required"),
        ({**ALPHA, "OIDC_0_ISSUER": "id.example.com"}, "OIDC_0_ISSUER"),
        ({**ALPHA, "OIDC_0_REDIRECT_URI": "/auth/alpha/callback"}, "OIDC_0_REDIRECT_URI"),
        ({**ALPHA, "OIDC_0_POST_LOGIN_REDIRECT": "//evil.example"}, "OIDC_0_POST_LOGIN_REDIRECT"),
        ({**ALPHA, "OIDC_0_CLIENTID": "x"}, "OIDC_0_CLIENTID is not a known variable"),
        ({"OIDC_ISSUER": "https://id.example"}, "OIDC_ISSUER is not a known variable"),
        ({"OIDC_00_PROVIDER": "alpha"}, "OIDC_00_PROVIDER"),
    ],
)
def test_a_bad_oidc_configuration_is_a_clear_start_up_error(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings(env)


def test_cors_settings_are_read_and_normalised() -> None:
    settings = load_settings(
        {
            "CORS_ALLOW_ORIGINS": "https://App.example.com/, http://localhost:5173",
            "CORS_ALLOW_ORIGIN_REGEX": r"https://tavolo-[a-z0-9-]+\.vercel\.app",
            "CORS_ALLOW_METHODS": "get,post",
            "CORS_ALLOW_HEADERS": "X-Requested-With",
            "CORS_ALLOW_CREDENTIALS": "yes",
            "CORS_EXPOSE_HEADERS": "X-Total",
            "CORS_MAX_AGE": "120",
        }
    )
    assert settings.cors_allow_origins == ("https://app.example.com", "http://localhost:5173")
    assert settings.cors_allow_methods == ("GET", "POST")
    assert settings.cors_allow_headers == ("x-requested-with",)
    assert settings.cors_allow_credentials and settings.cors_max_age == 120
    assert load_settings({}).cors_allow_methods == ("GET",) and load_settings({}).cors_allow_origins == ()


@pytest.mark.parametrize(
    ("env", "name"),
    [
        ({"CORS_ALLOW_ORIGINS": "*", "CORS_ALLOW_CREDENTIALS": "true"}, "CORS_ALLOW_CREDENTIALS"),
        ({"CORS_ALLOW_ORIGINS": "*, https://a.example"}, "CORS_ALLOW_ORIGINS"),
        ({"CORS_ALLOW_ORIGINS": "https://a.example/path"}, "CORS_ALLOW_ORIGINS"),
        ({"CORS_ALLOW_ORIGIN_REGEX": "https://(unclosed"}, "CORS_ALLOW_ORIGIN_REGEX"),
        ({"CORS_MAX_AGE": "-1"}, "CORS_MAX_AGE"),
        ({"WS_MAX_MESSAGE_BYTES": "10"}, "WS_MAX_MESSAGE_BYTES"),
        ({"WS_RATE_PER_SECOND": "0"}, "WS_RATE_PER_SECOND"),
        ({"JOIN_CODE_MAX_FAILURES": "0"}, "JOIN_CODE_MAX_FAILURES"),
    ],
)
def test_bad_edge_settings_are_configuration_errors_naming_the_variable(
    env: dict[str, str], name: str
) -> None:
    with pytest.raises(ConfigError, match=name):
        load_settings(env)


def test_every_new_variable_is_listed_with_its_default() -> None:
    assert VARIABLES["WS_MAX_MESSAGE_BYTES"] == "4096" and VARIABLES["CORS_ALLOW_METHODS"] == "GET"
    assert {name for name in VARIABLES if name.startswith("OIDC_<n>_")} == {
        f"OIDC_<n>_{part}"
        for part in (
            "PROVIDER",
            "ISSUER",
            "CLIENT_ID",
            "CLIENT_SECRET",
            "REDIRECT_URI",
            "POST_LOGIN_REDIRECT",
            "POST_LOGOUT_REDIRECT",
        )
    }
