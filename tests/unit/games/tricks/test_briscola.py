"""Briscola dealing, tricks, drawing, deadlines, views and errors, from explicit decks."""

from typing import Any

import pytest

from domain.cards import Card, card, check_deck
from domain.errors import GameOver, IllegalMove, InvalidAction, NotYourTurn
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO, TRICK_ENGINES
from domain.games.tricks.briscola import BriscolaEngine
from domain.games.tricks.briscola_state import BriscolaState
from tests.unit.games.seen import card_codes_in
from tests.unit.games.tricks.helpers import (
    NOW,
    TIMEOUTS,
    briscola_state,
    build_deck,
    rng,
)

# Dealer 0: seat 1 gets the first card. Trump card 02D, stock 10B then 09B.
TWO_PLAYER_DECK = build_deck({1: "04C 05C 06C", 0: "01C 07S 04D"}, seats=2, per_seat=3, then="02D 10B 09B")


def start(
    engine: BriscolaEngine = BRISCOLA, deck: list[Card] | None = None, target: int = 61
) -> BriscolaState:
    return briscola_state(
        engine.start({"target_score": target}, TIMEOUTS, NOW, rng(), deck=deck or TWO_PLAYER_DECK)
    )


def play(engine: BriscolaEngine, state: BriscolaState, seat: int, code: str) -> BriscolaState:
    return briscola_state(engine.apply(state, seat, {"action": "play", "card": code}, NOW + 1, rng()))


def play_first_cards_until(state: BriscolaState, engine: BriscolaEngine, stop) -> BriscolaState:
    while not stop(state):
        seat = engine.turn(state)
        assert seat is not None
        state = play(engine, state, seat, state.hands[seat][0].code)
    return state


def test_the_engines_are_exported_with_their_game_types_and_seats() -> None:
    assert [(e.game_type, e.seats) for e in TRICK_ENGINES] == [
        ("briscola", 2),
        ("briscola_a_quattro", 4),
        ("briscola_chiamata", 5),
    ]


def test_the_deal_follows_the_deck_order_starting_after_the_dealer() -> None:
    state = start()
    assert [c.code for c in state.hands[1]] == ["04C", "05C", "06C"]
    assert [c.code for c in state.hands[0]] == ["01C", "07S", "04D"]
    view = BRISCOLA.view(state, 0)
    assert view["trump_card"] == "02D"
    assert view["trump_suit"] == "D"
    assert view["deck_count"] == 34
    assert view["turn"] == 1
    assert view["dealer"] == 0
    assert view["turn_deadline"] == NOW + TIMEOUTS.turn
    assert view["turn_seconds"] == TIMEOUTS.turn


def test_a_trump_wins_the_trick_over_a_higher_plain_card() -> None:
    state = play(BRISCOLA, start(), 1, "06C")
    state = play(BRISCOLA, state, 0, "04D")
    assert state.last_trick is not None and state.last_trick.winner == 0


def test_the_winner_draws_first_and_leads_the_next_trick() -> None:
    state = play(BRISCOLA, start(), 1, "04C")
    state = play(BRISCOLA, state, 0, "01C")
    assert card("10B") in state.hands[0]
    assert card("09B") in state.hands[1]
    assert BRISCOLA.turn(state) == 0
    assert BRISCOLA.view(state, None)["tricks_won"] == {"A": 1, "B": 0}


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO])
def test_the_face_up_card_is_drawn_last_by_the_player_whose_turn_it_is_to_draw(
    engine: BriscolaEngine,
) -> None:
    deck = build_deck({}, seats=engine.seats, per_seat=3, then="07B")
    state = start(engine, deck)
    state = play_first_cards_until(state, engine, lambda s: s.deck_count == 0)
    assert state.last_trick is not None
    last_drawer = (state.last_trick.winner + engine.seats - 1) % engine.seats
    assert card("07B") in state.hands[last_drawer]
    assert all(len(hand) == 3 for hand in state.hands)
    assert engine.view(state, None)["trump_card"] is None
    assert engine.view(state, None)["trump_suit"] == "B"


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO])
def test_a_whole_deal_shares_out_120_card_points(engine: BriscolaEngine) -> None:
    deck = build_deck({}, seats=engine.seats, per_seat=3)
    state = play_first_cards_until(start(engine, deck, target=1000), engine, lambda s: s.phase != "playing")
    record = state.deals[-1]
    assert sum(record.points) == 120
    assert sum(record.tricks) == 40 // engine.seats
    assert state.phase == "hand_end"


def test_the_four_player_game_has_fixed_partnerships_of_opposite_seats() -> None:
    state = start(BRISCOLA_A_QUATTRO, build_deck({}, seats=4, per_seat=3))
    view = BRISCOLA_A_QUATTRO.view(state, 2)
    assert view["teams"] == {"A": [0, 2], "B": [1, 3]}
    assert view["hand_counts"] == [3, 3, 3, 3]
    assert view["deck_count"] == 28


def test_a_turn_timeout_plays_a_card_of_the_seat_on_turn() -> None:
    state = start()
    (deadline,) = BRISCOLA.deadlines(state)
    assert deadline.kind == "turn" and deadline.due == NOW + TIMEOUTS.turn
    outcome = BRISCOLA.fire(state, deadline.token, NOW + 30, rng())
    assert outcome.changed
    assert len(outcome.state.hands[1]) == 2
    assert outcome.state.trick[0].seat == 1 and outcome.state.trick[0].card in state.hands[1]
    assert outcome.events[0].kind == "timeout"
    assert BRISCOLA.turn(outcome.state) == 0


def test_a_stale_turn_token_changes_nothing() -> None:
    state = start()
    (deadline,) = BRISCOLA.deadlines(state)
    moved = play(BRISCOLA, state, 1, "04C")
    outcome = BRISCOLA.fire(moved, deadline.token, NOW + 30, rng())
    assert not outcome.changed and outcome.state == moved and outcome.events == ()
    assert BRISCOLA.fire(moved, "hand_end:1", NOW + 30, rng()).changed is False


def test_a_seat_sees_its_own_hand_and_only_card_counts_of_the_others() -> None:
    state = start()
    view = BRISCOLA.view(state, 0)
    assert view["hand"] == ["01C", "07S", "04D"]
    assert view["hand_counts"] == [3, 3]
    assert view["your_turn"] is False and view["legal_moves"] == []
    assert card_codes_in(view) == {"01C", "07S", "04D", "02D"}
    assert BRISCOLA.view(state, 1)["legal_moves"] == [
        {"action": "play", "card": "04C"},
        {"action": "play", "card": "05C"},
        {"action": "play", "card": "06C"},
    ]


def test_a_spectator_sees_no_hand_at_all() -> None:
    view = BRISCOLA.view(start(), None)
    assert "hand" not in view and "legal_moves" not in view
    assert card_codes_in(view) == {"02D"}


def test_playing_a_card_not_in_hand_is_refused_without_naming_other_cards() -> None:
    state = start()
    with pytest.raises(IllegalMove) as refused:
        BRISCOLA.apply(state, 1, {"action": "play", "card": "01C"}, NOW, rng())
    assert card_codes_in(refused.value.message) <= {"01C"}
    assert "01C" in refused.value.message


def test_playing_out_of_turn_is_refused() -> None:
    with pytest.raises(NotYourTurn):
        BRISCOLA.apply(start(), 0, {"action": "play", "card": "01C"}, NOW, rng())


@pytest.mark.parametrize(
    "action",
    [
        {"action": "play"},
        {"action": "play", "card": "11C"},
        {"action": "play", "card": 7},
        {"action": "fold"},
        {},
    ],
)
def test_malformed_actions_are_invalid(action: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction):
        BRISCOLA.apply(start(), 1, action, NOW, rng())


def test_acknowledging_while_a_deal_is_being_played_is_refused() -> None:
    with pytest.raises(IllegalMove):
        BRISCOLA.apply(start(), 1, {"action": "ack"}, NOW, rng())


def test_a_refused_action_leaves_the_state_as_it_was() -> None:
    state = start()
    before = BRISCOLA.dump(state)
    with pytest.raises(IllegalMove):
        BRISCOLA.apply(state, 1, {"action": "play", "card": "01C"}, NOW, rng())
    assert BRISCOLA.dump(state) == before


def test_nothing_is_accepted_once_the_match_is_over() -> None:
    deck = build_deck({}, seats=2, per_seat=3)
    state = play_first_cards_until(start(BRISCOLA, deck, target=1), BRISCOLA, lambda s: s.phase != "playing")
    assert BRISCOLA.is_over(state)
    with pytest.raises(GameOver):
        BRISCOLA.apply(state, 0, {"action": "ack"}, NOW, rng())
    assert BRISCOLA.deadlines(state) == ()
    assert BRISCOLA.turn(state) is None
    assert BRISCOLA.fire(state, "turn:0", NOW, rng()).changed is False


def test_an_explicit_deck_must_hold_the_forty_cards() -> None:
    with pytest.raises(InvalidAction):
        BRISCOLA.start({}, TIMEOUTS, NOW, rng(), deck=TWO_PLAYER_DECK[:-1])
    check_deck(TWO_PLAYER_DECK)


def test_the_state_survives_a_dump_and_load_round_trip() -> None:
    state = play(BRISCOLA, start(), 1, "04C")
    data = BRISCOLA.dump(state)
    assert BRISCOLA.load(data) == state
    assert BRISCOLA.dump(BRISCOLA.load(data)) == data


def test_the_same_seed_deals_the_same_match() -> None:
    assert BRISCOLA.start({}, TIMEOUTS, NOW, rng(3)).state == BRISCOLA.start({}, TIMEOUTS, NOW, rng(3)).state
