"""The envelope as Redis stores it: compact JSON whose phase is its plain name."""

from __future__ import annotations

import orjson

from adapters.redis.codec import decode_session, encode_session
from domain.live_game import LiveGame, Phase, Seat


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
