"""The one chance both computer players weigh a pile's risk by: that cards drawn hold a rank."""

from __future__ import annotations


def holds_one(of_rank: int, among: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``among`` cards, ``of_rank`` of them of
    one rank, hold at least one of that rank."""
    if of_rank <= 0 or among <= 0:
        return 0.0
    none = 1.0
    for taken in range(min(drawn, among)):
        none *= max(0.0, (among - of_rank - taken) / (among - taken))
    return 1.0 - none
