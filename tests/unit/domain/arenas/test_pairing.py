"""Arena pairing: every table that can be made is made, by standing, never with the same opponents twice."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from domain.arenas.pairing import Waiting, pair


def waiting(name: str, points: int = 0, rating: int = 1500, since: float = 0.0, met: str = "") -> Waiting:
    return Waiting(name, points, rating, since, frozenset(met.split()))


def names(tables: list[tuple[Waiting, ...]]) -> list[set[str]]:
    return [{w.user_id for w in table} for table in tables]


def test_the_leaders_meet_each_other_and_the_rest_are_paired_by_points() -> None:
    pool = [waiting("a", 0), waiting("b", 8), waiting("c", 2), waiting("d", 6)]
    assert names(pair(pool, 2, random.Random(1))) == [{"b", "d"}, {"c", "a"}]


def test_equal_points_are_grouped_by_rating() -> None:
    pool = [waiting("a", 2, 1400), waiting("b", 2, 1900), waiting("c", 2, 1850), waiting("d", 2, 1450)]
    assert names(pair(pool, 2, random.Random(1))) == [{"b", "c"}, {"d", "a"}]


def test_two_players_who_just_met_are_not_paired_again() -> None:
    pool = [waiting("a", met="b"), waiting("b", met="a")]
    assert pair(pool, 2, random.Random(1)) == []


def test_a_player_who_just_met_the_leader_is_passed_over_for_the_next() -> None:
    pool = [waiting("a", 6, met="b"), waiting("b", 4, met="a"), waiting("c", 2), waiting("d", 0)]
    assert names(pair(pool, 2, random.Random(1))) == [{"a", "c"}, {"b", "d"}]


def test_an_odd_player_out_waits() -> None:
    tables = pair([waiting("a"), waiting("b"), waiting("c")], 2, random.Random(1))
    assert len(tables) == 1


def test_four_waiting_players_of_a_partnership_game_are_seated_by_lot() -> None:
    pool = [waiting(n, points=p) for n, p in zip("abcd", (9, 7, 5, 3), strict=True)]
    seatings = {tuple(w.user_id for w in pair(pool, 4, random.Random(seed))[0]) for seed in range(40)}
    assert all(set(s) == set("abcd") for s in seatings)
    assert len(seatings) > 5, "partners are drawn, not fixed by the standings"


def test_a_table_of_four_leaves_out_anyone_who_sat_with_one_of_them_last() -> None:
    pool = [waiting("a", met="b c d"), waiting("b", met="a c d"), waiting("e"), waiting("f"), waiting("g")]
    tables = names(pair(pool, 4, random.Random(1)))
    assert tables == [{"a", "e", "f", "g"}]


players = st.lists(
    st.tuples(st.integers(0, 12), st.integers(1200, 1800), st.integers(0, 30)), min_size=0, max_size=40
)


@given(players, st.sampled_from([2, 4, 5]), st.integers(0, 2**32), st.data())
def test_tables_are_full_disjoint_fresh_and_leave_no_table_to_make(
    specs: list[tuple[int, int, int]], seats: int, seed: int, data: st.DataObject
) -> None:
    ids = [f"p{i}" for i in range(len(specs))]
    met: dict[str, set[str]] = {i: set() for i in ids}
    for a in ids:  # some players sat together last: symmetric, as it is after a game
        for b in data.draw(st.lists(st.sampled_from(ids), max_size=3)) if ids else []:
            if a != b:
                met[a].add(b)
                met[b].add(a)
    pool = [Waiting(i, p, r, float(s), frozenset(met[i])) for i, (p, r, s) in zip(ids, specs, strict=True)]
    tables = pair(pool, seats, random.Random(seed))
    seated = [w.user_id for table in tables for w in table]
    assert len(seated) == len(set(seated)), "nobody is at two tables"
    assert all(len(table) == seats for table in tables)
    assert all(x.suits(y) for table in tables for x, y in combinations(table, 2))
    free = [w for w in pool if w.user_id not in set(seated)]
    if seats == 2 or len(free) <= 12:
        for group in combinations(free, seats):
            assert not all(x.suits(y) for x, y in combinations(group, 2)), "a table could still be made"
