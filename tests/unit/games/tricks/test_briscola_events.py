"""What briscola tells each seat as it happens: its own draw in private, the others' in counts."""

from __future__ import annotations

import pytest

from domain.cards import Card
from domain.engine import Outcome
from domain.events import visible_events
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO
from domain.games.tricks.briscola import BriscolaEngine
from domain.games.tricks.briscola_state import BriscolaState
from domain.games.tricks.trick import seats_from
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, briscola_state, build_deck, rng

# Dealer 0: seat 1 gets the first card. Trump card 02D, stock 10B then 09B.
DECK = build_deck({1: "04C 05C 06C", 0: "01C 07S 04D"}, seats=2, per_seat=3, then="02D 10B 09B")


def start(engine: BriscolaEngine = BRISCOLA, deck: list[Card] = DECK, target: int = 61) -> Outcome:
    return engine.start({"target_score": target}, TIMEOUTS, NOW, rng(), deck=deck)


def play(state: BriscolaState, seat: int, code: str) -> Outcome:
    return BRISCOLA.apply(state, seat, {"action": "play", "card": code}, NOW + 1, rng())


def test_the_deal_shows_the_trump_card_to_all_and_each_hand_to_its_seat_alone() -> None:
    events = start().events
    assert visible_events(events, 0) == [
        {"kind": "hand_started", "hand_number": 1, "dealer": 0, "trump_card": "02D"},
        {"kind": "cards_dealt", "counts": [3, 3], "deck_count": 34},
        {"kind": "dealt", "seat": 0, "cards": ["01C", "07S", "04D"]},
    ]
    assert visible_events(events, None) == visible_events(events, 0)[:2]


def test_after_a_trick_each_seat_is_told_its_own_draw_and_only_that_the_other_drew() -> None:
    state = briscola_state(play(briscola_state(start()), 1, "04C"))
    events = play(state, 0, "01C").events
    public = [
        {"kind": "play", "seat": 0, "card": "01C"},
        {
            "kind": "trick",
            "trick": [{"seat": 1, "card": "04C"}, {"seat": 0, "card": "01C"}],
            "winner": 0,
            "points": 11,
        },
        {"kind": "cards_drawn", "seats": [0, 1], "deck_count": 32},
    ]
    assert visible_events(events, None) == public
    assert visible_events(events, 0) == [*public, {"kind": "drew", "seat": 0, "card": "10B"}]
    assert visible_events(events, 1) == [*public, {"kind": "drew", "seat": 1, "card": "09B"}]


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO])
def test_the_face_up_trump_is_drawn_in_public_by_the_last_to_draw(engine: BriscolaEngine) -> None:
    state = briscola_state(start(engine, build_deck({}, seats=engine.seats, per_seat=3, then="07B")))
    while state.deck_count > engine.seats:
        seat = engine.to_act(state)[0]
        state = briscola_state(
            engine.apply(state, seat, engine.view(state, seat)["legal_moves"][0], NOW, rng())
        )
    for _ in range(engine.seats):
        seat = engine.to_act(state)[0]
        outcome = engine.apply(state, seat, engine.view(state, seat)["legal_moves"][0], NOW, rng())
        state = briscola_state(outcome)
    assert state.last_trick is not None
    *first, last = seats_from(state.last_trick.winner, engine.seats)
    seen = visible_events(outcome.events, None)
    assert seen[-2] == {"kind": "cards_drawn", "seats": first, "deck_count": 0}
    assert seen[-1] == {"kind": "trump_drawn", "seat": last, "card": "07B"}


def test_the_seats_still_owing_the_summary_are_the_ones_the_match_waits_for() -> None:
    state = briscola_state(start(target=1000))
    while state.phase == "playing":
        seat = BRISCOLA.to_act(state)[0]
        state = briscola_state(
            BRISCOLA.apply(state, seat, BRISCOLA.view(state, seat)["legal_moves"][0], NOW, rng())
        )
    assert state.phase == "hand_end" and BRISCOLA.to_act(state) == (0, 1)
    assert BRISCOLA.view(state, 1)["legal_moves"] == [{"action": "ack"}]
    acked = BRISCOLA.apply(state, 1, {"action": "ack"}, NOW, rng())
    assert visible_events(acked.events, None) == [{"kind": "ack", "seat": 1}]
    assert BRISCOLA.to_act(acked.state) == (0,)
    assert BRISCOLA.view(acked.state, 1)["legal_moves"] == []
    (deadline,) = BRISCOLA.deadlines(acked.state)
    fired = BRISCOLA.fire(acked.state, deadline.token, deadline.due, rng())
    assert visible_events(fired.events, None)[:2] == [
        {"kind": "timeout", "deadline": "hand_end", "hand_number": 1, "seats": [0]},
        {"kind": "hand_started", "hand_number": 2, "dealer": 1, "trump_card": fired.state.trump_card.code},
    ]
    assert BRISCOLA.view(fired.state, None)["last_hand"]["hand_number"] == 1


def test_a_turn_timeout_says_whose_turn_ran_out_before_the_card_played_for_it() -> None:
    state = briscola_state(start())
    (deadline,) = BRISCOLA.deadlines(state)
    seen = visible_events(BRISCOLA.fire(state, deadline.token, deadline.due, rng()).events, None)
    assert seen[0] == {"kind": "timeout", "seat": 1, "deadline": "turn", "phase": "playing"}
    assert seen[1]["kind"] == "play" and seen[1]["seat"] == 1
