"""Marshmallow schemas of the request and response bodies of the games, the lobby, logins and health,
and how a body is read. The match routes' are in ``match_schemas``, the arenas' in ``arena_schemas``,
the WebSocket frames' in ``frame_schemas``."""

from __future__ import annotations

from typing import Any

import orjson
from marshmallow import EXCLUDE, INCLUDE, Schema, ValidationError, fields, post_dump, validate
from sanic.request import Request

from domain.bots.levels import LEVELS
from domain.errors import InvalidAction
from entrypoints.http.json_fields import JsonBoolean, JsonInteger, JsonNumber

GAME_TYPE_DEFAULT = "a game type of `/api/game-types`; unset: the first one listed there"
# Marks a game type a request names: the OpenAPI builder makes it an enum of the installed game types.
INSTALLED_GAME_TYPE = {"x-installed-game-type": True}


class ErrorSchema(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)


class HealthSchema(Schema):
    status = fields.String(required=True)


class ReadinessChecksSchema(Schema):
    live_state = fields.String(required=True, validate=validate.OneOf(["ok", "unavailable"]))
    database = fields.String(required=True, validate=validate.OneOf(["ok", "unavailable"]))


class WorkerCountSchema(Schema):
    configured = fields.Integer(required=True)
    running = fields.Integer(required=True)


class ReadinessSchema(Schema):
    status = fields.String(required=True, validate=validate.OneOf(["ready", "degraded"]))
    checks = fields.Nested(ReadinessChecksSchema, required=True)
    workers = fields.Nested(WorkerCountSchema, required=True)


class NotReadySchema(ErrorSchema):
    """The ``unavailable`` error, with the storage checks that failed."""

    checks = fields.Nested(ReadinessChecksSchema, required=True)


class MeSchema(Schema):
    user_id = fields.String(required=True)
    name = fields.String(required=True)
    provider = fields.String(required=True)


class ProviderSchema(Schema):
    name = fields.String(required=True)
    kind = fields.String(required=True)
    login_url = fields.String(required=True)


class ProvidersSchema(Schema):
    providers = fields.List(fields.Nested(ProviderSchema), required=True)
    guest = fields.Boolean(required=True)


class GuestLoginSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    name = fields.String(required=True, validate=validate.Length(min=1, max=64))


class CreateGameSchema(Schema):
    game_type = fields.String(
        load_default=None,
        metadata={"description": GAME_TYPE_DEFAULT, **INSTALLED_GAME_TYPE},
    )
    options = fields.Dict(keys=fields.String(), load_default=dict)
    public = JsonBoolean(
        load_default=False,
        metadata={"description": "listed among the open tables; otherwise found by its join code only"},
    )
    rated = JsonBoolean(
        load_default=True,
        metadata={
            "description": "a rated match moves ratings; a table with a computer player is always casual"
        },
    )
    turn_time = JsonNumber(
        load_default=None,
        allow_none=True,
        metadata={"description": "the turn time, one of the server's TURN_TIME_CHOICES; null: the default"},
    )


class PlayComputerSchema(Schema):
    game_type = fields.String(
        load_default=None,
        metadata={"description": GAME_TYPE_DEFAULT, **INSTALLED_GAME_TYPE},
    )
    options = fields.Dict(
        keys=fields.String(),
        load_default=dict,
        metadata={
            "description": "the game type's options (its `options_schema`), e.g. how long the match lasts: "
            'a number of deals to win or a `{"target_score": 21}`; '
            "each one left out takes its default"
        },
    )
    level = fields.String(
        load_default="normal",
        validate=validate.OneOf(LEVELS),
        metadata={
            "description": "the computer players' level: easy plays a random legal move, normal sensibly"
        },
    )
    turn_time = JsonNumber(
        load_default=None,
        allow_none=True,
        metadata={"description": "the turn time, one of the server's TURN_TIME_CHOICES; null: the default"},
    )


class JoinGameSchema(Schema):
    code = fields.String(required=True, validate=validate.Length(min=1, max=32))


class TakeSeatSchema(Schema):
    code = fields.String(
        validate=validate.Length(min=1, max=32),
        metadata={
            "description": "the join code: needed for a private table (the invitation link carries it)"
        },
    )
    seat = JsonInteger(
        validate=validate.Range(min=0, max=9),
        metadata={"description": "the chair to take; the first free one when left out"},
    )


class OpenTablesQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    game_type = fields.String(validate=validate.Length(min=1, max=64), metadata=INSTALLED_GAME_TYPE)


class PreviewQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    code = fields.String(required=True, validate=validate.Length(min=1, max=32))


class GameTypeSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    description = fields.String(required=True)
    seats = fields.Integer(required=True)
    options_schema = fields.Dict(required=True)
    turn_times = fields.List(
        fields.Float(), required=True, metadata={"description": "the turn times a table's creator may choose"}
    )
    default_turn_time = fields.Float(
        required=True, metadata={"description": "the turn time when none is chosen"}
    )
    computer_levels = fields.List(fields.String(), required=True)
    family = fields.String(
        required=True, metadata={"description": "the game package the game type comes from"}
    )
    table_module = fields.String(
        required=True,
        metadata={"description": "the URL of the ES module that draws its table in the browser"},
    )
    event_kinds = fields.List(
        fields.String(), required=True, metadata={"description": "every kind of event its matches make"}
    )
    actions = fields.List(
        fields.String(), required=True, metadata={"description": "the actions a seat may send, ack included"}
    )
    action_schemas = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(),
        required=True,
        metadata={"description": "each of its actions but ack, as the JSON Schema of the message"},
    )
    event_schemas = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(),
        required=True,
        metadata={"description": "each of its own event kinds, as the JSON Schema of its fields"},
    )
    rules = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "its rules, by language"},
    )
    words = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(),
        required=True,
        metadata={"description": "the words its table module shows, by language"},
    )


class PlayerSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    bot = fields.Boolean(required=True)
    level = fields.String(metadata={"description": "a computer player's level"})


class LobbySchema(Schema):
    """The public summary of a table; extra keys of a live view pass through."""

    class Meta:
        unknown = EXCLUDE

    id = fields.String(required=True)
    game_type = fields.String(required=True)
    name = fields.String(required=True)
    description = fields.String(required=True)
    status = fields.String(required=True)
    players = fields.List(fields.Nested(PlayerSchema, allow_none=True), required=True)
    seats = fields.Integer(required=True)
    seats_open = fields.Integer(required=True)
    options = fields.Dict(required=True)
    created_at = fields.Float(required=True)
    public = fields.Boolean(required=True, metadata={"description": "listed among the open tables"})
    rated = fields.Boolean(
        required=True, metadata={"description": "the result moves ratings (never with a computer player)"}
    )
    turn_time = fields.Float(
        allow_none=True,
        required=True,
        metadata={"description": "the table's turn time in seconds (null: a table older than the choice)"},
    )
    creator = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the seat of the player who runs the table"}
    )
    join_code = fields.String()
    seat = fields.Integer(allow_none=True)


def read_json(request: Request) -> Any:
    """The request body as JSON, or ``InvalidAction``.

    Read with orjson, as WebSocket messages are: it refuses nesting deeper than 1024 with
    an ordinary decode error, where ``json.loads`` recurses until ``RecursionError`` (a 500);
    and it refuses what is not strict JSON (``NaN``, lone surrogates, invalid UTF-8)."""
    if not request.body:
        return {}
    try:
        return orjson.loads(request.body)
    except orjson.JSONDecodeError:
        raise InvalidAction("the request body is not valid JSON") from None


def load(schema: Schema, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidAction("the request body must be a JSON object")
    try:
        loaded: dict[str, Any] = schema.load(data)
    except ValidationError as error:
        raise InvalidAction(_describe(error)) from None
    return loaded


def _describe(error: ValidationError) -> str:
    messages = error.messages
    if isinstance(messages, dict):
        parts = [
            f"{field}: {'; '.join(map(str, msgs)) if isinstance(msgs, list) else msgs}"
            for field, msgs in messages.items()
        ]
        return ", ".join(parts)
    return str(messages)


# --- response bodies of the game view ---------------------------------------------------------------


class ActionSchema(Schema):
    """A client's message, and each entry of ``legal_moves``: sendable as it is. Its fields besides
    ``action`` are the game's own, listed per game type by ``/api/game-types`` (``actions``)."""

    class Meta:
        unknown = INCLUDE

    action = fields.String(
        required=True,
        metadata={"description": "ack, one of the game's actions, or state for a fresh snapshot"},
    )

    @post_dump(pass_original=True)
    def keep_game_fields(self, data: dict[str, Any], original: Any, **kwargs: Any) -> dict[str, Any]:
        return {**original, **data}


class RematchSchema(Schema):
    asked = fields.List(fields.Integer(), required=True, metadata={"description": "the seats that asked"})
    next_game = fields.String(
        required=True, allow_none=True, metadata={"description": "the rematch's table once everyone asked"}
    )


class RatingChangeSchema(Schema):
    seat = fields.Integer(required=True)
    before = fields.Integer(required=True)
    after = fields.Integer(required=True)


class GameViewSchema(LobbySchema):
    """A game as one caller sees it: the table's envelope, plus the keys of the game's own view
    (its phase, table cards, scores …), which differ from one game type to another and pass through."""

    class Meta:
        unknown = INCLUDE

    phase = fields.String(required=True)
    version = fields.Integer(required=True)
    spectator = fields.Boolean(required=True)
    seat = fields.Integer(required=True, allow_none=True)
    join_code = fields.String()
    your_turn = fields.Boolean()
    hand = fields.List(fields.String())
    hand_counts = fields.List(fields.Integer())
    legal_moves = fields.List(
        fields.Nested(ActionSchema),
        metadata={"description": "every action the seat may send now, each a complete message"},
    )
    connected = fields.List(
        fields.Integer(),
        metadata={
            "description": "state frames: the seats whose player has the table open (computers always)"
        },
    )
    seed_commitment = fields.String(
        metadata={
            "description": "from the first deal: SHA-256 (hex) of the match's secret seed and salt, which"
            " its record reveals once it is over"
        }
    )
    suggestions = fields.Boolean(
        metadata={
            "description": "whether a seated player may ask, on their turn, for a suggested move "
            '(`{"action": "suggest"}`): only at a table with a computer player, never one that counts'
        }
    )
    rematch = fields.Nested(RematchSchema, metadata={"description": "once the match is over"})
    ratings = fields.List(
        fields.Nested(RatingChangeSchema),
        metadata={"description": "once a rated match is recorded: each seat's rating before and after it"},
    )

    @post_dump(pass_original=True)
    def keep_game_keys(self, data: dict[str, Any], original: Any, **kwargs: Any) -> dict[str, Any]:
        extra = {key: value for key, value in original.items() if key not in self.fields}
        return {**extra, **data}


class LogoutSchema(Schema):
    status = fields.String(required=True)
    redirect = fields.String(
        required=True,
        metadata={"description": "Where the browser goes next: `/`, or the provider's post-logout page."},
    )
