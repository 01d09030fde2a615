"""Briscola matches of several deals to win (``deals_to_win``: best of three, best of five): who
won each deal, the deals won, the end of the match, and a default that stays as it was."""

from __future__ import annotations

import random

import pytest

from domain.cards import DECK, card
from domain.errors import InvalidOptions
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO
from domain.games.tricks.briscola import BriscolaEngine
from domain.games.tricks.briscola_state import BriscolaState
from domain.games.tricks.computer_briscola import BriscolaStrategy
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, briscola_state, pile_worth, rng

LAST_CARDS = {0: card("05C"), 1: card("04C")}  # seat 1 leads 04C, seat 0 takes it with 05C: no points


def last_trick(side_a_points: int, deals_won: tuple[int, int] = (0, 0), **options: int) -> BriscolaState:
    """A two-player deal down to its last trick, side A holding ``side_a_points`` already."""
    state = briscola_state(BRISCOLA.start(options, TIMEOUTS, NOW, rng()))
    pile_a = tuple(pile_worth(side_a_points, set(LAST_CARDS.values())))
    pile_b = tuple(c for c in DECK if c not in pile_a and c not in LAST_CARDS.values())
    return state._replace(
        hands=((LAST_CARDS[0],), (LAST_CARDS[1],)),
        stock=(),
        trump_card=card("02D"),
        trump_drawn=True,
        turn=1,
        won=(pile_a, pile_b),
        tricks_won=(10, 9),
        deals_won=deals_won,
    )


def finish(state: BriscolaState) -> tuple[BriscolaState, list[dict[str, object]]]:
    state = briscola_state(BRISCOLA.apply(state, 1, {"action": "play", "card": "04C"}, NOW + 5, rng()))
    outcome = BRISCOLA.apply(state, 0, {"action": "play", "card": "05C"}, NOW + 6, rng())
    return briscola_state(outcome), [{"kind": e.kind, **e.data} for e in outcome.events]


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO], ids=lambda e: e.game_type)
def test_deals_to_win_is_one_two_or_three_and_one_by_default(engine: BriscolaEngine) -> None:
    spec = next(spec for spec in engine.option_specs if spec.name == "deals_to_win")
    assert spec.json_schema()["enum"] == [1, 2, 3] and spec.default == 1
    state = briscola_state(engine.start({}, TIMEOUTS, NOW, rng()))
    assert (state.deals_to_win, state.target_score) == (1, 61)
    view = engine.view(state, None)
    assert view["deals_to_win"] == 1 and view["deals_won"] == {"A": 0, "B": 0}
    assert view["options"] == {"target_score": 61, "deals_to_win": 1}
    with pytest.raises(InvalidOptions, match="deals_to_win must be one of 1, 2, 3"):
        engine.start({"deals_to_win": 4}, TIMEOUTS, NOW, rng())


def test_a_target_score_goes_with_one_deal_to_win_only() -> None:
    with pytest.raises(InvalidOptions, match="target_score can differ from 61 only when deals_to_win is 1"):
        BRISCOLA.start({"target_score": 100, "deals_to_win": 2}, TIMEOUTS, NOW, rng())
    assert briscola_state(BRISCOLA.start({"target_score": 61, "deals_to_win": 2}, TIMEOUTS, NOW, rng()))
    assert briscola_state(BRISCOLA.start({"target_score": 100}, TIMEOUTS, NOW, rng()))


def test_a_deal_won_in_a_best_of_three_counts_one_and_the_match_goes_on() -> None:
    state, events = finish(last_trick(75, deals_to_win=2))
    assert state.phase == "hand_end" and state.deals_won == (1, 0)
    view = BRISCOLA.view(state, 0)
    assert view["deals_to_win"] == 2 and view["deals_won"] == {"A": 1, "B": 0}
    assert view["legal_moves"] == [{"action": "ack"}]
    last_hand = view["last_hand"]
    assert last_hand["winner"] == "A" and last_hand["deals_won"] == {"A": 1, "B": 0}
    assert last_hand["points"] == {"A": 75, "B": 45} and last_hand["patta"] is False
    (summary,) = [event for event in events if event["kind"] == "hand_end"]
    assert summary == {"kind": "hand_end", **last_hand}


def test_a_patta_is_won_by_nobody_and_counts_for_no_side() -> None:
    state, _ = finish(last_trick(60, deals_won=(1, 0), deals_to_win=2))
    assert state.phase == "hand_end" and state.deals_won == (1, 0)
    last_hand = BRISCOLA.view(state, None)["last_hand"]
    assert last_hand["patta"] is True and last_hand["winner"] is None
    assert last_hand["deals_won"] == {"A": 1, "B": 0}
    for seat in (0, 1):
        state = briscola_state(BRISCOLA.apply(state, seat, {"action": "ack"}, NOW + 7, rng()))
    assert state.phase == "playing" and state.deal_number == 2 and state.deals_won == (1, 0)


def test_the_side_that_wins_the_deals_it_needs_wins_the_match_and_its_score_is_deals_won() -> None:
    state, events = finish(last_trick(40, deals_won=(1, 1), deals_to_win=2))
    assert BRISCOLA.is_over(state) and state.winner == "B"
    result = BRISCOLA.result(state)
    assert result is not None
    assert result.winner == "B" and result.scores == {"A": 1, "B": 2}
    assert [(p.seat, p.won, p.points) for p in result.players] == [(0, False, 1), (1, True, 2)]
    assert result.details["deals_to_win"] == 2
    assert result.details["deals_won"] == {"A": 1, "B": 2}
    assert result.details["final_scores"] == {"A": 1, "B": 2}
    assert {"kind": "match_end", "winner": "B", "scores": {"A": 1, "B": 2}} in events
    view = BRISCOLA.view(state, None)
    assert view["winner"] == "B" and view["deals_won"] == {"A": 1, "B": 2}


def test_one_deal_to_win_plays_and_records_every_deal_as_before() -> None:
    state, events = finish(last_trick(75))
    assert BRISCOLA.is_over(state)
    last_hand = BRISCOLA.view(state, None)["last_hand"]
    assert set(last_hand) == {"hand_number", "dealer", "trump_card", "points", "tricks", "patta", "scores"}
    (summary,) = [event for event in events if event["kind"] == "hand_end"]
    assert summary == {"kind": "hand_end", **last_hand}
    result = BRISCOLA.result(state)
    assert result is not None and result.scores == {"A": 75, "B": 45}
    assert result.details["deals_to_win"] == 1 and result.details["deals_won"] == {"A": 1, "B": 0}
    assert {"kind": "match_end", "winner": "A", "scores": {"A": 75, "B": 45}} in events


def test_a_target_score_match_still_adds_up_card_points_over_the_deals() -> None:
    state, _ = finish(last_trick(70, target_score=150))
    assert state.phase == "hand_end" and state.scores == (70, 50) and state.deals_won == (1, 0)
    assert "winner" not in BRISCOLA.view(state, None)["last_hand"]


def test_a_state_dumped_before_deals_to_win_loads_as_a_match_to_its_target() -> None:
    state, _ = finish(last_trick(70, target_score=150))
    old = BRISCOLA.dump(state)
    del old["deals_to_win"], old["deals_won"]
    loaded = BRISCOLA.load(old)
    assert loaded.deals_to_win == 1 and loaded.deals_won == (1, 0)
    assert BRISCOLA.dump(loaded) == BRISCOLA.dump(state)


def test_a_state_round_trips_through_its_dump_in_a_best_of_five() -> None:
    state, _ = finish(last_trick(80, deals_won=(1, 2), deals_to_win=3))
    assert BRISCOLA.load(BRISCOLA.dump(state)) == state


@pytest.mark.parametrize("deals_to_win", [2, 3])
@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO], ids=lambda e: e.game_type)
def test_computer_players_play_a_match_of_several_deals_to_its_end(
    engine: BriscolaEngine, deals_to_win: int
) -> None:
    strategy, choices, deals = BriscolaStrategy(), random.Random(3), random.Random(4)
    outcome = engine.start({"deals_to_win": deals_to_win}, TIMEOUTS, NOW, deals)
    now = NOW
    while not engine.is_over(outcome.state):
        now += 1.0
        seat = engine.to_act(outcome.state)[0]
        action = strategy.decide(engine.view(outcome.state, seat), choices)
        outcome = engine.apply(outcome.state, seat, action, now, deals)
    state = briscola_state(outcome)
    assert max(state.deals_won) == deals_to_win and min(state.deals_won) < deals_to_win
    winners = [deal.winner for deal in state.deals]
    assert [winners.count("A"), winners.count("B")] == list(state.deals_won)
    assert state.deals[-1].winner == state.winner
    assert all(deal.deals_won is not None for deal in state.deals)
