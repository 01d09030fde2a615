"""The rules of rubamazzo, one at a time, on arranged positions."""

from __future__ import annotations

import random

import pytest
from rubamazzo_positions import NOW, TIMEOUTS, arrange, codes_of, start
from tavolo_rubamazzo.state import census
from tavolo_rubamazzo.variants import RUBAMAZZO, RUBAMAZZO_A_QUATTRO, RUBAMAZZO_A_TRE

from domain.cards import DECK, card, cards
from domain.errors import IllegalMove, InvalidAction, NotYourTurn

RNG = random.Random(0)


def plays_of(state_view: dict[str, object], code: str) -> list[dict[str, object]]:
    moves = state_view["legal_moves"]
    assert isinstance(moves, list)
    return [move for move in moves if move["card"] == code]


# --- dealing ---------------------------------------------------------------------------------


def test_each_player_gets_three_cards_and_four_go_face_up_on_the_table() -> None:
    deck = cards("01D 02D 03D 04D 05D 06D 07D 08D 09D 10D") + [
        c for c in DECK if c not in cards("01D 02D 03D 04D 05D 06D 07D 08D 09D 10D")
    ]
    outcome = RUBAMAZZO.start({}, TIMEOUTS, NOW, RNG, deck)
    state = outcome.state
    assert codes_of(state.hands[1]) == ["01D", "03D", "05D"]  # the seat after the dealer first
    assert codes_of(state.hands[0]) == ["02D", "04D", "06D"]
    assert codes_of(state.table) == ["07D", "08D", "09D", "10D"]
    assert len(state.deck) == 30
    assert RUBAMAZZO.turn(state) == 1
    assert [event.kind for event in outcome.events] == ["hand_started", "cards_dealt", "dealt", "dealt"]


def test_three_kings_on_the_table_are_not_dealt_again() -> None:
    kings = cards("10D 10C 10S")
    first = [c for c in DECK if c not in kings][:6]
    deck = [*first, *kings, *(c for c in DECK if c not in kings and c not in first)]
    state = RUBAMAZZO.start({}, TIMEOUTS, NOW, RNG, deck).state
    assert codes_of(state.table)[:3] == ["10D", "10C", "10S"]


def test_empty_hands_are_dealt_three_more_while_the_stock_lasts() -> None:
    state = arrange(RUBAMAZZO, ["", "01D"], table="05C", turn=1)._replace(dealer=0)
    outcome = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "01D"}, NOW, RNG)
    after = outcome.state
    assert [len(hand) for hand in after.hands] == [3, 3]
    assert len(after.deck) == len(state.deck) - 6
    assert after.turn == 0
    assert [event.kind for event in outcome.events] == ["play", "cards_dealt", "dealt", "dealt"]


# --- taking ----------------------------------------------------------------------------------


def test_a_card_matching_the_top_of_an_opponents_pile_steals_it() -> None:
    state = arrange(RUBAMAZZO, ["01C 02C", "07D 03C"], table="04S", piles=["05B 07C", ""])
    view = RUBAMAZZO.view(state, 1)
    assert plays_of(view, "07D") == [{"action": "play", "card": "07D", "steal": 0}]
    outcome = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "07D", "steal": 0}, NOW, RNG)
    after = outcome.state
    assert after.piles[0] == ()
    assert codes_of(after.piles[1]) == ["05B", "07C", "07D"]
    play = outcome.events[0]
    assert (play.kind, play.seat) == ("play", 1)
    assert play.data == {"card": "07D", "captured": [], "stolen_from": 0, "stolen": 2}


def test_a_stolen_pile_goes_under_the_thiefs_own_with_the_played_card_on_top() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D 03C"], piles=["02B 06C", "09S 09B"])
    after = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D", "steal": 0}, NOW, RNG).state
    assert codes_of(after.piles[1]) == ["02B", "06C", "09S", "09B", "06D"]
    assert RUBAMAZZO.view(after, None)["piles"] == [{"top": None, "size": 0}, {"top": "06D", "size": 5}]


def test_a_card_matching_a_table_card_captures_that_one_card() -> None:
    state = arrange(RUBAMAZZO, ["01C", "04D 03C"], table="04S 02B 06C")
    outcome = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "04D", "capture": "04S"}, NOW, RNG)
    after = outcome.state
    assert codes_of(after.table) == ["02B", "06C"]
    assert codes_of(after.piles[1]) == ["04S", "04D"]
    assert outcome.events[0].data["captured"] == ["04S"]


def test_captures_are_by_rank_only_never_by_sum() -> None:
    state = arrange(RUBAMAZZO, ["01C", "07D"], table="03S 04B")
    assert plays_of(RUBAMAZZO.view(state, 1), "07D") == [{"action": "play", "card": "07D"}]
    with pytest.raises(IllegalMove):
        RUBAMAZZO.apply(state, 1, {"action": "play", "card": "07D", "capture": "03S"}, NOW, RNG)


def test_with_two_table_cards_of_its_rank_a_card_captures_one_of_them_of_your_choice() -> None:
    state = arrange(RUBAMAZZO, ["01C", "10D"], table="10S 02B 10B")
    assert plays_of(RUBAMAZZO.view(state, 1), "10D") == [
        {"action": "play", "card": "10D", "capture": "10S"},
        {"action": "play", "card": "10D", "capture": "10B"},
    ]
    after = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "10D", "capture": "10B"}, NOW, RNG).state
    assert codes_of(after.table) == ["10S", "02B"]


def test_a_card_that_can_both_steal_and_capture_lets_the_player_choose() -> None:
    state = arrange(RUBAMAZZO, ["01C", "05D"], table="05S", piles=["02B 05C", ""])
    assert plays_of(RUBAMAZZO.view(state, 1), "05D") == [
        {"action": "play", "card": "05D", "steal": 0},
        {"action": "play", "card": "05D", "capture": "05S"},
    ]
    stolen = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "05D", "steal": 0}, NOW, RNG).state
    captured = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "05D", "capture": "05S"}, NOW, RNG).state
    assert [len(pile) for pile in stolen.piles] == [0, 3]
    assert [len(pile) for pile in captured.piles] == [2, 2]


def test_a_card_that_can_take_must_take() -> None:
    state = arrange(RUBAMAZZO, ["01C", "05D 02D"], table="05S")
    with pytest.raises(IllegalMove, match="must"):
        RUBAMAZZO.apply(state, 1, {"action": "play", "card": "05D"}, NOW, RNG)


def test_a_card_that_takes_nothing_stays_on_the_table() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D 02D"], table="05S", piles=["03B", ""])
    outcome = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D"}, NOW, RNG)
    assert codes_of(outcome.state.table) == ["05S", "06D"]
    assert outcome.state.piles == state.piles
    assert outcome.events[0].data == {"card": "06D", "captured": [], "stolen_from": None, "stolen": 0}


def test_a_player_cannot_steal_their_own_pile() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D 02D"], piles=["", "03B 06B"])
    assert plays_of(RUBAMAZZO.view(state, 1), "06D") == [{"action": "play", "card": "06D"}]
    with pytest.raises(IllegalMove):
        RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D", "steal": 1}, NOW, RNG)


def test_a_card_steals_only_a_pile_whose_top_has_its_rank() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D 02D"], piles=["06B 03B", ""])
    with pytest.raises(IllegalMove):
        RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D", "steal": 0}, NOW, RNG)


def test_at_four_players_any_opponents_pile_with_the_rank_may_be_stolen() -> None:
    state = arrange(
        RUBAMAZZO_A_QUATTRO, ["01C", "08D", "02C", "03C"], piles=["08S", "08C", "", "01B 08B"], turn=1
    )
    assert plays_of(RUBAMAZZO_A_QUATTRO.view(state, 1), "08D") == [
        {"action": "play", "card": "08D", "steal": 0},
        {"action": "play", "card": "08D", "steal": 3},
    ]


# --- refused actions -------------------------------------------------------------------------


def test_a_seat_off_turn_is_refused() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D"])
    with pytest.raises(NotYourTurn):
        RUBAMAZZO.apply(state, 0, {"action": "play", "card": "01C"}, NOW, RNG)


def test_a_card_not_in_the_hand_is_refused_without_naming_it() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D"])
    with pytest.raises(IllegalMove) as refused:
        RUBAMAZZO.apply(state, 1, {"action": "play", "card": "01C"}, NOW, RNG)
    assert "01C" not in refused.value.message


def test_a_play_that_both_captures_and_steals_is_malformed() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D"], table="06S", piles=["06B", ""])
    with pytest.raises(InvalidAction):
        RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D", "capture": "06S", "steal": 0}, NOW, RNG)


def test_an_acknowledgement_during_play_is_refused() -> None:
    with pytest.raises(IllegalMove):
        RUBAMAZZO.apply(start(RUBAMAZZO), 1, {"action": "ack"}, NOW, RNG)


# --- the end of a hand and of the match ----------------------------------------------------


def test_the_leftovers_go_to_the_player_who_took_last() -> None:
    # Seat 0 captured last; seat 1's last card takes nothing, so the table (and it) go to seat 0.
    state = arrange(RUBAMAZZO, ["", "06D"], table="02S 03B", piles=["04B 04C", "09B"], filler=(12, 22))
    state = state._replace(last_taker=0)
    outcome = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D"}, NOW, RNG)
    after = outcome.state
    assert after.table == ()
    assert len(after.piles[0]) == 12 + 2 + 3
    leftovers = [event for event in outcome.events if event.kind == "leftovers"]
    assert [(event.seat, event.data) for event in leftovers] == [(0, {"cards": ["02S", "03B", "06D"]})]


def test_the_player_with_the_most_cards_wins() -> None:
    state = arrange(RUBAMAZZO, ["", "06D"], piles=["04B 04C", "09B"], filler=(20, 16))._replace(last_taker=1)
    outcome = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D"}, NOW, RNG)
    assert RUBAMAZZO.is_over(outcome.state)
    result = RUBAMAZZO.result(outcome.state)
    assert result is not None
    assert result.winner == "A"
    assert result.scores == {"A": 22, "B": 18}  # the 06D left on the table goes to seat 1, which took last
    assert [(player.won, player.points) for player in result.players] == [(True, 22), (False, 18)]
    assert outcome.events[-1].kind == "match_end"
    assert outcome.events[-1].data == {"winner": "A", "scores": {"A": 22, "B": 18}}


def test_a_shared_lead_is_decided_by_another_hand_whose_cards_are_added() -> None:
    state = arrange(RUBAMAZZO, ["", "06D"], piles=["04B 04C", "09B"], filler=(18, 18))._replace(last_taker=1)
    ended = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D"}, NOW, RNG).state
    assert ended.phase == "hand_end"
    assert ended.totals == (20, 20)
    assert ended.history[-1]["tie"] is True
    assert RUBAMAZZO.to_act(ended) == (0, 1)
    assert RUBAMAZZO.deadlines(ended)[0].kind == "hand_end"
    waiting = RUBAMAZZO.apply(ended, 0, {"action": "ack"}, NOW, RNG).state
    dealt = RUBAMAZZO.apply(waiting, 1, {"action": "ack"}, NOW, RNG).state
    assert (dealt.phase, dealt.hand_number, dealt.dealer, dealt.turn) == ("playing", 2, 1, 0)
    assert dealt.totals == (20, 20)
    assert [len(hand) for hand in dealt.hands] == [3, 3]


def test_a_match_of_three_is_rated_as_the_winner_against_the_others() -> None:
    state = arrange(
        RUBAMAZZO_A_TRE, ["", "", "06D"], piles=["04B 04C", "09B", "02S"], filler=(8, 16, 11), turn=2
    )
    finished = RUBAMAZZO_A_TRE.apply(state, 2, {"action": "play", "card": "06D"}, NOW, RNG).state
    result = RUBAMAZZO_A_TRE.result(finished)
    assert result is not None
    assert result.sides == {"B": (1,), "others": (0, 2)}
    assert result.winner == "B"
    assert result.scores == {"B": 17, "others": 12}  # the runner-up's cards; nobody took the 06D
    assert [(p.team, p.won, p.points) for p in result.players] == [
        ("others", False, 10),
        ("B", True, 17),
        ("others", False, 12),
    ]
    assert RUBAMAZZO_A_TRE.view(finished, 0)["teams"] == {"B": [1], "others": [0, 2]}


# --- deadlines -------------------------------------------------------------------------------


def test_a_turn_that_times_out_is_played_for_the_seat() -> None:
    state = start(RUBAMAZZO)
    (deadline,) = RUBAMAZZO.deadlines(state)
    assert (deadline.kind, deadline.due) == ("turn", NOW + TIMEOUTS.turn)
    outcome = RUBAMAZZO.fire(state, deadline.token, deadline.due, random.Random(3))
    assert [event.kind for event in outcome.events[:2]] == ["timeout", "play"]
    assert outcome.events[1].seat == 1
    assert len(outcome.state.hands[1]) == 2
    assert RUBAMAZZO.fire(outcome.state, deadline.token, deadline.due, RNG).changed is False


def test_the_hand_summary_deadline_deals_the_deciding_hand() -> None:
    state = arrange(RUBAMAZZO, ["", "06D"], piles=["04B 04C", "09B"], filler=(18, 18))._replace(last_taker=1)
    ended = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D"}, NOW, RNG).state
    (deadline,) = RUBAMAZZO.deadlines(ended)
    assert deadline.due == NOW + TIMEOUTS.hand_ack
    outcome = RUBAMAZZO.fire(ended, deadline.token, deadline.due, random.Random(5))
    assert outcome.events[0].kind == "timeout"
    assert outcome.events[0].data["seats"] == [0, 1]
    assert outcome.state.hand_number == 2


# --- views and card places -------------------------------------------------------------------


def test_a_spectator_sees_no_hand_and_each_seat_only_its_own() -> None:
    state = start(RUBAMAZZO)
    spectator = RUBAMAZZO.view(state, None)
    assert "hand" not in spectator and "legal_moves" not in spectator
    for seat in (0, 1):
        view = RUBAMAZZO.view(state, seat)
        assert view["hand"] == codes_of(state.hands[seat])
        assert view["your_turn"] is (seat == 1)
        assert bool(view["legal_moves"]) is (seat == 1)


def test_views_show_each_piles_top_and_size_but_not_the_cards_beneath() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D"], piles=["02B 07S", ""])
    view = RUBAMAZZO.view(state, 1)
    assert view["piles"] == [{"top": "07S", "size": 2}, {"top": None, "size": 0}]
    assert "02B" not in str(view)
    assert view["captured_counts"] == {"A": 2, "B": 0}


def test_card_zones_hold_the_whole_deck_once() -> None:
    state = arrange(RUBAMAZZO, ["01C", "06D"], table="05S", piles=["02B 07S", ""])
    zones = RUBAMAZZO.card_zones(state)
    everything = [*zones.hands[0], *zones.hands[1], *zones.hidden, *zones.public]
    assert sorted(everything) == sorted(RUBAMAZZO.card_codes)
    assert set(zones.public) == {"05S", "02B", "07S"}
    assert sorted(card.code for card in census(state)) == sorted(RUBAMAZZO.card_codes)


def test_a_state_round_trips_through_its_plain_dict_form() -> None:
    state = arrange(RUBAMAZZO, ["01C", "05D"], table="05S", piles=["02B 05C", ""])
    played = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "05D", "steal": 0}, NOW, RNG).state
    assert RUBAMAZZO.load(RUBAMAZZO.dump(played)) == played
    with pytest.raises(ValueError):
        RUBAMAZZO_A_TRE.load(RUBAMAZZO.dump(played))


def test_the_card_codes_are_the_forty_italian_cards() -> None:
    assert sorted(RUBAMAZZO.card_codes) == sorted(c.code for c in DECK)
    assert card("10B").code in RUBAMAZZO.card_codes
