"""A state frame carries the server's clock as the frame is sent, so a client whose own clock is
off can count down to the view's deadlines, which the same clock set. Its view is written in two
parts, the version's shared part once for every socket and each seat's own: the frame reads as
the seat's whole view, whatever the game, the seat or the moment."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, cast

import orjson
import pytest
from sanic import Websocket

from adapters.memory.clock import FakeClock
from application.playing.computer_players import bot_user_id
from application.playing.views import SeatView, seat_view, shared_fields, shared_view
from domain.arenas.berserk import turn_due
from domain.engine import JSON, GameEngine
from domain.live_game import LiveGame, Phase, Seat
from entrypoints.http.frames import state_frame, state_frame_text
from entrypoints.http.ws import SocketSubscriber
from tests.unit.domain.played_matches import GAME_TYPES, REGISTRY, play_match


class RecordingSocket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, data: str) -> None:
        self.sent.append(orjson.loads(data))


def people_and_a_computer(engine: GameEngine) -> tuple[Seat, ...]:
    """A person with the longest of names in every chair but the last, a computer player there."""
    people = tuple(Seat(f"u{chair}", f"Giocatrice {chair} Ñandú-Àlvaro") for chair in range(engine.seats - 1))
    return (*people, Seat(bot_user_id("hard", engine.seats - 1), "Computer (difficile)", bot=True))


def a_view(engine: GameEngine, session: LiveGame, user_id: str | None = None) -> SeatView:
    state = None if session.state is None else engine.load(session.state)
    return seat_view(engine, session, shared_view(engine, session, state), user_id, state)


def test_a_state_frame_holds_the_view_its_events_and_the_servers_time() -> None:
    view = {"phase": "playing", "version": 3}
    events = [{"kind": "play", "seat": 1}]
    frame = state_frame(view, events, 1_700_000_012.25)
    assert frame == {"type": "state", "game": view, "events": events, "server_time": 1_700_000_012.25}


async def test_each_state_frame_is_stamped_with_the_clock_the_deadlines_are_set_by_when_it_is_sent() -> None:
    engine = REGISTRY.get("scopa")
    played = play_match(engine, "ab" * 32, random.Random(1), leavers=0.0, seats=people_and_a_computer(engine))
    clock, socket = FakeClock(), RecordingSocket()
    user = played.session.seats[0]
    assert user is not None
    subscriber = SocketSubscriber(cast(Websocket, socket), user.user_id, clock)
    view = a_view(engine, played.session, user.user_id)
    await subscriber.show(view, [], None)
    clock.advance(12.5)
    over = {"scores": {"A": 11, "B": 4}, "winner": "A", "hands": [], "rated": True}
    await subscriber.show(view, [], over)

    states = [frame for frame in socket.sent if frame["type"] == "state"]
    start = FakeClock.DEFAULT_START
    assert [frame["server_time"] for frame in states] == [start, start + 12.5]
    assert states[1]["game"]["version"] == played.session.version == subscriber.state_version
    assert "server_time" not in socket.sent[-1], "only state frames are stamped"


def whole_view(engine: GameEngine, session: LiveGame, state: Any, seat: int | None) -> JSON:
    """A caller's view built in one piece from the engine's view of its seat, as every view was
    before the hub split it in two: the frames are held to it."""
    view: JSON = {"phase": Phase.LOBBY.value}
    if state is not None:
        view.update(engine.view(state, seat))
        if session.berserk and view.get("turn_deadline") is not None:
            view["turn_deadline"] = turn_due(session, engine.to_act(state), float(view["turn_deadline"]))
        if seat is not None and engine.turn(state) == seat:
            view["your_turn"] = True
    view.update(shared_fields(engine, session))
    view["spectator"] = seat is None
    view["seat"] = seat
    if seat is not None:
        view["join_code"] = session.join_code
    return view


def without_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    assert len(keys) == len(set(keys)), (
        f"a field written twice: {sorted(k for k in keys if keys.count(k) > 1)}"
    )
    return dict(pairs)


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_every_seats_frame_reads_as_its_whole_view_at_every_step_of_a_match(game_type: str) -> None:
    engine = REGISTRY.get(game_type)
    shown: list[tuple[LiveGame, Any]] = []
    played = play_match(
        engine,
        "cd" * 32,
        random.Random(7),
        seats=people_and_a_computer(engine),
        leavers=0.0,
        each_step=lambda session, state, step: shown.append((step.session, step.state)),
    )
    lobby = replace(played.session, state=None, phase=Phase.LOBBY)
    in_an_arena = [(replace(session, arena="arena-1", berserk=(0,)), state) for session, state in shown[::7]]
    for session, state in [(lobby, None), *shown, *in_an_arena]:
        public = shared_view(engine, session, state)
        for seat, chair in [(None, None), *enumerate(session.seats)]:
            user_id = None if chair is None else chair.user_id
            events = [{"kind": "play", "seat": 0, "card": "01D"}]
            text = state_frame_text(seat_view(engine, session, public, user_id, state), events, 1.5)
            frame = json.loads(text, object_pairs_hook=without_repeated_keys)
            assert frame == state_frame(whole_view(engine, session, state, seat), events, 1.5)


def test_every_socket_shown_a_version_gets_its_shared_part_as_the_same_object() -> None:
    engine = REGISTRY.get("briscola")
    played = play_match(engine, "ef" * 32, random.Random(2), seats=people_and_a_computer(engine))
    session, state = played.session, played.state
    public = shared_view(engine, session, state)
    views = [seat_view(engine, session, public, chair.user_id, state) for chair in session.seats if chair]
    assert all(view.shared is public for view in views)
    assert all(not set(view.own) & set(public.fields) for view in views), "no field is in both parts"
