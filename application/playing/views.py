"""What a caller sees of a game: the envelope plus the engine's view of its seat.

A seated player gets its own hand and the join code; anyone else is a
spectator: no hand, no join code, ``spectator: true``.
"""

from __future__ import annotations

from dataclasses import dataclass
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


PER_CALLER = frozenset({"spectator", "seat", "join_code", "your_turn"})
"""The envelope's fields that depend on who asks, set in each caller's own part."""


@dataclass(frozen=True, eq=False)
class SharedView:
    """What every caller of one version sees alike: the spectator's view of the engine state under
    the envelope's shared fields. Built once per version for every socket (so a connection may
    serialise it once, keyed by the object); never changed once built."""

    version: int
    fields: JSON


@dataclass(frozen=True, slots=True)
class SeatView:
    """One caller's view: the version's ``shared`` part and the caller's ``own`` fields (its seat,
    its hand and legal moves, the join code), which no shared field restates."""

    shared: SharedView
    own: JSON

    @property
    def version(self) -> int:
        return self.shared.version

    def fields(self) -> JSON:
        """The whole view as one mapping."""
        return {**self.shared.fields, **self.own}


def shared_view(
    engine: GameEngine, session: LiveGame, state: Any = None, shared: JSON | None = None
) -> SharedView:
    """The part of ``session``'s view that is the same for every caller. ``state`` is the
    session's engine state already loaded and ``shared`` its ``shared_fields``, when the caller
    has them."""
    fields: JSON = {"phase": Phase.LOBBY.value}
    if session.state is not None:
        if state is None:
            state = engine.load(session.state)
        fields.update(engine.view(state, None))
        if session.berserk and fields.get("turn_deadline") is not None:
            fields["turn_deadline"] = turn_due(session, engine.to_act(state), float(fields["turn_deadline"]))
    fields.update(shared_fields(engine, session) if shared is None else shared)
    for key in PER_CALLER:
        fields.pop(key, None)
    return SharedView(session.version, fields)


def seat_view(
    engine: GameEngine, session: LiveGame, public: SharedView, user_id: str | None, state: Any = None
) -> SeatView:
    """The view of ``user_id``'s seat (a spectator's when it has none) on top of ``public``, the
    version's ``shared_view``: the engine's ``private_view`` of the seat, then the envelope's own
    fields. A field of the shared part wins over one the engine gives the seat, as in the whole
    view, so the two parts never name the same field."""
    seat = session.seat_of(user_id)
    own: JSON = {}
    if seat is not None and session.state is not None:
        if state is None:
            state = engine.load(session.state)
        for key, value in engine.private_view(state, seat).items():
            if key not in public.fields:
                own[key] = value
        if engine.turn(state) == seat:
            own["your_turn"] = True
    own["spectator"] = seat is None
    own["seat"] = seat
    if seat is not None:
        own["join_code"] = session.join_code
    return SeatView(public, own)


def game_view(
    registry: EngineRegistry,
    session: LiveGame,
    user_id: str | None,
    state: Any = None,
) -> JSON:
    """The engine's view of the caller's seat, under the envelope's own fields, as one mapping (an
    HTTP answer's; the hub sends ``seat_view``'s two parts). ``state``: the session's engine state,
    already loaded."""
    engine = registry.get(session.game_type)
    if session.state is not None and state is None:
        state = engine.load(session.state)
    return seat_view(engine, session, shared_view(engine, session, state), user_id, state).fields()


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
