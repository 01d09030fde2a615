"""Following a game from another process, for every adapter: whatever it heard, missed or never
held, a process that follows a match's announcements reaches, version by version, the very
envelope and engine state the committing process wrote, equal to the last byte.

Two processes share one store and its commits: the *player* commits every change of a real
briscola match through the one transition path; the *follower* listens, as the fan-out hub
does (``caught_up``, else a read of the store).
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

from adapters.memory.clock import FakeClock
from adapters.memory.matches import MemoryMatchRepository
from application.playing.following import caught_up
from application.playing.live_games import LiveGames
from application.playing.transition import new_secret, transition
from application.ports import GameStore, Notification
from domain import steps
from domain.engine import Timeouts
from domain.live_game import LiveGame
from entrypoints.game_packages import installed_registry
from tests.contract import CommitSetup, create, new_session
from tests.contract.test_notifier_contract import close, next_change

REGISTRY = installed_registry()
ENGINE = REGISTRY.get("briscola")
EASY = REGISTRY.computer_player("briscola", "easy")
CHANGES = 40


class CountingStore:
    """The shared store, counting the follower's reads of it."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.reads = 0

    async def get(self, game_id: str) -> LiveGame | None:
        self.reads += 1
        return await self.store.get(game_id)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def process(setup: CommitSetup, clock: FakeClock, store: GameStore | None = None) -> LiveGames:
    """One server process's live games on the shared adapters (its own copies of the games)."""
    return LiveGames(
        registry=REGISTRY,
        store=store or setup.store,
        commits=setup.commits,
        clock=clock,
        matches=MemoryMatchRepository(),
        bot_delay=0.0,
    )


def written(games: LiveGames, session: LiveGame) -> bytes:
    """The envelope and its engine state as one canonical byte string."""
    state = games.live.state_of(session, ENGINE)
    return json.dumps([session.dump(), ENGINE.dump(state)], sort_keys=True).encode()


async def started_match(player: LiveGames, clock: FakeClock) -> LiveGame:
    lobby = replace(new_session(seated=("u-alice", "u-bob"), created_at=clock.now()), state=None, options={})
    assert await create(player.commits, lobby)

    def deal(session: LiveGame | None, _: Any, now: float) -> steps.Step:
        assert session is not None
        return steps.start(session, ENGINE, Timeouts(), now, new_secret())

    begun = await transition(player, lobby.id, deal)
    assert begun.session is not None
    return begun.session


async def next_change_of(player: LiveGames, clock: FakeClock, game_id: str, rng: random.Random) -> LiveGame:
    """The match's next change, committed by ``player``: a seat's easy move, or (nobody to act)
    its earliest deadline, fired when due."""
    session = player.live.session(game_id)
    assert session is not None
    state = player.live.state_of(session, ENGINE)
    seats = ENGINE.to_act(state)
    if seats:
        seat = seats[0]
        action = EASY.decide(ENGINE.view(state, seat), rng)

        def change(game: LiveGame | None, now_state: Any, now: float) -> steps.Step | None:
            assert game is not None
            return steps.act(game, ENGINE, now_state, seat, action, now)

    else:
        deadline = min(ENGINE.deadlines(state), key=lambda d: d.due)
        clock.advance(max(0.0, deadline.due - clock.now()))

        def change(game: LiveGame | None, now_state: Any, now: float) -> steps.Step | None:
            assert game is not None
            return steps.fire(game, ENGINE, now_state, deadline.token, now)

    clock.advance(0.75)
    committed = await transition(player, game_id, change)
    assert committed.step is not None and committed.session is not None
    return committed.session


async def follow(follower: LiveGames, note: Notification) -> LiveGame:
    """What the follower holds after hearing ``note``: caught up, or read from the store."""
    assert note.game_id is not None
    session = caught_up(follower, note)
    if session is None:
        session = await follower.store.get(note.game_id)
        assert session is not None
        follower.live.remember(session)
    return session


async def heard(listener: AsyncIterator[Notification], version: int) -> Notification:
    """The announcement of ``version`` (announcements of earlier versions skipped)."""
    while True:
        note = await next_change(listener)
        if note.version >= version:
            assert note.version == version
            return note


async def test_a_follower_reaches_every_version_the_player_committed_byte_for_byte(
    commit_setup: CommitSetup,
) -> None:
    clock = FakeClock(1_700_000_000.0)
    player = process(commit_setup, clock)
    reads = CountingStore(commit_setup.store)
    follower = process(commit_setup, clock, reads)
    game = await started_match(player, clock)
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(game.id)
    rng = random.Random(7)
    joined_late = True
    for _ in range(CHANGES):
        committed = await next_change_of(player, clock, game.id, rng)
        note = await heard(listener, committed.version)
        held_before = follower.live.session(game.id)
        reads_before = reads.reads

        followed = await follow(follower, note)

        assert written(follower, followed) == written(player, committed)
        if held_before is not None and held_before.version == committed.version - 1:
            assert reads.reads == reads_before, "a follower holding the version before reads no store"
        elif not joined_late:
            raise AssertionError("the follower fell behind without missing an announcement")
        joined_late = False
        if committed.phase != "playing":
            break
    await close(listener)


async def test_a_follower_that_missed_announcements_catches_up_byte_for_byte(
    commit_setup: CommitSetup,
) -> None:
    clock = FakeClock(1_700_000_000.0)
    player = process(commit_setup, clock)
    follower = process(commit_setup, clock)
    game = await started_match(player, clock)
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(game.id)
    rng = random.Random(11)
    first = await next_change_of(player, clock, game.id, rng)
    await follow(follower, await heard(listener, first.version))
    for _ in range(3):  # announced while the follower was away: never heard
        missed = await next_change_of(player, clock, game.id, rng)
    committed = await next_change_of(player, clock, game.id, rng)
    assert committed.version == missed.version + 1

    followed = await follow(follower, await heard(listener, committed.version))

    assert written(follower, followed) == written(player, committed)
    await close(listener)
