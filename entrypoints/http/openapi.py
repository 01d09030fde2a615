"""The OpenAPI 3 document, generated from the marshmallow schemas the handlers use.

Each handler declares its operation next to itself with ``@documented(...)``
(summary, query and body schemas, responses); the builder walks the app's
router, so a route cannot exist without the document noticing. Routes whose
handler lives in a module that cannot carry the decorator are documented by
route name with ``document_route``. ``undocumented_routes`` lists whatever
is missing (static files and the docs endpoints themselves excepted).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Literal, TypeVar

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema

from application.finding.lobby import list_game_types
from application.playing.live_games import LiveGames
from entrypoints.http.context import COOKIE_NAME, AnySanic
from entrypoints.http.frame_schemas import COMPONENTS as FRAME_COMPONENTS
from entrypoints.http.openapi_games import with_installed_games
from entrypoints.http.schemas import (
    ErrorSchema,
    GuestLoginSchema,
    LogoutSchema,
    MeSchema,
    ProvidersSchema,
)

Handler = TypeVar("Handler", bound=Callable[..., Any])
SchemaLike = type[Schema] | Schema
Auth = Literal["none", "optional", "required"]

OPENAPI_VERSION = "3.0.3"
SECURITY_SCHEME = "session_cookie"
DOCS_BLUEPRINT = "docs"
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_ATTRIBUTE = "__tavolo_operations__"
_PATH_PARAMETER = re.compile(r"<([^:>]+)(?::[^>]+)?>")
_PATH_PARAMETER_TYPES = re.compile(r"<([^:>]+):?([^>]*)>")
_PATH_TYPES: dict[str, dict[str, Any]] = {
    "str": {"type": "string", "minLength": 1},
    "int": {"type": "integer"},
    "float": {"type": "number"},
}

ERROR_DESCRIPTIONS: dict[int, str] = {
    400: "The request is malformed or its values are invalid.",
    401: "No live login session: log in first.",
    403: "The caller may not do this.",
    404: "No such resource.",
    409: "The request conflicts with the game's current state.",
    413: "The request body is too large.",
    426: "Upgrade Required: this is a WebSocket; send the handshake (`Upgrade: websocket`).",
    429: "Too many requests: slow down.",
}


@dataclass(frozen=True)
class Reply:
    """One documented response: a description and, unless it has no body, its schema."""

    description: str
    schema: SchemaLike | None = None
    content_type: str = "application/json"
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Operation:
    """What one HTTP method of one route accepts and answers."""

    summary: str
    responses: Mapping[int, Reply]
    method: str | None = None  # None: every method of the route
    query: SchemaLike | None = None
    body: SchemaLike | None = None
    auth: Auth = "none"
    tags: tuple[str, ...] = ()
    description: str | None = None


def errors(*statuses: int) -> dict[int, Reply]:
    """Error responses with the common ``ErrorSchema`` body."""
    return {status: Reply(ERROR_DESCRIPTIONS[status], ErrorSchema) for status in statuses}


def upgrade_required() -> dict[int, Reply]:
    """A WebSocket route's answer to a plain HTTP request."""
    return {426: Reply(ERROR_DESCRIPTIONS[426], ErrorSchema, headers={"Upgrade": "`websocket`."})}


def _replies(responses: Mapping[int, Reply | SchemaLike | str]) -> dict[int, Reply]:
    replies: dict[int, Reply] = {}
    for status, reply in responses.items():
        if isinstance(reply, Reply):
            replies[status] = reply
        elif isinstance(reply, str):
            replies[status] = Reply(reply)
        else:
            replies[status] = Reply("Success.", reply)
    return replies


def documented(
    summary: str,
    *,
    responses: Mapping[int, Reply | SchemaLike | str],
    method: str | None = None,
    query: SchemaLike | None = None,
    body: SchemaLike | None = None,
    auth: Auth = "none",
    tags: Iterable[str] = (),
    description: str | None = None,
) -> Callable[[Handler], Handler]:
    """Record the handler's operation; apply it beneath the route decorator.

    A bare schema as a response means "Success." with that body; a string is
    a response without a body. Stack it once per method when methods differ.
    """
    operation = Operation(
        summary=summary,
        responses=_replies(responses),
        method=None if method is None else method.upper(),
        query=query,
        body=body,
        auth=auth,
        tags=tuple(tags),
        description=description,
    )

    def record(handler: Handler) -> Handler:
        operations: list[Operation] = getattr(handler, _ATTRIBUTE, [])
        setattr(handler, _ATTRIBUTE, [operation, *operations])
        return handler

    return record


_BY_ROUTE_NAME: dict[str, list[Operation]] = {}


def document_route(route_name: str, *operations: Operation) -> None:
    """Document a route by its name (``blueprint.handler``) when its handler cannot carry ``@documented``."""
    _BY_ROUTE_NAME[route_name] = list(operations)


def _handler_of(route: Any) -> Any:
    handler = route.handler
    while isinstance(handler, functools.partial):  # WebSocket routes wrap the handler
        handler = handler.args[0] if handler.args and callable(handler.args[0]) else handler.func
    return handler


def _short_name(app: AnySanic, route: Any) -> str:
    name: str = route.name
    return name.removeprefix(f"{app.name}.")


def operations_of(app: AnySanic, route: Any) -> list[Operation]:
    found: list[Operation] = getattr(_handler_of(route), _ATTRIBUTE, [])
    return found or _BY_ROUTE_NAME.get(_short_name(app, route), [])


def _is_exempt(app: AnySanic, route: Any) -> bool:
    return bool(route.extra.static) or _short_name(app, route).startswith(f"{DOCS_BLUEPRINT}.")


def openapi_path(route: Any) -> str:
    return "/" + _PATH_PARAMETER.sub(r"{\1}", str(route.path)).lstrip("/")


def _documented_methods(route: Any, operations: list[Operation]) -> dict[str, Operation]:
    methods: dict[str, Operation] = {}
    for method in sorted(route.methods):
        if method in {"HEAD", "OPTIONS"}:
            continue
        match = next((op for op in operations if op.method == method), None)
        match = match or next((op for op in operations if op.method is None), None)
        if match is not None:
            methods[method] = match
    return methods


def undocumented_routes(app: AnySanic) -> list[str]:
    """``METHOD /path`` of every registered route that the document leaves out."""
    missing: list[str] = []
    for route in app.router.routes:
        if _is_exempt(app, route):
            continue
        documented_methods = _documented_methods(route, operations_of(app, route))
        for method in sorted(set(route.methods) - {"HEAD", "OPTIONS"}):
            if method not in documented_methods:
                missing.append(f"{method} {openapi_path(route)} ({_short_name(app, route)})")
    return missing


def _app_wide_errors(method: str, operation: Operation) -> dict[int, Reply]:
    """Refusals that app-wide middleware may answer for any such operation."""
    extra: dict[int, Reply] = {}
    if method in STATE_CHANGING:
        extra[403] = Reply(
            "Refused: a foreign Origin, a cross-site request, or a body that is not JSON.", ErrorSchema
        )
    if operation.body is not None:
        extra.update(errors(413))
    return {status: reply for status, reply in extra.items() if status not in operation.responses}


def _operation_object(route: Any, method: str, operation: Operation, operation_id: str) -> dict[str, Any]:
    parameters: list[dict[str, Any]] = [
        {"in": "path", "name": name, "required": True, "schema": _PATH_TYPES.get(kind, _PATH_TYPES["str"])}
        for name, kind in _PATH_PARAMETER_TYPES.findall(str(route.path))
    ]
    if operation.query is not None:
        parameters.append({"in": "query", "schema": operation.query})
    responses: dict[str, Any] = {}
    replies = {**operation.responses, **_app_wide_errors(method, operation)}
    for status, reply in sorted(replies.items()):
        entry: dict[str, Any] = {"description": reply.description}
        if reply.schema is not None:
            entry["content"] = {reply.content_type: {"schema": reply.schema}}
        if reply.headers:
            entry["headers"] = {
                name: {"description": text, "schema": {"type": "string"}}
                for name, text in reply.headers.items()
            }
        responses[str(status)] = entry
    result: dict[str, Any] = {
        "summary": operation.summary,
        "operationId": operation_id,
        "responses": responses,
    }
    if operation.tags:
        result["tags"] = list(operation.tags)
    if operation.description:
        result["description"] = operation.description
    if parameters:
        result["parameters"] = parameters
    if operation.body is not None:
        result["requestBody"] = {
            "required": _needs_a_body(operation.body),
            "content": {"application/json": {"schema": operation.body}},
        }
        if not result["requestBody"]["required"]:
            result["requestBody"]["description"] = "May be left out: every field then takes its default."
    if operation.auth == "required":
        result["security"] = [{SECURITY_SCHEME: []}]
    elif operation.auth == "optional":
        result["security"] = [{}, {SECURITY_SCHEME: []}]
    return result


def _needs_a_body(body: SchemaLike) -> bool:
    """Whether the body has a required field: an empty body reads as ``{}`` (``read_json``)."""
    schema = body() if isinstance(body, type) else body
    return any(field.required for field in schema.fields.values())


def _version() -> str:
    try:
        return metadata.version("tavolo")
    except metadata.PackageNotFoundError:
        return "0.0.0"


def build_openapi(app: AnySanic, games: LiveGames) -> dict[str, Any]:
    """The OpenAPI 3 document of every documented route of ``app``."""
    spec = APISpec(
        title="tavolo",
        version=_version(),
        openapi_version=OPENAPI_VERSION,
        plugins=[MarshmallowPlugin()],
        info={"description": "Italian card games online: lobby, games, match history and leaderboards."},
    )
    spec.components.security_scheme(
        SECURITY_SCHEME,
        {"type": "apiKey", "in": "cookie", "name": COOKIE_NAME, "description": "The login session cookie."},
    )
    spec.components.schema("Error", schema=ErrorSchema)
    for name, schema in FRAME_COMPONENTS.items():  # the WebSocket protocol: not a path, but documented
        spec.components.schema(name, schema=schema)
    paths: dict[str, dict[str, dict[str, Any]]] = {}
    for route in sorted(app.router.routes, key=lambda r: (openapi_path(r), r.name)):
        if _is_exempt(app, route):
            continue
        methods = _documented_methods(route, operations_of(app, route))
        for method, operation in methods.items():
            operation_id = _short_name(app, route).replace(".", "_")
            if len(methods) > 1:
                operation_id += f"_{method.lower()}"
            operation_object = _operation_object(route, method, operation, operation_id)
            paths.setdefault(openapi_path(route), {})[method.lower()] = operation_object
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    return with_installed_games(spec.to_dict(), games.registry, list_game_types(games))


# --- routes whose modules are owned elsewhere: documented by route name ---------------------------

document_route(
    "auth.login_as_guest",
    Operation(
        "Log in as a guest",
        {
            201: Reply(
                "Logged in; the session cookie is set.", MeSchema, headers={"Set-Cookie": "The cookie."}
            ),
            **errors(400, 403),
        },
        body=GuestLoginSchema,
        tags=("auth",),
        description="Starts a new login session under a display name (any previous session ends).",
    ),
)
document_route(
    "auth.logout_route",
    Operation(
        "Log out",
        {200: Reply("Logged out; the session cookie is cleared.", LogoutSchema)},
        method="POST",
        tags=("auth",),
        description=(
            "Ends the login session on the server. Under the same Origin and content-type rules as "
            "every state change; `redirect` says where a browser goes next."
        ),
    ),
)
document_route(
    "auth.logout_confirmation",
    Operation(
        "Ask before logging out",
        {303: Reply("Redirects to the web UI's confirmation page.", headers={"Location": "`/#/logout`."})},
        method="GET",
        tags=("auth",),
        description="Does not log out: only `POST /auth/logout` does.",
    ),
)
document_route(
    "auth.providers",
    Operation("The ways to log in", {200: Reply("Success.", ProvidersSchema)}, tags=("auth",)),
)
document_route(
    "auth.me",
    Operation(
        "Who the caller is",
        {200: Reply("Success.", MeSchema), **errors(401)},
        auth="required",
        tags=("auth",),
    ),
)
document_route(
    "ws.game_socket",
    Operation(
        "Open the game's WebSocket (players and spectators)",
        {
            101: Reply("Switching Protocols: the WebSocket is open and the current state follows."),
            **errors(400, 404),
            **upgrade_required(),
        },
        auth="optional",
        tags=("games",),
        description=(
            "Send `Upgrade: websocket`; a plain HTTP request is answered 426. A seated player gets its "
            "own view of every new state and may act "
            '(`{"action": ...}` frames); anyone else watches as a spectator. An unknown game is refused '
            "with 404 before the handshake."
        ),
    ),
)
document_route(
    "lobby_ws.lobby_socket",
    Operation(
        "Open the lobby's WebSocket: the open tables as they change, and quick match",
        {
            101: Reply("Switching Protocols: the open tables follow at once."),
            **errors(400),
            **upgrade_required(),
        },
        auth="optional",
        tags=("games",),
        description=(
            "Send `Upgrade: websocket`; a plain HTTP request is answered 426. The server sends "
            "`WsOpenTablesFrame` on connect and whenever the"
            ' list changes. A logged-in client may send `{"action": "seek", "game_type": ...,'
            ' "computers_after": seconds or null}` to wait for a quick match (`WsSeekingFrame`), then'
            ' `WsMatchedFrame` when a table is made for it, or `{"action": "cancel"}`'
            ' (`{"type": "seek_cancelled"}`); closing the socket leaves the pool.'
            ' `{"action": "tables"}` asks for the list again. Refusals are `WsErrorFrame`s.'
        ),
    ),
)
