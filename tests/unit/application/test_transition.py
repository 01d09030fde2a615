"""The one transition path: load, pure step, one atomic commit, retried on the fresh state."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence

from adapters.memory.notifier import MemoryNotifier
from application.finding.lobby import create_game, join_game
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.ports import Commits, ScheduledDeadline
from domain.live_game import LiveGame
from domain.match_log import Logged
from tests.unit.application.helpers import legal_play, player_on_turn, started_game


class RacingCommits:
    """Commits that let another writer win the first race: just before the first commit it
    stores ``competitor(current)``, as another process would."""

    def __init__(self, inner: Commits, games: LiveGames) -> None:
        self._inner = inner
        self._games = games
        self.raced = False

    async def commit(
        self,
        session: LiveGame,
        expected_version: int,
        deadlines: Sequence[ScheduledDeadline],
        logged: Logged | None = None,
        *,
        started: bool = False,
    ) -> bool:
        if not self.raced and expected_version:
            self.raced = True
            current = await self._games.store.get(session.id)
            assert current is not None
            competitor = dataclasses.replace(current, version=current.version + 1, extra={"won": "the race"})
            assert await self._inner.commit(competitor, current.version, deadlines)
        return await self._inner.commit(session, expected_version, deadlines, logged, started=started)


class RecordingCommits:
    """Commits that note, of each commit they pass on, the version and whether it says it
    started the match."""

    def __init__(self, inner: Commits) -> None:
        self._inner = inner
        self.said: list[tuple[int, bool]] = []

    async def commit(
        self,
        session: LiveGame,
        expected_version: int,
        deadlines: Sequence[ScheduledDeadline],
        logged: Logged | None = None,
        *,
        started: bool = False,
    ) -> bool:
        self.said.append((session.version, started))
        return await self._inner.commit(session, expected_version, deadlines, logged, started=started)


async def test_a_change_that_lost_the_race_is_made_again_on_the_stored_state_and_overwrites_nothing(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players)
    player, view = await player_on_turn(games, session.id, players)
    racing = RacingCommits(games.commits, games)
    games = dataclasses.replace(games, commits=racing)

    after = await act(games, session.id, player.user_id, legal_play(view))

    assert racing.raced
    assert after.version == session.version + 2  # the competitor's version, then the move on top of it
    stored = await games.store.get(session.id)
    assert stored == after and stored.extra == {"won": "the race"}  # built on the winner's state


async def test_a_refusal_worked_out_on_a_stale_copy_is_checked_against_the_store(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players)
    first, view = await player_on_turn(games, session.id, players)
    await act(games, session.id, first.user_id, legal_play(view))
    second, second_view = await player_on_turn(games, session.id, players)
    games.live.forget(session.id)
    games.live.remember(session)  # this process's copy is one move behind: it says `first` is on turn

    after = await act(games, session.id, second.user_id, legal_play(second_view))

    assert after.version == session.version + 2


async def test_every_change_is_committed_with_its_events_and_announced(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier
) -> None:
    listener = notifier.listen()
    created = await create_game(games, players[0], "briscola", {"target_score": 61})
    await notifier.watch(created.id)
    started = await join_game(games, players[1], created.join_code)
    player, view = await player_on_turn(games, created.id, players)
    moved = await act(games, created.id, player.user_id, {"action": "play", "card": view["hand"][0]})

    announced = [await asyncio.wait_for(anext(listener), 1) for _ in range(2)]
    assert [n.version for n in announced] == [started.version, moved.version]
    kinds = [[event.kind for event in n.session.events] for n in announced if n.session is not None]
    assert kinds[0][:2] == ["seated", "match_started"]
    assert "play" in kinds[1]
    assert created.events[0].kind == "seated" and created.seed is None
    assert started.seed is not None and len(started.seed) == 64


async def test_a_match_started_before_seeds_existed_gets_one_with_its_next_change(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await started_game(games, players)
    legacy = dataclasses.replace(session, seed=None, version=session.version + 1)
    assert await games.commits.commit(legacy, session.version, ())
    games.live.forget(session.id)
    player, view = await player_on_turn(games, session.id, players)

    after = await act(games, session.id, player.user_id, legal_play(view))

    assert after.seed is not None and after.version == legacy.version + 1


async def test_only_the_commit_that_starts_the_match_says_so_even_when_a_move_follows_at_once(
    games: LiveGames, players: list[Identity]
) -> None:
    recording = RecordingCommits(games.commits)
    games = dataclasses.replace(games, commits=recording)
    created = await create_game(games, players[0], "briscola", {"target_score": 61})
    started = await join_game(games, players[1], created.join_code)
    player, view = await player_on_turn(games, created.id, players)
    moved = await act(games, created.id, player.user_id, legal_play(view))

    assert moved.updated_at == started.started_at, "the move comes at the very time of the start"
    assert recording.said == [(created.version, False), (started.version, True), (moved.version, False)]
