"""The ``MatchRepository`` contract, for every adapter (memory, SQLite, PostgreSQL)."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from adapters.postgres.matches import PostgresMatchRepository
from adapters.sqlite.matches import SqliteMatchRepository
from application.ports import MatchRepository, StorageUnavailable
from application.results.archive import FinishedMatch, HistoryCursor, MatchSummary, Participant, Rating
from tests.conftest import service_unavailable
from tests.contract.match_factories import ADMIN_DSN, MATCH_REPOSITORIES, MatchRepositoryUnderTest

T0 = 1_700_000_000.0
SCOPONE, CHIAMATA, BRISCOLA, SCOPA = "scopone_scientifico", "briscola_chiamata", "briscola", "scopa"


@pytest.fixture(params=list(MATCH_REPOSITORIES))
async def under_test(request: pytest.FixtureRequest) -> AsyncIterator[MatchRepositoryUnderTest]:
    async with MATCH_REPOSITORIES[request.param]() as harness:
        yield harness


@pytest.fixture
def repo(under_test: MatchRepositoryUnderTest) -> MatchRepository:
    return under_test.repository


def finished(
    sides: Mapping[str, Sequence[str]],
    winner: str | None,
    *,
    game_type: str = SCOPONE,
    at: float = T0,
    points: Mapping[str, int] | None = None,
    names: Mapping[str, str] | None = None,
    rated: bool = True,
) -> FinishedMatch:
    """A match whose seats follow the sides' listing order; each side is also the team label."""
    members = [(label, user) for label, users in sides.items() for user in users]
    participants = tuple(
        Participant(
            user_id=user,
            name=(names or {}).get(user, user.removeprefix("u-").title()),
            seat=seat,
            team=label,
            won=label == winner,
            points=(points or {}).get(user, 0),
            details={"seat": seat, "captures": ["01D", "07B"]},
        )
        for seat, (label, user) in enumerate(members)
    )
    result = {"winner": winner, "scores": {label: 1 for label in sides}, "hands": [{"n": 1, "scopa": None}]}
    return FinishedMatch(
        id=str(uuid.uuid4()),
        game_type=game_type,
        started_at=at - 600.25,
        finished_at=at,
        result=result,
        participants=participants,
        sides={label: tuple(users) for label, users in sides.items()},
        winner=winner,
        rated=rated,
    )


def deltas(summary: MatchSummary) -> dict[str, int]:
    return {p.user_id: p.elo_delta for p in summary.participants}


async def whole_history(repo: MatchRepository, user_id: str) -> list[MatchSummary]:
    return await repo.history(user_id, limit=1000)


# --- exactly once ------------------------------------------------------------------


async def test_a_match_recorded_twice_is_stored_and_rated_once(repo: MatchRepository) -> None:
    match = finished({"A": ("u-anna", "u-bruno"), "B": ("u-carla", "u-dario")}, "A")

    assert await repo.record(match) is True
    # The process died after the commit, before the session's "recorded" flag was
    # saved: the retry records the same match again. So does a racing duplicate.
    assert await repo.record(match) is False
    assert await repo.record(replace(match, winner="B")) is False

    assert [s.id for s in await whole_history(repo, "u-anna")] == [match.id]
    assert await repo.ratings("u-anna") == [Rating("u-anna", SCOPONE, "Anna", 1516, 1, 1, 0)]
    assert await repo.ratings("u-carla") == [Rating("u-carla", SCOPONE, "Carla", 1484, 1, 0, 0)]


async def test_concurrent_duplicates_insert_exactly_one(repo: MatchRepository) -> None:
    match = finished({"A": ("u-anna",), "B": ("u-bruno",)}, "B", game_type=BRISCOLA)

    outcomes = await asyncio.wait_for(asyncio.gather(*(repo.record(match) for _ in range(4))), 30)

    assert sorted(outcomes) == [False, False, False, True]
    assert (await repo.ratings("u-bruno"))[0].matches == 1


async def test_a_recorded_match_reads_back_exactly(repo: MatchRepository) -> None:
    match = FinishedMatch(
        id=str(uuid.uuid4()),
        game_type=SCOPA,
        started_at=1_700_000_123.456789,
        finished_at=1_700_001_234.987654321,
        result={"target": 11, "asso": False, "ratio": 0.1, "audit": [{"hand": 1, "scope": [None, 2]}]},
        participants=(
            Participant("u-zoë", "Zoë Ñ.", 0, None, True, 11, {"scope": 3, "primiera": [84, 79]}),
            Participant("u-ugo", "Ugo", 1, "rossi", False, 6, {}),
        ),
        sides={"zoe": ("u-zoë",), "ugo": ("u-ugo",)},
        winner="zoe",
    )
    assert await repo.record(match)

    [summary] = await repo.history("u-ugo", limit=5)

    assert summary == MatchSummary(
        id=match.id,
        game_type=SCOPA,
        started_at=1_700_000_123.456789,
        finished_at=1_700_001_234.987654321,
        result=match.result,
        participants=(
            Participant("u-zoë", "Zoë Ñ.", 0, None, True, 11, {"scope": 3, "primiera": [84, 79]}, 16, 1500),
            Participant("u-ugo", "Ugo", 1, "rossi", False, 6, {}, -16, 1500),
        ),
        rated=True,
    )
    cursor = HistoryCursor(summary.finished_at, summary.id)
    assert await repo.history("u-ugo", limit=5, cursor=cursor) == []
    assert await repo.match(match.id) == summary


async def test_an_unknown_match_is_none(repo: MatchRepository) -> None:
    await repo.record(finished({"A": ("u-anna",), "B": ("u-bruno",)}, "A", game_type=BRISCOLA))

    assert await repo.match(str(uuid.uuid4())) is None


# --- rated and casual ----------------------------------------------------------------


def before_and_after(summary: MatchSummary) -> dict[str, tuple[int | None, int | None]]:
    return {p.user_id: (p.rating_before, p.rating_after) for p in summary.participants}


async def test_a_casual_match_is_in_the_history_but_moves_no_rating(repo: MatchRepository) -> None:
    rated = finished({"A": ("u-anna",), "B": ("u-bruno",)}, "A", game_type=BRISCOLA, at=T0)
    casual = finished(
        {"A": ("u-anna",), "B": ("bot:normal:1",)}, "A", game_type=BRISCOLA, at=T0 + 10, rated=False
    )
    assert await repo.record(rated)
    ratings_before = await repo.ratings("u-anna")

    assert await repo.record(casual) is True
    assert await repo.record(casual) is False

    newest, oldest = await whole_history(repo, "u-anna")
    assert (newest.id, newest.rated, oldest.id, oldest.rated) == (casual.id, False, rated.id, True)
    assert [(p.user_id, p.elo_delta, p.rating_before, p.rating_after) for p in newest.participants] == [
        ("u-anna", 0, None, None),
        ("bot:normal:1", 0, None, None),
    ]
    assert await repo.match(casual.id) == newest
    assert await whole_history(repo, "bot:normal:1") == [newest]
    assert (
        await repo.ratings("u-anna") == ratings_before == [Rating("u-anna", BRISCOLA, "Anna", 1516, 1, 1, 0)]
    )
    assert await repo.ratings("bot:normal:1") == []
    board, total = await repo.leaderboard(BRISCOLA, 0, 10)
    assert (total, [r.user_id for r in board]) == (2, ["u-anna", "u-bruno"])
    assert await repo.rank_of("bot:normal:1", BRISCOLA) is None


async def test_a_rated_match_keeps_each_players_rating_before_it(repo: MatchRepository) -> None:
    m1, m2, *_ = elo_scenario()
    between = finished(
        {"A": ("u-anna", "u-bruno"), "B": ("u-carla", "bot:easy:0")}, "B", at=T0 + 150, rated=False
    )
    for match in (m1, between, m2):
        assert await repo.record(match)

    second, casual, first = await whole_history(repo, "u-anna")

    assert before_and_after(first) == {
        "u-anna": (1500, 1516),
        "u-bruno": (1500, 1516),
        "u-carla": (1500, 1484),
        "u-dario": (1500, 1484),
    }
    # The casual match in between changed nothing: the second starts where the first ended.
    assert casual.id == between.id and {p.rating_before for p in casual.participants} == {None}
    assert before_and_after(second) == {
        "u-anna": (1516, 1499),
        "u-bruno": (1516, 1499),
        "u-carla": (1484, 1501),
        "u-dario": (1484, 1501),
    }
    assert [await repo.match(s.id) for s in (second, casual, first)] == [second, casual, first]
    board, _ = await repo.leaderboard(SCOPONE, 0, 10)
    assert {r.user_id: r.rating for r in board} == {
        u: after for u, (_, after) in before_and_after(second).items()
    }


# --- Elo, by hand --------------------------------------------------------------------

# Scopone (2 vs 2), everyone starting at 1500:
#   m1: anna+bruno (1500) beat carla+dario (1500): E = 1/(1+10^0) = 0.5,
#       delta = round(32 * (1 - 0.5)) = 16  -> anna, bruno 1516; carla, dario 1484.
#   m2: the rematch, carla+dario (mean 1484) beat anna+bruno (mean 1516):
#       E = 1/(1+10^((1516-1484)/400)) = 1/(1+10^0.08) = 1/2.2022644 = 0.4540776,
#       delta = round(32 * 0.5459224) = round(17.4695) = 17
#       -> carla, dario 1501; anna, bruno 1499.
# Briscola chiamata (ratings of its own, everyone at 1500 again):
#   m3: caller anna + partner carla (2) beat bruno, dario, elena (3): means 1500 and 1500,
#       delta 16 for each member of each side -> anna, carla 1516; bruno, dario, elena 1484.
#   m4: bruno calls alone (1 vs 4) and wins: bruno 1484 against the mean of
#       (1516 + 1516 + 1484 + 1484) / 4 = 1500: E = 1/(1+10^(16/400)) = 1/(1+10^0.04)
#       = 1/2.0964782 = 0.4769906, delta = round(32 * 0.5230094) = round(16.7363) = 17,
#       the same for all four defenders -> bruno 1501; anna, carla 1499; dario, elena 1467.
SCOPONE_BOARD = [
    Rating("u-carla", SCOPONE, "Carla", 1501, 2, 1, 7 + 11),
    Rating("u-dario", SCOPONE, "Dario R.", 1501, 2, 1, 7 + 11),
    Rating("u-anna", SCOPONE, "Anna", 1499, 2, 1, 11 + 9),
    Rating("u-bruno", SCOPONE, "Bruno", 1499, 2, 1, 11 + 9),
]
CHIAMATA_BOARD = [
    Rating("u-bruno", CHIAMATA, "Bruno", 1501, 2, 1, 20 + 70),
    Rating("u-anna", CHIAMATA, "Anna", 1499, 2, 1, 40 + 10),
    Rating("u-carla", CHIAMATA, "Carla", 1499, 2, 1, 25 + 15),
    Rating("u-dario", CHIAMATA, "Dario", 1467, 2, 0, 20 + 10),
    Rating("u-elena", CHIAMATA, "Elena", 1467, 2, 0, 15 + 15),
]


def elo_scenario() -> list[FinishedMatch]:
    """The four matches above, in finishing order."""
    teams = {"A": ("u-anna", "u-bruno"), "B": ("u-carla", "u-dario")}
    return [
        finished(teams, "A", at=T0 + 100, points={"u-anna": 11, "u-bruno": 11, "u-carla": 7, "u-dario": 7}),
        finished(
            teams,
            "B",
            at=T0 + 200,
            points={"u-anna": 9, "u-bruno": 9, "u-carla": 11, "u-dario": 11},
            names={"u-dario": "Dario R."},
        ),
        finished(
            {"callers": ("u-anna", "u-carla"), "defenders": ("u-bruno", "u-dario", "u-elena")},
            "callers",
            game_type=CHIAMATA,
            at=T0 + 300,
            points={"u-anna": 40, "u-carla": 25, "u-bruno": 20, "u-dario": 20, "u-elena": 15},
        ),
        finished(
            {"callers": ("u-bruno",), "defenders": ("u-anna", "u-carla", "u-dario", "u-elena")},
            "callers",
            game_type=CHIAMATA,
            at=T0 + 400,
            points={"u-bruno": 70, "u-anna": 10, "u-carla": 15, "u-dario": 10, "u-elena": 15},
        ),
    ]


async def test_elo_of_team_and_uneven_matches_matches_the_hand_computation(repo: MatchRepository) -> None:
    m1, m2, m3, m4 = elo_scenario()
    for match in (m1, m2, m3, m4):
        assert await repo.record(match)

    assert [deltas(s) for s in await whole_history(repo, "u-dario")] == [
        {"u-bruno": 17, "u-anna": -17, "u-carla": -17, "u-dario": -17, "u-elena": -17},
        {"u-anna": 16, "u-carla": 16, "u-bruno": -16, "u-dario": -16, "u-elena": -16},
        {"u-anna": -17, "u-bruno": -17, "u-carla": 17, "u-dario": 17},
        {"u-anna": 16, "u-bruno": 16, "u-carla": -16, "u-dario": -16},
    ]
    assert await repo.leaderboard(SCOPONE, 0, 10) == (SCOPONE_BOARD, 4)
    assert await repo.leaderboard(CHIAMATA, 0, 10) == (CHIAMATA_BOARD, 5)
    assert [await repo.rank_of(r.user_id, CHIAMATA) for r in CHIAMATA_BOARD] == [1, 2, 3, 4, 5]


async def test_ratings_are_kept_per_game_type(repo: MatchRepository) -> None:
    for match in elo_scenario():
        await repo.record(match)

    assert await repo.ratings("u-anna") == [CHIAMATA_BOARD[1], SCOPONE_BOARD[2]]
    assert await repo.ratings("u-elena") == [CHIAMATA_BOARD[4]]
    assert await repo.ratings("u-nobody") == []
    assert await repo.rank_of("u-elena", SCOPONE) is None


# --- history -------------------------------------------------------------------------


def newest_first(matches: Sequence[FinishedMatch]) -> list[str]:
    return [m.id for m in sorted(matches, key=lambda m: (m.finished_at, m.id), reverse=True)]


async def test_history_pages_hold_every_match_once_while_new_ones_arrive(repo: MatchRepository) -> None:
    times = [10, 20, 20, 20, 30, 40, 40]  # ties are ordered by id, descending
    older = [
        finished({"a": ("u-pat",), "b": (f"u-opp{i}",)}, "a", game_type=BRISCOLA, at=T0 + t)
        for i, t in enumerate(times)
    ]
    for match in random.Random(4).sample(older, len(older)):
        await repo.record(match)

    seen: list[str] = []
    cursor: HistoryCursor | None = None
    newer: list[FinishedMatch] = []
    while True:
        page = await repo.history("u-pat", limit=3, cursor=cursor)
        if not page:
            break
        seen += [s.id for s in page]
        cursor = HistoryCursor(page[-1].finished_at, page[-1].id)
        # Between page fetches, matches finish and are recorded.
        fresh = finished(
            {"a": ("u-pat",), "b": ("u-late",)}, "b", game_type=BRISCOLA, at=T0 + 1000 + len(newer)
        )
        newer.append(fresh)
        await repo.record(fresh)

    assert seen == newest_first(older)
    assert [s.id for s in await whole_history(repo, "u-pat")] == newest_first(newer) + newest_first(older)


async def test_history_can_be_narrowed_to_one_game_type(repo: MatchRepository) -> None:
    games = [BRISCOLA, SCOPA, BRISCOLA, SCOPA, SCOPA]
    played = [
        finished({"a": ("u-pat",), "b": ("u-rui",)}, "a", game_type=g, at=T0 + 10 * i)
        for i, g in enumerate(games)
    ]
    for match in played:
        await repo.record(match)
    scopa = [m for m in played if m.game_type == SCOPA]

    first = await repo.history("u-rui", limit=2, game_type=SCOPA)
    rest = await repo.history(
        "u-rui", limit=2, game_type=SCOPA, cursor=HistoryCursor(first[-1].finished_at, first[-1].id)
    )

    assert [s.id for s in first + rest] == newest_first(scopa)
    assert {s.game_type for s in first + rest} == {SCOPA}
    assert await repo.history("u-rui", limit=10, game_type="tressette") == []
    assert await repo.history("u-nobody", limit=10) == []


# --- leaderboard ---------------------------------------------------------------------

# m1: mia+kai beat lea+bob, all at 1500: +-16 -> mia, kai 1516; lea, bob 1484.
# m2: mia+lea (mean 1500) lose to kai+bob (mean 1500): +-16 -> kai 1532, bob 1500, mia 1500, lea 1468.
# m3: zed+eva draw with ned+ivo, all at 1500: round(32 * (0.5 - 0.5)) = 0 -> all stay 1500, no wins.
# Order: kai 1532; then at 1500 bob and mia (1 win each; "u-bob" < "u-mia"), before eva, ivo,
# ned, zed (no wins; by id) although mia was rated first; lea 1468 last.
BOARD = ["u-kai", "u-bob", "u-mia", "u-eva", "u-ivo", "u-ned", "u-zed", "u-lea"]


async def test_leaderboard_pages_rank_by_rating_then_wins_then_user_id(repo: MatchRepository) -> None:
    for match in (
        finished({"x": ("u-mia", "u-kai"), "y": ("u-lea", "u-bob")}, "x", at=T0 + 1),
        finished({"x": ("u-mia", "u-lea"), "y": ("u-kai", "u-bob")}, "y", at=T0 + 2),
        finished({"x": ("u-zed", "u-eva"), "y": ("u-ned", "u-ivo")}, None, at=T0 + 3),
    ):
        await repo.record(match)

    pages = [await repo.leaderboard(SCOPONE, offset, 3) for offset in (0, 3, 6, 9)]

    assert [[r.user_id for r in page] for page, _ in pages] == [BOARD[0:3], BOARD[3:6], BOARD[6:8], []]
    assert {total for _, total in pages} == {8}
    assert [(r.rating, r.wins) for r in pages[0][0]] == [(1532, 2), (1500, 1), (1500, 1)]
    assert [await repo.rank_of(user, SCOPONE) for user in BOARD] == list(range(1, 9))
    assert await repo.rank_of("u-nobody", SCOPONE) is None
    assert await repo.leaderboard("tressette", 0, 10) == ([], 0)


# --- rebuild --------------------------------------------------------------------------


async def snapshot(repo: MatchRepository, users: Sequence[str]) -> object:
    boards = [await repo.leaderboard(g, 0, 100) for g in (SCOPONE, CHIAMATA)]
    return boards, [await repo.ratings(u) for u in users], [await whole_history(repo, u) for u in users]


async def test_rebuild_from_wiped_ratings_reproduces_ratings_and_deltas(
    under_test: MatchRepositoryUnderTest,
) -> None:
    repo = under_test.repository
    for match in elo_scenario():
        await repo.record(match)
    await repo.record(finished({"x": ("u-zed", "u-eva"), "y": ("u-anna", "u-ivo")}, "y", at=T0 + 500))
    users = ["u-anna", "u-bruno", "u-carla", "u-dario", "u-elena", "u-zed", "u-eva", "u-ivo"]
    before = await snapshot(repo, users)

    await under_test.wipe_ratings()
    assert await repo.leaderboard(SCOPONE, 0, 100) == ([], 0)
    assert {p.elo_delta for s in await whole_history(repo, "u-anna") for p in s.participants} == {0}

    assert await repo.rebuild_ratings() == 5
    assert await snapshot(repo, users) == before
    assert await repo.rebuild_ratings() == 5
    assert await snapshot(repo, users) == before


async def test_rebuild_keeps_casual_matches_casual_and_reproduces_ratings_before(
    under_test: MatchRepositoryUnderTest,
) -> None:
    repo = under_test.repository
    m1, m2, m3, m4 = elo_scenario()
    teams = {"A": ("u-anna", "u-bot"), "B": ("u-carla", "u-dario")}
    casual = [
        finished(teams, "B", at=T0 + 150, rated=False),
        finished({"x": ("u-elena",), "y": ("u-zed",)}, "x", game_type=CHIAMATA, at=T0 + 350, rated=False),
    ]
    for match in (m1, casual[0], m2, m3, casual[1], m4):
        await repo.record(match)
    users = ["u-anna", "u-bruno", "u-carla", "u-dario", "u-elena", "u-bot", "u-zed"]
    before = await snapshot(repo, users)

    await under_test.wipe_ratings()
    assert await repo.rebuild_ratings() == 4

    assert await snapshot(repo, users) == before
    for match in casual:
        summary = await repo.match(match.id)
        assert summary is not None and summary.rated is False
        assert {(p.elo_delta, p.rating_before) for p in summary.participants} == {(0, None)}
    assert await repo.ratings("u-zed") == await repo.ratings("u-bot") == []
    [latest, *_] = await whole_history(repo, "u-elena")
    assert latest.id == m4.id and before_and_after(latest)["u-elena"] == (1484, 1467)


async def test_rebuild_replays_in_finishing_order_not_recording_order(repo: MatchRepository) -> None:
    m1, m2, m3, m4 = elo_scenario()
    for match in (m2, m1, m4, m3):
        await repo.record(match)

    assert await repo.rebuild_ratings() == 4

    assert await repo.leaderboard(SCOPONE, 0, 10) == (SCOPONE_BOARD, 4)
    assert await repo.leaderboard(CHIAMATA, 0, 10) == (CHIAMATA_BOARD, 5)
    assert [deltas(s)["u-anna"] for s in await whole_history(repo, "u-anna")] == [-17, 16, -17, 16]


# --- adopt ----------------------------------------------------------------------------


async def a_guests_matches(repo: MatchRepository) -> list[FinishedMatch]:
    """guest:7 (named Ospite) beats anna at briscola, loses to her at scopa, and plays a casual one."""
    played = [
        finished(
            {"g": ("guest:7",), "a": ("u-anna",)}, "g", game_type=BRISCOLA, at=T0 + 1, points={"guest:7": 70}
        ),
        finished(
            {"a": ("u-anna",), "g": ("guest:7",)}, "a", game_type=SCOPA, at=T0 + 2, points={"guest:7": 5}
        ),
        finished({"g": ("guest:7",), "b": ("bot:easy:0",)}, "b", game_type=SCOPA, at=T0 + 3, rated=False),
    ]
    for match in played:
        assert await repo.record(
            replace(
                match,
                participants=tuple(
                    replace(p, name="Ospite") if p.user_id == "guest:7" else p for p in match.participants
                ),
            )
        )
    return played


async def test_adopt_moves_a_guests_history_and_ratings_into_a_fresh_account(repo: MatchRepository) -> None:
    played = await a_guests_matches(repo)
    guest_history = await whole_history(repo, "guest:7")
    guest_ratings = await repo.ratings("guest:7")
    anna_before = await repo.ratings("u-anna")

    assert await repo.adopt("guest:7", "u-gina", "Gina") == 3

    history = await whole_history(repo, "u-gina")
    assert [s.id for s in history] == newest_first(played)
    assert [s.rated for s in history] == [s.rated for s in guest_history]
    assert [deltas(s).get("u-gina") for s in history] == [deltas(s)["guest:7"] for s in guest_history]
    assert {(p.user_id, p.name) for s in history for p in s.participants} == {
        ("u-gina", "Gina"),
        ("u-anna", "Anna"),
        ("bot:easy:0", "Bot:Easy:0"),
    }
    assert await repo.match(played[0].id) == history[-1]
    assert await whole_history(repo, "guest:7") == []
    assert await repo.ratings("guest:7") == []
    assert await repo.ratings("u-gina") == [replace(r, user_id="u-gina", name="Gina") for r in guest_ratings]
    assert await repo.ratings("u-anna") == anna_before
    board, total = await repo.leaderboard(BRISCOLA, 0, 10)
    assert (total, [(r.user_id, r.name) for r in board]) == (2, [("u-gina", "Gina"), ("u-anna", "Anna")])
    assert await repo.rank_of("guest:7", BRISCOLA) is None


async def test_adopt_refuses_an_account_that_already_has_a_rating(repo: MatchRepository) -> None:
    await a_guests_matches(repo)
    await repo.record(finished({"a": ("u-gina",), "b": ("u-anna",)}, "a", game_type=BRISCOLA, at=T0 + 9))
    guest, account = await whole_history(repo, "guest:7"), await whole_history(repo, "u-gina")
    ratings = await repo.ratings("guest:7"), await repo.ratings("u-gina")

    assert await repo.adopt("guest:7", "u-gina", "Gina") is None

    assert await whole_history(repo, "guest:7") == guest
    assert await whole_history(repo, "u-gina") == account
    assert (await repo.ratings("guest:7"), await repo.ratings("u-gina")) == ratings


async def test_adopt_refuses_an_account_that_already_has_a_casual_match(repo: MatchRepository) -> None:
    await a_guests_matches(repo)
    await repo.record(finished({"a": ("u-gina",), "b": ("bot:easy:0",)}, "a", at=T0 + 9, rated=False))
    guest, guest_ratings = await whole_history(repo, "guest:7"), await repo.ratings("guest:7")

    assert await repo.adopt("guest:7", "u-gina", "Gina") is None

    assert await whole_history(repo, "guest:7") == guest
    assert await repo.ratings("guest:7") == guest_ratings
    assert await repo.ratings("u-gina") == []
    assert len(await whole_history(repo, "u-gina")) == 1


async def test_adopting_a_guest_with_nothing_moves_nothing(repo: MatchRepository) -> None:
    await a_guests_matches(repo)

    assert await repo.adopt("guest:0", "u-gina", "Gina") == 0

    assert await whole_history(repo, "u-gina") == []
    assert await repo.ratings("u-gina") == []
    assert len(await whole_history(repo, "guest:7")) == 3
    # Still fresh: a later adoption into the account goes through.
    assert await repo.adopt("guest:7", "u-gina", "Gina") == 3


async def test_a_rebuild_after_adopt_keeps_the_accounts_ratings(
    under_test: MatchRepositoryUnderTest,
) -> None:
    repo = under_test.repository
    await a_guests_matches(repo)
    assert await repo.adopt("guest:7", "u-gina", "Gina") == 3
    # The account plays on, rated, from where the guest left off.
    await repo.record(finished({"a": ("u-gina",), "b": ("u-anna",)}, "b", game_type=BRISCOLA, at=T0 + 9))
    users = ["u-gina", "u-anna", "guest:7", "bot:easy:0"]
    boards = [await repo.leaderboard(g, 0, 10) for g in (BRISCOLA, SCOPA)]
    before = boards, [await repo.ratings(u) for u in users], [await whole_history(repo, u) for u in users]
    [latest, *_] = await whole_history(repo, "u-gina")
    assert before_and_after(latest)["u-gina"] == (1516, 1499)

    await under_test.wipe_ratings()
    assert await repo.rebuild_ratings() == 3

    boards = [await repo.leaderboard(g, 0, 10) for g in (BRISCOLA, SCOPA)]
    after = boards, [await repo.ratings(u) for u in users], [await whole_history(repo, u) for u in users]
    assert after == before


async def test_adopt_racing_a_record_for_the_account_never_merges_two_accounts(repo: MatchRepository) -> None:
    played = await a_guests_matches(repo)
    mine = finished({"a": ("u-gina",), "b": ("u-anna",)}, "a", game_type=BRISCOLA, at=T0 + 9)

    moved, recorded = await asyncio.wait_for(
        asyncio.gather(repo.adopt("guest:7", "u-gina", "Gina"), repo.record(mine)), 30
    )

    assert recorded is True
    history = [s.id for s in await whole_history(repo, "u-gina")]
    if moved is None:  # the record came first: the account was not fresh any more
        assert history == [mine.id]
        assert len(await whole_history(repo, "guest:7")) == 3
    else:  # the adoption came first: the record rates the account from the guest's rating
        assert moved == 3
        assert history == newest_first([*played, mine])
        assert await whole_history(repo, "guest:7") == []
    [briscola] = [r for r in await repo.ratings("u-gina") if r.game_type == BRISCOLA]
    assert briscola.matches == (1 if moved is None else 2)


# --- concurrency ----------------------------------------------------------------------


async def test_concurrent_records_sharing_players_keep_aggregates_consistent(repo: MatchRepository) -> None:
    users = [f"u-p{i}" for i in range(6)]
    rng = random.Random(11)
    matches = []
    for i in range(16):
        four = rng.sample(users, 4)
        sides = {"a": tuple(four[:2]), "b": tuple(four[2:])}
        matches.append(
            finished(sides, "a" if i % 3 else "b", game_type=BRISCOLA, at=T0 + i, points={four[0]: 1})
        )

    outcomes = await asyncio.wait_for(asyncio.gather(*(repo.record(m) for m in matches)), 60)

    assert outcomes == [True] * len(matches)
    board, total = await repo.leaderboard(BRISCOLA, 0, 10)
    assert total == len(users)
    assert sum(r.rating for r in board) == 1500 * len(users)  # equal sides: every match is zero-sum
    for rating in board:
        mine = [m for m in matches if rating.user_id in {p.user_id for p in m.participants}]
        history = await whole_history(repo, rating.user_id)
        assert rating.matches == len(mine) == len(history)
        assert rating.wins == sum(
            1 for m in mine for p in m.participants if p.user_id == rating.user_id and p.won
        )
        assert rating.rating == 1500 + sum(deltas(s)[rating.user_id] for s in history)  # no lost update


# --- unreachable storage -----------------------------------------------------------------


async def test_postgres_on_a_closed_port_is_storage_unavailable(unused_tcp_port: int) -> None:
    repository = PostgresMatchRepository(f"postgresql://postgres@127.0.0.1:{unused_tcp_port}/tavolo")
    with pytest.raises(StorageUnavailable):
        await repository.open()


async def test_sqlite_in_a_missing_folder_is_storage_unavailable(tmp_path: Path) -> None:
    repository = SqliteMatchRepository(str(tmp_path / "no-such-folder" / "matches.sqlite3"))
    with pytest.raises(StorageUnavailable):
        await repository.open()


class _CuttableProxy:
    """A TCP relay to PostgreSQL that can be cut, as a network failure would."""

    def __init__(self, host: str, port: int) -> None:
        self._upstream = (host, port)
        self._writers: list[asyncio.StreamWriter] = []
        self._server: asyncio.Server | None = None

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self._upstream)
        self._writers += [writer, up_writer]
        await asyncio.gather(_pump(reader, up_writer), _pump(up_reader, writer), return_exceptions=True)

    async def cut(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.transport.abort()
        await self._server.wait_closed()


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    while data := await reader.read(65536):
        writer.write(data)
        await writer.drain()
    writer.close()


async def test_postgres_cut_off_after_opening_is_storage_unavailable() -> None:
    admin = urlsplit(ADMIN_DSN)
    proxy = _CuttableProxy(admin.hostname or "127.0.0.1", admin.port or 5432)
    port = await proxy.start()
    credentials = admin.netloc.rpartition("@")[0]
    via_proxy = admin._replace(
        netloc=f"{credentials}@127.0.0.1:{port}" if credentials else f"127.0.0.1:{port}"
    )
    repository = PostgresMatchRepository(urlunsplit(via_proxy))
    try:
        await repository.open()
    except StorageUnavailable as exc:
        await proxy.cut()
        service_unavailable("PostgreSQL", str(exc))
    try:
        await proxy.cut()
        with pytest.raises(StorageUnavailable):  # the pooled connection died in the middle
            await repository.ratings("u-anna")
        with pytest.raises(StorageUnavailable):  # and no new one can be made
            await repository.leaderboard(SCOPONE, 0, 10)
    finally:
        await asyncio.wait_for(repository.close(), 10)


async def test_bot_accounts_can_be_left_off_the_leaderboard_and_the_ranks(repo: MatchRepository) -> None:
    await repo.record(finished({"A": ["bot:normal:1"], "B": ["u-anna"]}, "A", at=T0))
    await repo.record(finished({"A": ["bot:easy:0"], "B": ["u-anna"]}, "B", at=T0 + 1))
    everyone, total = await repo.leaderboard(SCOPONE, 0, 10)
    assert total == 3 and {r.user_id for r in everyone} == {"bot:normal:1", "bot:easy:0", "u-anna"}
    people, people_total = await repo.leaderboard(SCOPONE, 0, 10, exclude_prefix="bot:")
    assert people_total == 1 and [r.user_id for r in people] == ["u-anna"]
    assert await repo.rank_of("u-anna", SCOPONE, exclude_prefix="bot:") == 1
    assert await repo.rank_of("u-anna", SCOPONE) == 2
