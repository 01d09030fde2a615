"""A whole match of every game type over real WebSockets, with a spectator,
checking on every frame that nobody sees a card it may not see."""

from __future__ import annotations

import asyncio
import json
import time
from collections import defaultdict
from typing import Any

import pytest

from entrypoints.http.frame_schemas import StateFrameSchema
from tests.integration.players import play_until_game_over, watch_until_game_over
from tests.integration.server import Guest, Socket, running_server, server_settings

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
GAMES = [
    ("scopone_scientifico", 4, {"target_score": 4}),
    ("scopa", 2, {"target_score": 3}),
    ("scopa_a_quattro", 4, {"target_score": 3}),
    ("briscola", 2, {"target_score": 61}),
    ("briscola_a_quattro", 4, {"target_score": 61}),
    ("briscola_chiamata", 5, {}),
]


def states_by_version(frames: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {f["game"]["version"]: f["game"] for f in frames if f["type"] == "state"}


def assert_players_saw_only_their_own_hands(seat_views: list[dict[int, dict[str, Any]]], code: str) -> None:
    for seat, views in enumerate(seat_views):
        assert views, "every player received states"
        for version, game in views.items():
            if game["phase"] == "lobby":
                continue  # before joining, a socket is a spectator's
            assert game["seat"] == seat and game["spectator"] is False
            assert game["join_code"] == code
            assert len(game["hand"]) == game["hand_counts"][seat]
            # legal_moves may name cards the seat does not hold only as choices (chiamata's
            # call offers every suit of the won rank); the called card and briscola's trump card
            # (turned up for all to see, then drawn by someone) are declared facts, and last_hand
            # sums up a finished hand, whose cards are all public (one may be dealt again now).
            public = {"legal_moves", "last_hand"}
            text = json.dumps({k: v for k, v in game.items() if k not in public})
            declared = {game.get("called_card"), game.get("trump_card")}
            for other, other_views in enumerate(seat_views):
                other_game = other_views.get(version)
                if other == seat or other_game is None or "hand" not in other_game:
                    continue
                assert not set(game["hand"]) & set(other_game["hand"])
                for hidden in set(other_game["hand"]) - declared:
                    assert hidden not in text, f"seat {seat} saw {hidden} of seat {other}"


def assert_spectator_saw_no_hand(frames: list[dict[str, Any]], seat_views: list[dict[int, Any]]) -> None:
    hands_by_version: dict[int, set[str]] = defaultdict(set)
    for views in seat_views:
        for version, game in views.items():
            hands_by_version[version] |= set(game.get("hand", []))
    states = [f["game"] for f in frames if f["type"] == "state"]
    assert states
    for game in states:
        assert game["spectator"] is True and game["seat"] is None
        assert "hand" not in game and "join_code" not in game and "legal_moves" not in game
        # As for the seats: last_hand sums up a finished hand, whose cards are all public (briscola's
        # names its turned-up trump, which the next deal, after a patta, may put in a hand).
        text = json.dumps({k: v for k, v in game.items() if k != "last_hand"})
        hidden = hands_by_version[game["version"]] - {game.get("called_card")}
        assert not any(card in text for card in hidden)


def assert_state_frames_follow_their_schema_and_the_server_clock(
    frames: list[dict[str, Any]], opened: float, closed: float
) -> None:
    """Each state frame is as documented, and stamped with the server's time of sending (the
    test runs on the server's machine: the same clock), in the order they were sent."""
    states = [f for f in frames if f["type"] == "state"]
    assert states
    schema = StateFrameSchema()
    stamps = []
    for frame in states:
        assert schema.validate(frame) == {}, frame
        stamps.append(frame["server_time"])
    assert opened <= stamps[0] and stamps[-1] <= closed
    assert stamps == sorted(stamps)


def assert_no_frame_before_game_over_holds_the_seed_or_salt(
    frames: list[dict[str, Any]], record: dict[str, Any]
) -> None:
    """Every state frame shows the commitment the record's seed and salt hash to, and no frame
    before the match ended names either of them."""
    shuffle = record["shuffle"]
    ended = next(i for i, f in enumerate(frames) if f["type"] == "game_over")
    for frame in frames[:ended]:
        text = json.dumps(frame)
        assert shuffle["seed"] not in text and shuffle["salt"] not in text, frame
        if frame["type"] == "state" and frame["game"]["phase"] != "lobby":
            assert frame["game"]["seed_commitment"] == shuffle["commitment"]


async def finished_record(guest: Guest, game_id: str) -> dict[str, Any]:
    """The match's record, once the server has recorded the result (just after game over)."""
    for _ in range(100):
        reply = await guest.http.get(f"/api/matches/{game_id}/record")
        if reply.status_code == 200:
            record: dict[str, Any] = reply.json()
            return record
        assert reply.status_code == 404, reply.text
        await asyncio.sleep(0.05)
    raise AssertionError(f"match {game_id} has no record 5 s after it ended")


@pytest.mark.parametrize(("game_type", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_a_full_match_reaches_game_over_and_nobody_sees_another_hand(
    game_type: str, seats: int, options: dict[str, Any]
) -> None:
    # Scripted players answer each frame at once, faster than any person: the flood guard
    # (tested on its own in test_edge_security) would rightly stop them mid-match.
    relaxed = server_settings(ws_rate_per_second=10_000.0, ws_rate_burst=10_000)
    async with running_server(relaxed) as server:
        guests = [await Guest.login(server, name) for name in NAMES[:seats]]
        created = await guests[0].http.post("/api/games", json={"game_type": game_type, "options": options})
        assert created.status_code == 201, created.text
        game_id, code = created.json()["id"], created.json()["join_code"]
        opened = time.time()
        sockets = [await Socket.open(server, game_id, g.cookie) for g in guests]
        spectator = await Socket.open(server, game_id)
        for guest in guests[1:]:
            joined = await guest.http.post("/api/games/join", json={"code": code})
            assert joined.status_code == 200, joined.text

        endings = await asyncio.wait_for(
            asyncio.gather(*(play_until_game_over(s) for s in sockets), watch_until_game_over(spectator)),
            timeout=120,
        )

        closed = time.time()
        winners = {e["winner"] for e in endings}
        assert len(winners) == 1
        final = (await guests[0].http.get(f"/api/games/{game_id}")).json()
        assert final["status"] == "finished" and final["phase"] == "finished"
        assert endings[0]["scores"][endings[0]["winner"]] == max(endings[0]["scores"].values())
        assert [f for s in sockets for f in s.frames if f["type"] == "error"] == []

        seat_views = [states_by_version(s.frames) for s in sockets]
        assert_players_saw_only_their_own_hands(seat_views, code)
        assert_spectator_saw_no_hand(spectator.frames, seat_views)
        for s in [*sockets, spectator]:
            assert_state_frames_follow_their_schema_and_the_server_clock(s.frames, opened, closed)
        record = await finished_record(guests[0], game_id)
        for s in [*sockets, spectator]:
            assert_no_frame_before_game_over_holds_the_seed_or_salt(s.frames, record)
        assert record["result"]["winner"] == endings[0]["winner"]
        assert record["result"]["scores"] == endings[0]["scores"]
        replay = (await guests[0].http.get(f"/api/matches/{game_id}/replay")).json()
        assert replay["verification"] == {"ok": True, "steps": len(record["steps"]), "problem": None}

        for s in [*sockets, spectator]:
            await s.close()
        for g in guests:
            await g.close()
