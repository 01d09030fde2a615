"""The last round of a two-player hand, solved: the solver agrees with a plain minimax over the rules'
own moves, and a playout that reaches it ends the hand along the solved line."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tavolo_rubamazzo import endgame
from tavolo_rubamazzo.computer import RubamazzoStrategy
from tavolo_rubamazzo.search import MODELS, RubamazzoSearchModel
from tavolo_rubamazzo.state import RubamazzoState
from tavolo_rubamazzo.takes import legal_moves
from tavolo_rubamazzo.transitions import play_card
from tavolo_rubamazzo.variants import RUBAMAZZO, RUBAMAZZO_A_QUATTRO

from domain.bots.easy import EasyStrategy
from engine_contract.watching import NOW, watched_positions


def last_rounds(seeds: range) -> Iterator[RubamazzoState]:
    """Every position of the last round (stock empty) of a few two-player matches, normal against easy."""
    for seed in seeds:
        for position in watched_positions(RUBAMAZZO, [RubamazzoStrategy(), EasyStrategy()], seed):
            if endgame.solvable(position.state):
                yield position.state


def minimax(state: RubamazzoState) -> float:
    """Seat 0's value over every legal line of the rules: 1 won, 0 lost, 0.5 another hand dealt."""
    if state.phase == "finished":
        return 1.0 if state.winner == 0 else 0.0
    if state.phase == "hand_end":
        return 0.5
    seat = state.turn
    assert seat is not None
    values = [
        minimax(play_card(RUBAMAZZO.variant, state, seat, move, NOW).state)
        for move in legal_moves(state.hands[seat], seat, state.table, state.piles)
    ]
    return max(values) if seat == 0 else min(values)


def outcome(state: RubamazzoState) -> float:
    if state.phase == "hand_end":
        return 0.5
    return 1.0 if state.winner == 0 else 0.0


def test_the_solved_value_of_every_last_round_position_is_the_rules_minimax() -> None:
    positions = list(last_rounds(range(12)))
    assert len(positions) > 50
    for state in positions:
        assert endgame.value(endgame.position_of(state), {}) == minimax(state)


def test_a_playout_from_the_last_round_ends_the_hand_as_perfect_play_would() -> None:
    model = MODELS[RUBAMAZZO.game_type]
    assert isinstance(model, RubamazzoSearchModel)
    for state in last_rounds(range(12, 18)):
        end = model.play_out(state, state, random.Random(0))  # perfect play draws nothing from it
        assert end.phase in ("finished", "hand_end")
        assert outcome(end) == minimax(state)


def test_only_a_two_player_hand_with_an_empty_stock_is_solved() -> None:
    for position in watched_positions(RUBAMAZZO_A_QUATTRO, [RubamazzoStrategy()] * 4, 3):
        assert not endgame.solvable(position.state)
    openings = [p.state for p in watched_positions(RUBAMAZZO, [RubamazzoStrategy()] * 2, 3) if p.state.deck]
    assert openings and not any(endgame.solvable(state) for state in openings)
