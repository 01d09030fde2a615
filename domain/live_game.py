"""The platform-owned envelope of a live game.

The engine's state is an opaque blob here (``state``); the envelope holds what
every game shares: identity, join code, seats, phase, timestamps, a monotonic
``version`` (bumped on every accepted change), whether the finished match has
been recorded, the table's settings chosen at creation (``public``: listed among
the open tables, or found by its code only; ``rated``: the creator asked for a
rated match; ``turn_seconds``: the turn time, ``None`` for the server's
default), once the match is over the seats that asked for a rematch
(``rematch_seats``), the table they move on to (``next_game``) and each
seat's rating before and after (``ratings``, once a rated result is
recorded), the match's secret ``seed`` (from its start; every random draw
of the match derives from it, see ``domain.seeding``) and ``salt`` (whose
hash with the seed every view shows: ``domain.commitment``), and the ``events`` of
the change that produced this version (public ones, and private ones for one
seat: see ``domain.engine.visible_events``); ``arena``: the arena the match is played in, if
any, and ``berserk``: the seats whose players halved their own turn time in it
(``domain.arenas``). Neither the seed, the salt nor a
private event ever reaches a client through the envelope: views are built from it.
All methods are pure: they return a new envelope.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from domain.commitment import MatchSecret, commitment
from domain.engine import Event
from domain.errors import GameFull, InvalidAction


class Phase(StrEnum):
    """Where a live game stands: its table waits for players, its match is under way, or the
    match is over. Each member is its value's string, as the envelope stores it and the views
    show it (``status``)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Seat:
    user_id: str
    name: str
    bot: bool = False


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A seat's rating in the game type just before the match and just after it."""

    seat: int
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class LiveGame:
    id: str
    game_type: str
    join_code: str
    options: Mapping[str, Any]
    seats: tuple[Seat | None, ...]
    creator_id: str
    created_at: float
    updated_at: float
    phase: Phase = Phase.LOBBY
    version: int = 1
    state: Mapping[str, Any] | None = None
    result_recorded: bool = False
    started_at: float | None = None
    finished_at: float | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    seed: str | None = None
    events: tuple[Event, ...] = ()
    public: bool = False
    rated: bool = True
    turn_seconds: float | None = None
    rematch_seats: tuple[int, ...] = ()
    next_game: str | None = None
    ratings: tuple[RatingChange, ...] = ()
    salt: str | None = None
    arena: str | None = None
    berserk: tuple[int, ...] = ()

    @property
    def seed_commitment(self) -> str | None:
        """The hash of the match's seed and salt every view shows; ``None`` before the match,
        and for a match started before matches had a salt."""
        if self.seed is None or self.salt is None:
            return None
        return commitment(self.seed, self.salt)

    @property
    def seats_open(self) -> int:
        return sum(1 for s in self.seats if s is None)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats where a person (not a computer player) sits."""
        return tuple(index for index, seat in enumerate(self.seats) if seat is not None and not seat.bot)

    @property
    def listed(self) -> bool:
        """Whether the table belongs in the list of open tables: public, waiting for players,
        with a free seat and somebody sitting at it."""
        return self.public and self.phase == Phase.LOBBY and self.seats_open > 0 and bool(self.humans)

    @property
    def has_computer_player(self) -> bool:
        return any(seat is not None and seat.bot for seat in self.seats)

    @property
    def counts_for_rating(self) -> bool:
        """Whether the result moves ratings: a rated table with no computer player at it."""
        return self.rated and not self.has_computer_player

    @property
    def offers_suggestions(self) -> bool:
        """Whether its players may ask what the ``hard`` computer player would play in their place
        (``domain.steps.suggest``): only at a table with a computer player, which never counts for
        ratings; never at a table of people only, rated or casual."""
        return self.has_computer_player

    def seat_of(self, user_id: str | None) -> int | None:
        if user_id is None:
            return None
        for index, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return index
        return None

    def with_player(self, player: Seat, now: float, chair: int | None = None) -> LiveGame:
        """Seat ``player`` in ``chair`` (``None``: the first free one); a no-op if already seated."""
        if self.seat_of(player.user_id) is not None:
            return self
        if self.phase != Phase.LOBBY or self.seats_open == 0:
            raise GameFull("every seat at this table is taken")
        if chair is None:
            chair = self.seats.index(None)
        elif not 0 <= chair < len(self.seats):
            raise InvalidAction(f"this table has seats 0 to {len(self.seats) - 1}")
        elif self.seats[chair] is not None:
            raise GameFull("that seat is taken")
        seats = (*self.seats[:chair], player, *self.seats[chair + 1 :])
        seated = Event("seated", {"name": player.name, "bot": player.bot}, seat=chair)
        return replace(self, seats=seats, updated_at=now, version=self.version + 1, events=(seated,))

    def without_players(self, chairs: tuple[int, ...], now: float, creator_id: str | None = None) -> LiveGame:
        """Free ``chairs`` of a lobby (one ``left`` event each); ``creator_id`` names who runs the
        table from now on, when that changes."""
        seats = tuple(None if index in chairs else chair for index, chair in enumerate(self.seats))
        left = tuple(Event("left", seat=chair) for chair in chairs)
        return replace(
            self,
            seats=seats,
            creator_id=self.creator_id if creator_id is None else creator_id,
            updated_at=now,
            version=self.version + 1,
            events=left,
        )

    def with_seat_replaced(self, chair: int, player: Seat, now: float) -> LiveGame:
        """A computer player takes over chair ``chair`` of a match under way."""
        seats = (*self.seats[:chair], player, *self.seats[chair + 1 :])
        handed = Event("handed_over", {"name": player.name}, seat=chair)
        return replace(self, seats=seats, updated_at=now, version=self.version + 1, events=(handed,))

    def with_suggestion(self, chair: int, now: float) -> LiveGame:
        """Chair ``chair``'s player was shown a suggested move: everyone reads it in the move log."""
        suggested = Event("suggested", seat=chair)
        return replace(self, updated_at=now, version=self.version + 1, events=(suggested,))

    def with_rematch_asked(self, chair: int, next_game: str | None, now: float) -> LiveGame:
        """Chair ``chair`` asks for a rematch; ``next_game`` is the new table once everyone has."""
        asked = tuple(sorted({*self.rematch_seats, chair}))
        events: tuple[Event, ...] = (Event("rematch", seat=chair),)
        if next_game is not None:
            events = (*events, Event("rematch_ready", {"game_id": next_game}))
        return replace(
            self,
            rematch_seats=asked,
            next_game=next_game,
            updated_at=now,
            version=self.version + 1,
            events=events,
        )

    def started(
        self,
        state: Mapping[str, Any],
        now: float,
        secret: MatchSecret | None = None,
        events: tuple[Event, ...] = (),
    ) -> LiveGame:
        return replace(
            self,
            phase=Phase.PLAYING,
            state=state,
            started_at=now,
            updated_at=now,
            version=self.version + 1,
            seed=None if secret is None else secret.seed,
            salt=None if secret is None else secret.salt,
            events=events,
        )

    def advanced(
        self, state: Mapping[str, Any], now: float, finished: bool, events: tuple[Event, ...] = ()
    ) -> LiveGame:
        return replace(
            self,
            state=state,
            phase=Phase.FINISHED if finished else self.phase,
            finished_at=now if finished and self.finished_at is None else self.finished_at,
            updated_at=now,
            version=self.version + 1,
            events=events,
        )

    def marked_recorded(self, ratings: tuple[RatingChange, ...] = ()) -> LiveGame:
        """The result is in the match history; ``ratings``: how a rated match moved each seat's."""
        recorded = Event(
            "result_recorded",
            {"ratings": [{"seat": r.seat, "before": r.before, "after": r.after} for r in ratings]},
        )
        return replace(
            self, result_recorded=True, ratings=ratings, version=self.version + 1, events=(recorded,)
        )

    def dump(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game_type": self.game_type,
            "join_code": self.join_code,
            "options": dict(self.options),
            "seats": [
                None if s is None else {"user_id": s.user_id, "name": s.name, "bot": s.bot}
                for s in self.seats
            ],
            "creator_id": self.creator_id,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "phase": self.phase.value,
            "version": self.version,
            "state": None if self.state is None else dict(self.state),
            "result_recorded": self.result_recorded,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "extra": dict(self.extra),
            "seed": self.seed,
            "events": [_dump_event(event) for event in self.events],
            "public": self.public,
            "rated": self.rated,
            "turn_seconds": self.turn_seconds,
            "rematch_seats": list(self.rematch_seats),
            "next_game": self.next_game,
            "ratings": [[r.seat, r.before, r.after] for r in self.ratings],
            "salt": self.salt,
            **({"arena": self.arena, "berserk": list(self.berserk)} if self.arena is not None else {}),
        }

    @staticmethod
    def load(data: Mapping[str, Any]) -> LiveGame:
        return LiveGame(
            id=data["id"],
            game_type=data["game_type"],
            join_code=data["join_code"],
            options=dict(data["options"]),
            seats=tuple(
                None if s is None else Seat(s["user_id"], s["name"], bool(s.get("bot", False)))
                for s in data["seats"]
            ),
            creator_id=data["creator_id"],
            created_at=data["created_at"],
            updated_at=data["updated_at"],
            phase=Phase(data["phase"]),
            version=data["version"],
            state=data["state"],
            result_recorded=data["result_recorded"],
            started_at=data.get("started_at"),
            finished_at=data.get("finished_at"),
            extra=dict(data.get("extra") or {}),
            seed=data.get("seed"),
            events=tuple(_load_event(event) for event in data.get("events") or ()),
            public=bool(data.get("public", False)),
            rated=bool(data.get("rated", True)),
            turn_seconds=data.get("turn_seconds"),
            rematch_seats=tuple(data.get("rematch_seats") or ()),
            next_game=data.get("next_game"),
            ratings=tuple(RatingChange(*change) for change in data.get("ratings") or ()),
            salt=data.get("salt"),
            arena=data.get("arena"),
            berserk=tuple(data.get("berserk") or ()),
        )


def _dump_event(event: Event) -> dict[str, Any]:
    return {"kind": event.kind, "data": dict(event.data), "seat": event.seat, "public": event.public}


def _load_event(data: Mapping[str, Any]) -> Event:
    return Event(data["kind"], dict(data["data"]), data.get("seat"), bool(data.get("public", True)))
