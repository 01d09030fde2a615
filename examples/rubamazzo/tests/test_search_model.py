"""The rubamazzo search models deal only what a seat may know, and play hands out legally.

Positions come from real matches (tavolo's ``watched_positions``, run from tavolo's own checkout):
at each decision on turn, the model deals from the seat's view and what it saw; the deal must look
the same from that seat and hold the same cards as the truth where the seat cannot see.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from rubamazzo_positions import arrange
from tavolo_rubamazzo.computer import RubamazzoStrategy
from tavolo_rubamazzo.config import HAND_SIZE
from tavolo_rubamazzo.engine import RubamazzoEngine
from tavolo_rubamazzo.search import MODELS, RubamazzoSearchModel
from tavolo_rubamazzo.state import RubamazzoState
from tavolo_rubamazzo.variants import ENGINES, RUBAMAZZO, RUBAMAZZO_A_QUATTRO

from domain.bots import Strategy
from domain.bots.easy import EasyStrategy
from domain.cards import Card
from engine_contract.watching import NOW, Position, watched_positions

IDS = [engine.game_type for engine in ENGINES]


def model_of(engine: RubamazzoEngine) -> RubamazzoSearchModel:
    model = MODELS[engine.game_type]
    assert isinstance(model, RubamazzoSearchModel)
    return model


def decisions(engine: RubamazzoEngine, seeds: range) -> Iterator[Position]:
    """Every play decision of a few matches between the normal and the easy player."""
    players: list[Strategy] = [
        RubamazzoStrategy() if seat % 2 else EasyStrategy() for seat in range(engine.seats)
    ]
    for seed in seeds:
        for position in watched_positions(engine, players, seed):
            if position.view["your_turn"]:
                yield position


def hidden(state: RubamazzoState, seat: int) -> Counter[Card]:
    """The cards ``seat`` cannot see: the other hands and the stock."""
    cards: Counter[Card] = Counter(state.deck)
    for other, hand in enumerate(state.hands):
        if other != seat:
            cards.update(hand)
    return cards


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_every_deal_looks_the_same_from_the_seat_and_holds_the_truths_hidden_cards(
    engine: RubamazzoEngine,
) -> None:
    model = model_of(engine)
    checked = 0
    for index, position in enumerate(decisions(engine, range(4))):
        truth = position.state
        dealt = model.deal(position.view, position.seen, random.Random(index))
        assert engine.view(dealt, position.seat) == position.view
        assert hidden(dealt, position.seat) == hidden(truth, position.seat)
        assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in truth.hands]
        assert dealt.piles == truth.piles, "every pile is rebuilt card by card from the plays"
        assert (dealt.totals, dealt.turn, dealt.last_taker, dealt.moves, dealt.history) == (
            truth.totals,
            truth.turn,
            truth.last_taker,
            truth.moves,
            truth.history,
        )
        assert engine.dump(engine.load(engine.dump(dealt))) == engine.dump(dealt)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_the_deal_varies_with_the_seed_and_never_with_the_true_hidden_cards(engine: RubamazzoEngine) -> None:
    model = model_of(engine)
    differ = positions = 0
    for index, position in enumerate(decisions(engine, range(2))):
        first = model.deal(position.view, position.seen, random.Random(index))
        other_truth = model.deal(position.view, position.seen, random.Random(index + 10_000))
        assert engine.view(other_truth, position.seat) == position.view
        again = model.deal(engine.view(other_truth, position.seat), position.seen, random.Random(index))
        assert again == first
        if sum(hidden(first, position.seat).values()) >= 4:
            positions += 1
            differ += first.hands != other_truth.hands or first.deck != other_truth.deck
    assert differ > positions * 0.9


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_the_rollout_plays_a_round_out_with_legal_moves_and_the_payoff_weighs_the_lead(
    engine: RubamazzoEngine,
) -> None:
    model = model_of(engine)
    for index, position in enumerate(decisions(engine, range(2))):
        if index % 3:
            continue
        rng = random.Random(index)
        start = state = model.deal(position.view, position.seen, rng)
        while not model.settled(state, start):
            seat = engine.to_act(state)[0]
            move = model.rollout(state, seat, rng)
            assert move in engine.view(state, seat)["legal_moves"]
            state = engine.apply(state, seat, move, NOW, rng).state
        payoffs = [model.payoff(state, seat) for seat in range(engine.seats)]
        assert all(0.0 <= payoff <= 1.0 for payoff in payoffs)
        if engine.seats == 2 or state.phase != "playing":
            assert sum(payoffs) == pytest.approx(1.0)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_a_playout_stops_once_the_next_round_is_dealt(engine: RubamazzoEngine) -> None:
    model = model_of(engine)
    for index, position in enumerate(decisions(engine, range(1))):
        rng = random.Random(index)
        start = model.deal(position.view, position.seen, rng)
        end = model.play_out(start, start, rng)
        if end.phase == "playing":
            assert len(end.deck) < len(start.deck)
            assert all(len(hand) == HAND_SIZE for hand in end.hands)
        else:
            assert not start.deck


def test_a_pile_no_rival_can_steal_is_worth_more_than_an_equal_one_at_risk() -> None:
    state = arrange(
        RUBAMAZZO,
        ["03D 04D 07D", "03C 04C 07C"],
        piles=["05D 01C 01S 01B 01D", "06D 06C 06S 06B 02D"],
        turn=0,
    )
    model = model_of(RUBAMAZZO)
    assert model.payoff(state, 0) > 0.5 > model.payoff(state, 1)
    assert model.payoff(state, 0) + model.payoff(state, 1) == pytest.approx(1.0)


def test_the_rollout_steals_the_biggest_pile_it_can() -> None:
    state = arrange(
        RUBAMAZZO_A_QUATTRO,
        ["01C", "08D 05D", "02C", "03C"],
        table="05S",
        piles=["08S", "", "", "01B 02B 04B 08B"],
        turn=1,
    )
    model = model_of(RUBAMAZZO_A_QUATTRO)
    assert model.rollout(state, 1, random.Random(0)) == {"action": "play", "card": "08D", "steal": 3}


def unplaced(state: RubamazzoState, seat: int) -> Counter[Card]:
    """The cards ``seat`` cannot place from its view alone: the hidden ones and every pile's cards
    under its top."""
    cards = hidden(state, seat)
    for pile in state.piles:
        cards.update(pile[:-1])
    return cards


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_a_deal_without_the_events_agrees_with_the_view_and_keeps_every_count(
    engine: RubamazzoEngine,
) -> None:
    model = model_of(engine)
    checked = 0
    for index, position in enumerate(decisions(engine, range(2))):
        truth = position.state
        dealt = model.deal(position.view, (), random.Random(index))
        assert engine.view(dealt, position.seat) == position.view
        assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in truth.hands]
        assert len(dealt.deck) == len(truth.deck)
        assert [len(pile) for pile in dealt.piles] == [len(pile) for pile in truth.piles]
        assert [pile[-1:] for pile in dealt.piles] == [pile[-1:] for pile in truth.piles]
        assert unplaced(dealt, position.seat) == unplaced(truth, position.seat)
        assert dealt.last_taker is None or dealt.piles[dealt.last_taker]
        assert engine.dump(engine.load(engine.dump(dealt))) == engine.dump(dealt)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_a_deal_without_the_events_varies_with_the_seed(engine: RubamazzoEngine) -> None:
    model = model_of(engine)
    differ = positions = 0
    for index, position in enumerate(decisions(engine, range(2))):
        first = model.deal(position.view, (), random.Random(index))
        assert model.deal(position.view, (), random.Random(index)) == first
        other = model.deal(position.view, (), random.Random(index + 10_000))
        if sum(unplaced(first, position.seat).values()) >= 4:
            positions += 1
            differ += (first.hands, first.deck, first.piles) != (other.hands, other.deck, other.piles)
    assert positions > 0
    assert differ > positions * 0.9


def test_a_deal_without_the_events_places_the_cards_under_the_tops_at_random() -> None:
    engine = ENGINES[0]
    model = model_of(engine)
    position = next(
        position
        for position in decisions(engine, range(4))
        if any(len(pile) > 1 for pile in position.state.piles)
    )
    buried = {card for pile in position.state.piles for card in pile[:-1]}
    moved = 0
    for seed in range(20):
        dealt = model.deal(position.view, (), random.Random(seed))
        moved += buried != {card for pile in dealt.piles for card in pile[:-1]}
    assert moved > 10
