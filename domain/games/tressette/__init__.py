"""Tressette: the Italian trick-taking game without trumps, for two players (drawing from a stock)
or four in partnerships. ``engine`` checks and dispatches, ``rules`` holds its steps, ``scoring``
a hand's points and the match's end, ``declarations`` the accusi, ``signals`` the four-player game's
signals, ``views`` what a seat sees; ``package`` is the game package the platform loads."""

from __future__ import annotations

from domain.games.tressette.engine import TressetteEngine

TRESSETTE = TressetteEngine(seats=2)
TRESSETTE_A_QUATTRO = TressetteEngine(seats=4)

__all__ = ["TRESSETTE", "TRESSETTE_A_QUATTRO", "TressetteEngine"]
