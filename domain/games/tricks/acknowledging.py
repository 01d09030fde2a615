"""The hand-end summary of the trick games: each seat dismisses it, and the last to do so deals
the next deal (briscola after every deal, briscola chiamata between the deals of a longer match)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from domain.engine import Outcome
from domain.events import acknowledged as acknowledged_event
from domain.games.tricks.briscola_state import BriscolaState
from domain.games.tricks.chiamata_state import ChiamataState

State = TypeVar("State", BriscolaState, ChiamataState)


def acknowledge(
    state: State,
    seat: int,
    now: float,
    rng: random.Random,
    next_deal: Callable[[State, float, random.Random], Outcome],
) -> Outcome:
    """``seat`` dismisses the deal summary; the last acknowledgement deals the next deal
    (``next_deal``). A repeated acknowledgement changes nothing."""
    if seat in state.acknowledged:
        return Outcome(state, (), changed=False)
    acknowledged = tuple(sorted((*state.acknowledged, seat)))
    state = state._replace(acknowledged=acknowledged, counter=state.counter + 1)
    event = acknowledged_event(seat)
    if len(acknowledged) < state.seats:
        return Outcome(state, (event,))
    dealt: Outcome = next_deal(state, now, rng)
    return Outcome(dealt.state, (event, *dealt.events))
