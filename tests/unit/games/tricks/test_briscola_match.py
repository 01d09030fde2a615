"""Briscola across deals: match points, patta, target and lead, the hand-end summary."""

import pytest

from domain.cards import DECK, card
from domain.errors import IllegalMove
from domain.games.tricks import BRISCOLA
from domain.games.tricks.briscola_state import BriscolaState
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, briscola_state, pile_worth, rng

LAST_CARDS = {0: card("05C"), 1: card("04C")}  # seat 1 leads 04C, seat 0 takes it with 05C: no points


def last_trick_of_deal(
    side_a_points: int, scores: tuple[int, int] = (0, 0), target: int = 61
) -> BriscolaState:
    """A two-player deal down to its last trick, side A holding ``side_a_points`` already."""
    state = briscola_state(BRISCOLA.start({"target_score": target}, TIMEOUTS, NOW, rng()))
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
        scores=scores,
    )


def finish(state: BriscolaState) -> BriscolaState:
    state = briscola_state(BRISCOLA.apply(state, 1, {"action": "play", "card": "04C"}, NOW + 5, rng()))
    return briscola_state(BRISCOLA.apply(state, 0, {"action": "play", "card": "05C"}, NOW + 6, rng()))


def test_a_deal_won_above_the_target_ends_the_match() -> None:
    state = finish(last_trick_of_deal(75))
    assert BRISCOLA.is_over(state)
    result = BRISCOLA.result(state)
    assert result is not None
    assert result.winner == "A"
    assert result.scores == {"A": 75, "B": 45}
    assert result.sides == {"A": (0,), "B": (1,)}
    assert [(p.seat, p.team, p.won, p.points) for p in result.players] == [
        (0, "A", True, 75),
        (1, "B", False, 45),
    ]
    assert result.details["target_score"] == 61
    assert result.details["deals_played"] == 1
    assert result.details["deals"][0]["points"] == {"A": 75, "B": 45}
    view = BRISCOLA.view(state, None)
    assert view["winner"] == "A" and view["phase"] == "finished"


def test_a_sixty_all_deal_is_a_patta_whose_points_are_discarded() -> None:
    state = finish(last_trick_of_deal(60, scores=(30, 40), target=100))
    assert state.phase == "hand_end"
    assert state.scores == (30, 40)
    last_hand = BRISCOLA.view(state, 0)["last_hand"]
    assert last_hand["patta"] is True and last_hand["hand_number"] == 1
    assert last_hand["points"] == {"A": 60, "B": 60}
    assert last_hand["scores"] == {"A": 30, "B": 40}


def test_a_patta_is_followed_by_a_new_deal_with_the_next_dealer() -> None:
    state = finish(last_trick_of_deal(60))
    for seat in (0, 1):
        state = BRISCOLA.apply(state, seat, {"action": "ack"}, NOW + 7, rng()).state
    assert state.phase == "playing"
    assert state.deal_number == 2 and state.dealer == 1
    assert BRISCOLA.turn(state) == 0
    assert state.scores == (0, 0)


def test_points_accumulate_below_the_target() -> None:
    state = finish(last_trick_of_deal(70, scores=(20, 30), target=150))
    assert state.phase == "hand_end"
    assert BRISCOLA.view(state, None)["scores"] == {"A": 90, "B": 80}


def test_a_tie_at_or_above_the_target_plays_another_deal() -> None:
    state = finish(last_trick_of_deal(70, scores=(0, 20)))
    assert state.scores == (70, 70)
    assert state.phase == "hand_end"
    assert not BRISCOLA.is_over(state)


def test_reaching_the_target_with_a_clear_lead_wins_even_if_both_sides_passed_it() -> None:
    state = finish(last_trick_of_deal(70, scores=(50, 55)))
    assert state.scores == (120, 105)
    assert state.winner == "A"


def test_the_hand_end_summary_waits_for_every_acknowledgement() -> None:
    state = finish(last_trick_of_deal(70, target=200))
    view = BRISCOLA.view(state, 1)
    assert view["acknowledged"] == [] and view["hand_end_deadline"] == NOW + 6 + TIMEOUTS.hand_ack
    assert view["turn"] is None and view["turn_deadline"] is None
    assert BRISCOLA.turn(state) is None
    state = BRISCOLA.apply(state, 1, {"action": "ack"}, NOW + 7, rng()).state
    assert BRISCOLA.view(state, 0)["acknowledged"] == [1]
    assert state.phase == "hand_end"
    again = BRISCOLA.apply(state, 1, {"action": "ack"}, NOW + 8, rng())
    assert not again.changed
    state = BRISCOLA.apply(state, 0, {"action": "ack"}, NOW + 9, rng()).state
    assert state.phase == "playing" and state.deal_number == 2
    assert BRISCOLA.view(state, 0)["deck_count"] == 34
    assert BRISCOLA.view(state, 0)["turn_deadline"] == NOW + 9 + TIMEOUTS.turn


def test_the_hand_end_deadline_deals_the_next_deal() -> None:
    state = finish(last_trick_of_deal(70, target=200))
    (deadline,) = BRISCOLA.deadlines(state)
    assert (deadline.token, deadline.kind) == ("hand_end:1", "hand_end")
    outcome = BRISCOLA.fire(state, deadline.token, deadline.due, rng())
    assert outcome.changed and outcome.state.deal_number == 2 and outcome.state.dealer == 1
    assert BRISCOLA.fire(outcome.state, deadline.token, deadline.due, rng()).changed is False


def test_playing_during_the_hand_end_summary_is_refused() -> None:
    state = finish(last_trick_of_deal(70, target=200))
    with pytest.raises(IllegalMove):
        BRISCOLA.apply(state, 1, {"action": "play", "card": "04C"}, NOW, rng())
