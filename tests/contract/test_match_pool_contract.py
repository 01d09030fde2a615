"""The ``MatchPool`` contract, for every adapter: who waits for a quick match, and the
all-or-nothing claim of a group."""

from __future__ import annotations

import asyncio

from application.ports import MatchPool
from domain.matchmaking import Group, Seeker, SeekOptions
from tests.contract import ASSIGNMENT_TTL_SECONDS, SEEKER_LEASE_SECONDS, Advance, Timeline

LEASE = SEEKER_LEASE_SECONDS
TTL = ASSIGNMENT_TTL_SECONDS


def seeker(
    user: str,
    game_type: str = "briscola",
    rating: int = 1500,
    since: float = 1_700_000_000.0,
    options: SeekOptions = (),
) -> Seeker:
    return Seeker(f"u-{user}", user.title(), game_type, rating, since, computers_after=30.0, options=options)


def group(*members: Seeker, group_id: str = "t-1") -> Group:
    first = members[0]
    return Group(
        group_id, first.game_type, members, computers=0, formed=1_700_000_100.0, options=first.options
    )


BEST_OF_THREE: SeekOptions = (("deals_to_win", 2),)


async def waiting_users(pool: MatchPool, game_type: str = "briscola") -> list[str]:
    return sorted(s.user_id for s in await pool.waiting(game_type))


async def test_joined_seekers_wait_for_their_game_type(match_pool: MatchPool) -> None:
    alice, bob, carol = seeker("alice"), seeker("bob", rating=1620), seeker("carol", "scopa")

    for who in (alice, bob, carol):
        await match_pool.join(who, LEASE)

    assert sorted(await match_pool.waiting("briscola"), key=lambda s: s.user_id) == [alice, bob]
    assert await match_pool.waiting("scopa") == [carol]
    assert await match_pool.waiting("scopone") == []
    assert await match_pool.queues() == ["briscola", "scopa"]


async def test_seekers_of_one_game_type_with_other_options_wait_in_their_own_queue(
    match_pool: MatchPool,
) -> None:
    alice, bob = seeker("alice"), seeker("bob", options=BEST_OF_THREE)

    for who in (alice, bob):
        await match_pool.join(who, LEASE)

    assert await match_pool.waiting("briscola") == [alice]
    assert await match_pool.waiting("briscola?deals_to_win=2") == [bob]
    assert await match_pool.queues() == ["briscola", "briscola?deals_to_win=2"]


async def test_a_claimed_group_keeps_its_options(match_pool: MatchPool) -> None:
    alice, bob = seeker("alice", options=BEST_OF_THREE), seeker("bob", options=BEST_OF_THREE)
    await match_pool.join(alice, LEASE)
    await match_pool.join(bob, LEASE)
    table = group(alice, bob)

    assert await match_pool.claim(table, TTL)

    assert await match_pool.waiting("briscola?deals_to_win=2") == []
    assert await match_pool.queues() == []
    assigned = await match_pool.assignments(["u-alice"])
    assert assigned == {"u-alice": table} and assigned["u-alice"].options == BEST_OF_THREE


async def test_an_empty_pool_has_nobody_waiting_and_no_game_type(match_pool: MatchPool) -> None:
    assert await match_pool.waiting("briscola") == []
    assert await match_pool.queues() == []


async def test_joining_again_replaces_the_users_entry(match_pool: MatchPool) -> None:
    await match_pool.join(seeker("alice", rating=1500), LEASE)

    again = seeker("alice", rating=1580, since=1_700_000_050.0)
    await match_pool.join(again, LEASE)

    assert await match_pool.waiting("briscola") == [again]


async def test_joining_for_another_game_type_leaves_the_first_one(match_pool: MatchPool) -> None:
    await match_pool.join(seeker("alice", "briscola"), LEASE)
    await match_pool.join(seeker("bob", "scopone"), LEASE)

    moved = seeker("alice", "scopa")
    await match_pool.join(moved, LEASE)

    assert await match_pool.waiting("briscola") == []
    assert await match_pool.waiting("scopa") == [moved]
    assert await match_pool.queues() == ["scopa", "scopone"]


async def test_leave_takes_a_waiting_user_out_and_says_whether_they_were_waiting(
    match_pool: MatchPool,
) -> None:
    await match_pool.join(seeker("alice"), LEASE)
    await match_pool.join(seeker("bob"), LEASE)

    assert await match_pool.leave("u-alice") is True
    assert await match_pool.leave("u-alice") is False
    assert await match_pool.leave("u-nobody") is False

    assert await waiting_users(match_pool) == ["u-bob"]


async def test_a_seeker_not_renewed_lapses_and_no_longer_waits(
    match_pool: MatchPool, advance: Advance
) -> None:
    await match_pool.join(seeker("alice"), LEASE)
    await match_pool.join(seeker("bob", "scopa"), LEASE * 10)

    await advance(LEASE * 1.3)

    assert await match_pool.waiting("briscola") == []
    assert await match_pool.queues() == ["scopa"]
    assert await match_pool.leave("u-alice") is False
    assert await match_pool.claim(group(seeker("alice")), TTL) is False


async def test_a_renewed_seeker_keeps_waiting(match_pool: MatchPool, advance: Advance) -> None:
    await match_pool.join(seeker("alice"), LEASE)
    await match_pool.join(seeker("bob", "scopa"), LEASE)

    for _ in range(2):
        await advance(LEASE * 0.6)
        await match_pool.renew(["u-alice", "u-bob", "u-nobody"], LEASE)
    await advance(LEASE * 0.6)

    assert await waiting_users(match_pool) == ["u-alice"]
    assert await waiting_users(match_pool, "scopa") == ["u-bob"]


async def test_a_claim_takes_every_member_out_at_once_and_records_their_assignment(
    match_pool: MatchPool,
) -> None:
    alice, bob, carol = seeker("alice"), seeker("bob"), seeker("carol")
    for who in (alice, bob, carol):
        await match_pool.join(who, LEASE)
    table = group(alice, bob)

    assert await match_pool.claim(table, TTL) is True

    assert await waiting_users(match_pool) == ["u-carol"]
    assert await match_pool.assignments(["u-alice", "u-bob", "u-carol", "u-nobody"]) == {
        "u-alice": table,
        "u-bob": table,
    }
    assert await match_pool.leave("u-alice") is False


async def test_a_claim_with_a_member_gone_changes_nothing(match_pool: MatchPool) -> None:
    alice, bob = seeker("alice"), seeker("bob")
    await match_pool.join(alice, LEASE)
    await match_pool.join(bob, LEASE)
    await match_pool.leave("u-bob")

    assert await match_pool.claim(group(alice, bob), TTL) is False

    assert await match_pool.waiting("briscola") == [alice]
    assert await match_pool.assignments(["u-alice", "u-bob"]) == {}


async def test_a_claim_with_a_member_waiting_for_another_game_type_changes_nothing(
    match_pool: MatchPool,
) -> None:
    alice, bob = seeker("alice"), seeker("bob", "scopa")
    await match_pool.join(alice, LEASE)
    await match_pool.join(bob, LEASE)

    assert await match_pool.claim(group(alice, seeker("bob")), TTL) is False

    assert await match_pool.waiting("briscola") == [alice]
    assert await match_pool.waiting("scopa") == [bob]
    assert await match_pool.assignments(["u-alice", "u-bob"]) == {}


async def test_a_claim_with_a_member_waiting_with_other_options_changes_nothing(
    match_pool: MatchPool,
) -> None:
    alice, bob = seeker("alice", options=BEST_OF_THREE), seeker("bob")
    await match_pool.join(alice, LEASE)
    await match_pool.join(bob, LEASE)

    assert await match_pool.claim(group(alice, seeker("bob", options=BEST_OF_THREE)), TTL) is False

    assert await match_pool.waiting("briscola?deals_to_win=2") == [alice]
    assert await match_pool.waiting("briscola") == [bob]
    assert await match_pool.assignments(["u-alice", "u-bob"]) == {}


async def test_of_two_concurrent_claims_sharing_a_seeker_exactly_one_wins(match_pool: MatchPool) -> None:
    alice, bob, carol = seeker("alice"), seeker("bob"), seeker("carol")
    for who in (alice, bob, carol):
        await match_pool.join(who, LEASE)
    first, second = group(alice, bob, group_id="t-1"), group(bob, carol, group_id="t-2")

    outcomes = await asyncio.gather(match_pool.claim(first, TTL), match_pool.claim(second, TTL))

    assert sorted(outcomes) == [False, True]
    winner, loser = (first, second) if outcomes[0] else (second, first)
    [left_out] = [m.user_id for m in loser.members if m.user_id != "u-bob"]
    assert await waiting_users(match_pool) == [left_out]
    assert await match_pool.assignments(["u-alice", "u-bob", "u-carol"]) == {
        user_id: winner for user_id in winner.user_ids
    }


async def test_assignments_expire_after_their_ttl(match_pool: MatchPool, advance: Advance) -> None:
    alice, bob = seeker("alice"), seeker("bob")
    await match_pool.join(alice, LEASE * 10)
    await match_pool.join(bob, LEASE * 10)
    assert await match_pool.claim(group(alice, bob), TTL)

    await advance(TTL * 0.6)
    assert set(await match_pool.assignments(["u-alice", "u-bob"])) == {"u-alice", "u-bob"}
    await advance(TTL * 0.7)

    assert await match_pool.assignments(["u-alice", "u-bob"]) == {}


async def test_joining_again_forgets_an_old_assignment(match_pool: MatchPool, timeline: Timeline) -> None:
    alice, bob = seeker("alice"), seeker("bob")
    await match_pool.join(alice, LEASE)
    await match_pool.join(bob, LEASE)
    table = group(alice, bob)
    assert await match_pool.claim(table, TTL)

    again = seeker("alice", since=timeline.now())
    await match_pool.join(again, LEASE)

    assert await match_pool.assignments(["u-alice", "u-bob"]) == {"u-bob": table}
    assert await match_pool.waiting("briscola") == [again]


async def test_asking_for_nobodys_assignment_gives_none(match_pool: MatchPool) -> None:
    assert await match_pool.assignments([]) == {}
