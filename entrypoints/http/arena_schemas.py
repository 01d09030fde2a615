"""Marshmallow schemas of the arena routes' bodies (``entrypoints.http.arenas``)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.arenas.arena import LONGEST_MINUTES, LONGEST_NAME
from entrypoints.http.json_fields import JsonBoolean, JsonInteger, JsonNumber
from entrypoints.http.schemas import INSTALLED_GAME_TYPE

STATUSES = ("upcoming", "running", "finished")
PLAYER_STATUSES = ("playing", "waiting", "paused", "left", "idle", "done")


class CreateArenaSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=LONGEST_NAME))
    game_type = fields.String(required=True, metadata=INSTALLED_GAME_TYPE)
    minutes = JsonInteger(
        required=True,
        metadata={
            "description": f"how long it runs: 10 to {LONGEST_MINUTES} minutes (ARENA_SHORTEST_MINUTES)"
        },
    )
    starts_at = JsonNumber(
        load_default=None,
        allow_none=True,
        metadata={"description": "when it starts (epoch seconds, not in the past); null: now"},
    )
    turn_time = JsonNumber(
        load_default=None,
        allow_none=True,
        metadata={"description": "the turn time, one of the server's TURN_TIME_CHOICES; null: the default"},
    )
    options = fields.Dict(
        keys=fields.String(), load_default=dict, metadata={"description": "the game's options"}
    )
    public = JsonBoolean(
        load_default=True, metadata={"description": "listed in the lobby; otherwise found by its link only"}
    )
    berserk = JsonBoolean(load_default=True, metadata={"description": "whether players may go berserk in it"})


class JoinArenaSchema(Schema):
    berserk = JsonBoolean(
        load_default=False,
        metadata={"description": "halve your own turn time in your next games, for +1 point per win"},
    )


class ArenaSchema(Schema):
    """An arena's facts, its status and its clock."""

    id = fields.String(required=True)
    name = fields.String(required=True)
    game_type = fields.String(required=True)
    game_name = fields.String(required=True)
    starts_at = fields.Float(required=True)
    ends_at = fields.Float(required=True)
    minutes = fields.Integer(required=True)
    turn_time = fields.Float(required=True)
    options = fields.Dict(required=True)
    public = fields.Boolean(required=True)
    berserk = fields.Boolean(required=True, metadata={"description": "whether players may go berserk"})
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    seconds_left = fields.Float(
        required=True, metadata={"description": "until the start while upcoming, until the end while running"}
    )
    server_time = fields.Float(required=True)


class StandingSchema(Schema):
    rank = fields.Integer(required=True)
    user_id = fields.String(required=True)
    name = fields.String(required=True)
    points = fields.Integer(required=True)
    games = fields.Integer(required=True)
    wins = fields.Integer(metadata={"description": "in the final standings"})
    performance = fields.Integer(
        required=True, allow_none=True, metadata={"description": "breaks ties on points; null before a game"}
    )
    on_fire = fields.Boolean(
        required=True, metadata={"description": "two wins in a row: the next games count double"}
    )
    status = fields.String(required=True, validate=validate.OneOf(PLAYER_STATUSES))
    away = fields.String(
        allow_none=True,
        validate=validate.OneOf(("paused", "left")),
        metadata={"description": "paused or left: not paired again (a game under way goes on)"},
    )
    berserk = fields.Boolean(metadata={"description": "playing, or waiting to play, berserk"})


class ArenaTableSchema(Schema):
    game_id = fields.String(required=True)
    players = fields.List(fields.String(), required=True)
    berserk = fields.List(fields.Integer(), required=True, metadata={"description": "the berserk seats"})
    since = fields.Float(required=True)


class YourLineSchema(Schema):
    joined = fields.Boolean(required=True)
    status = fields.String(required=True, allow_none=True)
    rank = fields.Integer(required=True, allow_none=True)
    points = fields.Integer(required=True)
    on_fire = fields.Boolean(required=True)
    game_id = fields.String(required=True, allow_none=True, metadata={"description": "your table, if any"})
    away = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(("paused", "left")),
        metadata={"description": "paused or left (also while your last game goes on)"},
    )
    berserk = fields.Boolean(
        required=True, metadata={"description": "your game, or the one you wait for, is berserk"}
    )


class ArenaViewSchema(ArenaSchema):
    """The arena page: its facts, standings, games in progress, the caller's line, the podium."""

    standings = fields.List(
        fields.Nested(StandingSchema),
        required=True,
        metadata={"description": "the first 50 (`/api/arenas/{id}/standings` has them all)"},
    )
    players = fields.Integer(required=True, metadata={"description": "how many players stand in it"})
    tables = fields.List(fields.Nested(ArenaTableSchema), required=True)
    podium = fields.List(fields.Nested(StandingSchema), required=True)
    you = fields.Nested(YourLineSchema, required=True)


class ArenasSchema(Schema):
    arenas = fields.List(fields.Nested(ArenaSchema), required=True)


class StandingsSchema(Schema):
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    standings = fields.List(fields.Nested(StandingSchema), required=True)


class ArenaGamePlayerSchema(Schema):
    user_id = fields.String(required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(("win", "draw", "loss")))
    berserk = fields.Boolean(required=True)
    opponent_rating = fields.Float(required=True)


class ArenaGameSchema(Schema):
    game_id = fields.String(required=True)
    started_at = fields.Float(required=True)
    finished_at = fields.Float(required=True)
    players = fields.List(fields.Nested(ArenaGamePlayerSchema), required=True)


class ArenaGamesSchema(Schema):
    games = fields.List(fields.Nested(ArenaGameSchema), required=True)


class PlayedArenaSchema(Schema):
    arena = fields.Nested(ArenaSchema, required=True)
    standing = fields.Nested(StandingSchema, required=True, allow_none=True)


class MyArenasSchema(Schema):
    arenas = fields.List(fields.Nested(PlayedArenaSchema), required=True)
