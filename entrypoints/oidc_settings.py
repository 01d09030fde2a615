"""The OIDC provider blocks of the configuration: ``OIDC_<n>_*``, n = 0, 1, ..."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from entrypoints.config_errors import ConfigError
from entrypoints.variables import Variable, part

BLOCK = "OIDC_<n>_"
OIDC_PARTS: tuple[Variable, ...] = (
    part(
        f"{BLOCK}PROVIDER",
        None,
        "provider name, in `/auth/<provider>/login` and in user ids `oidc:<provider>:<sub>`;"
        " unique, `[A-Za-z0-9_-]+`, required in each block",
    ),
    part(
        f"{BLOCK}ISSUER",
        None,
        "issuer URL; must equal the discovery document's `issuer` and the ID tokens' `iss` exactly",
    ),
    part(f"{BLOCK}CLIENT_ID", None, "client id at the provider"),
    part(f"{BLOCK}CLIENT_SECRET", None, "client secret; unset for a public client (PKCE only)"),
    part(
        f"{BLOCK}REDIRECT_URI",
        None,
        "callback URL registered at the provider; its origin also counts as this server's own",
        unset_means="`http://localhost:<APP_PORT>/auth/<provider>/callback`",
    ),
    part(f"{BLOCK}POST_LOGIN_REDIRECT", "/", "where the browser goes after login"),
    part(
        f"{BLOCK}POST_LOGOUT_REDIRECT",
        "/",
        "where a user of this provider goes after logging out (the `redirect` of `POST /auth/logout`)",
    ),
)
"""The variables of one provider block, ``OIDC_<n>_*`` with n = 0, 1, ... (none: guests only)."""
OIDC_FIELDS = tuple(variable.name.removeprefix(BLOCK) for variable in OIDC_PARTS)
_DEFAULTS = {variable.name.removeprefix(BLOCK): variable.default for variable in OIDC_PARTS}
_OIDC_VARIABLE = re.compile(r"OIDC_(0|[1-9][0-9]*)_([A-Z_]+)")
_PROVIDER_NAME = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True)
class OidcProviderSettings:
    """One OIDC provider: ``OIDC_<n>_*``. ``client_secret`` is ``None`` for a public client."""

    name: str
    issuer: str
    client_id: str
    redirect_uri: str
    client_secret: str | None = field(default=None, repr=False)
    post_login_redirect: str = "/"
    post_logout_redirect: str = "/"


def is_http_url(value: str) -> bool:
    parts = urlsplit(value)
    return parts.scheme in {"http", "https"} and bool(parts.hostname)


def _redirect_target(name: str, value: str) -> str:
    """A post-login/logout target: a local path (``/...``, never ``//host``) or an absolute http(s) URL."""
    if (value.startswith("/") and not value.startswith("//") and "\\" not in value) or is_http_url(value):
        return value
    raise ConfigError(f"{name} must be a path starting with / or an http(s) URL, got {value!r}")


def _oidc_blocks(env: Mapping[str, str], reserved: Collection[str]) -> dict[int, dict[str, str]]:
    blocks: dict[int, dict[str, str]] = {}
    for name, value in env.items():
        if not name.startswith("OIDC_") or name in reserved or not value.strip():
            continue
        match = _OIDC_VARIABLE.fullmatch(name)
        if match is None or match.group(2) not in OIDC_FIELDS:
            raise ConfigError(
                f"{name} is not a known variable: providers are configured in indexed blocks "
                f"OIDC_<n>_{{{','.join(OIDC_FIELDS)}}} with n = 0, 1, ..."
            )
        blocks.setdefault(int(match.group(1)), {})[match.group(2)] = value.strip()
    if sorted(blocks) != list(range(len(blocks))):
        raise ConfigError(
            f"OIDC provider blocks must be numbered contiguously from 0, got indices {sorted(blocks)}"
        )
    return blocks


def oidc_providers(
    env: Mapping[str, str], app_port: int, reserved: Collection[str]
) -> tuple[OidcProviderSettings, ...]:
    """The providers of the ``OIDC_<n>_*`` blocks; ``reserved`` names are other settings."""
    providers: list[OidcProviderSettings] = []
    for index, block in sorted(_oidc_blocks(env, reserved).items()):
        prefix = f"OIDC_{index}_"
        for required in ("PROVIDER", "ISSUER", "CLIENT_ID"):
            if required not in block:
                raise ConfigError(f"{prefix}{required} is required when any {prefix}* variable is set")
        name = block["PROVIDER"]
        if not _PROVIDER_NAME.fullmatch(name):
            raise ConfigError(f"{prefix}PROVIDER must match [A-Za-z0-9_-]+, got {name!r}")
        if name.lower() == "guest":
            raise ConfigError(f"{prefix}PROVIDER must not be 'guest': that name is the guest login's")
        if any(name.lower() == other.name.lower() for other in providers):
            raise ConfigError(f"{prefix}PROVIDER {name!r} is already the name of another provider")
        issuer = block["ISSUER"]
        if not is_http_url(issuer) or urlsplit(issuer).query or urlsplit(issuer).fragment:
            raise ConfigError(f"{prefix}ISSUER must be an http(s) URL without query or fragment")
        redirect_uri = block.get("REDIRECT_URI", f"http://localhost:{app_port}/auth/{name}/callback")
        if not is_http_url(redirect_uri):
            raise ConfigError(f"{prefix}REDIRECT_URI must be an absolute http(s) URL, got {redirect_uri!r}")
        providers.append(
            OidcProviderSettings(
                name=name,
                issuer=issuer,
                client_id=block["CLIENT_ID"],
                client_secret=block.get("CLIENT_SECRET"),
                redirect_uri=redirect_uri,
                post_login_redirect=_redirect_target(
                    f"{prefix}POST_LOGIN_REDIRECT",
                    block.get("POST_LOGIN_REDIRECT", _DEFAULTS["POST_LOGIN_REDIRECT"] or "/"),
                ),
                post_logout_redirect=_redirect_target(
                    f"{prefix}POST_LOGOUT_REDIRECT",
                    block.get("POST_LOGOUT_REDIRECT", _DEFAULTS["POST_LOGOUT_REDIRECT"] or "/"),
                ),
            )
        )
    return tuple(providers)
