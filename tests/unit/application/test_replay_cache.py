from __future__ import annotations

import pytest

from application.results.replay_cache import ReplayCache


def test_the_cache_keeps_the_newest_replays_and_forgets_the_oldest_first() -> None:
    cache = ReplayCache(size=2)
    cache.put("a", {"match_id": "a"})
    cache.put("b", {"match_id": "b"})
    assert cache.get("a") == {"match_id": "a"}  # "a" is now the newest

    cache.put("c", {"match_id": "c"})

    assert cache.get("b") is None
    assert cache.get("a") == {"match_id": "a"} and cache.get("c") == {"match_id": "c"}


def test_a_cache_holds_at_least_one_replay() -> None:
    with pytest.raises(ValueError, match="at least one"):
        ReplayCache(size=0)
