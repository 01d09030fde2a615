"""Deadline tokens shared by the trick engines.

A turn token carries the action counter, which grows with every accepted
action, so a timeout made for an earlier turn is recognisably stale.
"""

from __future__ import annotations

from domain.engine import Deadline


def turn_token(counter: int) -> str:
    return f"turn:{counter}"


def hand_end_token(deal_number: int) -> str:
    return f"hand_end:{deal_number}"


def turn_deadline(counter: int, due: float | None) -> tuple[Deadline, ...]:
    if due is None:
        return ()
    return (Deadline(token=turn_token(counter), due=due, kind="turn"),)


def hand_end_deadline(deal_number: int, due: float | None) -> tuple[Deadline, ...]:
    if due is None:
        return ()
    return (Deadline(token=hand_end_token(deal_number), due=due, kind="hand_end"),)
