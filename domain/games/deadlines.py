"""Deadline tokens shared by every engine.

A turn token carries a counter that grows with every accepted move (or action),
so a timeout made for an earlier turn is recognisably stale; a hand-end token
carries the number of the hand whose summary waits.
"""

from __future__ import annotations

from domain.engine import Deadline


def turn_token(counter: int) -> str:
    return f"turn:{counter}"


def hand_end_token(hand_number: int) -> str:
    return f"hand_end:{hand_number}"


def turn_deadline(counter: int, due: float | None) -> tuple[Deadline, ...]:
    if due is None:
        return ()
    return (Deadline(token=turn_token(counter), due=due, kind="turn"),)


def hand_end_deadline(hand_number: int, due: float | None) -> tuple[Deadline, ...]:
    if due is None:
        return ()
    return (Deadline(token=hand_end_token(hand_number), due=due, kind="hand_end"),)


def pending(
    phase: str, counter: int, turn_due: float | None, hand_number: int, hand_end_due: float | None
) -> tuple[Deadline, ...]:
    """The deadline of a state: the summary's while a hand's summary waits (``hand_end``),
    none once the match is over, else the turn's."""
    if phase == "hand_end":
        return hand_end_deadline(hand_number, hand_end_due)
    if phase == "finished":
        return ()
    return turn_deadline(counter, turn_due)
