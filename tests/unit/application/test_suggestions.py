"""A suggestion shows a person what the ``hard`` computer player would play in their seat, from that
seat's own view, on their turn, at a casual table against the computer; everyone's events and the
match's log say that it was shown, and no card changes. Refused at a table of people (rated or not),
off turn and to a spectator; a stale or missing answer marks nothing."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.finding.lobby import TableChoices, create_game, join_game
from application.identity.caller import Identity
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.play_computer import play_computer
from application.playing.queries import snapshot
from application.playing.suggestions import suggest
from application.playing.thinking import InlineThinking
from domain.bots.base import Action
from domain.bots.thinking import Question
from domain.errors import Forbidden, NotYourTurn, Stale, SuggestionsUnavailable, TavoloError, Unavailable
from domain.events import event_json
from tests.unit.application.helpers import legal_play, player_on_turn
from tests.unit.application.thinking_doubles import Recorded, Unreachable


class Overtaken(InlineThinking):
    """While it thinks, the seat's turn runs out and the game moves on."""

    def __init__(self, games: LiveGames, clock: FakeClock, deadlines: MemoryDeadlineQueue) -> None:
        super().__init__(games.registry)
        self.games, self.clock, self.deadlines = games, clock, deadlines

    async def answer(self, question: Question) -> Action:
        action = await super().answer(question)
        self.clock.advance(self.games.timeouts.turn + 1)
        assert await fire_due(self.games, self.deadlines) >= 1
        return action


async def my_turn(
    games: LiveGames, game_id: str, person: Identity, clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> dict[str, Any]:
    """The person's view once it is their turn (the computer players moving meanwhile)."""
    for _ in range(50):
        view = await snapshot(games, game_id, person.user_id)
        if view.get("your_turn"):
            return view
        clock.advance(games.bot_delay)
        await fire_due(games, deadlines)
    raise AssertionError("the person's turn never came")


async def test_on_their_turn_against_the_computer_a_person_is_shown_what_hard_plays_from_their_seat(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    thinking = Recorded(games)
    games = dataclasses.replace(games, thinking=thinking)
    anna = players[0]
    game_id = (await play_computer(games, anna, "briscola", "easy")).id
    before = await my_turn(games, game_id, anna, clock, deadlines)
    assert before["suggestions"] is True

    suggestion = await suggest(games, anna.user_id, game_id)

    ((question, action),) = thinking.answered
    assert (question.level, question.seat, question.version) == ("hard", before["seat"], before["version"])
    assert suggestion.action == action and action in before["legal_moves"]
    assert suggestion.version == before["version"] + 1, "the suggestion is marked as a change of the table"
    after = await snapshot(games, game_id, anna.user_id)
    assert after["version"] == suggestion.version
    assert (after["hand"], after["legal_moves"], after["your_turn"]) == (
        before["hand"],
        before["legal_moves"],
        True,
    ), "no card changed"
    session = await games.store.get(game_id)
    assert session is not None
    assert [event_json(event) for event in session.events] == [{"kind": "suggested", "seat": before["seat"]}]
    assert all(event.public for event in session.events)
    logged = (await games.store.log(game_id))[-1]
    assert (logged.kind, logged.version, logged.seat) == ("suggestion", suggestion.version, before["seat"])


async def test_asked_again_before_anyone_moves_the_same_move_is_suggested_and_marked_once(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    thinking = Recorded(games)
    games = dataclasses.replace(games, thinking=thinking)
    anna = players[0]
    game_id = (await play_computer(games, anna, "scopa", "easy")).id
    await my_turn(games, game_id, anna, clock, deadlines)

    first = await suggest(games, anna.user_id, game_id)
    again = await suggest(games, anna.user_id, game_id)

    assert again == first
    assert thinking.answered[0][0] == thinking.answered[1][0], "the same question, asked twice"
    kinds = [logged.kind for logged in await games.store.log(game_id)]
    assert kinds.count("suggestion") == 1


async def test_the_suggested_move_is_played_by_the_persons_own_move_and_the_next_turn_may_ask_anew(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    games = dataclasses.replace(games, thinking=Recorded(games))
    anna = players[0]
    game_id = (await play_computer(games, anna, "briscola", "normal")).id
    await my_turn(games, game_id, anna, clock, deadlines)
    suggestion = await suggest(games, anna.user_id, game_id)

    played = await act(games, game_id, anna.user_id, suggestion.action)
    assert played.version == suggestion.version + 1
    assert played.events[0].kind == "play"

    view = await my_turn(games, game_id, anna, clock, deadlines)
    assert (await suggest(games, anna.user_id, game_id)).action in view["legal_moves"]
    kinds = [logged.kind for logged in await games.store.log(game_id)]
    assert kinds.count("suggestion") == 2


async def test_off_their_turn_a_person_is_refused_and_nothing_is_marked(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    games = dataclasses.replace(games, thinking=Recorded(games), bot_delay=5.0)
    anna = players[0]
    game_id = (await play_computer(games, anna, "briscola", "easy")).id
    waiting = await my_turn(games, game_id, anna, clock, deadlines)
    while waiting.get("your_turn"):  # her card (and, when it took the trick, her next lead)
        await act(games, game_id, anna.user_id, legal_play(waiting))
        waiting = await snapshot(games, game_id, anna.user_id)

    with pytest.raises(NotYourTurn) as refused:
        await suggest(games, anna.user_id, game_id)

    assert refused.value.code == "not_your_turn"
    assert (await snapshot(games, game_id, anna.user_id))["version"] == waiting["version"]


@pytest.mark.parametrize("rated", [True, False])
async def test_at_a_table_of_people_rated_or_casual_suggestions_are_refused(
    games: LiveGames, players: list[Identity], rated: bool
) -> None:
    thinking = Recorded(games)
    games = dataclasses.replace(games, thinking=thinking)
    session = await create_game(games, players[0], "scopa", {}, TableChoices(rated=rated))
    session = await join_game(games, players[1], session.join_code)
    on_turn, view = await player_on_turn(games, session.id, players[:2])
    assert view["suggestions"] is False

    with pytest.raises(SuggestionsUnavailable) as refused:
        await suggest(games, on_turn.user_id, session.id)

    assert refused.value.code == "suggestions_unavailable"
    assert not thinking.answered, "nothing was worked out"
    assert (await snapshot(games, session.id, on_turn.user_id))["version"] == session.version


async def test_a_spectator_is_refused(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    games = dataclasses.replace(games, thinking=Recorded(games))
    game_id = (await play_computer(games, players[0], "briscola", "easy")).id
    await my_turn(games, game_id, players[0], clock, deadlines)
    with pytest.raises(Forbidden):
        await suggest(games, players[1].user_id, game_id)
    with pytest.raises(Forbidden):
        await suggest(games, None, game_id)


@pytest.mark.parametrize(("problem", "code"), [("stale", Stale), ("unavailable", Unavailable)])
async def test_an_answer_the_game_moved_past_or_no_answer_at_all_is_refused_and_marks_nothing(
    games: LiveGames,
    players: list[Identity],
    clock: FakeClock,
    deadlines: MemoryDeadlineQueue,
    problem: str,
    code: type[TavoloError],
) -> None:
    thinking = Overtaken(games, clock, deadlines) if problem == "stale" else Unreachable(games.registry)
    games = dataclasses.replace(games, thinking=thinking, bot_delay=5.0)
    anna = players[0]
    game_id = (await play_computer(games, anna, "briscola", "easy")).id
    await my_turn(games, game_id, anna, clock, deadlines)

    with pytest.raises(code) as refused:
        await suggest(games, anna.user_id, game_id)

    assert refused.value.code == problem
    assert "suggestion" not in [logged.kind for logged in await games.store.log(game_id)]
