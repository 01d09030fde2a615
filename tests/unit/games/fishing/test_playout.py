"""The playout's greedy move: the best-scoring legal move, the first of equals, found without a
``Move`` for every option."""

from __future__ import annotations

import random

import pytest

from domain.cards import DECK, Card, cards
from domain.games.fishing.captures import Move, legal_moves
from domain.games.fishing.playout import OPEN_TABLE, SCOPA, SWEEPABLE, WORTH, playout_move


def scored(move: Move, table: tuple[Card, ...], last: bool) -> float:
    """The greedy rule stated move by move: a capture is worth its cards (a scopa above all), a
    discard costs half its card, and a table the next player may sweep costs ``OPEN_TABLE``."""
    on_table = sum(card.rank for card in table)
    if move.capture or move.sweep:
        score = WORTH[move.card.code]
        left = on_table
        for taken in move.capture:
            score += WORTH[taken.code]
            left -= taken.rank
        cleared = len(move.capture) == len(table)
        if cleared and not move.sweep and not last:
            score += SCOPA
    else:
        score = -0.5 * WORTH[move.card.code]
        left = on_table + move.card.rank
        cleared = False
    if not cleared and not last and left <= SWEEPABLE:
        score -= OPEN_TABLE
    return score


def greedy(hand: tuple[Card, ...], table: tuple[Card, ...], pigliatutto: bool, last: bool) -> Move:
    """The first of the legal moves (in their own order) that scores the most."""
    moves = legal_moves(hand, table, pigliatutto)
    return max(moves, key=lambda move: (scored(move, table, last), -moves.index(move)))


def test_the_playout_plays_the_greedy_move_of_every_random_position() -> None:
    rng = random.Random(34)
    for _ in range(20_000):
        drawn = rng.sample(DECK, 20)
        hand = tuple(drawn[: rng.randint(1, 10)])
        table = tuple(drawn[10 : 10 + rng.choice((0, 1, 2, 3, 4, 4, 5, 6, 8, 10))])
        pigliatutto, last = rng.random() < 0.3, rng.random() < 0.1
        assert playout_move(hand, table, pigliatutto, last) == greedy(hand, table, pigliatutto, last)


@pytest.mark.parametrize(
    ("hand", "table", "taken"),
    [
        ("07C 05S", "03B 04B", "03B 04B"),  # the scopa, not the richer table left open
        ("07D 02C", "07C 05S", "07C"),  # the settebello keeps the seven it could lose
        ("06C", "04D 02D 03B 01B 05S", "02D 03B 01B"),  # three cards, an ace among them, over two
    ],
)
def test_the_playout_takes_the_capture_worth_most(hand: str, table: str, taken: str) -> None:
    move = playout_move(tuple(cards(hand)), tuple(cards(table)), pigliatutto=False, last=False)
    assert move.capture == tuple(cards(taken))


def test_with_nothing_to_take_the_playout_discards_so_that_no_sweep_is_left() -> None:
    move = playout_move(tuple(cards("01S 10C")), tuple(cards("05B")), pigliatutto=False, last=False)
    assert move == Move(cards("10C")[0], ())


def test_an_ace_under_asso_pigliatutto_sweeps_the_table_and_makes_no_scopa() -> None:
    move = playout_move(tuple(cards("01C 08B")), tuple(cards("03C 04B")), pigliatutto=True, last=False)
    assert move == Move(cards("01C")[0], tuple(cards("03C 04B")), sweep=True)
