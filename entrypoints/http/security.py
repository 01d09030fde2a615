"""The edge's guards: CSRF and Origin checks, CORS, and the WebSocket limits.

* A state-changing request (POST, PUT, PATCH, DELETE) must send its body as
  ``application/json`` (a request without a body needs no content type) and,
  when it carries an ``Origin``, come from a *trusted* origin: the server's
  own, the origin of an OIDC redirect URI, or an origin CORS lists or its
  regex matches. ``CORS_ALLOW_ORIGINS=*`` opens reading to anonymous callers
  but never makes an origin trusted: a foreign page never acts with the cookie.
  Anything else is refused with 403 before any handler runs.
* A WebSocket handshake with an ``Origin`` must come from a trusted origin
  (403 before the handshake otherwise); one without ``Origin`` is a
  non-browser client and is let through.
* CORS: preflights are answered here (204 with the allow headers, or 403 with
  none for an origin, method the policy refuses), and responses to allowed
  cross-origin requests get ``Access-Control-Allow-Origin`` and friends. A
  wildcard policy answers ``*`` and never reflects the origin, so it is never
  combined with credentials.

This is a small middleware rather than sanic-ext's CORS: sanic-ext treats
``CORS_ALLOW_HEADERS=*`` as a literal ``*`` (ignored by browsers on
credentialed requests) instead of mirroring the requested headers, refuses to
start with ``*`` and credentials rather than keeping them apart, needs its
automatic OPTIONS handlers on every route, and would install its other
extensions (OpenAPI, injection) next to ours.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from sanic.request import Request
from sanic.response import BaseHTTPResponse, HTTPResponse, empty, json

from entrypoints.config import Settings
from entrypoints.errors import error_body
from entrypoints.http.context import AnySanic

log = logging.getLogger(__name__)

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SAFELISTED_HEADERS = frozenset({"accept", "accept-language", "content-language", "content-type"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
GUARD_PRIORITY = 1000  # before every other request middleware (the WebSocket game lookup too)


def normalise_origin(value: str) -> str | None:
    """``scheme://host[:port]`` in lower case, without a default port; ``None`` if it is no origin."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}" if port in (None, DEFAULT_PORTS[scheme]) else f"{scheme}://{host}:{port}"


@dataclass(frozen=True)
class CorsPolicy:
    """The ``CORS_*`` settings, ready to judge a request's ``Origin``."""

    origins: frozenset[str]
    wildcard: bool
    regex: re.Pattern[str] | None
    methods: frozenset[str]
    any_method: bool
    headers: frozenset[str]
    any_header: bool
    credentials: bool
    expose_headers: tuple[str, ...]
    max_age: int

    @classmethod
    def from_settings(cls, settings: Settings) -> CorsPolicy:
        origins = {normalise_origin(origin) for origin in settings.cors_allow_origins if origin != "*"}
        regex = settings.cors_allow_origin_regex
        return cls(
            origins=frozenset(origin for origin in origins if origin),
            wildcard="*" in settings.cors_allow_origins,
            regex=re.compile(regex) if regex else None,
            methods=frozenset(method.upper() for method in settings.cors_allow_methods if method != "*"),
            any_method="*" in settings.cors_allow_methods,
            headers=frozenset(header.lower() for header in settings.cors_allow_headers if header != "*"),
            any_header="*" in settings.cors_allow_headers,
            credentials=settings.cors_allow_credentials and "*" not in settings.cors_allow_origins,
            expose_headers=tuple(settings.cors_expose_headers),
            max_age=settings.cors_max_age,
        )

    @property
    def enabled(self) -> bool:
        return self.wildcard or bool(self.origins) or self.regex is not None

    def trusts(self, origin: str) -> bool:
        """Listed or matched by the regex: such an origin may act with the user's cookie."""
        return origin in self.origins or (self.regex is not None and self.regex.fullmatch(origin) is not None)

    def allows(self, origin: str) -> bool:
        return self.wildcard or self.trusts(origin)

    def allow_origin_headers(self, origin: str) -> dict[str, str]:
        """The headers every CORS response to an allowed ``origin`` carries."""
        if self.trusts(origin):
            headers = {"Access-Control-Allow-Origin": origin, "Vary": "Origin"}
            if self.credentials:
                headers["Access-Control-Allow-Credentials"] = "true"
            return headers
        return {"Access-Control-Allow-Origin": "*"}

    def preflight_headers(self, origin: str, method: str, requested: str) -> dict[str, str] | None:
        """The answer to a preflight, or ``None`` when the policy refuses it."""
        if not self.allows(origin) or not (self.any_method or method.upper() in self.methods):
            return None
        asked = [header.strip().lower() for header in requested.split(",") if header.strip()]
        allowed = [h for h in asked if self.any_header or h in self.headers or h in SAFELISTED_HEADERS]
        headers = self.allow_origin_headers(origin)
        headers["Access-Control-Allow-Methods"] = (
            method.upper() if self.any_method else ", ".join(sorted(self.methods))
        )
        if allowed:
            headers["Access-Control-Allow-Headers"] = ", ".join(allowed)
        headers["Access-Control-Max-Age"] = str(self.max_age)
        return headers


@dataclass(frozen=True)
class OriginGuard:
    """Which origins may change state or open a WebSocket with the user's cookie."""

    cors: CorsPolicy
    public_origins: frozenset[str]  # the origins of the OIDC redirect URIs: where users reach us

    @classmethod
    def from_settings(cls, settings: Settings) -> OriginGuard:
        public = {normalise_origin(provider.redirect_uri) for provider in settings.oidc_providers}
        return cls(CorsPolicy.from_settings(settings), frozenset(origin for origin in public if origin))

    def is_own(self, request: Request, origin: str) -> bool:
        """Same host and port as the request; https always (TLS may end at a proxy), http only over http."""
        own_scheme = {"ws": "http", "wss": "https"}.get(request.scheme, request.scheme)
        for scheme in {"https", own_scheme}:
            if normalise_origin(f"{scheme}://{request.host}") == origin:
                return True
        return False

    def trusts(self, request: Request, origin: str) -> bool:
        return origin in self.public_origins or self.is_own(request, origin) or self.cors.trusts(origin)


def forbidden(message: str) -> HTTPResponse:
    return json(error_body("forbidden", message), status=403)


def _has_body(request: Request) -> bool:
    length = request.headers.get("content-length", "0").strip()
    return "transfer-encoding" in request.headers or (length != "0" and length != "")


def _is_json(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


def check_request(guard: OriginGuard, request: Request) -> HTTPResponse | None:
    """The guard's verdict on one request: a refusal or preflight answer, or ``None`` to go on."""
    raw_origin = request.headers.get("origin")
    origin = None if raw_origin is None else normalise_origin(raw_origin)
    if request.method == "OPTIONS" and raw_origin and "access-control-request-method" in request.headers:
        headers = None
        if origin is not None:
            headers = guard.cors.preflight_headers(
                origin,
                request.headers.get("access-control-request-method", ""),
                request.headers.get("access-control-request-headers", ""),
            )
        if headers is None:
            log.debug("refused a CORS preflight for %s from %s", request.path, raw_origin)
            return forbidden("cross-origin requests from this origin are not allowed")
        return empty(status=204, headers=headers)
    websocket = request.headers.get("upgrade", "").lower() == "websocket"
    if websocket or request.method in STATE_CHANGING:
        if raw_origin is not None and (origin is None or not guard.trusts(request, origin)):
            log.info("refused %s %s from the foreign origin %s", request.method, request.path, raw_origin)
            return forbidden("requests from this origin are not allowed")
        if raw_origin is None and request.headers.get("sec-fetch-site", "").lower() == "cross-site":
            return forbidden("cross-site requests are not allowed")
    if request.method in STATE_CHANGING:
        content_type = request.headers.get("content-type")
        if content_type is not None and not _is_json(content_type):
            return forbidden("a request that changes something must send application/json")
        if content_type is None and _has_body(request):
            return forbidden("a request body must be sent as application/json")
    return None


def _vary_on_origin(response: BaseHTTPResponse) -> None:
    vary = response.headers.get("vary", "")
    if "origin" not in vary.lower():
        response.headers["Vary"] = f"{vary}, Origin" if vary else "Origin"


def install_security(app: AnySanic, settings: Settings) -> None:
    """The CSRF/Origin guard, CORS headers and the WebSocket frame limit and keep-alive."""
    guard = OriginGuard.from_settings(settings)
    app.ctx.origin_guard = guard
    app.config.update(
        {
            "WEBSOCKET_MAX_SIZE": settings.ws_max_message_bytes,
            "WEBSOCKET_PING_INTERVAL": settings.ws_ping_interval_seconds,
            "WEBSOCKET_PING_TIMEOUT": settings.ws_ping_timeout_seconds,
        }
    )

    async def guard_request(request: Request) -> HTTPResponse | None:
        return check_request(guard, request)

    async def add_cors_headers(request: Request, response: BaseHTTPResponse) -> None:
        raw_origin = request.headers.get("origin")
        if not guard.cors.enabled or "access-control-allow-origin" in response.headers:
            return
        origin = None if raw_origin is None else normalise_origin(raw_origin)
        if origin is not None and guard.cors.allows(origin):
            headers = guard.cors.allow_origin_headers(origin)
            if headers.pop("Vary", None):
                _vary_on_origin(response)
            response.headers.update(headers)
            if guard.cors.expose_headers:
                response.headers["Access-Control-Expose-Headers"] = ", ".join(guard.cors.expose_headers)
        elif not guard.cors.wildcard:
            _vary_on_origin(response)

    app.register_middleware(guard_request, "request", priority=GUARD_PRIORITY)
    app.register_middleware(add_cors_headers, "response")
