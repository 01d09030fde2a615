"""A tressette hand's points: thirds counted down, the last trick, declarations; and the match's end."""

from __future__ import annotations

import random

import pytest

from domain.cards import DECK, cards
from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tressette.declarations import Declaration, declarations_in
from domain.games.tressette.engine import TressetteEngine
from domain.games.tressette.scoring import match_winner, score_hand
from domain.games.tressette.state import HandRecord
from tests.unit.games.tressette.helpers import TIMEOUTS, act, dealt, four, kinds


def test_thirds_are_counted_down_to_whole_points_and_the_remainder_dropped() -> None:
    # A: 3 assi and 5 thirds (1 point, 2/3 dropped); B: the asso left and the other 15 thirds.
    a = cards("01D 01C 01S 03D 02D 10D 09D 08D")
    b = [card for card in DECK if card not in a]
    record = score_hand(dealt({})._replace(won=(tuple(a), tuple(b)), tricks_won=(4, 16)), last_winner=1)
    assert record.thirds == (14, 18)
    assert record.card_points == (4, 6) and record.dropped == (2, 0)
    assert record.points == (4, 7)


def test_the_last_trick_is_worth_one_point() -> None:
    half = DECK[:20], DECK[20:]
    to_a = score_hand(dealt({})._replace(won=half, tricks_won=(10, 10)), last_winner=0)
    to_b = score_hand(dealt({})._replace(won=half, tricks_won=(10, 10)), last_winner=1)
    assert to_a.points[0] == to_b.points[0] + 1 and to_b.points[1] == to_a.points[1] + 1


@pytest.mark.parametrize("engine", [TRESSETTE, TRESSETTE_A_QUATTRO], ids=lambda engine: engine.game_type)
def test_every_hand_is_worth_eleven_points_from_the_cards_and_the_last_trick(engine: TressetteEngine) -> None:
    for seed in range(30):
        rng = random.Random(seed)
        state = engine.start({"declarations": False}, TIMEOUTS, 0.0, rng).state
        while state.phase == "playing":
            seat = engine.turn(state)
            assert seat is not None
            move = rng.choice(engine.view(state, seat)["legal_moves"])
            state = engine.apply(state, seat, move, 1.0, rng).state
        record = state.hands_played[-1]
        assert sum(record.points) == 11
        assert sum(record.card_points) == 10 and sum(record.dropped) == 2


@pytest.mark.parametrize(
    ("hand", "kind", "suit", "points"),
    [
        ("01S 02S 03S", "napoletana", "S", 3),
        ("01D 01C 01B", "three_assi", "S", 3),
        ("02D 02S 02B", "three_2", "C", 3),
        ("03C 03S 03B", "three_3", "D", 3),
        ("01D 01C 01S 01B", "four_assi", None, 4),
        ("02D 02C 02S 02B", "four_2", None, 4),
        ("03D 03C 03S 03B", "four_3", None, 4),
    ],
)
def test_each_declaration_is_found_with_the_suit_that_names_it(
    hand: str, kind: str, suit: str | None, points: int
) -> None:
    assert declarations_in(2, cards(hand + " 04D 05D")) == (Declaration(2, kind, suit, points),)


def test_no_declaration_is_made_that_is_not_held() -> None:
    assert declarations_in(0, cards("01D 02D 03C 01C 02S 03S 04B 05B 06B 10B")) == ()


def test_one_card_may_count_in_two_declarations() -> None:
    found = declarations_in(1, cards("01D 02D 03D 01C 01S 04B"))
    assert [(d.kind, d.suit) for d in found] == [("napoletana", "D"), ("three_assi", "B")]


def test_a_seat_declares_at_its_first_play_in_public_naming_the_combination_not_the_cards() -> None:
    state = dealt({1: "01D 02D 03D 07C", 0: "04C"})
    outcome = act(state, 1, "07C")
    assert kinds(outcome) == ["play", "declaration"]
    declared = outcome.events[1]
    assert declared.public and declared.seat == 1
    assert declared.data == {"combination": "napoletana", "suit": "D", "points": 3}
    view = TRESSETTE.view(outcome.state, 0)
    assert view["declarations"] == [{"seat": 1, "kind": "napoletana", "suit": "D", "points": 3}]
    second = act(act(outcome.state, 0, "04C").state, 1, "01D")
    assert "declaration" not in kinds(second)


def test_declarations_count_in_the_hand_points() -> None:
    state = dealt({})._replace(won=(DECK[:20], DECK[20:]), tricks_won=(10, 10))
    with_them = score_hand(state._replace(declarations=(Declaration(0, "four_3", None, 4),)), last_winner=0)
    without = score_hand(state, last_winner=0)
    assert with_them.points == (without.points[0] + 4, without.points[1])
    assert with_them.declaration_points == (4, 0)
    assert with_them.public()["declarations"] == [{"seat": 0, "kind": "four_3", "suit": None, "points": 4}]


def test_with_declarations_off_nobody_declares() -> None:
    outcome = act(dealt({1: "01D 02D 03D 07C"}, declarations=False), 1, "07C")
    assert kinds(outcome) == ["play"]


def test_in_four_each_partner_declares_for_the_side() -> None:
    state = four({1: "01D 01C 01S 04C", 2: "05C", 3: "06C 03D 03C 03S 03B", 0: "07C"})
    for seat, code in ((1, "04C"), (2, "05C"), (3, "06C"), (0, "07C")):
        state = act(state, seat, code, TRESSETTE_A_QUATTRO).state
    assert [(d.seat, d.kind) for d in state.declarations] == [(1, "three_assi"), (3, "four_3")]


def record(scores: tuple[int, int], cappotto: int | None = None) -> HandRecord:
    return HandRecord(1, 0, (0, 0), (0, 0), (0, 0), 0, (), (0, 0), (0, 0), (10, 0), cappotto, scores)


def test_the_first_side_to_the_target_wins_the_match() -> None:
    assert match_winner(record((21, 12)), 21) == "A"
    assert match_winner(record((20, 12)), 21) is None


def test_when_both_sides_reach_the_target_on_a_hand_the_higher_score_wins() -> None:
    assert match_winner(record((22, 24)), 21) == "B"


def test_when_both_reach_the_target_level_another_hand_is_played() -> None:
    assert match_winner(record((23, 23)), 21) is None


def test_a_level_match_plays_another_hand_then_ends() -> None:
    engine = TRESSETTE
    state = dealt({}, target_score=11)._replace(scores=(6, 5))
    rng = random.Random(3)
    while state.phase != "finished":
        if state.phase == "hand_end":
            level = state.scores[0] == state.scores[1]
            assert (state.scores[0] < 11 and state.scores[1] < 11) or level
            for acker in (0, 1):
                state = engine.apply(state, acker, {"action": "ack"}, 1.0, rng).state
            continue
        seat = engine.turn(state)
        assert seat is not None
        move = rng.choice(engine.view(state, seat)["legal_moves"])
        state = engine.apply(state, seat, move, 1.0, rng).state
    assert state.scores[0] != state.scores[1] and max(state.scores) >= 11


def test_with_cappotto_a_side_taking_every_trick_wins_at_once() -> None:
    assert match_winner(record((11, 0), cappotto=0), 41) == "A"
    state = dealt({})._replace(won=(DECK, ()), tricks_won=(20, 0), rules=dealt({}, cappotto=True).rules)
    assert score_hand(state, last_winner=0).cappotto == 0
    assert score_hand(state._replace(rules=dealt({}).rules), last_winner=0).cappotto is None
