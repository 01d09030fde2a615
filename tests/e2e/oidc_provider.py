"""A real OIDC provider on loopback (oidc-provider-mock in a thread), and a browser-like login.

The provider's WSGI app is wrapped so the test can see what the client sent
to the token endpoint (the mock accepts any PKCE verifier, so tests check it).
"""

from __future__ import annotations

import base64
import hashlib
import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlsplit

import httpx
import oidc_provider_mock  # type: ignore[import-untyped]
from werkzeug.serving import make_server

from tests.integration.server import RunningServer


@dataclass
class MockProvider:
    """A running provider; its issuer is ``http://127.0.0.1:<port>`` (the host we call it by)."""

    issuer: str
    token_requests: list[dict[str, str]] = field(default_factory=list)

    async def set_user(self, sub: str, claims: dict[str, Any]) -> None:
        async with httpx.AsyncClient() as http:
            response = await http.put(f"{self.issuer}/users/{sub}", json=claims)
            assert response.status_code == 204, response.text


@contextmanager
def mock_provider() -> Iterator[MockProvider]:
    app = oidc_provider_mock.app(require_nonce=True)
    provider = MockProvider(issuer="")

    def recording(environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("PATH_INFO") == "/oauth2/token" and environ.get("REQUEST_METHOD") == "POST":
            body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
            provider.token_requests.append(dict(parse_qsl(body.decode())))
            environ["wsgi.input"] = io.BytesIO(body)
        return app(environ, start_response)

    server = make_server("127.0.0.1", 0, recording, threaded=True)
    provider.issuer = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield provider
    finally:
        server.shutdown()
        thread.join(5)
        server.server_close()


def s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


def query(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


@dataclass
class LoginTrip:
    """The URLs a browser visited while logging in."""

    authorize_url: str
    callback_url: str
    callback: httpx.Response


async def start_login(http: httpx.AsyncClient, server: RunningServer, provider: str) -> str:
    """``/auth/<provider>/login``: the authorization URL the browser is sent to."""
    start = await http.get(f"{server.base_url}/auth/{provider}/login")
    assert start.status_code == 302, start.text
    return start.headers["location"]


async def grant(http: httpx.AsyncClient, authorize_url: str, sub: str) -> str:
    """Fill the provider's login form with ``sub``: the callback URL it redirects to."""
    page = await http.get(authorize_url)
    assert page.status_code == 200 and 'name="sub"' in page.text, page.text
    granted = await http.post(authorize_url, data={"sub": sub})
    assert granted.status_code == 302, granted.text
    return granted.headers["location"]


async def log_in(http: httpx.AsyncClient, server: RunningServer, provider: str, sub: str) -> LoginTrip:
    """The whole redirect dance, as a browser would do it."""
    authorize_url = await start_login(http, server, provider)
    callback_url = await grant(http, authorize_url, sub)
    return LoginTrip(authorize_url, callback_url, await http.get(callback_url))
