"""A computer player that remembers what its seat saw (``GameVariant.remembering``: the fishing
games' normal) is asked its move away from the transition, from the match's log, as a searching one
is; a level that reads the view alone decides in the transition. When nothing can answer, the
remembering player decides from its view at once instead of leaving the seat to its turn deadline."""

from __future__ import annotations

import dataclasses

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.finding.lobby import create_game
from application.identity.caller import Identity
from application.playing.computer_players import add_bot
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from domain.bots.thinking import Question
from tests.unit.application.helpers import legal_play
from tests.unit.application.thinking_doubles import Recorded, Unreachable


async def against_normal(games: LiveGames, person: Identity, game_type: str) -> str:
    session = await create_game(games, person, game_type, {})
    return (await add_bot(games, person, session.id, "normal")).id


async def play_until_the_computer_moved(
    games: LiveGames, person: Identity, game_id: str, clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> tuple[int, int]:
    """The person plays their first legal move whenever on turn, until the computer moved three
    times; the version before the last bot deadline fired and the version after it."""
    moved = 0
    for _ in range(50):
        view = await snapshot(games, game_id, person.user_id)
        if view.get("your_turn"):
            await act(games, game_id, person.user_id, legal_play(view))
            continue
        before = view["version"]
        clock.advance(games.bot_delay)
        await fire_due(games, deadlines)
        after = (await snapshot(games, game_id, person.user_id))["version"]
        moved += after > before
        if moved == 3:
            return before, after
    raise AssertionError("the computer player never moved three times")


def test_the_registry_says_which_levels_think_away(games: LiveGames) -> None:
    registry = games.registry
    assert registry.thinks_away("scopa", "hard") and registry.thinks_away("briscola", "hard")
    assert registry.thinks_away("scopa", "normal") and registry.thinks_away("scopone_scientifico", "normal")
    assert not registry.thinks_away("briscola", "normal") and not registry.thinks_away("tressette", "normal")
    assert not registry.thinks_away("scopa", "easy")


async def questions_asked(
    games: LiveGames, person: Identity, game_type: str, clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> list[Question]:
    """What was asked away from the transition while a ``normal`` computer moved three times."""
    thinking = Recorded(games)
    games = dataclasses.replace(games, thinking=thinking, bot_delay=0.5)
    game_id = await against_normal(games, person, game_type)
    before, after = await play_until_the_computer_moved(games, person, game_id, clock, deadlines)
    assert after == before + 1
    return [question for question, _ in thinking.answered]


async def test_a_remembering_computer_player_is_asked_its_move_from_the_match_log(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    asked = await questions_asked(games, players[0], "scopa", clock, deadlines)
    assert len(asked) == 3 and {question.level for question in asked} == {"normal"}
    assert {question.seat for question in asked} == {1}
    assert all(question.log for question in asked), "each question carries the match's log so far"


async def test_a_computer_player_that_reads_its_view_alone_decides_in_the_transition(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    assert await questions_asked(games, players[0], "briscola", clock, deadlines) == []


async def test_when_nothing_can_think_a_remembering_player_decides_from_its_view_at_once(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    games = dataclasses.replace(games, thinking=Unreachable(games.registry), bot_delay=0.5)
    game_id = await against_normal(games, players[0], "scopa")
    before, after = await play_until_the_computer_moved(games, players[0], game_id, clock, deadlines)
    assert after == before + 1, "it moved on its bot deadline, not its turn deadline"
