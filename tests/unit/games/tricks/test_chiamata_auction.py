"""The calling auction of briscola chiamata and its timeouts."""

from typing import Any

import pytest

from domain.errors import GameOver, IllegalMove, InvalidAction, NotYourTurn
from domain.games.tricks import BRISCOLA_CHIAMATA as CHIAMATA
from domain.games.tricks.chiamata_state import ChiamataState
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, build_deck, chiamata_state, rng

DECK = build_deck({1: "01D 03D 10D 09D 08D 07D 06D 05D", 3: "01C"}, seats=5, per_seat=8)


def start() -> ChiamataState:
    return chiamata_state(CHIAMATA.start({}, TIMEOUTS, NOW, rng(), deck=DECK))


def act(state: ChiamataState, seat: int, **action: object) -> ChiamataState:
    return chiamata_state(CHIAMATA.apply(state, seat, dict(action), NOW + 1, rng()))


def bids(state: ChiamataState, *moves: tuple[int, dict[str, Any]]) -> ChiamataState:
    for seat, action in moves:
        state = chiamata_state(CHIAMATA.apply(state, seat, action, NOW + 1, rng()))
    return state


PASS = {"action": "pass"}


def test_the_whole_deck_is_dealt_eight_cards_each_and_the_auction_opens_after_the_dealer() -> None:
    state = start()
    assert [len(h) for h in state.hands] == [8] * 5
    assert [c.code for c in state.hands[1]] == ["01D", "03D", "10D", "09D", "08D", "07D", "06D", "05D"]
    view = CHIAMATA.view(state, 1)
    assert view["phase"] == "auction" and view["turn"] == 1 and view["dealer"] == 0
    assert view["auction"] == {"standing": None, "passed": [], "history": [], "forced": False}
    assert {"action": "bid", "rank": 1} in view["legal_moves"] and {"action": "pass"} in view["legal_moves"]
    assert view["teams"] is None and view["partner"] is None and view["called_card"] is None


def test_a_bid_that_does_not_go_lower_is_refused() -> None:
    state = act(start(), 1, action="bid", rank=3)
    with pytest.raises(IllegalMove):
        act(state, 2, action="bid", rank=1)
    with pytest.raises(IllegalMove):
        act(state, 2, action="bid", rank=3)
    state = act(state, 2, action="bid", rank=10)
    assert CHIAMATA.view(state, None)["auction"]["standing"] == {"seat": 2, "rank": 10}


def test_passing_is_final_and_a_passed_seat_is_skipped() -> None:
    state = bids(
        start(),
        (1, PASS),
        (2, {"action": "bid", "rank": 1}),
        (3, {"action": "bid", "rank": 3}),
        (4, PASS),
        (0, {"action": "bid", "rank": 10}),
    )
    assert CHIAMATA.turn(state) == 2
    with pytest.raises(NotYourTurn):
        act(state, 1, action="bid", rank=9)
    state = bids(state, (2, {"action": "bid", "rank": 9}), (3, PASS))
    assert CHIAMATA.turn(state) == 0
    assert CHIAMATA.view(state, 0)["auction"]["passed"] == [1, 3, 4]


def test_the_last_bidder_left_wins_the_auction_and_must_call() -> None:
    state = bids(start(), (1, {"action": "bid", "rank": 8}), (2, PASS), (3, PASS), (4, PASS), (0, PASS))
    view = CHIAMATA.view(state, 1)
    assert view["phase"] == "call" and view["caller"] == 1 and view["turn"] == 1
    assert view["legal_moves"] == [{"action": "call", "card": f"08{suit}"} for suit in "DCSB"]


def test_once_the_two_stands_bids_are_on_points_from_62_in_even_steps_up_to_120() -> None:
    state = act(start(), 1, action="bid", rank=2)
    for wrong in ({"rank": 1}, {"points": 60}, {"points": 63}, {"points": 122}):
        with pytest.raises(IllegalMove):
            CHIAMATA.apply(state, 2, {"action": "bid", **wrong}, NOW, rng())
    state = act(state, 2, action="bid", points=62)
    with pytest.raises(IllegalMove):
        act(state, 3, action="bid", points=62)
    state = act(state, 3, action="bid", points=70)
    assert CHIAMATA.view(state, None)["auction"]["standing"] == {"seat": 3, "points": 70}
    assert CHIAMATA.view(state, None)["target"] == 70
    legal = CHIAMATA.view(state, 4)["legal_moves"]
    assert legal[0] == {"action": "pass"}
    assert [m["points"] for m in legal[1:]] == list(range(72, 121, 2))


def test_points_cannot_be_bid_before_the_two_stands() -> None:
    with pytest.raises(IllegalMove):
        act(start(), 1, action="bid", points=62)


@pytest.mark.parametrize(
    "action",
    [
        {"action": "bid"},
        {"action": "bid", "rank": 1, "points": 62},
        {"action": "bid", "rank": 11},
        {"action": "bid", "rank": "A"},
        {"action": "bid", "points": True},
        {"action": "shout"},
    ],
)
def test_malformed_bids_are_invalid(action: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction):
        CHIAMATA.apply(start(), 1, action, NOW, rng())


def test_when_everyone_passes_the_last_one_is_made_to_bid_the_ace() -> None:
    state = bids(start(), (1, PASS), (2, PASS), (3, PASS), (4, PASS))
    view = CHIAMATA.view(state, None)
    assert view["phase"] == "call" and view["caller"] == 0
    assert view["auction"]["forced"] is True
    assert view["auction"]["standing"] == {"seat": 0, "rank": 1}
    assert view["auction"]["history"][-1] == {"seat": 0, "action": "bid", "rank": 1, "forced": True}


def test_calling_a_card_of_another_rank_is_refused() -> None:
    state = bids(start(), (1, {"action": "bid", "rank": 1}), (2, PASS), (3, PASS), (4, PASS), (0, PASS))
    with pytest.raises(IllegalMove) as refused:
        act(state, 1, action="call", card="03C")
    assert "03C" not in refused.value.message
    with pytest.raises(NotYourTurn):
        act(state, 3, action="call", card="01C")
    with pytest.raises(IllegalMove):
        act(state, 1, action="play", card="01D")


def test_an_absent_bidder_passes_when_the_turn_times_out() -> None:
    state = start()
    (deadline,) = CHIAMATA.deadlines(state)
    assert deadline.kind == "turn" and deadline.due == NOW + TIMEOUTS.turn
    outcome = CHIAMATA.fire(state, deadline.token, deadline.due, rng())
    assert outcome.state.auction.passed == (1,)
    assert CHIAMATA.turn(outcome.state) == 2
    assert CHIAMATA.fire(outcome.state, deadline.token, deadline.due, rng()).changed is False


def test_the_last_one_standing_with_no_bid_bids_the_ace_on_timeouts() -> None:
    state = start()
    for _ in range(4):
        (deadline,) = CHIAMATA.deadlines(state)
        state = CHIAMATA.fire(state, deadline.token, deadline.due, rng()).state
    assert state.phase == "call" and state.caller == 0
    assert state.auction.standing is not None and state.auction.standing.rank == 1


def test_an_absent_caller_names_a_card_of_the_won_rank() -> None:
    state = bids(start(), (1, {"action": "bid", "rank": 9}), (2, PASS), (3, PASS), (4, PASS), (0, PASS))
    (deadline,) = CHIAMATA.deadlines(state)
    state = CHIAMATA.fire(state, deadline.token, deadline.due, rng()).state
    assert state.phase == "playing"
    assert state.called_card is not None and state.called_card.rank == 9
    assert CHIAMATA.view(state, None)["trump_suit"] == state.called_card.suit.value


def test_nothing_is_accepted_after_the_match_and_bids_after_the_auction_are_refused() -> None:
    state = bids(start(), (1, {"action": "bid", "rank": 9}), (2, PASS), (3, PASS), (4, PASS), (0, PASS))
    state = act(state, 1, action="call", card="09C")
    with pytest.raises(IllegalMove):
        act(state, 1, action="pass")
    with pytest.raises(IllegalMove):
        act(state, 1, action="bid", rank=2)
    while not CHIAMATA.is_over(state):
        (deadline,) = CHIAMATA.deadlines(state)
        state = CHIAMATA.fire(state, deadline.token, deadline.due, rng()).state
    with pytest.raises(GameOver):
        act(state, 1, action="pass")
    assert CHIAMATA.deadlines(state) == () and CHIAMATA.turn(state) is None
