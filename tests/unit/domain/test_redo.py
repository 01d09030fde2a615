"""A process holding a match's version takes the next change again from its log entry alone
(``domain.steps.redo``) and reaches the envelope and state its committer wrote, to the byte.

Each test plays a random match of one game type through the pure steps (people leaving,
computer players, suggestions and deadlines included); every step is taken again from the
envelope before it and the step's log entry as it crosses the wire (JSON), and compared.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from domain import steps
from domain.engine import GameEngine
from domain.live_game import LiveGame
from domain.match_log import Logged
from tests.unit.domain.played_matches import GAME_TYPES, REGISTRY, play_match

REDONE = ("action", "deadline")


def written(engine: GameEngine, session: LiveGame, state: Any) -> bytes:
    return orjson.dumps([session.dump(), engine.dump(state)])


def over_the_wire(logged: Logged) -> Logged:
    return Logged.load(orjson.loads(orjson.dumps(logged.dump())))


@pytest.mark.parametrize("game_type", GAME_TYPES)
@pytest.mark.parametrize("seed", range(3))
def test_every_move_and_deadline_redone_from_its_log_entry_gives_the_committed_bytes(
    game_type: str, seed: int
) -> None:
    engine = REGISTRY.get(game_type)
    redone: list[str] = []

    def check(before: LiveGame, state: Any, step: steps.Step) -> None:
        logged = step.logged
        if logged is None or logged.kind not in REDONE:
            assert logged is None or steps.redo(before, engine, state, over_the_wire(logged)) is None
            return
        again = steps.redo(before, engine, state, over_the_wire(logged))
        assert again is not None
        assert written(engine, again.session, again.state) == written(engine, step.session, step.state)
        redone.append(logged.kind)

    play_match(engine, f"{seed:064x}", random.Random(seed), suggestions=0.2, each_step=check)
    assert redone, "a match under way has moves or deadlines"


def test_a_change_is_not_redone_from_any_version_but_the_one_before() -> None:
    engine = REGISTRY.get("briscola")
    taken: list[tuple[LiveGame, Any, steps.Step]] = []
    play_match(engine, "ab" * 32, random.Random(3), leavers=0.0, each_step=lambda *seen: taken.append(seen))
    (first, first_state, _), (_, _, second) = taken[0], taken[1]
    assert second.logged is not None

    assert steps.redo(first, engine, first_state, second.logged) is None
