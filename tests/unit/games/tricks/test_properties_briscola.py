"""Random legal briscola matches, played to the end, keep their invariants at every step and
show nobody a card it may not see, in views or in events."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.cards import DECK
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO
from domain.games.tricks.briscola import BriscolaEngine
from domain.games.tricks.briscola_state import BriscolaState
from tests.unit.games.seen import card_codes_in, check_events
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, briscola_state

# One random match per example, for each of the two game types: the Hypothesis profile
# (tests/conftest.py) sets how many.


def check_cards_accounted_for(state: BriscolaState) -> None:
    places = [*state.stock, *(c for hand in state.hands for c in hand), *(p.card for p in state.trick)]
    places += [c for pile in state.won for c in pile]
    if not state.trump_drawn:
        places.append(state.trump_card)
    assert Counter(places) == Counter(DECK)


def on_the_table(state: BriscolaState) -> set[str]:
    """The trick being played and the last one."""
    public = {p.card.code for p in state.trick}
    if state.last_trick is not None:
        public |= {c.code for c in state.last_trick.cards}
    return public


def public_cards(state: BriscolaState) -> set[str]:
    """The table and the trump card: turned face up at the deal, it stays known (the deal's
    summary names it) after it is drawn."""
    return on_the_table(state) | {state.trump_card.code}


def check_views(engine: BriscolaEngine, state: BriscolaState) -> None:
    public = public_cards(state) if not state.trump_drawn else on_the_table(state)
    spectator = engine.view(state, None)
    assert "hand" not in spectator
    assert card_codes_in({k: v for k, v in spectator.items() if k != "last_hand"}) <= public
    waiting = engine.to_act(state)
    assert (waiting == ()) == engine.is_over(state)
    for seat in range(engine.seats):
        view = engine.view(state, seat)
        own = [c.code for c in state.hands[seat]]
        assert view["hand"] == own
        assert card_codes_in({k: v for k, v in view.items() if k != "last_hand"}) <= public | set(own)
        assert view["hand_counts"] == [len(h) for h in state.hands]
        assert bool(view["legal_moves"]) == (seat in waiting)
        for action in view["legal_moves"]:
            assert engine.apply(state, seat, action, NOW, random.Random(0)).changed


def step(engine: BriscolaEngine, state: BriscolaState, r: random.Random) -> BriscolaState:
    if r.random() < 0.1:
        (deadline,) = engine.deadlines(state)
        outcome = engine.fire(state, deadline.token, deadline.due, r)
    else:
        seat = r.choice(engine.to_act(state))
        outcome = engine.apply(state, seat, r.choice(engine.view(state, seat)["legal_moves"]), NOW, r)
    after = briscola_state(outcome)
    check_events(outcome.events, state.hands, after.hands, public_cards(state) | public_cards(after))
    return after


@pytest.mark.parametrize("engine", [BRISCOLA, BRISCOLA_A_QUATTRO], ids=lambda engine: engine.game_type)
@given(seed=st.integers(0, 2**32 - 1), target=st.integers(1, 130))
def test_random_briscola_matches_end_with_a_clear_winner_and_lose_no_card(
    engine: BriscolaEngine, seed: int, target: int
) -> None:
    r = random.Random(seed)
    started = engine.start({"target_score": target}, TIMEOUTS, NOW, r)
    state = briscola_state(started)
    check_events(started.events, ((),) * engine.seats, state.hands, public_cards(state))
    while not engine.is_over(state):
        check_cards_accounted_for(state)
        check_views(engine, state)
        assert engine.load(json.loads(json.dumps(engine.dump(state)))) == state
        state = step(engine, state, r)
    check_cards_accounted_for(state)
    check_views(engine, state)
    assert all(sum(deal.points) == 120 for deal in state.deals)
    result = engine.result(state)
    assert result is not None and result.winner is not None
    loser = "B" if result.winner == "A" else "A"
    assert result.scores[result.winner] >= target
    assert result.scores[result.winner] > result.scores[loser]
    assert result.details["deals_played"] == len(state.deals)
    json.dumps(result.details)
