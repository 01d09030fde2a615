"""Property-based fuzzing of every REST route that reads a body or a query (issue 16, section 5).

The routes come from the server's own OpenAPI document, so a new route is fuzzed as soon as it is
documented. Each gets hypothesis-drawn requests from a logged-in guest or an anonymous caller:
bodies of valid JSON of every shape, bodies shaped like the route's schema with wrong values,
nesting deeper than any parser's recursion, huge numbers, NUL and lone-surrogate escapes, text
that is not JSON, invalid UTF-8, every content type; query strings with the route's parameters and
others, percent-escapes of NUL and invalid UTF-8, repeated and overlong values; and path
parameters that are real ids, unknown ids, and garbage.

Checked on every answer: never a 5xx, and every 4xx is a JSON body with a string ``code`` and
``message``.
"""

from __future__ import annotations

import asyncio
import base64
import json
import tempfile
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import quote

import asyncpg
import httpx
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from adapters.postgres.matches import PostgresMatchRepository
from entrypoints.http.context import COOKIE_NAME
from entrypoints.oidc_settings import OidcProviderSettings
from tests.conftest import REQUIRE_SERVICES, service_unavailable
from tests.contract.match_factories import ADMIN_DSN, postgres_database
from tests.faults.figures import report
from tests.integration.server import RunningServer, free_port, running_server, server_settings

EXAMPLES = max(10, settings().max_examples // 10)  # 10 by default, a tenth of a larger profile's
BATCH = 60
PROVIDER = "fuzz"
# Query parameters no schema documents: the OIDC callback's, and a few every web server meets.
EXTRA_QUERY = ["code", "state", "error", "error_description", "cursor", "page", "limit", "x", ""]
SKIPPED = {("GET", "/ws/games/{game_id}")}  # a WebSocket handshake: test_fuzz_websocket's business
# Starting a login at the configured provider calls the provider (nothing listens here): that route
# gets only names of providers that do not exist.
CALLS_THE_PROVIDER = "/auth/{provider}/login"

# --- bodies ----------------------------------------------------------------------------------------

json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["", "\x00", "a\x00b", "scopa", "briscola_chiamata", "easy", "normal", "ABC234", "me"]),
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=15,
)


def deep(opening: str, closing: str, inner: str = "1") -> st.SearchStrategy[bytes]:
    return st.integers(1000, 120_000).map(lambda n: (opening * n + inner + closing * n).encode())


raw_bodies = st.one_of(
    deep("[", "]", ""),
    deep('{"a":', "}"),
    deep('{"name":[', "]}", '"x"'),
    st.integers(20, 5000).map(lambda n: b'{"name": ' + b"9" * n + b"}"),
    st.sampled_from(
        [
            b'{"name": "a\\u0000b"}',
            b'{"name": "\\ud800"}',
            b'{"code": "\\udfff\\ud800"}',
            b'{"game_type": "scopa\\u0000"}',
            b'{"options": {"target_score": 1e400}}',
            b'{"options": {"target_score": NaN}}',
            b'{"level": Infinity}',
            b'{"name": "Anna"',
            b"{'name': 'Anna'}",
            b"\xef\xbb\xbf{}",  # a byte-order mark
            b"\xff\xfe{\x00}\x00",
            b'{"name": "\xff"}',
            b"null",
            b"[]",
            b'"text"',
            b"1e999",
            b"\x00",
            b" ",
        ]
    ),
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda text: text.encode("utf-8", "surrogatepass")),
)
content_types = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/json; charset=latin-1",
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/json-patch+json",
        "",
        None,
    ]
)

# --- queries and path parameters -------------------------------------------------------------------

# A history cursor decodes to "<finished_at>|<match id>": these decode, to floats or not, ids or not.
cursors = st.builds(
    lambda when, match_id: base64.urlsafe_b64encode(f"{when}|{match_id}".encode()).decode().rstrip("="),
    st.floats(allow_nan=False, allow_infinity=False) | st.floats() | st.text(max_size=8),
    st.text(max_size=12) | st.sampled_from(["\x00", "a\x00b", str(uuid.uuid4())]),
)
query_values = st.one_of(
    st.text(max_size=30),
    st.integers().map(str),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "1e3",
            "1.5",
            "NaN",
            "inf",
            "true",
            "me",
            "scopa",
            "9" * 5000,
            "x" * 5000,
            "\u0661\u0662",
        ]
    ),
    st.sampled_from(["%00", "%ff", "%c3%28", "%ed%a0%80", "%", "%zz", "a%00b", "+%2B+"]).map(
        lambda v: ("raw", v)
    ),
    cursors,
)
# Values that get past the first check of a documented query parameter, and a bit further.
TYPED_QUERY: dict[str, st.SearchStrategy[Any]] = {
    "cursor": cursors,
    "limit": st.integers(-5, 200).map(str),
    "page": st.integers(-5, 10**7).map(str),
    "game_type": st.sampled_from(["scopa", "briscola", "briscola_chiamata", "poker", "scopa\x00"]),
    "focus": st.sampled_from(["me", "", "you"]),
    "include_bots": st.sampled_from(["true", "false", "1", "yes", "maybe"]),
    "code": st.text("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", min_size=5, max_size=7) | st.text(max_size=8),
}
path_garbage = st.one_of(
    st.text(min_size=1, max_size=40).map(lambda text: quote(text, safe="")),
    st.sampled_from(["%00", "..", "%2e%2e", "%ff", "00000000-0000-0000-0000-000000000000", "a" * 500]),
)
seats = st.one_of(st.integers(-5, 10), st.integers(), st.sampled_from([2**64, 10**40, -(2**70)])).map(str)


@dataclass(frozen=True)
class Call:
    """One request to draw: which operation, as whom, and what it carries."""

    operation: int
    logged_in: bool
    body: Any  # ("json", value) | ("shaped", dict) | ("raw", bytes) | None
    content_type: str | None
    query: list[tuple[int, Any]]  # (an index into the operation's query names and others, a value)
    typed: dict[str, Any]  # documented query parameters with values of their kind
    path: dict[str, int | str]  # name -> an index of a real value, or garbage


@dataclass
class Operation:
    method: str
    path: str
    body_fields: list[str]
    query_names: list[str]


@dataclass
class Figures:
    requests: int = 0
    server_errors: int = 0
    bad_errors: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    operations: set[str] = field(default_factory=set)


def operations_of(document: dict[str, Any]) -> list[Operation]:
    schemas = document["components"]["schemas"]
    found = []
    for path, methods in sorted(document["paths"].items()):
        for method, operation in sorted(methods.items()):
            if (method.upper(), path) in SKIPPED:
                continue
            body = (
                operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            )
            fields: list[str] = []
            if body is not None:
                fields = sorted(schemas[body["$ref"].rsplit("/", 1)[-1]].get("properties", {}))
            query = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
            found.append(Operation(method.upper(), path, fields, query))
    return found


def calls(operations: list[Operation]) -> st.SearchStrategy[Call]:
    """Mostly the routes that read a body or a query, mostly sent as JSON: past the content-type guard."""
    with_body = [n for n, operation in enumerate(operations) if operation.body_fields]
    with_query = [n for n, operation in enumerate(operations) if operation.query_names]
    chosen = st.one_of(
        st.sampled_from(with_body),
        st.sampled_from(with_body),
        st.sampled_from(with_query),
        st.integers(0, len(operations) - 1),
    )
    bodies = st.one_of(
        st.none(),
        st.tuples(st.just("json"), json_values),
        st.tuples(
            st.just("shaped"),
            st.dictionaries(
                st.sampled_from(["name", "code", "game_type", "options", "level", "x"]),
                json_values,
                max_size=4,
            ),
        ),
        st.tuples(st.just("raw"), raw_bodies),
    )
    return st.builds(
        Call,
        operation=chosen,
        logged_in=st.sampled_from([True, True, True, False]),
        body=bodies,
        content_type=st.just("application/json") | content_types,
        query=st.lists(st.tuples(st.integers(0, 20), query_values), max_size=5),
        typed=st.dictionaries(st.sampled_from(sorted(TYPED_QUERY)), st.none(), max_size=4).flatmap(
            lambda chosen: st.fixed_dictionaries({name: TYPED_QUERY[name] for name in chosen})
        ),
        path=st.fixed_dictionaries(
            {
                "game_id": st.integers(0, 3) | path_garbage,
                "seat": seats,
                "provider": st.just(PROVIDER) | path_garbage,
            }
        ),
    )


class Fuzzer:
    def __init__(self, server: RunningServer, http: httpx.AsyncClient, operations: list[Operation]) -> None:
        self.server, self.http, self.operations = server, http, operations
        self.figures = Figures()
        self.cookie = ""
        self.games: list[str] = []

    async def log_in(self) -> None:
        response = await self.http.post("/auth/guest", json={"name": "Fuzzy"})
        assert response.status_code == 201, response.text
        self.cookie = response.cookies[COOKIE_NAME]
        self.http.cookies.clear()

    async def fresh_tables(self) -> None:
        """Real ids for the path: a lobby of the guest's (bots may be seated), and a started match."""
        self.games = []
        for game_type in ("briscola", "scopa"):
            created = await self.http.post(
                "/api/games",
                json={"game_type": game_type},
                headers={"Cookie": f"{COOKIE_NAME}={self.cookie}"},
            )
            assert created.status_code == 201, created.text
            self.games.append(created.json()["id"])
        self.http.cookies.clear()

    def url_of(self, operation: Operation, call: Call) -> str:
        path = operation.path
        for name, value in call.path.items():
            if isinstance(value, int):
                value = self.games[value] if value < len(self.games) else str(uuid.uuid4())
            if operation.path == CALLS_THE_PROVIDER and value == PROVIDER:
                value = "nobody"
            path = path.replace("{" + name + "}", str(value))
        names = operation.query_names + EXTRA_QUERY
        parts = [f"{name}={quote(value, safe='')}" for name, value in call.typed.items() if name in names]
        for index, value in call.query:
            name = quote(names[index % len(names)], safe="")
            text = value[1] if isinstance(value, tuple) else quote(value, safe="")
            parts.append(f"{name}={text}")
        return path + ("?" + "&".join(parts) if parts else "")

    def content_of(self, operation: Operation, call: Call) -> tuple[bytes | None, dict[str, str]]:
        headers: dict[str, str] = {}
        if call.logged_in:
            headers["Cookie"] = f"{COOKIE_NAME}={self.cookie}"
        body: bytes | None = None
        if call.body is not None:
            kind, value = call.body
            if kind == "raw":
                body = value
            elif kind == "shaped":
                shaped = {name: value.get(name) for name in operation.body_fields or ["x"]}
                shaped.update(value)
                body = json.dumps(shaped).encode()
            else:
                body = json.dumps(value).encode()
        if call.content_type is not None:
            headers["Content-Type"] = call.content_type
        return body, headers

    async def send(self, call: Call) -> None:
        operation = self.operations[call.operation]
        url = self.url_of(operation, call)
        body, headers = self.content_of(operation, call)
        try:
            response = await self.http.request(operation.method, url, content=body, headers=headers)
        except httpx.InvalidURL:
            return  # the client refuses to send it: nothing reached the server
        finally:
            self.http.cookies.clear()  # the guest's session travels in the header, never the jar
        if (
            call.logged_in
            and response.status_code < 300
            and operation.path in ("/auth/guest", "/auth/logout")
        ):
            await self.log_in()  # that ended the guest's session: keep fuzzing as a logged-in guest
        self.figures.requests += 1
        self.figures.statuses[response.status_code] += 1
        self.figures.operations.add(f"{operation.method} {operation.path}")
        shown = (
            f"{operation.method} {url[:200]} body {(body or b'')[:200]!r} {headers} -> {response.status_code}"
        )
        if response.status_code >= 500:
            self.figures.server_errors += 1
            raise AssertionError(f"a server error: {shown} {response.text[:300]}")
        if 400 <= response.status_code < 500:
            try:
                error = response.json()
            except ValueError:
                error = None
            if not (
                isinstance(error, dict)
                and isinstance(error.get("code"), str)
                and isinstance(error.get("message"), str)
            ):
                self.figures.bad_errors += 1
                raise AssertionError(f"a 4xx without a JSON error: {shown} {response.text[:300]!r}")

    async def batch(self, batch: list[Call]) -> None:
        for position, call in enumerate(batch):
            if position < len(self.operations):  # every operation in every batch, then as drawn
                call = replace(call, operation=position)
            await self.send(call)
        if (
            await self.http.get("/api/me", headers={"Cookie": f"{COOKIE_NAME}={self.cookie}"})
        ).status_code != 200:
            await self.log_in()  # the batch logged the guest out, or in again under another session
        self.http.cookies.clear()
        await self.fresh_tables()


@asynccontextmanager
async def strictest_database() -> AsyncIterator[str]:
    """PostgreSQL when it answers (it refuses what SQLite stores, a NUL in text), else SQLite;
    a database of the test's own, migrated, removed afterwards."""
    try:
        probe = await asyncpg.connect(ADMIN_DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as error:
        if REQUIRE_SERVICES:
            service_unavailable("PostgreSQL", f"{ADMIN_DSN}: {error!r}")
        with tempfile.TemporaryDirectory(prefix="tavolo-fuzz-") as folder:
            yield f"sqlite:///{folder}/matches.sqlite3"
        return
    await probe.close()
    async with postgres_database() as dsn:
        repository = PostgresMatchRepository(dsn, min_size=1, max_size=2)
        await repository.open()
        try:
            await repository.migrate()
        finally:
            await repository.close()
        yield dsn


@contextmanager
def private_loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop of the test's own: hypothesis drives examples synchronously, each runs in it."""
    loop = asyncio.new_event_loop()
    try:
        yield loop
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()


def test_fuzzed_rest_requests_never_get_a_server_error_and_every_refusal_is_a_json_error() -> None:
    port = free_port()
    provider = OidcProviderSettings(
        name=PROVIDER,
        issuer=f"http://127.0.0.1:{free_port()}",  # nothing listens: only what needs no provider is fuzzed
        client_id="tavolo",
        redirect_uri=f"http://127.0.0.1:{port}/auth/{PROVIDER}/callback",
    )
    settings_ = server_settings(
        auth_guest=True,
        oidc_providers=(provider,),
        join_code_max_failures=1_000_000,  # the limiter's 429 would hide the routes behind it
    )
    failures: list[Exception] = []
    with private_loop() as loop:
        stack = AsyncExitStack()
        database = loop.run_until_complete(stack.enter_async_context(strictest_database()))
        settings_ = replace(settings_, database_url=database)
        server = loop.run_until_complete(stack.enter_async_context(running_server(settings_, port=port)))
        http = loop.run_until_complete(
            stack.enter_async_context(httpx.AsyncClient(base_url=server.base_url, timeout=30))
        )
        document = loop.run_until_complete(http.get("/api/openapi.json")).json()
        operations = operations_of(document)
        fuzzer = Fuzzer(server, http, operations)
        loop.run_until_complete(fuzzer.log_in())
        loop.run_until_complete(fuzzer.fresh_tables())
        try:

            @given(data=st.data())
            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                database=None,
                phases=[Phase.generate],  # the server's state lives on between examples: nothing to shrink
                suppress_health_check=list(HealthCheck),
            )
            def batches(data: st.DataObject) -> None:
                batch = data.draw(st.lists(calls(operations), min_size=BATCH, max_size=BATCH))
                if failures:
                    return
                try:
                    loop.run_until_complete(fuzzer.batch(batch))
                except Exception as failure:  # kept from hypothesis: a replay would meet another server state
                    failures.append(failure)

            try:
                batches()
            finally:
                figures = fuzzer.figures
                report(
                    "fuzz rest",
                    database=database.split(":", 1)[0],
                    requests=figures.requests,
                    operations=f"{len(figures.operations)}/{len(operations)}",
                    server_errors=figures.server_errors,
                    errors_without_json=figures.bad_errors,
                    statuses=" ".join(f"{status}={n}" for status, n in sorted(figures.statuses.items())),
                )
        finally:
            loop.run_until_complete(stack.aclose())

    if failures:
        raise failures[0]
    assert fuzzer.figures.server_errors == 0 and fuzzer.figures.bad_errors == 0
    assert len(fuzzer.figures.operations) == len(operations), "every operation was fuzzed"
