"""The fishing search model deals only what a seat cannot see, and rebuilds everything else exactly."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from domain.cards import Card
from domain.games.fishing.computer import FishingStrategy
from domain.games.fishing.search import MODELS, FishingSearchModel, hand_lead
from domain.games.fishing.state import FishingState
from domain.games.fishing.variants import FISHING_ENGINES
from engine_contract.watching import Position, watched_positions
from tests.unit.bots.test_own_view_only import redeal_hidden

GAME_TYPES = [engine.game_type for engine in FISHING_ENGINES]
PUBLIC_FIELDS = (
    "table",
    "piles",
    "scope",
    "scores",
    "seat_scope",
    "moves",
    "last_capturer",
    "last_play",
    "history",
    "phase",
    "hand_number",
    "dealer",
    "turn",
    "winner",
)


def model_for(game_type: str) -> FishingSearchModel:
    model = MODELS[game_type]
    assert isinstance(model, FishingSearchModel)
    return model


def positions(game_type: str, seed: int, every: int = 3) -> list[Position]:
    engine = model_for(game_type).engine
    found = list(watched_positions(engine, [FishingStrategy()] * engine.seats, seed))
    return found[::every]


def unseen(state: FishingState, seat: int) -> Counter[Card]:
    """The cards ``seat`` cannot see: the other hands and the deck."""
    others = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    return Counter([*others, *state.deck])


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_every_deal_agrees_with_the_seats_view_and_the_public_truth(game_type: str) -> None:
    model = model_for(game_type)
    phases: set[str] = set()
    for seed in range(3):
        for position in positions(game_type, seed):
            dealt = model.deal(position.view, position.seen, random.Random(seed))
            assert model.engine.view(dealt, position.seat) == position.view
            for name in PUBLIC_FIELDS:
                assert getattr(dealt, name) == getattr(position.state, name), name
            assert unseen(dealt, position.seat) == unseen(position.state, position.seat)
            assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in position.state.hands]
            assert len(dealt.deck) == len(position.state.deck)
            phases.add(position.view["phase"])
    assert "playing" in phases and "hand_end" in phases


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_different_seeds_place_the_unseen_cards_differently(game_type: str) -> None:
    model = model_for(game_type)
    checked = 0
    for position in positions(game_type, 1, every=7):
        if sum(unseen(position.state, position.seat).values()) < 3:
            continue
        checked += 1
        deals = [model.deal(position.view, position.seen, random.Random(seed)) for seed in range(4)]
        assert len({(dealt.hands, dealt.deck) for dealt in deals}) > 1
    assert checked >= 5


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_the_deal_never_depends_on_the_hidden_cards(game_type: str) -> None:
    model = model_for(game_type)
    engine = model.engine
    moved = 0
    for index, position in enumerate(positions(game_type, 2, every=5)):
        other = redeal_hidden(position.state, position.seat, random.Random(index))
        moved += other.hands != position.state.hands
        other_view = engine.view(other, position.seat)
        assert other_view == position.view
        first = model.deal(position.view, position.seen, random.Random(index))
        second = model.deal(other_view, position.seen, random.Random(index))
        assert first == second
    assert moved > 0


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_without_the_events_the_captured_cards_are_dealt_as_unseen_too(game_type: str) -> None:
    model = model_for(game_type)
    for position in positions(game_type, 4, every=9):
        dealt = model.deal(position.view, (), random.Random(0))
        assert model.engine.view(dealt, position.seat) == position.view
        everything: list[Card] = [*dealt.table, *dealt.deck]
        for hand in dealt.hands:
            everything.extend(hand)
        for pile in dealt.piles:
            everything.extend(pile)
        assert len(everything) == len(set(everything)) == 40


def play_out(model: FishingSearchModel, state: FishingState, rng: random.Random) -> FishingState:
    start = state
    while not model.settled(state, start):
        seat = model.engine.to_act(state)[0]
        action = model.rollout(state, seat, rng)
        assert action in model.engine.view(state, seat)["legal_moves"]
        state = model.engine.apply(state, seat, action, 0.0, rng).state
    return state


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_the_playout_plays_legal_moves_to_the_hands_end_and_the_sides_share_its_points(
    game_type: str,
) -> None:
    model = model_for(game_type)
    for position in positions(game_type, 5, every=11):
        if position.view["phase"] != "playing":
            continue
        start = model.deal(position.view, position.seen, random.Random(3))
        end = play_out(model, start, random.Random(3))
        assert end.phase != "playing" or end.hand_number != start.hand_number
        shares = [model.payoff(end, seat) for seat in range(model.engine.seats)]
        assert all(0.0 <= share <= 1.0 for share in shares)
        assert shares[0] + shares[1] == pytest.approx(1.0)
        if model.engine.seats == 4:
            assert shares[0] == shares[2] and shares[1] == shares[3]


def test_a_hand_that_ends_the_match_pays_the_winner_everything() -> None:
    model = model_for("scopa")
    state: Any = None
    for position in positions("scopa", 0, every=1):
        state = position.state
    assert state is not None and state.hand_number >= 1
    finished = state._replace(phase="finished", winner=1)
    assert model.payoff(finished, 1) == 1.0
    assert model.payoff(finished, 0) == 0.0


def side(**counts: Any) -> dict[str, Any]:
    """One side of a finished hand as ``hand_end`` gives it; every count even unless given."""
    even = {"scope": 0, "settebello": 0, "cards": 20, "denari": 5, "primiera_points": 70}
    return {**even, **counts}


def test_scope_and_the_settebello_count_as_whole_points_of_the_lead() -> None:
    assert hand_lead(side(scope=2, settebello=1), side()) == pytest.approx(3.0)
    assert hand_lead(side(), side(scope=1)) == pytest.approx(-1.0)


def test_a_category_won_by_one_card_counts_less_than_one_won_by_many() -> None:
    narrow = hand_lead(side(cards=21), side(cards=19))
    wide = hand_lead(side(cards=28), side(cards=12))
    assert 0.0 < narrow < wide < 1.0
    ahead, behind = hand_lead(side(denari=6), side(denari=4)), hand_lead(side(denari=4), side(denari=6))
    assert ahead == pytest.approx(-behind) and ahead > 0


def test_a_primiera_missing_a_suit_loses_that_point_whole() -> None:
    assert hand_lead(side(), side(primiera_points=None)) == pytest.approx(1.0)
    assert hand_lead(side(primiera_points=None), side(primiera_points=None)) == 0.0


def test_a_playout_is_scored_by_the_sides_lead_not_its_share_of_the_points() -> None:
    """Won 6-2 is worth more than won 1-0 (a share would say the opposite): a match is won by points ahead."""
    model = model_for("scopone_scientifico")
    state: FishingState = positions("scopone_scientifico", 0, every=1)[0].state

    def ended(a: dict[str, Any], b: dict[str, Any]) -> FishingState:
        over: FishingState = state._replace(phase="hand_end", history=({"sides": {"A": a, "B": b}},))
        return over

    one_nil = ended(side(scope=1), side())
    six_two = ended(side(scope=6, settebello=1), side(scope=2, settebello=0))
    assert model.payoff(six_two, 0) > model.payoff(one_nil, 0) > 0.5
    assert model.payoff(six_two, 1) == pytest.approx(1.0 - model.payoff(six_two, 0))
    assert model.payoff(ended(side(scope=20), side()), 0) == 1.0
