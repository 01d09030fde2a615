"""Briscola chiamata after the auction: the call, the secret partner, the deal's outcome."""

from typing import Any

import pytest

from domain.cards import DECK, card
from domain.engine import Event
from domain.errors import NotYourTurn
from domain.events import visible_events
from domain.games.tricks import BRISCOLA_CHIAMATA as CHIAMATA
from domain.games.tricks.auction import Auction, Bid
from domain.games.tricks.chiamata_state import ChiamataState
from domain.games.tricks.views import PER_SEAT_KEYS
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, build_deck, chiamata_state, pile_worth, rng

# Dealer 0, so seat 1 bids first and leads the first trick. Seat 3 holds the ace of coppe.
DECK_ORDER = build_deck(
    {1: "01D 03D 10D 09D 08D 07D 06D 05D", 2: "02C", 3: "01C 04S", 4: "02S"}, seats=5, per_seat=8
)
PASS = {"action": "pass"}


def won_auction(rank: int = 1) -> tuple[ChiamataState, list[Event]]:
    state = chiamata_state(CHIAMATA.start({}, TIMEOUTS, NOW, rng(), deck=DECK_ORDER))
    events: list[Event] = []
    moves: list[tuple[int, dict[str, Any]]] = [(1, {"action": "bid", "rank": rank})]
    moves += [(seat, PASS) for seat in (2, 3, 4, 0)]
    for seat, action in moves:
        outcome = CHIAMATA.apply(state, seat, action, NOW, rng())
        state, events = chiamata_state(outcome), [*events, *outcome.events]
    return state, events


def apply(state: ChiamataState, seat: int, action: dict[str, Any], events: list[Event]) -> ChiamataState:
    outcome = CHIAMATA.apply(state, seat, action, NOW, rng())
    events.extend(outcome.events)
    return chiamata_state(outcome)


def shared_view(state: ChiamataState, seat: int | None) -> dict[str, Any]:
    view = CHIAMATA.view(state, seat)
    return {k: v for k, v in view.items() if k not in PER_SEAT_KEYS}


def assert_views_hide_the_partner(state: ChiamataState) -> None:
    spectator = shared_view(state, None)
    assert all(shared_view(state, seat) == spectator for seat in range(5))
    assert spectator["partner"] is None and spectator["alone"] is None and spectator["teams"] is None


def test_the_called_cards_suit_is_the_trump() -> None:
    state, _ = won_auction()
    state = CHIAMATA.apply(state, 1, {"action": "call", "card": "01C"}, NOW, rng()).state
    view = CHIAMATA.view(state, 2)
    assert view["trump_suit"] == "C" and view["called_card"] == "01C"
    assert view["phase"] == "playing" and view["turn"] == 1 and view["target"] == 61


def test_nothing_names_the_partner_before_the_called_card_is_played() -> None:
    state, events = won_auction()
    state = apply(state, 1, {"action": "call", "card": "01C"}, events)
    assert_views_hide_the_partner(state)
    state = apply(state, 1, {"action": "play", "card": "05D"}, events)
    with pytest.raises(NotYourTurn) as partner_error:
        CHIAMATA.apply(state, 3, {"action": "play", "card": "01C"}, NOW, rng())
    with pytest.raises(NotYourTurn) as defender_error:
        CHIAMATA.apply(state, 4, {"action": "play", "card": "01C"}, NOW, rng())
    assert partner_error.value.message == defender_error.value.message
    assert "01C" not in partner_error.value.message
    state = apply(state, 2, {"action": "play", "card": "02C"}, events)
    assert_views_hide_the_partner(state)
    assert all(e.public and "partner" not in e.data and "alone" not in e.data for e in events)
    assert "partner" not in CHIAMATA.dump(state) or CHIAMATA.dump(state)["partner"] is None


def test_every_view_names_the_partner_once_the_called_card_is_played() -> None:
    state, events = won_auction()
    state = apply(state, 1, {"action": "call", "card": "01C"}, events)
    state = apply(state, 1, {"action": "play", "card": "05D"}, events)
    state = apply(state, 2, {"action": "play", "card": "02C"}, events)
    state = apply(state, 3, {"action": "play", "card": "01C"}, events)
    for seat in (None, 0, 1, 2, 3, 4):
        view = CHIAMATA.view(state, seat)
        assert view["partner"] == 3 and view["alone"] is False
        assert view["teams"] == {"caller": [1, 3], "defenders": [0, 2, 4]}
    assert events[-1].kind == "partner_revealed" and events[-1].data["partner"] == 3


def test_calling_ones_own_card_means_playing_alone_which_shows_only_once_it_is_played() -> None:
    state, _ = won_auction()
    state = CHIAMATA.apply(state, 1, {"action": "call", "card": "01D"}, NOW, rng()).state
    assert_views_hide_the_partner(state)
    state = CHIAMATA.apply(state, 1, {"action": "play", "card": "01D"}, NOW, rng()).state
    view = CHIAMATA.view(state, 0)
    assert view["alone"] is True and view["partner"] is None
    assert view["teams"] == {"caller": [1], "defenders": [0, 2, 3, 4]}


def test_a_play_timeout_plays_a_card_for_the_absent_seat() -> None:
    state, _ = won_auction()
    state = CHIAMATA.apply(state, 1, {"action": "call", "card": "01C"}, NOW, rng()).state
    (deadline,) = CHIAMATA.deadlines(state)
    outcome = CHIAMATA.fire(state, deadline.token, deadline.due, rng())
    assert len(outcome.state.hands[1]) == 7
    assert outcome.state.trick[0].seat == 1 and outcome.state.trick[0].card in state.hands[1]
    assert CHIAMATA.turn(outcome.state) == 2


# The last trick: 05C (seat 2 leads), 06C, 07C, 02C, 04C — seat 4 takes it, no points in it.
LAST_CARDS = {0: "02C", 1: "04C", 2: "05C", 3: "06C", 4: "07C"}


def last_trick(caller_points: int, points_bid: int | None = None, partner: int | None = 3) -> ChiamataState:
    """Caller 1 (partner 3) holding ``caller_points`` already, one zero-point trick to go."""
    state = chiamata_state(CHIAMATA.start({}, TIMEOUTS, NOW, rng(), deck=DECK_ORDER))
    last = {card(code) for code in LAST_CARDS.values()}
    calling_pile = tuple(pile_worth(caller_points, last))
    defenders_pile = tuple(c for c in DECK if c not in calling_pile and c not in last)
    rank = 1 if points_bid is None else 2
    return state._replace(
        phase="playing",
        auction=Auction(5, standing=Bid(1, rank, points_bid), passed=(0, 2, 3, 4)),
        called_card=card(f"{rank:02d}D"),
        revealed=True,
        partner=partner,
        hands=tuple((card(LAST_CARDS[seat]),) for seat in range(5)),
        won=((), calling_pile, (), (), defenders_pile),
        tricks_won=(0, 4, 0, 0, 3),
        turn=2,
    )


def play_last_trick(state: ChiamataState) -> ChiamataState:
    for seat in (2, 3, 4, 0, 1):
        state = chiamata_state(
            CHIAMATA.apply(state, seat, {"action": "play", "card": LAST_CARDS[seat]}, NOW, rng())
        )
    return state


def test_the_calling_side_wins_with_61() -> None:
    state = play_last_trick(last_trick(61))
    result = CHIAMATA.result(state)
    assert result is not None and CHIAMATA.is_over(state)
    assert result.winner == "caller"
    assert result.sides == {"caller": (1, 3), "defenders": (0, 2, 4)}
    assert result.scores == {"caller": 61, "defenders": 59}
    assert [(p.team, p.won, p.points) for p in result.players] == [
        ("defenders", False, 59),
        ("caller", True, 61),
        ("defenders", False, 59),
        ("caller", True, 61),
        ("defenders", False, 59),
    ]
    details = result.details
    assert (details["caller"], details["partner"], details["alone"]) == (1, 3, False)
    assert (details["target"], details["called_card"]) == (61, "01D")
    assert (details["caller_points"], details["defender_points"]) == (61, 59)
    view = CHIAMATA.view(state, None)
    assert view["winner"] == "caller" and view["scores"] == {"caller": 61, "defenders": 59}


def test_a_lone_caller_counts_only_its_own_tricks() -> None:
    result = CHIAMATA.result(play_last_trick(last_trick(80, partner=None)))
    assert result is not None
    assert result.sides == {"caller": (1,), "defenders": (0, 2, 3, 4)}
    assert result.details["alone"] is True and result.winner == "caller"


def test_sixty_all_with_the_plain_target_is_a_patta_replayed_with_the_next_dealer() -> None:
    state = play_last_trick(last_trick(60))
    assert not CHIAMATA.is_over(state)
    view = CHIAMATA.view(state, 2)
    assert view["phase"] == "auction" and view["hand_number"] == 2
    assert view["dealer"] == 1 and view["turn"] == 2
    assert view["last_hand"]["patta"] is True and view["last_hand"]["caller_points"] == 60
    assert view["auction"]["standing"] is None and view["hand_counts"] == [8] * 5
    assert CHIAMATA.result(state) is None


def test_a_raised_target_of_70_is_lost_at_69() -> None:
    state = play_last_trick(last_trick(69, points_bid=70))
    result = CHIAMATA.result(state)
    assert result is not None
    assert result.winner == "defenders" and result.details["target"] == 70
    assert result.scores == {"caller": 69, "defenders": 51}


def test_sixty_all_against_a_raised_target_is_simply_lost() -> None:
    result = CHIAMATA.result(play_last_trick(last_trick(60, points_bid=62)))
    assert result is not None and result.winner == "defenders"


def test_the_state_survives_a_dump_and_load_round_trip() -> None:
    state, _ = won_auction()
    state = CHIAMATA.apply(state, 1, {"action": "call", "card": "01C"}, NOW, rng()).state
    data = CHIAMATA.dump(state)
    assert CHIAMATA.load(data) == state and CHIAMATA.dump(CHIAMATA.load(data)) == data
    finished = play_last_trick(last_trick(61))
    assert CHIAMATA.load(CHIAMATA.dump(finished)) == finished


def test_the_auction_and_the_call_are_told_to_everybody_as_they_happen() -> None:
    _, events = won_auction(rank=3)
    state, _ = won_auction(rank=3)
    assert visible_events(events, None) == [
        {"kind": "bid", "seat": 1, "rank": 3},
        {"kind": "pass", "seat": 2},
        {"kind": "pass", "seat": 3},
        {"kind": "pass", "seat": 4},
        {"kind": "pass", "seat": 0},
        {"kind": "auction_won", "seat": 1, "rank": 3, "target": 61},
    ]
    assert CHIAMATA.to_act(state) == (1,)
    calls = CHIAMATA.view(state, 1)["legal_moves"]
    assert calls == [{"action": "call", "card": code} for code in ("03D", "03C", "03S", "03B")]
    called = CHIAMATA.apply(state, 1, calls[1], NOW, rng())
    assert visible_events(called.events, 4) == [{"kind": "call", "seat": 1, "card": "03C", "trump_suit": "C"}]


def test_the_partner_is_revealed_in_public_by_the_play_of_the_called_card() -> None:
    state, events = won_auction()
    state = apply(state, 1, {"action": "call", "card": "01C"}, events)
    state = apply(state, 1, {"action": "play", "card": "05D"}, events)
    state = apply(state, 2, {"action": "play", "card": "02C"}, events)
    revealing: list[Event] = []
    apply(state, 3, {"action": "play", "card": "01C"}, revealing)
    assert visible_events(revealing, 0) == [
        {"kind": "play", "seat": 3, "card": "01C"},
        {"kind": "partner_revealed", "caller": 1, "partner": 3, "alone": False},
    ]
