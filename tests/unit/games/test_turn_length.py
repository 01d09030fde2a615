"""Every game's view says how long a turn lasts (``turn_seconds``, the configured turn timeout),
so a client can draw how much of the turn is left: the same for every seat and a spectator, in
every phase, and exactly the span from the change that gave the turn to its deadline — but for
a turn that comes while a completed trick still stays on the table (the view's
``trick_pause_seconds`` after it): its clock starts when that pause is over."""

from __future__ import annotations

import random

import pytest

from domain.engine import GameEngine, Timeouts
from entrypoints.game_packages import installed_registry

ENGINES = list(installed_registry())
NOW = 1_000.0
TIMEOUTS = Timeouts(turn=17.5, hand_ack=9.0)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.game_type)
def test_every_view_of_a_whole_match_gives_the_length_of_a_turn(engine: GameEngine) -> None:
    rng, chooser = random.Random(11), random.Random(12)
    outcome = engine.start({}, TIMEOUTS, NOW, rng)
    changed_at = NOW
    paused_until = NOW
    phases = set()
    while True:
        state = outcome.state
        views = [engine.view(state, seat) for seat in (None, *range(engine.seats))]
        phases.add(views[0]["phase"])
        assert {view["turn_seconds"] for view in views} == {TIMEOUTS.turn}
        deadline = views[0]["turn_deadline"]
        if deadline is not None:
            if any(event.kind == "trick" for event in outcome.events):
                paused_until = changed_at + views[0].get("trick_pause_seconds", 0.0)
            starts = max(changed_at, paused_until)
            assert deadline - starts == pytest.approx(views[0]["turn_seconds"])
        if engine.is_over(state):
            break
        if chooser.random() < 0.05:
            (due,) = engine.deadlines(state)
            changed_at = due.due
            outcome = engine.fire(state, due.token, due.due, rng)
        else:
            changed_at += 1.0
            seat = chooser.choice(engine.to_act(state))
            action = chooser.choice(engine.view(state, seat)["legal_moves"])
            outcome = engine.apply(state, seat, action, changed_at, rng)
    assert "finished" in phases and len(phases) > 1


def test_the_length_of_a_turn_is_the_tables_own_setting() -> None:
    for engine in ENGINES:
        quick = engine.start({}, Timeouts(turn=5.0, hand_ack=5.0), NOW, random.Random(1)).state
        slow = engine.start({}, Timeouts(turn=120.0, hand_ack=5.0), NOW, random.Random(1)).state
        assert engine.view(quick, 0)["turn_seconds"] == 5.0
        assert engine.view(slow, None)["turn_seconds"] == 120.0
