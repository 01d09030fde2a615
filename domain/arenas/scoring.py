"""The points an arena player's games earn, as in a lichess arena.

- A win earns ``WIN`` (2), a draw ``DRAW`` (1), a loss nothing.
- After two wins in a row the player is *on fire*: every further game counts
  double (a win 4, a draw 2) until one is not won, which ends the streak.
- A player who went berserk (halved their own turn time at the start) and won
  earns ``BERSERK_BONUS`` (1) more; the bonus is never doubled.
- In a partnership game each player scores their side's result.

Ties on points are broken by the *performance* over the arena's games: the
mean rating of the opponents faced plus 400 * (wins - losses) / games.

A ``Sheet`` is one player's record; ``Sheet.add`` takes one more game, in the
order the games finished, and ``sheet_of`` folds a whole list, so live
standings and a recomputation from the recorded games agree by construction.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

WIN = 2
DRAW = 1
BERSERK_BONUS = 1
FIRE_AFTER = 2
"""Wins in a row after which the following games count double."""
PERFORMANCE_SPREAD = 400


class Outcome(enum.StrEnum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """One finished arena game from one player's side: its ``outcome`` for that player, whether
    they went ``berserk``, and ``opponent_rating``: the mean rating of the players they faced."""

    game_id: str
    outcome: Outcome
    berserk: bool
    opponent_rating: float


@dataclass(frozen=True, slots=True)
class Scored:
    """What one game earned: ``points`` in all, of which the berserk bonus; ``doubled`` when the
    player was on fire as it began."""

    game_id: str
    outcome: Outcome
    points: int
    doubled: bool
    berserk_bonus: int


def score_game(game: ArenaGame, on_fire: bool) -> Scored:
    base = WIN if game.outcome is Outcome.WIN else DRAW if game.outcome is Outcome.DRAW else 0
    bonus = BERSERK_BONUS if game.berserk and game.outcome is Outcome.WIN else 0
    return Scored(game.game_id, game.outcome, base * (2 if on_fire else 1) + bonus, on_fire, bonus)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's arena record: every game scored, in the order they finished."""

    scores: tuple[Scored, ...] = ()
    points: int = 0
    wins_in_a_row: int = 0
    wins: int = 0
    losses: int = 0
    opponent_ratings: float = 0.0
    """The sum of the opponents' mean ratings, for the performance."""

    @property
    def on_fire(self) -> bool:
        return self.wins_in_a_row >= FIRE_AFTER

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def performance(self) -> int | None:
        """Mean opponent rating + 400 * (wins - losses) / games; ``None`` before any game."""
        if not self.scores:
            return None
        n = len(self.scores)
        return round(self.opponent_ratings / n + PERFORMANCE_SPREAD * (self.wins - self.losses) / n)

    def add(self, game: ArenaGame) -> Sheet:
        scored = score_game(game, self.on_fire)
        won = game.outcome is Outcome.WIN
        return Sheet(
            scores=(*self.scores, scored),
            points=self.points + scored.points,
            wins_in_a_row=self.wins_in_a_row + 1 if won else 0,
            wins=self.wins + won,
            losses=self.losses + (game.outcome is Outcome.LOSS),
            opponent_ratings=self.opponent_ratings + game.opponent_rating,
        )


def sheet_of(games: Iterable[ArenaGame]) -> Sheet:
    sheet = Sheet()
    for game in games:
        sheet = sheet.add(game)
    return sheet


def outcome_for(side: str, winner: str | None, tied: Iterable[str] = ()) -> Outcome:
    """A side's outcome in a finished match: a win for the ``winner``; with no winner, a draw for
    the sides ``tied`` at the top (every side when ``tied`` is empty); a loss otherwise."""
    if winner is not None:
        return Outcome.WIN if side == winner else Outcome.LOSS
    top = set(tied)
    return Outcome.DRAW if not top or side in top else Outcome.LOSS
