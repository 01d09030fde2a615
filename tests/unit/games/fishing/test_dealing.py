"""Dealing: who deals, who plays first, deal rounds, and the void deal with kings."""

from __future__ import annotations

import random

from domain.cards import cards, shuffled_deck
from domain.engine import Event
from domain.games.fishing import SCOPA, SCOPA_A_QUATTRO, SCOPONE, FishingEngine
from domain.games.fishing.state import FishingState

from .builders import NOW, TIMEOUTS, assert_all_cards_once, deck_for, start


def test_the_explicit_deck_is_dealt_from_the_top_starting_after_the_dealer() -> None:
    deck = deck_for(SCOPONE, hands={1: "07D"})
    state = SCOPONE.start({}, TIMEOUTS, NOW, random.Random(0), deck=deck).state
    assert deck[0] == cards("07D")[0]
    assert state.hands[1][0] == deck[0]
    assert state.hands[2][0] == deck[1]
    assert state.hands[0][0] == deck[3]


def test_scopone_deals_ten_cards_each_and_an_empty_table() -> None:
    state = start(SCOPONE)
    assert [len(hand) for hand in state.hands] == [10, 10, 10, 10]
    assert state.table == ()
    assert state.deck == ()
    assert state.dealer == 0
    assert state.turn == 1


def test_scopa_deals_three_cards_each_and_four_on_the_table() -> None:
    state = start(SCOPA, hands={0: "01D 02D 03D", 1: "04D 05D 06D"}, table="01C 02C 03C 04C")
    assert state.hands == (tuple(cards("01D 02D 03D")), tuple(cards("04D 05D 06D")))
    assert state.table == tuple(cards("01C 02C 03C 04C"))
    assert len(state.deck) == 30
    assert state.turn == 1


def test_three_kings_on_the_table_void_the_deal_and_the_same_dealer_reshuffles() -> None:
    state = start(SCOPA, hands={0: "01D 02D 03D", 1: "04D 05D 06D"}, table="10D 10C 10S 01B", seed=3)
    expected = shuffled_deck(random.Random(3))
    assert state.dealer == 0
    assert state.hands[1][0] == expected[0]
    assert sum(1 for item in state.table if item.rank == 10) < 3
    assert_all_cards_once(state)


def test_four_kings_on_the_table_void_the_deal() -> None:
    state = start(SCOPA_A_QUATTRO, hands={0: "01D"}, table="10D 10C 10S 10B", seed=5)
    assert sum(1 for item in state.table if item.rank == 10) < 3


def test_two_kings_on_the_table_are_a_normal_deal() -> None:
    state = start(SCOPA, hands={0: "01D 02D 03D"}, table="10D 10C 01S 01B")
    assert state.table == tuple(cards("10D 10C 01S 01B"))


def play_out_hand(engine: FishingEngine, state: FishingState) -> tuple[FishingState, list[Event]]:
    """Let every turn time out until the hand is over."""
    rng = random.Random(11)
    events: list[Event] = []
    while state.phase == "playing":
        (deadline,) = engine.deadlines(state)
        outcome = engine.fire(state, deadline.token, deadline.due, rng)
        state = outcome.state
        events.extend(outcome.events)
        assert_all_cards_once(state)
        if state.phase == "playing":
            assert all(len(hand) <= engine.variant.hand_size for hand in state.hands)
    return state, events


def test_two_player_scopa_is_dealt_in_six_rounds() -> None:
    state, events = play_out_hand(SCOPA, start(SCOPA, seed=1))
    assert sum(1 for event in events if event.kind == "cards_dealt") == 5
    assert state.moves == 36
    assert state.phase in {"hand_end", "finished"}


def test_four_player_scopa_is_dealt_in_three_rounds() -> None:
    state, events = play_out_hand(SCOPA_A_QUATTRO, start(SCOPA_A_QUATTRO, seed=2))
    assert sum(1 for event in events if event.kind == "cards_dealt") == 2
    assert state.moves == 36


def test_scopone_is_one_round_of_forty_plays() -> None:
    state, events = play_out_hand(SCOPONE, start(SCOPONE, seed=4))
    assert not any(event.kind == "cards_dealt" for event in events)
    assert state.moves == 40
