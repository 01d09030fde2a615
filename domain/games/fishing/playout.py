"""The searching player's quick policy for the fishing games: the move a playout makes.

Greedy: the capture worth most (a scopa above all), else the discard that costs least, each less
what a table the next player may sweep offers them. A hard decision plays a few hundred thousand
such moves, so this walks the legal moves (``captures.legal_moves``, in their order) without making
a ``Move`` of each: it scores every (card, capture) pair as it finds it and keeps the first best.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import DECK, Card
from domain.games.fishing.captures import ACE, Capture, Move, sums
from domain.games.fishing.computer import card_worth

WORTH: dict[str, float] = {card.code: card_worth(card) for card in DECK}
"""Each card's worth by its code: a string's hash is cached, a ``Card``'s is a Python call."""
SCOPA = 10.0
"""A scopa in the playout policy's eyes, against ``card_worth``'s fractions of a point."""
OPEN_TABLE = 4.0
"""What the playout policy fears from a table the next player may sweep (its ranks add up to 10 or less)."""
SWEEPABLE = 10
"""The highest rank, so the most one card can sweep."""


def playout_move(hand: Sequence[Card], table: tuple[Card, ...], pigliatutto: bool, last: bool) -> Move:
    """The greedy move of ``hand`` on ``table`` (``last``: the hand's last card, which makes no
    scopa and leaves nothing to fear). Of moves scoring the same, the first in ``legal_moves``'
    order: hand order, then each card's captures in ``legal_captures``' order."""
    on_table = 0
    reach = 1  # bit n set: some of the table's cards add up to n (most ranks in hand reach no sum)
    same: dict[int, list[Card]] = {}
    for card in table:
        on_table += card.rank
        reach |= reach << card.rank
        same.setdefault(card.rank, []).append(card)
    size = len(table)
    ace_sweeps = pigliatutto and ACE not in same
    by_rank: dict[int, list[Capture]] = {}
    best: tuple[Card, Capture, bool] = (hand[0], (), False)
    best_score = -1e9
    for card in hand:
        rank = card.rank
        worth = WORTH[card.code]
        if ace_sweeps and rank == ACE:  # takes the whole table (only itself on an empty one): never a scopa
            score = worth
            for taken in table:
                score += WORTH[taken.code]
            if score > best_score:
                best, best_score = (card, table, True), score
            continue
        equal = same.get(rank)
        if equal is not None:
            options: list[Capture] = [(other,) for other in equal]
        else:
            found = by_rank.get(rank)
            if found is None:  # no equal card: the sets adding up to the rank, if any does
                found = by_rank[rank] = sums(table, rank) if reach >> rank & 1 else []
            options = found
        if not options:
            score = -0.5 * worth
            if not last and on_table + rank <= SWEEPABLE:
                score -= OPEN_TABLE
            if score > best_score:
                best, best_score = (card, (), False), score
            continue
        opened = not last and on_table - rank <= SWEEPABLE  # what a capture that does not clear leaves
        for capture in options:
            score = worth
            for taken in capture:
                score += WORTH[taken.code]
            if len(capture) == size:
                if not last:
                    score += SCOPA
            elif opened:
                score -= OPEN_TABLE
            if score > best_score:
                best, best_score = (card, capture, False), score
    return Move(*best)
