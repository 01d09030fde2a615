"""The WebSocket protocol's messages as schemas, for the OpenAPI document's components.

``/ws/games/{id}`` is not a REST operation, so these schemas are not attached to
a path: they describe the frames the server sends (``WsStateFrame``,
``WsGameOverFrame``, ``WsErrorFrame``, with ``WsEvent`` inside a state frame)
and the messages a client sends (``WsAction``, also the shape of every entry
of a view's ``legal_moves``).
"""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from entrypoints.http.schemas import ActionSchema, GameViewSchema

PLATFORM_EVENTS = ("seated", "left", "match_started", "result_recorded")
GAME_EVENTS = (
    "hand_started",
    "cards_dealt",
    "dealt",
    "play",
    "ack",
    "timeout",
    "hand_end",
    "match_end",
    "leftovers",
    "trick",
    "drew",
    "cards_drawn",
    "trump_drawn",
    "bid",
    "pass",
    "auction_won",
    "call",
    "partner_revealed",
)
EVENT_KINDS = PLATFORM_EVENTS + GAME_EVENTS


class EventSchema(Schema):
    """One thing that happened in the change a state frame shows; see the README's table of kinds
    and their fields. A seat gets the public events and its own private ones (its dealt or drawn
    cards); a spectator only the public ones."""

    class Meta:
        unknown = INCLUDE

    kind = fields.String(required=True, validate=validate.OneOf(EVENT_KINDS))
    seat = fields.Integer(metadata={"description": "the seat the event concerns, when it concerns one"})


class StateFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("state"))
    game = fields.Nested(GameViewSchema, required=True)
    events = fields.List(
        fields.Nested(EventSchema),
        required=True,
        metadata={"description": "the change that made this version; empty in a snapshot"},
    )
    server_time = fields.Float(
        required=True,
        metadata={
            "description": "the server's wall clock when the frame was built, in epoch seconds: the clock "
            "`turn_deadline` and `hand_end_deadline` are set by, so a client whose own clock is off can "
            "still count down (offset = server_time - its own clock)"
        },
    )


class GameOverFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("game_over"))
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    winner = fields.String(required=True, allow_none=True)


class ErrorFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("error"))
    code = fields.String(required=True)
    message = fields.String(required=True)


COMPONENTS: dict[str, type[Schema]] = {
    "WsAction": ActionSchema,
    "WsEvent": EventSchema,
    "WsStateFrame": StateFrameSchema,
    "WsGameOverFrame": GameOverFrameSchema,
    "WsErrorFrame": ErrorFrameSchema,
}
