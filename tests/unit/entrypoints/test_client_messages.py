"""Client frames become typed messages at the edge: platform messages (a snapshot, a rematch, a
suggestion) by name, a game's own action as a move carrying the frame for the engine, every lobby
message by name; a frame that is not a JSON object with an ``action`` string, and an action the
lobby does not take, are refused with ``invalid_action``. Every message type is documented among
the WebSocket schemas."""

from __future__ import annotations

import typing
from typing import Any

import orjson
import pytest

from domain.errors import InvalidAction
from entrypoints.http.client_messages import (
    CancelSeek,
    ClientMessage,
    FollowArena,
    ListTables,
    LobbyMessage,
    Move,
    Rematch,
    Seek,
    Snapshot,
    Suggest,
    parse_client_message,
    parse_lobby_message,
)
from entrypoints.http.frame_schemas import CLIENT_MESSAGES, COMPONENTS

# One frame of each message type, as a client sends it.
EXAMPLES: dict[type, dict[str, Any]] = {
    Snapshot: {"action": "sync"},
    Rematch: {"action": "rematch"},
    Suggest: {"action": "suggest"},
    Move: {"action": "play", "card": "05D"},
    ListTables: {"action": "tables"},
    Seek: {"action": "seek", "game_type": "briscola", "computers_after": 10, "options": {"deals_to_win": 2}},
    CancelSeek: {"action": "cancel"},
    FollowArena: {"action": "arena", "arena_id": "a1b2c3"},
}
GAME_SOCKET = set(typing.get_args(ClientMessage))
LOBBY_SOCKET = set(typing.get_args(LobbyMessage))


def frame(message: Any) -> bytes:
    return orjson.dumps(message)


def test_a_snapshot_request_by_either_name_is_a_snapshot() -> None:
    assert parse_client_message(frame({"action": "state"})) == Snapshot("state")
    assert parse_client_message('{"action": "sync"}') == Snapshot("sync")


def test_a_rematch_request_is_a_rematch_whatever_else_it_carries() -> None:
    assert parse_client_message(frame({"action": "rematch", "extra": 1})) == Rematch()


def test_a_suggestion_request_is_a_suggest_whatever_else_it_carries() -> None:
    assert parse_client_message(frame({"action": "suggest", "card": "05D"})) == Suggest()


def test_any_other_action_is_a_move_carrying_the_frame_as_sent_for_the_engine() -> None:
    sent = {"action": "play", "card": "05D", "capture": ["02C", "03S"]}
    move = parse_client_message(frame(sent))
    assert move == Move("play", sent)
    assert parse_client_message(frame({"action": "dance"})) == Move("dance", {"action": "dance"})


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (None, "empty message"),
        ("{not json", "a message is a JSON object"),
        ("[1, 2]", "a message is a JSON object"),
        ('"play"', "a message is a JSON object"),
        ('{"card": "05D"}', "a message needs an 'action' string"),
        ('{"action": 7}', "a message needs an 'action' string"),
    ],
)
def test_a_frame_that_is_not_an_object_with_an_action_is_an_invalid_action_on_either_socket(
    raw: str | None, text: str
) -> None:
    for parse in (parse_client_message, parse_lobby_message):
        with pytest.raises(InvalidAction) as refused:
            parse(raw)
        assert refused.value.code == "invalid_action"
        assert refused.value.message == text


def test_the_lobby_reads_a_seek_with_its_defaults_and_its_numbers_as_seconds() -> None:
    assert parse_lobby_message(frame({"action": "seek", "game_type": "scopa"})) == Seek("scopa", None, {})
    seek = parse_lobby_message(frame(EXAMPLES[Seek]))
    assert seek == Seek("briscola", 10.0, {"deals_to_win": 2})
    assert isinstance(seek, Seek) and isinstance(seek.computers_after, float)


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"game_type": 3},
        {"game_type": "scopa", "computers_after": "soon"},
        {"game_type": "scopa", "computers_after": True},
        {"game_type": "scopa", "options": [2]},
    ],
)
def test_a_malformed_seek_is_an_invalid_action(fields: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction):
        parse_lobby_message(frame({"action": "seek", **fields}))


def test_the_lobby_refuses_an_action_it_does_not_take_naming_those_it_does() -> None:
    assert parse_lobby_message(frame({"action": "tables"})) == ListTables()
    assert parse_lobby_message(frame({"action": "cancel"})) == CancelSeek()
    with pytest.raises(InvalidAction) as refused:
        parse_lobby_message(frame({"action": "dance"}))
    assert refused.value.message == "the lobby takes 'tables', 'seek', 'cancel' and 'arena'"


def test_each_example_is_read_as_its_own_type_on_its_own_socket() -> None:
    assert set(EXAMPLES) == GAME_SOCKET | LOBBY_SOCKET
    for kind, example in EXAMPLES.items():
        parse = parse_client_message if kind in GAME_SOCKET else parse_lobby_message
        assert type(parse(frame(example))) is kind


def test_every_client_message_type_is_documented_by_a_schema_that_accepts_it() -> None:
    assert set(CLIENT_MESSAGES) == GAME_SOCKET | LOBBY_SOCKET
    for kind, component in CLIENT_MESSAGES.items():
        assert component in COMPONENTS, (
            f"{kind.__name__} is documented as {component}, which is not a component"
        )
        assert COMPONENTS[component]().validate(EXAMPLES[kind]) == {}, kind.__name__


def test_each_named_messages_schema_takes_exactly_the_actions_it_is_parsed_from() -> None:
    for kind, component in CLIENT_MESSAGES.items():
        if kind is Move:
            continue  # any other action: the game's own, listed per game type
        schema = COMPONENTS[component]()
        actions: tuple[str, ...] = getattr(kind, "ACTIONS")  # noqa: B009 - every named message has them
        for action in actions:
            assert "action" not in schema.validate({**EXAMPLES[kind], "action": action})
        assert "action" in schema.validate({**EXAMPLES[kind], "action": "dance"})
