"""The two Redis key layouts: one server's names never change (live games survive an upgrade);
a cluster's put everything one script touches in one hash slot."""

from __future__ import annotations

import zlib

import pytest
from redis.crc import key_slot

from adapters.redis.commit_script import CLUSTER_COMMIT, COMMIT, commit_keys
from adapters.redis.keys import SHARDS, RedisKeys
from tests.contract import new_session


def test_the_single_server_layout_keeps_every_name_it_always_had() -> None:
    keys = RedisKeys("t")

    assert [
        keys.game("g"),
        keys.game_log("g"),
        keys.code("ABC123"),
        keys.user_games("u"),
        keys.live_games(),
        keys.open_tables(),
        keys.events("g"),
        keys.presence("g"),
        keys.presence_leases(),
        keys.pool_seekers("briscola"),
        keys.pool_leases("briscola"),
        keys.pool_queues,
        keys.pool_waits("u"),
        keys.pool_assignment("u"),
        keys.deadlines(),
        keys.deadline_due(),
        keys.deadline_leases(),
        keys.deadline_members("g"),
        keys.deadline_events,
        keys.lobby_events,
        keys.worker_loads,
        keys.login("s"),
    ] == [
        "t:game:g",
        "t:game:g:log",
        "t:code:ABC123",
        "t:user:u:games",
        "t:games:live",
        "t:games:open",
        "t:game:g:events",
        "t:presence:game:g",
        "t:presence:leases",
        "t:pool:seekers:briscola",
        "t:pool:leases:briscola",
        "t:pool:types",
        "t:pool:waits:u",
        "t:pool:assigned:u",
        "t:deadlines",
        "t:deadlines:due",
        "t:deadlines:leases",
        "t:deadlines:game:g",
        "t:deadlines:events",
        "t:lobby:events",
        "t:workers:loads",
        "t:login:s",
    ]
    assert keys.shards == range(1) and keys.shard_of("g") == 0
    assert keys.patterns() == ("t:*",)


def test_a_cluster_puts_a_game_and_its_shards_structures_under_the_shards_tag() -> None:
    keys = RedisKeys("t", cluster=True)
    session = new_session()
    shard = zlib.crc32(session.id.encode()) % SHARDS

    commit_slots = {key_slot(key.encode()) for key in commit_keys(keys, session)}
    more = [keys.events(session.id), keys.presence(session.id), keys.presence_leases(shard)]

    assert keys.shard_of(session.id) == shard
    assert commit_keys(keys, session)[0] == f"{{t:s{shard}}}:game:{session.id}"
    assert commit_slots == {key_slot(key.encode()) for key in more} == {key_slot(f"{{t:s{shard}}}".encode())}
    assert keys.code(session.join_code) not in commit_keys(keys, session)


def test_a_cluster_keeps_the_pool_in_one_slot_and_spreads_the_shards() -> None:
    keys = RedisKeys("t", cluster=True)

    pool = [keys.pool_seekers("a"), keys.pool_leases("b"), keys.pool_queues, keys.pool_waits("u")]
    assert len({key_slot(key.encode()) for key in pool}) == 1
    assert len({key_slot(keys.deadlines(shard).encode()) for shard in keys.shards}) == SHARDS
    assert keys.patterns() == ("t:*", "{t:*")


def test_the_two_commit_scripts_differ_only_where_the_cluster_needs() -> None:
    assert "SPUBLISH" in CLUSTER_COMMIT and "SPUBLISH" not in COMMIT
    assert "'NX'" in COMMIT and "'NX'" not in CLUSTER_COMMIT.split("local function", 1)[0]
    assert "index_users(KEYS, 10" in COMMIT and "index_users(KEYS" not in CLUSTER_COMMIT


def test_a_cluster_prefix_may_not_hold_a_hash_tag() -> None:
    with pytest.raises(ValueError, match="must not contain"):
        RedisKeys("a{b}", cluster=True)
