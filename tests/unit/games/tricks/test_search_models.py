"""The trick games' search models deal only what a seat may know, and play a deal out legally.

Positions come from real matches between normal bots, as each acting seat saw them (its view and
the events it was shown). A deal made for a seat must show that seat exactly its view, hold the
very cards it cannot see (each hand and the stock keeping its count), and move them around with
the seed, never with where they truly are. From a deal, the quick policy plays every card legally
to the deal's end, where the two sides' payoffs add up to one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from domain.bots.search_model import SearchModel
from domain.cards import DECK, SUITS, Card
from domain.engine import GameEngine
from domain.games.tricks.briscola_state import BriscolaState, side_of
from domain.games.tricks.chiamata_state import ChiamataState
from domain.games.tricks.computer_briscola import TrickSight, choose_card
from domain.games.tricks.computer_chiamata import friends_of
from domain.games.tricks.playout import quick_card
from domain.games.tricks.search_briscola import MODELS as BRISCOLA_MODELS
from domain.games.tricks.search_chiamata import MODELS as CHIAMATA_MODELS
from domain.games.tricks.search_chiamata import ChiamataModel, known_friends
from domain.games.tricks.trick import Play
from engine_contract.watching import Position, watched_positions
from tests.unit.bots.simulate import NOW, engine_for, strategy_for
from tests.unit.bots.test_own_view_only import redeal_hidden

MODELS: Mapping[str, SearchModel] = {**BRISCOLA_MODELS, **CHIAMATA_MODELS}
GAME_TYPES = sorted(MODELS)
SEVERAL = {
    "briscola": {"deals_to_win": 2},
    "briscola_a_quattro": {"deals_to_win": 2},
    "briscola_chiamata": {"deals_to_play": 5},
}


@cache
def playing_positions(game_type: str) -> tuple[Position, ...]:
    """The card plays of two matches between normal bots (one of several deals), sampled."""
    engine = engine_for(game_type)
    normal = [strategy_for(game_type, "normal")] * engine.seats
    found = [
        position
        for seed, options in ((1, None), (2, SEVERAL[game_type]))
        for position in watched_positions(engine, normal, seed, options)
        if position.view["phase"] == "playing"
    ]
    return tuple(random.Random(game_type).sample(found, min(60, len(found))))


def hidden_cards(state: Any, seat: int) -> Counter[Card]:
    """Every card in the other hands and the stock."""
    stock = state.stock if isinstance(state, BriscolaState) else ()
    return Counter([*stock, *(card for s, hand in enumerate(state.hands) if s != seat for card in hand)])


def where(state: Any, seat: int) -> tuple[Any, ...]:
    """Where the hidden cards lie: the other hands, and the stock in its order."""
    stock = state.stock if isinstance(state, BriscolaState) else ()
    return (*(hand for s, hand in enumerate(state.hands) if s != seat), stock)


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_every_deal_shows_the_seat_exactly_its_view(game_type: str) -> None:
    engine, model = engine_for(game_type), MODELS[game_type]
    for index, position in enumerate(playing_positions(game_type)):
        dealt = model.deal(position.view, position.seen, random.Random(index))
        assert engine.view(dealt, position.seat) == position.view


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_a_deal_shows_the_seat_its_view_between_the_card_plays_too(game_type: str) -> None:
    """The auction and the call of chiamata, the summaries between deals (where the view does not
    name its seat: the seat's own ``dealt`` events do)."""
    engine, model = engine_for(game_type), MODELS[game_type]
    normal = [strategy_for(game_type, "normal")] * engine.seats
    phases = set()
    for index, position in enumerate(watched_positions(engine, normal, 4, SEVERAL[game_type])):
        if position.view["phase"] != "playing":
            dealt = model.deal(position.view, position.seen, random.Random(index))
            assert engine.view(dealt, position.seat) == position.view
            phases.add(position.view["phase"])
    assert "hand_end" in phases
    if game_type == "briscola_chiamata":
        assert {"auction", "call"} <= phases


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_without_its_history_a_seat_still_gets_a_deal_that_shows_its_view(game_type: str) -> None:
    """A strategy may be asked with no events (``seen`` empty): the cards taken before the last
    trick are then unknown too, and dealt at random into the piles."""
    engine, model = engine_for(game_type), MODELS[game_type]
    for index, position in enumerate(playing_positions(game_type)):
        dealt = model.deal(position.view, (), random.Random(index))
        assert engine.view(dealt, position.seat) == position.view
        truth = position.state
        assert [len(pile) for pile in dealt.won] == [len(pile) for pile in truth.won]
        everything = [*(c for h in dealt.hands for c in h), *(c for p in dealt.won for c in p)]
        everything += [play.card for play in dealt.trick]
        if isinstance(dealt, BriscolaState):
            everything += [*dealt.stock, *(() if dealt.trump_drawn else (dealt.trump_card,))]
        else:
            assert dealt.revealed or any(dealt.called_card in hand for hand in dealt.hands)
        assert sorted(everything) == sorted(DECK)
        end = play_out(engine, model, dealt, random.Random(index))
        assert 0.0 <= model.payoff(end, position.seat) <= 1.0


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_a_deal_holds_the_cards_the_seat_cannot_see_placed_anew(game_type: str) -> None:
    model = MODELS[game_type]
    moved = 0
    positions = playing_positions(game_type)
    for index, position in enumerate(positions):
        truth, seat = position.state, position.seat
        dealt = model.deal(position.view, position.seen, random.Random(index))
        assert hidden_cards(dealt, seat) == hidden_cards(truth, seat)
        assert [len(hand) for hand in dealt.hands] == [len(hand) for hand in truth.hands]
        assert dealt.hands[seat] == truth.hands[seat]
        assert Counter(card for pile in dealt.won for card in pile) == Counter(
            card for pile in truth.won for card in pile
        )
        assert (dealt.scores if isinstance(dealt, BriscolaState) else dealt.standings) == (
            truth.scores if isinstance(truth, BriscolaState) else truth.standings
        )
        moved += where(dealt, seat) != where(truth, seat)
    assert moved > len(positions) * 3 // 4


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_deals_vary_with_the_seed(game_type: str) -> None:
    model = MODELS[game_type]
    positions = [p for p in playing_positions(game_type) if sum(hidden_cards(p.state, p.seat).values()) > 2]
    varied = 0
    for position in positions:
        deals = {
            where(model.deal(position.view, position.seen, random.Random(s)), position.seat) for s in range(4)
        }
        varied += len(deals) > 1
    assert varied == len(positions)


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_a_deal_never_depends_on_the_true_hidden_cards(game_type: str) -> None:
    engine, model = engine_for(game_type), MODELS[game_type]
    for index, position in enumerate(playing_positions(game_type)):
        other = redeal_hidden(position.state, position.seat, random.Random(index))
        other_view = engine.view(other, position.seat)
        assert other_view == position.view
        first = model.deal(position.view, position.seen, random.Random(index))
        second = model.deal(other_view, position.seen, random.Random(index))
        assert engine.dump(first) == engine.dump(second)


@pytest.mark.parametrize("game_type", ["briscola", "briscola_a_quattro"])
def test_the_drawn_trump_card_stays_with_the_seat_that_drew_it(game_type: str) -> None:
    model = MODELS[game_type]
    checked = 0
    for index, position in enumerate(playing_positions(game_type)):
        truth: BriscolaState = position.state
        holders = [s for s, hand in enumerate(truth.hands) if truth.trump_card in hand]
        if not truth.trump_drawn or not holders:
            continue
        dealt = model.deal(position.view, position.seen, random.Random(index))
        assert truth.trump_card in dealt.hands[holders[0]]
        checked += 1
    assert checked


def test_until_the_called_card_is_played_only_its_holder_knows_where_it_is() -> None:
    model = MODELS["briscola_chiamata"]
    knowing = guessing = 0
    for position in playing_positions("briscola_chiamata"):
        truth: ChiamataState = position.state
        called = truth.called_card
        if truth.revealed or called is None:
            continue
        holder = next(s for s, hand in enumerate(truth.hands) if called in hand)
        places = {
            next(s for s, hand in enumerate(dealt.hands) if called in hand)
            for dealt in (model.deal(position.view, position.seen, random.Random(s)) for s in range(12))
        }
        if holder == position.seat:
            assert places == {position.seat}
            knowing += 1
        else:
            assert position.seat not in places and len(places) > 1
            guessing += 1
    assert knowing and guessing


def test_the_quick_policy_picks_a_card_the_normal_bot_would_pick() -> None:
    rng = random.Random(7)
    for _ in range(600):
        seats = rng.choice((2, 4, 5))
        cards = rng.sample(DECK, 3 + seats)
        seat, played = rng.randrange(seats), rng.randrange(seats)
        trick = tuple(Play((seat - played + k) % seats, card) for k, card in enumerate(cards[3 : 3 + played]))
        friends = frozenset(rng.sample([s for s in range(seats) if s != seat], rng.randrange(seats // 2 + 1)))
        trump = rng.choice(SUITS)
        sight = TrickSight(
            tuple(cards[:3]), tuple((p.seat, p.card) for p in trick), trump, seat, seats, friends
        )
        normal = {choose_card(sight, random.Random(s)) for s in range(30)}
        assert quick_card(tuple(cards[:3]), trick, trump, seat, seats, friends) in normal


def play_out(engine: GameEngine, model: SearchModel, start: Any, rng: random.Random) -> Any:
    """The deal ``start`` played to its end by the quick policy, each move checked legal."""
    state = start
    while not model.settled(state, start):
        seat = state.turn
        move = model.rollout(state, seat, rng)
        assert move in engine.view(state, seat)["legal_moves"]
        state = engine.apply(state, seat, move, NOW, rng).state
    return state


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_the_quick_policy_plays_only_legal_moves_to_the_end_of_the_deal(game_type: str) -> None:
    engine, model = engine_for(game_type), MODELS[game_type]
    for index, position in enumerate(playing_positions(game_type)[::3]):
        rng = random.Random(index)
        start = model.deal(position.view, position.seen, rng)
        end = play_out(engine, model, start, rng)
        assert end.phase != "playing" or end.deal_number != start.deal_number
        assert len(end.deals) == len(start.deals) + 1


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_the_two_sides_payoffs_add_up_to_one_at_the_end_of_a_deal(game_type: str) -> None:
    engine, model = engine_for(game_type), MODELS[game_type]
    for index, position in enumerate(playing_positions(game_type)[::3]):
        rng = random.Random(index)
        end = play_out(engine, model, model.deal(position.view, position.seen, rng), rng)
        payoffs = [model.payoff(end, seat) for seat in range(engine.seats)]
        assert all(0.0 <= payoff <= 1.0 for payoff in payoffs)
        for seat, payoff in enumerate(payoffs):
            rival = next(s for s in range(engine.seats) if not same_side(end, seat, s))
            assert payoff + payoffs[rival] == pytest.approx(1.0)


def true_friends(state: ChiamataState, seat: int) -> frozenset[int]:
    """The other seats on ``seat``'s side of a whole deal: the caller and the called card's holder."""
    assert state.caller is not None
    holder = (
        state.partner
        if state.revealed
        else next(s for s, hand in enumerate(state.hands) if state.called_card in hand)
    )
    calling = {state.caller} if holder is None else {state.caller, holder}
    side = calling if seat in calling else set(range(state.seats)) - calling
    return frozenset(side - {seat})


def test_a_chiamata_playout_plays_each_seat_knowing_only_the_sides_its_own_view_shows() -> None:
    engine, model = engine_for("briscola_chiamata"), ChiamataModel()
    hidden_partner = shown_partner = 0
    for index, position in enumerate(playing_positions("briscola_chiamata")[::2]):
        rng = random.Random(index)
        start = model.deal(position.view, position.seen, rng)
        state = start
        while not model.settled(state, start):
            for seat in range(engine.seats):
                view = engine.view(state, seat)
                hand = [Card.parse(code) for code in view["hand"]]
                assert known_friends(state, seat) == friends_of(view, seat, hand)
                assert known_friends(state, seat) <= true_friends(state, seat)
            shown_partner += state.revealed
            hidden_partner += not state.revealed
            turn = state.turn
            assert turn is not None
            state = model.step(state, turn, model.rollout(state, turn, rng), rng)
    assert hidden_partner and shown_partner


def same_side(state: Any, one: int, other: int) -> bool:
    if isinstance(state, BriscolaState):
        return side_of(one) == side_of(other)
    calling = state.deals[-1].calling_side
    return (one in calling) == (other in calling)


class FlatMonteCarlo:
    """A tiny flat Monte Carlo player over a search model (only for these tests): each legal card
    is tried on a few deals, played out by the quick policy, and the best average payoff wins."""

    def __init__(self, model: SearchModel, deals: int) -> None:
        self.model = model
        self.deals = deals

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Any = ()) -> dict[str, Any]:
        moves = view["legal_moves"]
        if len(moves) == 1 or view["phase"] != "playing":
            return strategy_for(view["game_type"], "normal").decide(view, rng, seen)
        seat = view["turn"]
        engine = self.model.engine
        totals = [0.0] * len(moves)
        for _ in range(self.deals):
            start = self.model.deal(view, seen, rng)
            for index, move in enumerate(moves):
                state = engine.apply(start, seat, move, NOW, rng).state
                while not self.model.settled(state, start):
                    state = engine.apply(
                        state, state.turn, self.model.rollout(state, state.turn, rng), NOW, rng
                    ).state
                totals[index] += self.model.payoff(state, seat)
        return dict(moves[max(range(len(moves)), key=totals.__getitem__)])


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_a_player_searching_the_models_deals_finishes_a_match(game_type: str) -> None:
    engine = engine_for(game_type)
    searching = FlatMonteCarlo(MODELS[game_type], deals=2)
    players = [searching if seat == 0 else strategy_for(game_type, "normal") for seat in range(engine.seats)]
    decisions = sum(1 for position in watched_positions(engine, players, seed=3) if position.seat == 0)
    assert decisions > 0  # and the match ended: watched_positions fails a match that does not
