"""The envelope as Redis stores it: compact JSON whose phase is its plain name; a log entry by position."""

from __future__ import annotations

import orjson
import pytest

from adapters.redis.codec import decode_logged, decode_session, encode_logged, encode_session
from domain.engine import Timeouts
from domain.live_game import LiveGame, Phase, Seat
from domain.match_log import Logged


def finished_table() -> LiveGame:
    lobby = LiveGame(
        id="g1",
        game_type="briscola",
        join_code="ABC123",
        options={},
        seats=(Seat("u-alice", "Alice"), Seat("u-bob", "Bob")),
        creator_id="u-alice",
        created_at=1.0,
        updated_at=1.0,
    )
    return lobby.started({"x": 1}, 2.0).advanced({"x": 2}, 3.0, finished=True)


def test_the_stored_envelope_names_its_phase_as_before() -> None:
    encoded = encode_session(finished_table())
    assert encoded.startswith('{"version":3,') and ',"phase":"finished",' in encoded
    assert orjson.loads(encoded)["phase"] == "finished"


def test_a_stored_envelope_decodes_to_the_phase_member() -> None:
    assert decode_session(encode_session(finished_table())).phase is Phase.FINISHED


LOGGED = (
    Logged.start(2, 1796492241.5182996, Timeouts(30.0, 30.0)),
    Logged.start(2, 1796492241.5182996, Timeouts(45.0, 20.0, 0.5)),
    Logged.acted(7, 1796492241.5263636, 1, {"action": "play", "card": "09S", "capture": ["04B", "05S"]}),
    Logged.fired(9, 1796492271.5, "turn:7"),
    Logged.handed_over(12, 1796492300.25, 3, "Computer (difficile)", ("user:bea", "Beatrice")),
    Logged.suggested(13, 1796492301.0, 0),
)


def test_every_kind_of_logged_change_comes_back_from_redis_as_it_went_in() -> None:
    for logged in LOGGED:
        assert decode_logged(encode_logged(logged)) == logged


def test_a_logged_action_is_stored_by_position_in_far_fewer_bytes_than_by_name() -> None:
    action = LOGGED[2]
    stored = encode_logged(action)
    assert stored == '["a",7,1796492241.5263636,1,{"action":"play","card":"09S","capture":["04B","05S"]}]'
    assert len(stored) < 0.7 * len(orjson.dumps(action.dump()))


def test_an_entry_a_worker_before_this_one_wrote_by_name_still_decodes() -> None:
    for logged in LOGGED:
        assert decode_logged(orjson.dumps(logged.dump())) == logged


def test_something_that_is_no_logged_change_is_refused() -> None:
    for raw in ('["x",1,2.0,3]', "[]", '"a"', '["a",1]', '["a",1,2.0,1]', '["h",1,2.0,1,"C"]'):
        with pytest.raises(ValueError):
            decode_logged(raw)
