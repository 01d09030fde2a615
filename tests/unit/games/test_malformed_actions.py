"""Whatever a client sends as an action, every engine answers it with a ``TavoloError``
(or accepts it): never another exception, in every phase of a real match."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.cards import DECK
from domain.engine import GameEngine, Timeouts
from domain.errors import InvalidAction, TavoloError
from entrypoints.game_packages import installed_registry

REGISTRY = installed_registry()
ENGINES = sorted(REGISTRY, key=lambda engine: engine.game_type)
CODES = [card.code for card in DECK]
UNICODE_DIGITS = ["\u00b2\u00b3D", "\u0660\u0667D", "\uff10\uff17D", "\u00b9\u2070B"]

json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.sampled_from(CODES + UNICODE_DIGITS + ["7D", "007D", "11D", "07X", "07d", "", " 07D"]),
)
json_values = st.recursive(
    json_leaves,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)
actions = st.fixed_dictionaries(
    {"action": st.sampled_from(["play", "ack", "bid", "pass", "call", "state", "dance"]) | json_values},
    optional={
        "card": json_values,
        "capture": st.lists(json_values, max_size=4) | json_values,
        "rank": json_values,
        "points": json_values,
        "seat": json_values,
    },
)


def phases_of(engine: GameEngine) -> list[Any]:
    """A state of each phase a real match goes through, by firing its deadlines."""
    rng = random.Random(7)
    state = engine.start({}, Timeouts(30, 30), 0.0, rng).state
    seen: dict[str, Any] = {}
    for _ in range(500):
        seen.setdefault(engine.view(state, None)["phase"], state)
        deadlines = engine.deadlines(state)
        if not deadlines:
            break
        state = engine.fire(state, deadlines[0].token, deadlines[0].due, rng).state
    return list(seen.values())


PHASES = {engine.game_type: phases_of(engine) for engine in ENGINES}
EXAMPLES = max(20, settings().max_examples // 4)  # a quarter of the active profile's, per engine


@pytest.mark.parametrize("engine", ENGINES, ids=[engine.game_type for engine in ENGINES])
@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=EXAMPLES)
@given(action=actions, seat=st.integers(min_value=0, max_value=4), phase=st.integers(min_value=0))
def test_any_action_a_client_sends_is_accepted_or_refused_with_a_tavolo_error(
    engine: GameEngine, action: dict[str, Any], seat: int, phase: int
) -> None:
    states = PHASES[engine.game_type]
    state = states[phase % len(states)]
    with contextlib.suppress(TavoloError):  # refused, as it may be; anything else fails the test
        engine.apply(state, seat % engine.seats, action, 1.0, random.Random(1))


@pytest.mark.parametrize("engine", ENGINES, ids=[engine.game_type for engine in ENGINES])
@pytest.mark.parametrize("code", UNICODE_DIGITS)
def test_a_card_of_unicode_digits_is_an_invalid_action_whatever_the_action(
    engine: GameEngine, code: str
) -> None:
    for state in PHASES[engine.game_type]:
        for action in ({"action": "play", "card": code}, {"action": "call", "card": code}):
            with pytest.raises(TavoloError) as refused:
                engine.apply(state, 0, action, 1.0, random.Random(1))
            assert isinstance(refused.value, InvalidAction) or refused.value.code in {"game_over"}
