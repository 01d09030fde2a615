"""The match-log part of the ``Commits`` / ``GameStore`` contract, for every adapter.

``Commits.commit(..., logged)`` appends the change's ``Logged`` entry to the game's log in the
same atomic step as the change; ``GameStore.log`` reads the entries back, oldest first. A
refused commit appends nothing, a created game starts with an empty log (or with the one entry
its creation logged), and the log lives and expires with its game.
"""

from __future__ import annotations

from dataclasses import replace

from domain.engine import Timeouts
from domain.live_game import LiveGame
from domain.match_log import Logged
from tests.contract import (
    GAME_TTL_SECONDS,
    RECORDED_TTL_SECONDS,
    Advance,
    CommitSetup,
    create,
    new_join_code,
    new_session,
)

T0 = 1_700_000_000.0


def started(lobby: LiveGame, at: float = T0 + 1.25) -> tuple[LiveGame, Logged]:
    """The match of ``lobby`` under way, and the start its log keeps."""
    game = lobby.started({"hands": [["01D", "07B"], ["10S", "03C"]]}, now=at)
    return game, Logged.start(game.version, at, Timeouts(turn=45.5, hand_ack=20.0))


def moved(game: LiveGame, number: int) -> tuple[LiveGame, Logged]:
    """The next change of ``game``: an action, a deadline or a hand-over, by ``number``, and
    its entry in the log (at a time with all the digits a float keeps)."""
    at = game.updated_at + 1.123456789
    after = game.advanced({"move": number}, now=at, finished=False)
    entries = (
        Logged.acted(
            after.version, at, number % 2, {"action": "play", "card": "07D", "capture": ["03C", "04S"]}
        ),
        Logged.fired(after.version, at, f"turn:{number}"),
        Logged.acted(after.version, at, 1, {"action": "ack"}),
        Logged.handed_over(after.version, at, 0, "Computer 1 · Zoë", ("guest:zoë", "Zoë")),
    )
    return after, entries[number % len(entries)]


async def a_game_under_way(setup: CommitSetup) -> tuple[LiveGame, list[Logged]]:
    lobby = new_session()
    assert await create(setup.commits, lobby)
    game, start = started(lobby)
    assert await setup.commits.commit(game, lobby.version, (), start, started=True)
    return game, [start]


async def commit_next(setup: CommitSetup, game: LiveGame, number: int, committed: list[Logged]) -> LiveGame:
    """Commit the change ``moved(game, number)``, add its entry to ``committed``; the game after it."""
    after, entry = moved(game, number)
    assert await setup.commits.commit(after, game.version, (), entry)
    committed.append(entry)
    return after


async def test_a_log_reads_back_every_committed_entry_equal_and_in_commit_order(
    commit_setup: CommitSetup,
) -> None:
    game, committed = await a_game_under_way(commit_setup)
    for number in range(12):
        game = await commit_next(commit_setup, game, number, committed)

    log = await commit_setup.store.log(game.id)

    assert log == tuple(committed)
    assert [entry.version for entry in log] == sorted(entry.version for entry in log)
    assert log[0].timeouts == Timeouts(turn=45.5, hand_ack=20.0)
    assert log[1].action == {"action": "play", "card": "07D", "capture": ["03C", "04S"]}
    assert log[4].name == "Computer 1 · Zoë"


async def test_a_long_match_reads_back_its_whole_log_in_order_at_every_moment(
    commit_setup: CommitSetup,
) -> None:
    # Long enough for a store that keeps older entries apart (packed, on Redis) to do so, more than once.
    game, committed = await a_game_under_way(commit_setup)
    for number in range(150):
        game = await commit_next(commit_setup, game, number, committed)
        if number % 37 == 0:
            assert await commit_setup.store.log(game.id) == tuple(committed)

    assert await commit_setup.store.log(game.id) == tuple(committed)


async def test_the_log_of_a_created_lobby_starts_empty(commit_setup: CommitSetup) -> None:
    lobby = new_session()

    assert await create(commit_setup.commits, lobby)

    assert await commit_setup.store.log(lobby.id) == ()


async def test_a_game_created_already_under_way_logs_its_start(commit_setup: CommitSetup) -> None:
    """A table opened full starts its match at once: its creation carries the start."""
    game, start = started(new_session())

    assert await commit_setup.commits.commit(game, 0, (), start, started=True)

    assert await commit_setup.store.log(game.id) == (start,)


async def test_an_unknown_game_has_an_empty_log(commit_setup: CommitSetup) -> None:
    await a_game_under_way(commit_setup)

    assert await commit_setup.store.log("no-such-game") == ()


async def test_commits_without_an_entry_append_nothing(commit_setup: CommitSetup) -> None:
    game, committed = await a_game_under_way(commit_setup)
    for number in range(3):
        after, _ = moved(game, number)
        assert await commit_setup.commits.commit(after, game.version, ())
        game = await commit_next(commit_setup, after, number, committed)

    assert await commit_setup.store.log(game.id) == tuple(committed)


async def test_a_commit_refused_for_its_expected_version_appends_nothing(commit_setup: CommitSetup) -> None:
    game, committed = await a_game_under_way(commit_setup)
    after, entry = moved(game, 0)

    assert await commit_setup.commits.commit(after, game.version + 1, (), entry) is False
    assert await commit_setup.commits.commit(after, game.version - 1, (), entry) is False

    assert await commit_setup.store.log(game.id) == tuple(committed)
    assert await commit_setup.commits.commit(after, game.version, (), entry)
    assert await commit_setup.store.log(game.id) == (*committed, entry)


async def test_a_refused_creation_appends_nothing_to_the_game_that_stands(commit_setup: CommitSetup) -> None:
    game, committed = await a_game_under_way(commit_setup)
    again, start = started(replace(new_session(), id=game.id), at=T0 + 9.5)

    assert await commit_setup.commits.commit(again, 0, (), start, started=True) is False

    assert await commit_setup.store.log(game.id) == tuple(committed)


async def test_a_commit_to_an_unknown_game_logs_nothing(commit_setup: CommitSetup) -> None:
    ghost, _ = started(new_session())
    after, entry = moved(ghost, 0)

    assert await commit_setup.commits.commit(after, ghost.version, (), entry) is False

    assert await commit_setup.store.log(ghost.id) == ()


async def test_the_log_lives_as_long_as_its_game_slid_by_every_commit_and_expires_with_it(
    commit_setup: CommitSetup, advance: Advance
) -> None:
    game, committed = await a_game_under_way(commit_setup)
    await advance(GAME_TTL_SECONDS * 0.7)
    after, _ = moved(game, 0)
    assert await commit_setup.commits.commit(after, game.version, ())  # no entry: the log still slides
    game = after
    # Past the first TTL, well inside the one the commit began: on Redis the clock is real, and a
    # loaded machine may stall this test a good part of a second.
    await advance(GAME_TTL_SECONDS * 0.45)

    assert await commit_setup.store.get(game.id) == game
    assert await commit_setup.store.log(game.id) == tuple(committed)

    await advance(GAME_TTL_SECONDS * 0.75)

    assert await commit_setup.store.get(game.id) is None
    assert await commit_setup.store.log(game.id) == ()


async def test_a_game_created_again_after_its_expiry_starts_with_an_empty_log(
    commit_setup: CommitSetup, advance: Advance
) -> None:
    game, _ = await a_game_under_way(commit_setup)
    await advance(GAME_TTL_SECONDS * 1.2)
    assert await commit_setup.store.get(game.id) is None

    anew = replace(new_session(join_code=new_join_code()), id=game.id)
    assert await create(commit_setup.commits, anew)

    assert await commit_setup.store.log(game.id) == ()


async def test_the_log_goes_once_the_result_is_recorded_and_the_record_holds_it(
    commit_setup: CommitSetup,
) -> None:
    game, _ = await a_game_under_way(commit_setup)
    finished = game.advanced({"over": True}, now=game.updated_at + 1, finished=True)
    assert await commit_setup.commits.commit(
        finished, game.version, (), Logged.fired(finished.version, 1.0, "t")
    )
    assert len(await commit_setup.store.log(game.id)) == 2

    recorded = replace(finished.marked_recorded(), updated_at=finished.updated_at + 1)
    assert await commit_setup.commits.commit(recorded, finished.version, ())

    assert await commit_setup.store.log(game.id) == ()
    assert await commit_setup.store.get(game.id) is not None  # the game itself stays


async def test_a_finished_game_leaves_soon_after_its_result_is_recorded_with_its_log(
    commit_setup: CommitSetup, advance: Advance
) -> None:
    game, _ = await a_game_under_way(commit_setup)
    at = game.updated_at + 1.0
    over = game.advanced({"move": "last"}, now=at, finished=True)
    assert await commit_setup.commits.commit(over, game.version, (), Logged.fired(over.version, at, "turn:9"))
    recorded = replace(over, version=over.version + 1, result_recorded=True)
    assert await commit_setup.commits.commit(recorded, over.version, ())
    await advance(RECORDED_TTL_SECONDS * 0.6)
    assert await commit_setup.store.get(game.id) == recorded
    await advance(RECORDED_TTL_SECONDS * 0.6)

    assert await commit_setup.store.get(game.id) is None, "gone well before the game TTL"
    assert await commit_setup.store.log(game.id) == ()


async def test_a_finished_game_not_yet_recorded_keeps_the_whole_game_ttl(
    commit_setup: CommitSetup, advance: Advance
) -> None:
    game, _ = await a_game_under_way(commit_setup)
    at = game.updated_at + 1.0
    over = game.advanced({"move": "last"}, now=at, finished=True)
    assert await commit_setup.commits.commit(over, game.version, (), Logged.fired(over.version, at, "turn:9"))
    await advance(RECORDED_TTL_SECONDS * 1.2)

    assert await commit_setup.store.get(game.id) == over, "its result must still be recorded"
