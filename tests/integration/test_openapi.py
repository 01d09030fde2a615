"""The OpenAPI document: valid, complete, served with an offline viewer, and true to the server's
behaviour (schemathesis fuzzes every operation as a logged-in guest)."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from openapi_spec_validator import validate
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from entrypoints.http.context import COOKIE_NAME
from entrypoints.http.openapi import openapi_path, undocumented_routes
from tests.integration.server import RunningServer, running_server, server_settings

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
EXAMPLES_PER_OPERATION = 25


async def test_the_document_is_valid_openapi_3_and_documents_every_route() -> None:
    async with running_server(server_settings()) as server:
        async with httpx.AsyncClient(base_url=server.base_url) as http:
            response = await http.get("/api/openapi.json")
        assert response.status_code == 200
        document = response.json()

        validate(document)
        assert document["openapi"].startswith("3.")
        missing = undocumented_routes(server.app)
        assert missing == [], f"routes without @documented (or document_route): {missing}"
        exempt = ("/api/docs", "/api/openapi.json", "/web/", "/api/docs/assets")
        registered = {
            openapi_path(route)
            for route in server.app.router.routes
            if not route.extra.static and not openapi_path(route).startswith(exempt)
        }
        assert registered <= set(document["paths"])


README = Path(__file__).resolve().parents[2] / "README.md"


async def test_the_readmes_api_tables_list_every_documented_operation() -> None:
    async with (
        running_server(server_settings()) as server,
        httpx.AsyncClient(base_url=server.base_url) as http,
    ):
        document = (await http.get("/api/openapi.json")).json()
    readme = README.read_text()
    listed = {
        (method, _shape(path.split("?")[0]))
        for row in re.findall(r"^\| `([A-Z]+)` \| (.+?) \|", readme, flags=re.MULTILINE)
        for method in [row[0]]
        for path in re.findall(r"`([^`]+)`", row[1])
    }
    exempt = ("/api/docs", "/api/openapi.json", "/web/", "/", "/favicon.ico")
    missing = sorted(
        (method.upper(), path)
        for path, operations in document["paths"].items()
        for method in operations
        if path not in exempt
        and not path.startswith("/api/docs")
        and (method.upper(), _shape(path)) not in listed
    )
    assert missing == [], f"operations the README's API tables do not list: {missing}"


def _shape(path: str) -> str:
    """A path with its parameters unnamed: the README writes ``{id}`` where the router says ``{game_id}``."""
    return re.sub(r"\{[^}]*\}", "{}", path)


async def test_every_response_body_and_error_is_a_named_component_schema() -> None:
    async with (
        running_server(server_settings()) as server,
        httpx.AsyncClient(base_url=server.base_url) as http,
    ):
        document = (await http.get("/api/openapi.json")).json()

    components = document["components"]["schemas"]
    error_schemas = {
        f"#/components/schemas/{name}"
        for name, schema in components.items()
        if schema["properties"].items() >= components["Error"]["properties"].items()
        and {"code", "message"} <= set(schema.get("required", []))
    }
    assert {"#/components/schemas/Error", "#/components/schemas/NotReady"} <= error_schemas
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                for media in response.get("content", {}).values():
                    schema = media["schema"]
                    reference = schema.get("$ref") or schema.get("items", {}).get("$ref")
                    assert reference, f"{method} {path} {status}: an inline response schema"
                    if int(status) >= 400:  # Error itself, or Error with more (NotReady adds `checks`)
                        assert reference in error_schemas, f"{method} {path} {status}: {reference}"
            body = operation.get("requestBody")
            if body is not None:
                assert "$ref" in body["content"]["application/json"]["schema"], f"{method} {path}"
    assert {"GameView", "Lobby", "History", "Leaderboard", "Ratings", "Error"} <= set(
        document["components"]["schemas"]
    )


async def test_the_viewer_and_its_assets_are_served_by_the_app_itself() -> None:
    async with (
        running_server(server_settings()) as server,
        httpx.AsyncClient(base_url=server.base_url) as http,
    ):
        page = await http.get("/api/docs")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "<script>" not in page.text, "no inline script (CSP-friendly)"
        assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert assets and all(url.startswith("/") for url in assets), "no CDN"
        for url in assets:
            asset = await http.get(url)
            assert asset.status_code == 200, url
        init = await http.get("/api/docs/init.js")
        assert "/api/openapi.json" in init.text


# --- schemathesis -------------------------------------------------------------------------------


@contextmanager
def server_in_a_thread() -> Iterator[RunningServer]:
    """A real server on its own event loop, so synchronous schemathesis calls can reach it."""
    started = threading.Event()
    holder: dict[str, Any] = {}

    async def serve() -> None:
        stop = asyncio.Event()
        holder["stop"] = (asyncio.get_running_loop(), stop)
        try:
            async with running_server(server_settings()) as server:
                holder["server"] = server
                started.set()
                await stop.wait()
        finally:
            started.set()

    def run() -> None:
        try:
            asyncio.run(serve())
        except BaseException as error:  # surfaced by the waiting test
            holder["error"] = error

    thread = threading.Thread(target=run, name="schemathesis-server", daemon=True)
    thread.start()
    assert started.wait(30), "the server did not start"
    if "server" not in holder:
        raise RuntimeError("the server failed to start") from holder.get("error")
    try:
        yield holder["server"]
    finally:
        loop, stop = holder["stop"]
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)


def guest_cookie(base_url: str, name: str) -> str:
    response = httpx.post(f"{base_url}/auth/guest", json={"name": name})
    assert response.status_code == 201
    return response.cookies[COOKIE_NAME]


def fuzz(operation: Any, base_url: str, cookie: str, mode: GenerationMode) -> None:
    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        case.call_and_validate(base_url=base_url, cookies={COOKIE_NAME: cookie}, checks=CHECKS, timeout=10)

    run()


def test_schemathesis_finds_no_server_error_and_no_response_off_its_schema() -> None:
    with server_in_a_thread() as server:
        cookie = guest_cookie(server.base_url, "Fuzzy")
        # Real data behind the documented responses: a game the guest sits at.
        created = httpx.post(
            f"{server.base_url}/api/games",
            json={"game_type": "scopa", "options": {}},
            cookies={COOKIE_NAME: cookie},
        )
        assert created.status_code == 201
        game_id = created.json()["id"]

        schema = schemathesis.openapi.from_url(f"{server.base_url}/api/openapi.json")
        failures: list[str] = []
        tested = 0
        for result in schema.get_all_operations():
            assert isinstance(result, Ok), result
            operation = result.ok()
            if operation.path.startswith("/ws/"):
                continue  # a WebSocket handshake, not a JSON operation
            tested += 1
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                try:
                    fuzz(operation, server.base_url, cookie, mode)
                except Unsatisfiable:
                    continue  # nothing to negate (no parameters, no body)
                except Exception as error:
                    failures.append(f"{operation.label} [{mode.value}]: {error}")
            if "{game_id}" in operation.path:
                real = {"game_id": game_id, "seat": 1} if "{seat}" in operation.path else {"game_id": game_id}
                case = operation.Case(path_parameters=real)
                try:
                    case.call_and_validate(
                        base_url=server.base_url, cookies={COOKIE_NAME: cookie}, checks=CHECKS
                    )
                except Exception as error:
                    failures.append(f"{operation.label} on a real game: {error}")
        assert tested >= 12
        assert not failures, "\n\n".join(failures)
