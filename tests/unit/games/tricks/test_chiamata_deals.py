"""Briscola chiamata over several deals (``deals_to_play`` 5 or 10): each deal's score per player,
the running standings, the summary between deals with its acknowledgements and deadline, the result
of every seat for itself; and a match of one deal that stays as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.cards import DECK, card
from domain.errors import IllegalMove, InvalidOptions
from domain.games.tricks import BRISCOLA_CHIAMATA as CHIAMATA
from domain.games.tricks.auction import Auction, Bid
from domain.games.tricks.chiamata_state import CALLER, DEFENDERS, ChiamataState, deal_points
from domain.games.tricks.computer_chiamata import ChiamataStrategy
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, chiamata_state, pile_worth, rng

# The last trick: 05C (seat 2 leads), 06C, 07C, 02C, 04C — seat 4 takes it, no points in it.
LAST_CARDS = {0: "02C", 1: "04C", 2: "05C", 3: "06C", 4: "07C"}


def last_trick(
    caller_points: int,
    partner: int | None = 3,
    deals_to_play: int = 5,
    standings: tuple[int, ...] = (0, 0, 0, 0, 0),
    deals: tuple[Any, ...] = (),
) -> ChiamataState:
    """Caller 1 (partner 3, or alone) holding ``caller_points`` already, one zero-point trick to go."""
    state = chiamata_state(CHIAMATA.start({"deals_to_play": deals_to_play}, TIMEOUTS, NOW, rng()))
    last = {card(code) for code in LAST_CARDS.values()}
    calling_pile = tuple(pile_worth(caller_points, last))
    defenders_pile = tuple(c for c in DECK if c not in calling_pile and c not in last)
    return state._replace(
        phase="playing",
        auction=Auction(5, standing=Bid(1, 1, None), passed=(0, 2, 3, 4)),
        called_card=card("01D"),
        revealed=True,
        partner=partner,
        hands=tuple((card(LAST_CARDS[seat]),) for seat in range(5)),
        won=((), calling_pile, (), (), defenders_pile),
        tricks_won=(0, 4, 0, 0, 3),
        turn=2,
        standings=standings,
        deals=deals,
    )


def play_last_trick(state: ChiamataState, events: list[dict[str, Any]] | None = None) -> ChiamataState:
    for seat in (2, 3, 4, 0, 1):
        outcome = CHIAMATA.apply(state, seat, {"action": "play", "card": LAST_CARDS[seat]}, NOW, rng())
        if events is not None:
            events.extend({"kind": e.kind, **e.data} for e in outcome.events)
        state = chiamata_state(outcome)
    return state


def acknowledged_by_all(state: ChiamataState) -> ChiamataState:
    for seat in range(5):
        state = chiamata_state(CHIAMATA.apply(state, seat, {"action": "ack"}, NOW + 1, rng()))
    return state


@pytest.mark.parametrize(
    ("partner", "winner", "points"),
    [
        (3, CALLER, (-1, 2, -1, 1, -1)),
        (3, DEFENDERS, (1, -2, 1, -1, 1)),
        (None, CALLER, (-1, 4, -1, -1, -1)),
        (None, DEFENDERS, (1, -4, 1, 1, 1)),
        (3, None, (0, 0, 0, 0, 0)),
    ],
)
def test_a_deals_score_per_player_is_the_traditional_one_and_sums_to_zero(
    partner: int | None, winner: str | None, points: tuple[int, ...]
) -> None:
    assert deal_points(1, partner, winner, 5) == points
    assert sum(points) == 0


def test_deals_to_play_is_one_five_or_ten_and_one_by_default() -> None:
    (spec,) = CHIAMATA.option_specs
    assert (spec.name, spec.default, spec.json_schema()["enum"]) == ("deals_to_play", 1, [1, 5, 10])
    view = CHIAMATA.view(chiamata_state(CHIAMATA.start({}, TIMEOUTS, NOW, rng())), None)
    assert view["deals_to_play"] == 1 and view["options"] == {"deals_to_play": 1}
    assert view["standings"] == [0] * 5 and view["deals_counted"] == 0
    with pytest.raises(InvalidOptions, match="deals_to_play must be one of 1, 5, 10"):
        CHIAMATA.start({"deals_to_play": 3}, TIMEOUTS, NOW, rng())


def test_a_won_deal_scores_each_player_and_waits_for_everyones_acknowledgement() -> None:
    events: list[dict[str, Any]] = []
    state = play_last_trick(last_trick(70), events)
    assert state.phase == "hand_end" and not CHIAMATA.is_over(state)
    assert state.standings == (-1, 2, -1, 1, -1)
    view = CHIAMATA.view(state, 0)
    assert view["turn"] is None and view["turn_deadline"] is None
    assert view["legal_moves"] == [{"action": "ack"}]
    assert view["hand_end_deadline"] == NOW + TIMEOUTS.hand_ack
    assert view["standings"] == [-1, 2, -1, 1, -1] and view["deals_counted"] == 1
    last_hand = view["last_hand"]
    assert last_hand["winner"] == CALLER
    assert last_hand["points"] == [-1, 2, -1, 1, -1] and last_hand["standings"] == [-1, 2, -1, 1, -1]
    (summary,) = [event for event in events if event["kind"] == "hand_end"]
    assert summary == {"kind": "hand_end", **last_hand}
    assert not any(event["kind"] == "match_end" for event in events)
    assert CHIAMATA.to_act(state) == (0, 1, 2, 3, 4)
    (deadline,) = CHIAMATA.deadlines(state)
    assert deadline.kind == "hand_end" and deadline.token == "hand_end:1"


def test_the_last_acknowledgement_deals_the_next_deal_with_the_next_dealer() -> None:
    state = play_last_trick(last_trick(70))
    with pytest.raises(IllegalMove):
        CHIAMATA.apply(state, 2, {"action": "bid", "rank": 1}, NOW, rng())
    once = chiamata_state(CHIAMATA.apply(state, 3, {"action": "ack"}, NOW + 1, rng()))
    assert once.acknowledged == (3,) and CHIAMATA.to_act(once) == (0, 1, 2, 4)
    assert not CHIAMATA.apply(once, 3, {"action": "ack"}, NOW + 1, rng()).changed
    dealt = acknowledged_by_all(state)
    assert dealt.phase == "auction" and dealt.deal_number == 2 and dealt.dealer == state.dealer + 1
    assert CHIAMATA.turn(dealt) == state.dealer + 2 and dealt.standings == state.standings
    assert [len(hand) for hand in dealt.hands] == [8] * 5
    with pytest.raises(IllegalMove):
        CHIAMATA.apply(dealt, 0, {"action": "ack"}, NOW, rng())


def test_the_summarys_deadline_deals_the_next_deal_for_whoever_has_not_acknowledged() -> None:
    state = chiamata_state(CHIAMATA.apply(play_last_trick(last_trick(70)), 4, {"action": "ack"}, NOW, rng()))
    (deadline,) = CHIAMATA.deadlines(state)
    assert not CHIAMATA.fire(state, "hand_end:7", deadline.due, rng()).changed
    outcome = CHIAMATA.fire(state, deadline.token, deadline.due, rng())
    timeout = outcome.events[0]
    assert timeout.kind == "timeout" and dict(timeout.data) == {
        "deadline": "hand_end",
        "hand_number": 1,
        "seats": [0, 1, 2, 3],
    }
    assert outcome.state.phase == "auction" and outcome.state.deal_number == 2


def test_a_patta_is_replayed_after_its_summary_and_does_not_count() -> None:
    state = play_last_trick(last_trick(60))
    assert state.phase == "hand_end" and state.standings == (0,) * 5 and state.deals_counted == 0
    last_hand = CHIAMATA.view(state, None)["last_hand"]
    assert last_hand["patta"] is True and last_hand["points"] == [0] * 5
    assert acknowledged_by_all(state).phase == "auction"


def test_the_match_ends_after_its_deals_and_the_highest_total_wins() -> None:
    before = play_last_trick(last_trick(70))  # one deal counted: (-1, 2, -1, 1, -1)
    earlier = (*before.deals,) * 4  # four deals counted so far
    events: list[dict[str, Any]] = []
    state = play_last_trick(last_trick(80, partner=None, standings=(-4, 8, -4, 4, -4), deals=earlier), events)
    assert CHIAMATA.is_over(state) and state.standings == (-5, 12, -5, 3, -5)
    result = CHIAMATA.result(state)
    assert result is not None
    assert result.sides == {"A": (0,), "B": (1,), "C": (2,), "D": (3,), "E": (4,)}
    assert result.scores == {"A": -5, "B": 12, "C": -5, "D": 3, "E": -5}
    assert result.winner == "B"
    assert [(p.seat, p.team, p.won, p.points) for p in result.players] == [
        (0, "A", False, -5),
        (1, "B", True, 12),
        (2, "C", False, -5),
        (3, "D", False, 3),
        (4, "E", False, -5),
    ]
    assert result.details["deals_to_play"] == 5 and result.details["standings"] == [-5, 12, -5, 3, -5]
    assert len(result.details["deals"]) == 5 and result.details["deals"][-1]["points"] == [-1, 4, -1, -1, -1]
    assert {"kind": "match_end", "winner": "B", "scores": result.scores} in events
    view = CHIAMATA.view(state, 1)
    assert view["phase"] == "finished" and view["winner"] == "B" and view["scores"] == result.scores
    assert view["teams"] == {"A": [0], "B": [1], "C": [2], "D": [3], "E": [4]}
    assert view["legal_moves"] == []


def test_a_shared_top_makes_every_seat_sharing_it_a_winner_and_no_single_winner() -> None:
    earlier = (*play_last_trick(last_trick(70)).deals,) * 4
    state = play_last_trick(last_trick(70, standings=(-1, 0, 1, -1, 1), partner=4, deals=earlier))
    assert state.standings == (-2, 2, 0, -2, 2)
    result = CHIAMATA.result(state)
    assert result is not None and result.winner is None
    assert [p.won for p in result.players] == [False, True, False, False, True]
    assert result.details["leaders"] == [1, 4]
    assert CHIAMATA.view(state, None)["winner"] is None


def test_when_every_seat_shares_the_top_nobody_won() -> None:
    earlier = (*play_last_trick(last_trick(70)).deals,) * 4
    state = play_last_trick(last_trick(70, standings=(1, -2, 1, -1, 1), deals=earlier))
    assert state.standings == (0, 0, 0, 0, 0)
    result = CHIAMATA.result(state)
    assert result is not None and result.winner is None and not any(p.won for p in result.players)


def test_one_deal_plays_records_and_results_as_before() -> None:
    events: list[dict[str, Any]] = []
    state = play_last_trick(last_trick(61, deals_to_play=1), events)
    assert CHIAMATA.is_over(state)
    last_hand = CHIAMATA.view(state, None)["last_hand"]
    assert "points" not in last_hand and "standings" not in last_hand
    (summary,) = [event for event in events if event["kind"] == "hand_end"]
    assert summary == {"kind": "hand_end", **last_hand}
    assert {"kind": "match_end", "winner": "caller", "scores": {"caller": 61, "defenders": 59}} in events
    result = CHIAMATA.result(state)
    assert result is not None and result.sides == {"caller": (1, 3), "defenders": (0, 2, 4)}
    patta = play_last_trick(last_trick(60, deals_to_play=1))
    assert patta.phase == "auction" and patta.deal_number == 2


def test_a_state_dumped_before_several_deals_loads_as_a_match_of_one() -> None:
    state = play_last_trick(last_trick(61, deals_to_play=1))
    old = CHIAMATA.dump(state)
    for key in ("deals_to_play", "hand_ack_timeout", "standings", "acknowledged", "hand_end_due"):
        del old[key]
    loaded = CHIAMATA.load(old)
    assert loaded.deals_to_play == 1 and loaded.standings == state.standings and loaded.acknowledged == ()
    assert CHIAMATA.result(loaded) == CHIAMATA.result(state)


def test_a_state_between_deals_round_trips_through_its_dump() -> None:
    state = chiamata_state(CHIAMATA.apply(play_last_trick(last_trick(70)), 2, {"action": "ack"}, NOW, rng()))
    assert CHIAMATA.load(CHIAMATA.dump(state)) == state


@pytest.mark.parametrize("deals_to_play", [5, 10])
def test_computer_players_play_a_match_of_several_deals_to_its_end(deals_to_play: int) -> None:
    strategy, choices, deals = ChiamataStrategy(), random.Random(5), random.Random(6)
    outcome = CHIAMATA.start({"deals_to_play": deals_to_play}, TIMEOUTS, NOW, deals)
    now = NOW
    while not CHIAMATA.is_over(outcome.state):
        now += 1.0
        seat = CHIAMATA.to_act(outcome.state)[0]
        outcome = CHIAMATA.apply(
            outcome.state, seat, strategy.decide(CHIAMATA.view(outcome.state, seat), choices), now, deals
        )
    state = chiamata_state(outcome)
    assert state.deals_counted == deals_to_play and sum(state.standings) == 0
    assert [deal.dealer for deal in state.deals] == [n % 5 for n in range(len(state.deals))]
    running = [0] * 5
    for deal in state.deals:
        assert deal.points is not None and deal.standings is not None
        running = [total + points for total, points in zip(running, deal.points, strict=True)]
        assert tuple(running) == deal.standings
    assert state.standings == state.deals[-1].standings
