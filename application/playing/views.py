"""What a caller sees of a game: the envelope plus the engine's view of its seat.

A seated player gets its own hand and the join code; anyone else is a
spectator: no hand, no join code, ``spectator: true``.
"""

from __future__ import annotations

from typing import Any

from application.playing.computer_players import bot_level
from domain.arenas.berserk import turn_due
from domain.engine import JSON, GameEngine
from domain.live_game import LiveGame, Phase, Seat
from domain.registry import EngineRegistry


def players(session: LiveGame) -> list[JSON | None]:
    """Who sits where: a name, and a computer player's level."""
    return [None if seat is None else _player(index, seat) for index, seat in enumerate(session.seats)]


def _player(index: int, seat: Seat) -> JSON:
    player: JSON = {"seat": index, "name": seat.name, "bot": seat.bot}
    if seat.bot:
        player["level"] = bot_level(seat.user_id)
    return player


def lobby_summary(engine: GameEngine, session: LiveGame) -> JSON:
    """The public facts of a table, as the join preview and the lobby list show them."""
    return {
        "id": session.id,
        "game_type": session.game_type,
        "name": engine.name,
        "description": engine.description,
        "status": session.phase.value,
        "players": players(session),
        "seats": len(session.seats),
        "seats_open": session.seats_open,
        "options": dict(session.options),
        "created_at": session.created_at,
        "public": session.public,
        "rated": session.counts_for_rating,
        "turn_time": session.turn_seconds,
        "creator": session.seat_of(session.creator_id),
        **({"arena": session.arena, "berserk": list(session.berserk)} if session.arena is not None else {}),
    }


def shared_fields(engine: GameEngine, session: LiveGame) -> JSON:
    """The envelope's fields of a view, the same for every caller of this version."""
    shared = lobby_summary(engine, session)
    shared["version"] = session.version
    shared["suggestions"] = session.offers_suggestions
    if session.seed_commitment is not None:
        shared["seed_commitment"] = session.seed_commitment
    if session.phase == Phase.FINISHED:
        shared["rematch"] = {"asked": list(session.rematch_seats), "next_game": session.next_game}
        shared["ratings"] = [{"seat": r.seat, "before": r.before, "after": r.after} for r in session.ratings]
    return shared


def game_view(
    registry: EngineRegistry,
    session: LiveGame,
    user_id: str | None,
    state: Any = None,
    shared: JSON | None = None,
) -> JSON:
    """The engine's view of the caller's seat, under the envelope's own fields.

    ``state`` is the session's engine state already loaded and ``shared`` its
    ``shared_fields``, when the caller has them (the hub computes both once per
    version for every seat)."""
    engine = registry.get(session.game_type)
    seat = session.seat_of(user_id)
    view: dict[str, Any] = {"phase": Phase.LOBBY.value}
    if session.state is not None:
        if state is None:
            state = engine.load(session.state)
        view.update(engine.view(state, seat))
        if session.berserk and view.get("turn_deadline") is not None:
            view["turn_deadline"] = turn_due(session, engine.to_act(state), float(view["turn_deadline"]))
        if seat is not None and engine.turn(state) == seat:
            view["your_turn"] = True
    view.update(shared_fields(engine, session) if shared is None else shared)
    view["spectator"] = seat is None
    view["seat"] = seat
    if seat is not None:
        view["join_code"] = session.join_code
    return view


def match_result(registry: EngineRegistry, session: LiveGame, state: Any = None) -> JSON | None:
    """The final scores and winner once the match is over, with every hand's summary (as the
    views' ``last_hand`` has them) and whether it was rated (``state``: the session's, already
    loaded)."""
    if session.state is None or session.phase != Phase.FINISHED:
        return None
    engine = registry.get(session.game_type)
    result = engine.result(engine.load(session.state) if state is None else state)
    if result is None:
        return None
    hands = result.details.get("hands", result.details.get("deals", []))
    return {
        "scores": dict(result.scores),
        "winner": result.winner,
        "hands": list(hands),
        "rated": session.counts_for_rating,
    }
