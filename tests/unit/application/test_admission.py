"""Admission: how many players' moves a process takes on at once, and ``busy`` past that."""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from application.operations.admission import Admission
from domain.errors import Busy


def test_a_game_takes_its_bound_of_moves_at_once_and_refuses_the_next_as_busy() -> None:
    admission = Admission(per_game=2, per_worker=10)
    with ExitStack() as held:
        held.enter_context(admission.move("g1"))
        held.enter_context(admission.move("g1"))
        with pytest.raises(Busy) as refused, admission.move("g1"):
            pass
        with admission.move("g2"):  # another game is not held up
            assert admission.in_flight == 3
    assert refused.value.code == "busy"
    assert refused.value.retry_after_ms > 0
    assert admission.refused == 1


def test_the_worker_refuses_a_move_of_any_game_once_its_bound_is_in_flight() -> None:
    admission = Admission(per_game=4, per_worker=3)
    with ExitStack() as held:
        for game in ("a", "b", "c"):
            held.enter_context(admission.move(game))
        with pytest.raises(Busy), admission.move("d"):
            pass
    with admission.move("d"):  # the places are free again
        assert admission.in_flight == 1


def test_a_move_that_fails_gives_its_place_back() -> None:
    admission = Admission(per_game=1, per_worker=1)
    with pytest.raises(ValueError), admission.move("g"):
        raise ValueError("the move itself failed")
    with admission.move("g"):
        assert admission.in_flight == 1
    assert admission.in_flight == 0


def test_an_overloaded_process_refuses_every_move_while_it_is_late() -> None:
    late = [True]
    admission = Admission(overloaded=lambda: late[0])
    with pytest.raises(Busy), admission.move("g"):
        pass
    late[0] = False
    with admission.move("g"):
        assert admission.in_flight == 1


def test_the_retry_hint_is_spread_so_refused_clients_do_not_come_back_together() -> None:
    now = [0.0]
    admission = Admission(per_game=1, per_worker=1, retry_after_ms=100, clock=lambda: now[0])
    hints = set()
    with admission.move("g"):
        for _ in range(50):  # ten a second: too few to lengthen the hint
            with pytest.raises(Busy) as refused, admission.move("g"):
                pass
            hints.add(refused.value.retry_after_ms)
            now[0] += 0.1
    assert all(100 <= hint < 200 for hint in hints)
    assert len(hints) > 1


def test_the_hint_grows_with_the_refusals_of_the_last_second_and_shrinks_when_they_stop() -> None:
    now = [0.0]
    admission = Admission(per_game=1, per_worker=1, retry_after_ms=50, clock=lambda: now[0])
    with admission.move("g"):
        for _ in range(2_000):  # two thousand players refused within a second
            with pytest.raises(Busy), admission.move("g"):
                pass
            now[0] += 0.0004
        with pytest.raises(Busy) as crowded, admission.move("g"):
            pass
        assert crowded.value.retry_after_ms >= 5_000  # they come back over seconds, not at once
        now[0] += 2.0  # a quiet moment later
        with pytest.raises(Busy) as quiet, admission.move("g"):
            pass
    assert 50 <= quiet.value.retry_after_ms < 100
