"""What the arena ports keep: who entered an arena, each recorded game from each player's side,
who waits in an arena's pool, a table the pairing made, a player's live score, the final standings."""

from __future__ import annotations

from dataclasses import dataclass

from domain.arenas.arena import Arena
from domain.arenas.scoring import ArenaGame, Outcome


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player who joined ``arena_id`` (once; they may pause and come back)."""

    arena_id: str
    user_id: str
    name: str
    joined_at: float


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One recorded arena game from one player's side: what scoring needs (``ArenaGame``)
    and when it began and ended. A player's games never overlap, so ``started_at`` orders them."""

    arena_id: str
    game_id: str
    user_id: str
    outcome: Outcome
    berserk: bool
    opponent_rating: float
    started_at: float
    finished_at: float

    def scored(self) -> ArenaGame:
        return ArenaGame(self.game_id, self.outcome, self.berserk, self.opponent_rating)


@dataclass(frozen=True, slots=True)
class Pooled:
    """A player waiting in an arena's pool since ``since``: their ``rating`` in the arena's game
    type, whether they play their next game ``berserk``, and ``last_table``: the others at their
    last table there."""

    user_id: str
    name: str
    rating: int
    since: float
    berserk: bool = False
    last_table: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Seating:
    """A table the pairing made: ``game_id`` with ``user_ids`` in seat order, ``berserk`` the
    seats that halve their turn time, ``formed`` when it was made."""

    arena_id: str
    game_id: str
    user_ids: tuple[str, ...]
    names: tuple[str, ...]
    berserk: tuple[int, ...]
    formed: float


@dataclass(frozen=True, slots=True)
class LiveScore:
    """A player's standing while the arena runs, worked out from ``games`` recorded games."""

    user_id: str
    points: int
    performance: int | None
    games: int
    on_fire: bool


@dataclass(frozen=True, slots=True)
class FinalStanding:
    rank: int
    user_id: str
    name: str
    points: int
    games: int
    wins: int
    performance: int | None


@dataclass(frozen=True, slots=True)
class PlayedArena:
    """An arena in a player's history, with their final place once it has one."""

    arena: Arena
    standing: FinalStanding | None
