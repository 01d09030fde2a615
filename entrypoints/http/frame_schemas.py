"""The WebSocket protocol's messages as schemas, for the OpenAPI document's components.

``/ws/games/{id}`` and ``/ws/lobby`` are not REST operations, so these schemas
are not attached to a path: they describe the frames the server sends on a
game's socket (``WsStateFrame``, ``WsGameOverFrame``, ``WsPresenceFrame``,
``WsSuggestionFrame``, ``WsErrorFrame``, with ``WsEvent`` inside a state frame), on the lobby's
(``WsOpenTablesFrame``, ``WsSeekingFrame``, ``WsMatchedFrame``, ``WsArenaFrame``,
``WsArenaTableFrame``) and the
messages a client sends: on a game's socket ``WsSnapshotRequest``,
``WsRematchRequest``, ``WsSuggestRequest`` and ``WsAction`` (a move: also the shape of every entry of
a view's ``legal_moves``), on the lobby's ``WsTablesRequest``, ``WsSeek``,
``WsSeekCancel`` and ``WsArenaFollow``. ``CLIENT_MESSAGES`` ties each typed message of
``entrypoints.http.client_messages`` to its schema.
"""

from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from domain.registry import EngineRegistry
from entrypoints.http.arena_schemas import ArenaViewSchema
from entrypoints.http.client_messages import (
    CancelSeek,
    FollowArena,
    ListTables,
    Move,
    Rematch,
    Seek,
    Snapshot,
    Suggest,
)
from entrypoints.http.schemas import ActionSchema, GameViewSchema, LobbySchema

PLATFORM_EVENTS = (
    "seated",
    "left",
    "match_started",
    "handed_over",
    "result_recorded",
    "rematch",
    "rematch_ready",
    "suggested",
)
"""The platform's own events; the games' kinds are the installed packages' (``installed_kinds``)."""


def installed_kinds(registry: EngineRegistry) -> list[str]:
    """Every event kind a socket of this server may send: the platform's, then each package's."""
    kinds = dict.fromkeys(PLATFORM_EVENTS)
    for package in registry.packages:
        kinds.update(dict.fromkeys(package.kinds))
    return list(kinds)


def installed_actions(registry: EngineRegistry) -> list[str]:
    """Every action a client may send: ``state`` (a fresh snapshot), ``ack``, each package's."""
    actions = dict.fromkeys(("state",))
    for package in registry.packages:
        actions.update(dict.fromkeys(package.action_names))
    return list(actions)


class EventSchema(Schema):
    """One thing that happened in the change a state frame shows; see the README's table of kinds
    and their fields. A seat gets the public events and its own private ones (its dealt or drawn
    cards); a spectator only the public ones."""

    class Meta:
        unknown = INCLUDE

    kind = fields.String(
        required=True,
        metadata={"description": "what happened: a platform event, or one of the game type's `event_kinds`"},
    )
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
    hands = fields.List(
        fields.Dict(),
        required=True,
        metadata={"description": "every hand's (deal's) summary, as the views' `last_hand`"},
    )
    rated = fields.Boolean(required=True, metadata={"description": "whether the match moves ratings"})


class PresenceFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("presence"))
    connected = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "the seats whose player has the table open now (computer players always)"},
    )


class SuggestionFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("suggestion"))
    version = fields.Integer(
        required=True,
        metadata={
            "description": "the game's version once the suggestion was marked (the `suggested` event's): "
            "it holds until the next change"
        },
    )
    action = fields.Nested(
        ActionSchema,
        required=True,
        metadata={
            "description": "what the `hard` computer player would play in the caller's seat, from that "
            "seat's own view: one of its `legal_moves`, as it would be sent (it is not played)"
        },
    )


class OpenTablesFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("open_tables"))
    tables = fields.List(fields.Nested(LobbySchema), required=True)


class SeekingFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("seeking"))
    game_type = fields.String(required=True)
    since = fields.Float(required=True, metadata={"description": "when the wait began (server clock)"})
    rating = fields.Integer(required=True, metadata={"description": "the rating the pairing goes by"})
    computers_after = fields.Float(required=True, allow_none=True)
    options = fields.Dict(
        keys=fields.String(),
        required=True,
        metadata={
            "description": 'the match length the seek chose (e.g. `{"deals_to_win": 2}`), empty for the '
            "game's default: only seekers of the same game type and options are seated together"
        },
    )
    server_time = fields.Float(required=True)


class MatchedFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("matched"))
    game_id = fields.String(required=True, metadata={"description": "the table the player now sits at"})
    game_type = fields.String(required=True)


class ErrorFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("error"))
    code = fields.String(
        required=True,
        metadata={
            "description": "machine code: a domain refusal (`illegal_move`, `not_your_turn`, "
            "`suggestions_unavailable` …), `unavailable` (storage, or for a suggestion the thinking "
            "processes, out of reach), `stale` (a suggestion the game moved past: ask again), `busy` "
            "(the server takes no more moves at once: nothing changed, send the same move again after "
            "`retry_after_ms`) or `internal`"
        },
    )
    message = fields.String(required=True)
    retry_after_ms = fields.Integer(
        metadata={"description": "with `busy` only: milliseconds to wait before sending the move again"}
    )


class SnapshotRequestSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(Snapshot.ACTIONS),
        metadata={"description": "the game as it stands now, in a `state` frame with no events"},
    )


class RematchRequestSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(Rematch.ACTIONS),
        metadata={"description": "the caller's seat asks for another match (seated players only)"},
    )


class SuggestRequestSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(Suggest.ACTIONS),
        metadata={
            "description": "what would the `hard` computer player play in the caller's seat now? Seated "
            "players, on their turn, at a table with a computer player (never one that counts for "
            "ratings); answered with a `suggestion` frame to this socket alone, and everyone's move "
            "log shows a `suggested` event"
        },
    )


class TablesRequestSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(ListTables.ACTIONS),
        metadata={"description": "the open tables again, in an `open_tables` frame"},
    )


class SeekSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(Seek.ACTIONS),
        metadata={"description": "wait in the quick-match pool (logged-in players only)"},
    )
    game_type = fields.String(required=True)
    computers_after = fields.Float(
        allow_none=True,
        metadata={"description": "seconds until computer players fill the table; null or left out: never"},
    )
    options = fields.Dict(
        keys=fields.String(),
        allow_none=True,
        metadata={"description": 'the match length only, e.g. `{"deals_to_win": 2}`; left out: the default'},
    )


class SeekCancelSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(CancelSeek.ACTIONS),
        metadata={"description": "stop waiting in the quick-match pool"},
    )


class ArenaFollowSchema(Schema):
    action = fields.String(
        required=True,
        validate=validate.OneOf(FollowArena.ACTIONS),
        metadata={
            "description": "follow an arena: its standings as they change (`arena` frames) and, for a "
            "player in it, each table they are seated at (`arena_table` frames); following counts as "
            "being present"
        },
    )
    arena_id = fields.String(required=True, allow_none=True, metadata={"description": "null: stop following"})


class ArenaFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("arena"))
    arena = fields.Nested(
        ArenaViewSchema, required=True, metadata={"description": "as `GET /api/arenas/{id}`"}
    )


class ArenaTableFrameSchema(Schema):
    type = fields.String(required=True, validate=validate.Equal("arena_table"))
    arena_id = fields.String(required=True)
    game_id = fields.String(required=True, metadata={"description": "your table: open `/ws/games/{game_id}`"})


CLIENT_MESSAGES: dict[type, str] = {
    Snapshot: "WsSnapshotRequest",
    Rematch: "WsRematchRequest",
    Suggest: "WsSuggestRequest",
    Move: "WsAction",
    ListTables: "WsTablesRequest",
    Seek: "WsSeek",
    CancelSeek: "WsSeekCancel",
    FollowArena: "WsArenaFollow",
}
"""Each typed client message (``entrypoints.http.client_messages``) and the component documenting it."""

COMPONENTS: dict[str, type[Schema]] = {
    "WsAction": ActionSchema,
    "WsSnapshotRequest": SnapshotRequestSchema,
    "WsRematchRequest": RematchRequestSchema,
    "WsSuggestRequest": SuggestRequestSchema,
    "WsTablesRequest": TablesRequestSchema,
    "WsSeek": SeekSchema,
    "WsSeekCancel": SeekCancelSchema,
    "WsArenaFollow": ArenaFollowSchema,
    "WsEvent": EventSchema,
    "WsStateFrame": StateFrameSchema,
    "WsGameOverFrame": GameOverFrameSchema,
    "WsErrorFrame": ErrorFrameSchema,
    "WsPresenceFrame": PresenceFrameSchema,
    "WsSuggestionFrame": SuggestionFrameSchema,
    "WsOpenTablesFrame": OpenTablesFrameSchema,
    "WsSeekingFrame": SeekingFrameSchema,
    "WsMatchedFrame": MatchedFrameSchema,
    "WsArenaFrame": ArenaFrameSchema,
    "WsArenaTableFrame": ArenaTableFrameSchema,
}
