"""Marshmallow schemas of the match routes' bodies (``entrypoints.http.matches``): the history,
a match's record and replay, ratings and leaderboards."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from entrypoints.http.schemas import GAME_TYPE_DEFAULT, INSTALLED_GAME_TYPE


class HistoryQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    cursor = fields.String(validate=validate.Length(min=1, max=200))
    game_type = fields.String(validate=validate.Length(min=1, max=64), metadata=INSTALLED_GAME_TYPE)


class LeaderboardQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    game_type = fields.String(
        load_default=None,
        validate=validate.Length(min=1, max=64),
        metadata={"description": GAME_TYPE_DEFAULT, **INSTALLED_GAME_TYPE},
    )
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000))
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    focus = fields.String(load_default="", validate=validate.OneOf(["", "me"]))
    include_bots = fields.Boolean(load_default=False)


class MatchPlayerSchema(Schema):
    user_id = fields.String(required=True)
    name = fields.String(required=True)
    seat = fields.Integer(required=True)
    team = fields.String(required=True, allow_none=True)
    won = fields.Boolean(required=True)
    points = fields.Integer(required=True)
    elo_delta = fields.Integer(required=True)
    rating_before = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the rating before the match (null: casual)"}
    )
    rating_after = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the rating after the match (null: casual)"}
    )
    details = fields.Dict(required=True)


class MatchSummarySchema(Schema):
    id = fields.String(required=True)
    game_type = fields.String(required=True)
    started_at = fields.Float(required=True)
    finished_at = fields.Float(required=True)
    rated = fields.Boolean(
        required=True, metadata={"description": "a rated match moved ratings; casual ones not"}
    )
    result = fields.Dict(required=True)
    players = fields.List(fields.Nested(MatchPlayerSchema), required=True)
    record = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "where its match record is (null: played before records were kept)"},
    )


class RecordPlayerSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    user_id = fields.String(required=True)
    bot = fields.Boolean(required=True)


class ShuffleSchema(Schema):
    scheme = fields.String(required=True, metadata={"description": "`sha256(seed || salt)`"})
    commitment = fields.String(
        required=True, metadata={"description": "the hash every player was shown from the first deal"}
    )
    seed = fields.String(required=True, metadata={"description": "the match's secret seed (hex), revealed"})
    salt = fields.String(required=True, metadata={"description": "the match's secret salt (hex), revealed"})


class MatchRecordSchema(Schema):
    """A finished match's record; its JSON Schema is `entrypoints/schemas/match-record-1.json`."""

    format = fields.String(required=True, metadata={"description": "`tavolo.match-record`"})
    format_version = fields.Integer(required=True)
    match_id = fields.String(required=True)
    game_type = fields.String(required=True)
    options = fields.Dict(required=True)
    rated = fields.Boolean(required=True)
    players = fields.List(fields.Nested(RecordPlayerSchema), required=True)
    shuffle = fields.Nested(ShuffleSchema, required=True)
    started_at = fields.Float(required=True)
    finished_at = fields.Float(required=True)
    steps = fields.List(
        fields.Dict(),
        required=True,
        metadata={"description": "every change: kind, version, time, its fields, and all its events"},
    )
    result = fields.Dict(required=True)


class VerificationProblemSchema(Schema):
    step = fields.Integer(required=True, allow_none=True)
    message = fields.String(required=True)


class VerificationSchema(Schema):
    ok = fields.Boolean(required=True)
    steps = fields.Integer(required=True, metadata={"description": "how many steps replayed as recorded"})
    problem = fields.Nested(VerificationProblemSchema, required=True, allow_none=True)


class ReplayFrameSchema(Schema):
    step = fields.Integer(required=True)
    version = fields.Integer(required=True)
    time = fields.Float(required=True)
    kind = fields.String(required=True)
    seat = fields.Integer(required=True, allow_none=True)
    action = fields.Dict(required=True, allow_none=True)
    name = fields.String(
        required=True, allow_none=True, metadata={"description": "a hand-over: the computer player's name"}
    )
    left = fields.Dict(
        required=True, allow_none=True, metadata={"description": "a hand-over: who left (`user_id`, `name`)"}
    )
    events = fields.List(fields.Dict(), required=True)
    view = fields.Dict(
        required=True,
        metadata={"description": "the spectators' view after the step, with `hands`: every seat's hand"},
    )


class MatchReplaySchema(Schema):
    match_id = fields.String(required=True)
    game_type = fields.String(required=True)
    name = fields.String(required=True)
    players = fields.List(fields.Nested(RecordPlayerSchema), required=True)
    verification = fields.Nested(VerificationSchema, required=True)
    shuffle = fields.Nested(ShuffleSchema, required=True)
    result = fields.Dict(required=True)
    frames = fields.List(fields.Nested(ReplayFrameSchema), required=True)


class HistorySchema(Schema):
    matches = fields.List(fields.Nested(MatchSummarySchema), required=True)
    next_cursor = fields.String(required=True, allow_none=True)


class RatingSchema(Schema):
    user_id = fields.String(required=True)
    game_type = fields.String(required=True)
    name = fields.String(required=True)
    rating = fields.Integer(required=True)
    matches = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    points = fields.Integer(required=True)
    rank = fields.Integer()


class RatingsSchema(Schema):
    ratings = fields.List(fields.Nested(RatingSchema), required=True)


class LeaderboardPositionSchema(Schema):
    rank = fields.Integer(required=True)
    page = fields.Integer(required=True)


class LeaderboardSchema(Schema):
    game_type = fields.String(required=True)
    page = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    pages = fields.Integer(required=True)
    total = fields.Integer(required=True)
    entries = fields.List(fields.Nested(RatingSchema), required=True)
    me = fields.Nested(LeaderboardPositionSchema, required=True, allow_none=True)
