"""The last round of a two-player hand, played perfectly: what the search's playouts end with.

Once the stock is empty at two players, nothing is hidden from a player who remembers: every card
not in their hand, on the table or in a pile (each pile's cards were all played or captured in the
open) is in the opponent's hand. What is left of the hand is then a game of perfect information of
at most six cards, small enough to solve exactly. ``Solutions.best_move`` solves it (each seat playing
to win the match, the opponent's loss being its own gain). The search model's quick policy plays that
move there, and its playouts go on through the last round rather than stopping when it is dealt, so
a playout ends where two players who see everything would take it. Stopping there, with a guess of
who would win from the lead in cards (a logistic), was far off: over 20,000 matches of ``normal``
against itself, a lead of four cards when the last round was dealt won 57 % of them, not the 73 %
the guess gave it (``benchmarks/RESULTS.md``).

Everything is by rank: captures and steals go by rank alone, and a hand's result only counts cards.
"""

from __future__ import annotations

from tavolo_rubamazzo.state import RubamazzoState
from tavolo_rubamazzo.takes import Move

Ranks = tuple[int, ...]
Position = tuple[
    tuple[Ranks, Ranks],
    Ranks,
    tuple[int | None, int | None],
    tuple[int, int],
    int | None,
    int,
    tuple[int, ...],
]
"""(the two hands, the table, the two piles' top ranks, the two piles' sizes, the last taker, who is on
turn, the match's totals before this hand), every rank tuple sorted."""
Choice = tuple[int, str]
"""A rank and what it does: ``steal``, ``capture`` or ``lay``."""
Solved = dict[Position, tuple[float, Choice | None]]
"""Positions solved so far: each one's value for seat 0 and its best choice."""

SEATS = 2
KEEP = 100_000
"""How many solved positions a ``Solutions`` keeps before it starts afresh (a few megabytes)."""


def solvable(state: RubamazzoState) -> bool:
    """A two-player hand under way with its stock empty."""
    return (
        len(state.piles) == SEATS and state.phase == "playing" and not state.deck and state.turn is not None
    )


class Solutions:
    """The positions solved so far, kept across the playouts of a search (the same last round comes
    back in many of them): every entry holds an exact value, so keeping it is only a saving."""

    def __init__(self) -> None:
        self.solved: Solved = {}

    def best_move(self, state: RubamazzoState) -> Move:
        """The perfect move for the seat on turn in ``state`` (``solvable``)."""
        if len(self.solved) > KEEP:
            self.solved = {}
        solved = self.solved
        position = position_of(state)
        value(position, solved)
        choice = solved[position][1]
        seat = state.turn
        assert choice is not None and seat is not None  # a hand under way has a card to play
        return move_for(state, seat, choice)


def position_of(state: RubamazzoState) -> Position:
    hands = state.hands
    tops = tuple(pile[-1].rank if pile else None for pile in state.piles)
    return (
        (tuple(sorted(card.rank for card in hands[0])), tuple(sorted(card.rank for card in hands[1]))),
        tuple(sorted(card.rank for card in state.table)),
        (tops[0], tops[1]),
        (len(state.piles[0]), len(state.piles[1])),
        state.last_taker,
        int(state.turn or 0),
        state.totals,
    )


def value(position: Position, solved: Solved) -> float:
    """Seat 0's chance of winning the match from ``position`` (1, 0, or 0.5 when the hand ends in a
    tie, which deals another), both seats playing perfectly; each solved position's best choice is
    kept in ``solved``."""
    known = solved.get(position)
    if known is not None:
        return known[0]
    hands, table, _, sizes, last_taker, turn, totals = position
    if not hands[0] and not hands[1]:
        ends = list(sizes)
        if last_taker is not None:
            ends[last_taker] += len(table)
        mine, theirs = totals[0] + ends[0], totals[1] + ends[1]
        result = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        solved[position] = (result, None)
        return result
    best_value = -1.0 if turn == 0 else 2.0
    best: Choice | None = None
    for choice in choices(position):
        result = value(after(position, choice), solved)
        if (turn == 0 and result > best_value) or (turn == 1 and result < best_value):
            best_value, best = result, choice
            if best_value == (1.0 if turn == 0 else 0.0):
                break  # nothing beats a sure win
    solved[position] = (best_value, best)
    return best_value


def choices(position: Position) -> list[Choice]:
    """Every legal choice of the seat on turn: a rank that can take must take (a steal or a capture,
    either when both are open), else it is laid."""
    hands, table, tops, sizes, _, turn, _ = position
    rival = 1 - turn
    found: list[Choice] = []
    for rank in sorted(set(hands[turn])):
        steal = sizes[rival] > 0 and tops[rival] == rank
        capture = rank in table
        if steal:
            found.append((rank, "steal"))
        if capture:
            found.append((rank, "capture"))
        if not steal and not capture:
            found.append((rank, "lay"))
    return found


def after(position: Position, choice: Choice) -> Position:
    hands, table, tops, sizes, last_taker, turn, totals = position
    rank, kind = choice
    rival = 1 - turn
    own = list(hands[turn])
    own.remove(rank)
    new_hands = (tuple(own), hands[1]) if turn == 0 else (hands[0], tuple(own))
    new_tops = list(tops)
    new_sizes = list(sizes)
    if kind == "steal":
        new_sizes[turn] += new_sizes[rival] + 1
        new_sizes[rival] = 0
        new_tops[rival] = None
        new_tops[turn] = rank
        last_taker = turn
    elif kind == "capture":
        rest = list(table)
        rest.remove(rank)
        table = tuple(rest)
        new_sizes[turn] += 2
        new_tops[turn] = rank
        last_taker = turn
    else:
        table = tuple(sorted((*table, rank)))
    tops_after = (new_tops[0], new_tops[1])
    return new_hands, table, tops_after, (new_sizes[0], new_sizes[1]), last_taker, rival, totals


def move_for(state: RubamazzoState, seat: int, choice: Choice) -> Move:
    """The rules' move for a solved choice: any card of the rank (suits never matter here)."""
    rank, kind = choice
    card = next(card for card in state.hands[seat] if card.rank == rank)
    if kind == "steal":
        return Move(card, steal=1 - seat)
    if kind == "capture":
        return Move(card, capture=next(other for other in state.table if other.rank == rank))
    return Move(card)
