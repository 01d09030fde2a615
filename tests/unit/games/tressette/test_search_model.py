"""The tressette search models deal only what a seat may know, and play hands out legally.

Positions come from real matches (``watched_positions``): at each decision on turn, the model deals
from the seat's view and what it saw; the deal must look the same from that seat, hold the same
cards as the truth where the seat cannot see, and keep what the hand showed (voids, declarations,
signals, draws).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from domain.bots import Strategy
from domain.bots.base import Action, Seen, legal_moves, must_ack, own_seat
from domain.bots.easy import EasyStrategy
from domain.cards import Card, Suit, cards
from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tressette.computer import TressetteStrategy
from domain.games.tressette.declarations import declarations_in
from domain.games.tressette.engine import TressetteEngine
from domain.games.tressette.knowledge import declared_cards
from domain.games.tressette.placing import place
from domain.games.tressette.search import MODELS, TressetteSearchModel
from domain.games.tressette.seen_hand import read_hand
from domain.games.tressette.state import TressetteState
from engine_contract.watching import Position, watched_positions
from tests.unit.bots.simulate import NOW

TABLES: list[tuple[TressetteEngine, dict[str, Any]]] = [
    (TRESSETTE, {}),
    (TRESSETTE, {"show_draws": False}),
    (TRESSETTE_A_QUATTRO, {}),
    (TRESSETTE_A_QUATTRO, {"signals": True}),
]
IDS = ["two", "two_hidden_draws", "four", "four_signals"]


def model_of(engine: TressetteEngine) -> TressetteSearchModel:
    model = MODELS[engine.game_type]
    assert isinstance(model, TressetteSearchModel)
    return model


def decisions(engine: TressetteEngine, options: Mapping[str, Any], seeds: range) -> Iterator[Position]:
    """Every play decision of a few matches between the normal and the easy player."""
    players: list[Strategy] = [TressetteStrategy(), EasyStrategy()] * (engine.seats // 2)
    for seed in seeds:
        for position in watched_positions(engine, players, seed, options):
            if position.view["your_turn"]:
                yield position


def hidden(state: TressetteState, seat: int) -> Counter[Card]:
    """The cards ``seat`` cannot see: the other hands less their shown draws, and the stock."""
    cards: Counter[Card] = Counter(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            cards.update(card for card in hand if card not in state.shown[other])
    return cards


def void_suits(position: Position) -> dict[int, set[str]]:
    """The suits each other seat showed it lacked in the hand under way (not following the suit led,
    or leading it with a volo)."""
    hand, _, _ = read_hand(position.seen, position.view["hand_number"])
    voids: dict[int, set[str]] = {}
    leads: dict[int, Card] = {}
    for seat, card, index in hand.plays:
        lead = leads.setdefault(index, card)
        if card.suit != lead.suit and seat != position.seat:
            voids.setdefault(seat, set()).add(lead.suit.value)
    for seat, signal, suit, _ in hand.signals:
        if signal == "volo" and seat != position.seat:
            voids.setdefault(seat, set()).add(suit)
    return voids


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_every_deal_looks_the_same_from_the_seat_and_holds_the_truths_hidden_cards(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    model = model_of(engine)
    checked = 0
    for index, position in enumerate(decisions(engine, options, range(3))):
        dealt = model.deal(position.view, position.seen, random.Random(index))
        assert engine.view(dealt, position.seat) == position.view
        assert hidden(dealt, position.seat) == hidden(position.state, position.seat)
        assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in position.state.hands]
        assert len(dealt.stock) == len(position.state.stock)
        assert sorted(engine.card_zones(dealt).public) == sorted(engine.card_zones(position.state).public)
        assert dealt.won == position.state.won
        assert dealt.played == position.state.played
        assert (dealt.scores, dealt.tricks_won, dealt.turn) == (
            position.state.scores,
            position.state.tricks_won,
            position.state.turn,
        )
        checked += 1
    assert checked > 50


def drawn_since(position: Position, seat: int, suit: str) -> int:
    """How many cards of ``suit`` ``seat`` may hold now though it lacked the suit once: the cards it
    drew since it first showed that, less those of the suit it played since (two players, draws
    hidden)."""
    hand, _, _ = read_hand(position.seen, position.view["hand_number"])
    leads: dict[int, Card] = {}
    first = None
    for who, card, index in hand.plays:
        lead = leads.setdefault(index, card)
        if who == seat and card.suit != lead.suit and lead.suit.value == suit:
            first = index if first is None else first
    assert first is not None
    drawn = sum(1 for when, _ in hand.draws.get(seat, ()) if when > first)
    played = sum(
        1 for who, card, index in hand.plays if who == seat and index > first and card.suit.value == suit
    )
    return drawn - played


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_a_seat_that_did_not_follow_suit_is_dealt_none_of_it_unless_it_may_have_drawn_it(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    model = model_of(engine)
    draws_hidden = options.get("show_draws") is False
    voids_seen = 0
    for index, position in enumerate(decisions(engine, options, range(4))):
        voids = void_suits(position)
        for truth_or_deal in (position.state, model.deal(position.view, position.seen, random.Random(index))):
            for seat, suits in voids.items():
                unseen = [c for c in truth_or_deal.hands[seat] if c not in truth_or_deal.shown[seat]]
                for suit in suits:
                    held = [c for c in unseen if c.suit.value == suit]
                    if draws_hidden:
                        assert len(held) <= drawn_since(position, seat, suit)
                    else:
                        assert held == [], (seat, suit, truth_or_deal.hands[seat])
        voids_seen += sum(len(suits) for suits in voids.values())
    assert voids_seen > 20, "the matches showed hardly any void"


def test_the_unseen_cards_are_placed_uniformly_among_the_placements_that_keep_the_voids() -> None:
    pool = cards("01D 02D 03D 01C 02C 03C 01S")
    room = (2, 2, 3)
    caps = {(0, Suit.DENARI): 0, (1, Suit.COPPE): 1}
    allowed = set()
    for order in itertools.permutations(pool):
        slots = (frozenset(order[:2]), frozenset(order[2:4]), frozenset(order[4:]))
        if all(c.suit != Suit.DENARI for c in slots[0]) and sum(c.suit == Suit.COPPE for c in slots[1]) <= 1:
            allowed.add(slots)
    assert len(allowed) > 20
    rng = random.Random(5)
    draws = 200 * len(allowed)
    counts = Counter(tuple(frozenset(slot) for slot in place(pool, room, caps, rng)) for _ in range(draws))
    assert set(counts) == allowed
    assert min(counts.values()) > 150 and max(counts.values()) < 250


def taken_unseen(state: TressetteState, seat: int) -> Counter[Card]:
    """The cards ``seat`` cannot place from its view alone: the hidden ones, and the cards taken this
    hand less the previous trick (the view shows only each side's count and thirds)."""
    cards = hidden(state, seat)
    previous = () if state.previous_trick is None else state.previous_trick.cards
    cards.update(card for pile in state.won for card in pile if card not in previous)
    return cards


def without_the_hand(position: Position) -> Iterator[Seen]:
    """The events a caller may pass that lack the hand under way: none, or those before it began."""
    yield ()
    start = [
        index
        for index, event in enumerate(position.seen)
        if event.get("kind") == "hand_started" and event.get("hand_number") == position.view["hand_number"]
    ]
    if start and start[0] > 0:
        yield position.seen[: start[0]]


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_without_the_events_of_the_hand_the_deal_still_agrees_with_the_view_and_keeps_its_counts(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    model = model_of(engine)
    checked = fresh = 0
    for index, position in enumerate(decisions(engine, options, range(2))):
        truth = position.state
        for seen in without_the_hand(position):
            dealt = model.deal(position.view, seen, random.Random(index))
            assert engine.view(dealt, position.seat) == position.view
            assert taken_unseen(dealt, position.seat) == taken_unseen(truth, position.seat)
            assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in truth.hands]
            assert len(dealt.stock) == len(truth.stock)
            assert [len(pile) for pile in dealt.won] == [len(pile) for pile in truth.won]
            assert dealt.played == truth.played
            assert (dealt.scores, dealt.tricks_won, dealt.turn, dealt.declarations) == (
                truth.scores,
                truth.tricks_won,
                truth.turn,
                truth.declarations,
            )
            if truth.previous_trick is not None:
                side = truth.previous_trick.winner % 2
                assert set(truth.previous_trick.cards) <= set(dealt.won[side])
            if sum(truth.tricks_won) == 0:
                assert hidden(dealt, position.seat) == hidden(truth, position.seat)
                fresh += 1
            on_table = {play.card for play in dealt.trick}
            for declaration in dealt.declarations:
                for card in declared_cards(declaration):
                    taken = card in dealt.won[0] or card in dealt.won[1] or card in on_table
                    assert taken or card in dealt.hands[declaration.seat]
            checked += 1
    assert checked > 50 and fresh > 0


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_without_the_events_of_the_hand_the_deal_varies_with_the_seed(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    model = model_of(engine)
    differ = positions = 0
    for index, position in enumerate(decisions(engine, options, range(1))):
        first = model.deal(position.view, (), random.Random(index))
        other = model.deal(position.view, (), random.Random(index + 10_000))
        again = model.deal(engine.view(other, position.seat), (), random.Random(index))
        assert again == first
        if sum(taken_unseen(first, position.seat).values()) >= 4:
            positions += 1
            differ += (first.hands, first.stock, first.won) != (other.hands, other.stock, other.won)
    assert positions > 10 and differ > positions * 0.9


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_declared_cards_stay_with_their_seat_and_no_undeclared_combination_is_dealt(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    model = model_of(engine)
    declared = 0
    for index, position in enumerate(decisions(engine, options, range(8))):
        dealt = model.deal(position.view, position.seen, random.Random(index))
        hand, _, _ = read_hand(position.seen, position.view["hand_number"])
        played = {card for _, card, _ in hand.plays}
        for declaration in dealt.declarations:
            for card in declared_cards(declaration):
                assert card in played or card in dealt.hands[declaration.seat]
            declared += declaration.seat != position.seat
        if options.get("show_draws") is False:
            continue
        for seat in dealt.played:
            drawn = {card for _, card in hand.draws.get(seat, ()) if card is not None}
            first = {c for s, c, _ in hand.plays if s == seat and c not in drawn}
            first.update(c for c in dealt.hands[seat] if c not in drawn)
            made = {(d.kind, d.suit) for d in declarations_in(seat, first)}
            assert made == {(d.kind, d.suit) for d in dealt.declarations if d.seat == seat}
    assert declared > 0, "nobody else declared anything in these matches"


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_the_deal_varies_with_the_seed_and_never_with_the_true_hidden_cards(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    model = model_of(engine)
    differ = positions = 0
    for index, position in enumerate(decisions(engine, options, range(2))):
        first = model.deal(position.view, position.seen, random.Random(index))
        other_truth = model.deal(position.view, position.seen, random.Random(index + 10_000))
        assert engine.view(other_truth, position.seat) == position.view
        again = model.deal(engine.view(other_truth, position.seat), position.seen, random.Random(index))
        assert again == first
        if sum(hidden(first, position.seat).values()) >= 4:
            positions += 1
            differ += first.hands != other_truth.hands or first.stock != other_truth.stock
    assert differ > positions * 0.9


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_the_rollout_plays_every_hand_out_with_legal_moves_and_the_payoff_splits_the_points(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    model = model_of(engine)
    for index, position in enumerate(decisions(engine, options, range(2))):
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
        assert payoffs[0] + payoffs[1] == pytest.approx(1.0)
        assert payoffs[0] == payoffs[-2]


class FlatMonteCarlo:
    """A stand-in for the search, for these end-to-end checks: each legal move is tried on a few
    deals of the model and played out by its rollout; the best average payoff is played."""

    def __init__(self, model: TressetteSearchModel, deals: int) -> None:
        self.model = model
        self.deals = deals

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        moves = legal_moves(view)
        seat = own_seat(view)
        if must_ack(view) or len(moves) == 1 or seat is None:
            return moves[0]
        engine = self.model.engine
        totals = [0.0] * len(moves)
        for _ in range(self.deals):
            start = self.model.deal(view, seen, rng)
            for index, move in enumerate(moves):
                state = engine.apply(start, seat, move, NOW, rng).state
                while not self.model.settled(state, start):
                    acting = engine.to_act(state)[0]
                    state = engine.apply(
                        state, acting, self.model.rollout(state, acting, rng), NOW, rng
                    ).state
                totals[index] += self.model.payoff(state, seat)
        return moves[max(range(len(moves)), key=totals.__getitem__)]


@pytest.mark.parametrize(("engine", "options"), TABLES, ids=IDS)
def test_a_flat_monte_carlo_on_the_model_plays_a_whole_match_from_what_its_seats_saw(
    engine: TressetteEngine, options: dict[str, Any]
) -> None:
    searching = FlatMonteCarlo(model_of(engine), deals=2)
    players: list[Strategy] = [searching, TressetteStrategy()] * (engine.seats // 2)
    decided = 0
    for position in watched_positions(engine, players, 11, {**options, "target_score": 11}):
        decided += position.seat % 2 == 0 and position.view["your_turn"]
    assert decided > 10
