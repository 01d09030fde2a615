"""Random legal briscola chiamata matches: cards kept, points shared, the partner hidden, and
nobody shown a card it may not see, in views or in events."""

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from domain.cards import DECK
from domain.engine import Event
from domain.games.tricks import BRISCOLA_CHIAMATA as CHIAMATA
from domain.games.tricks.chiamata_state import ChiamataState
from domain.games.tricks.views import PER_SEAT_KEYS
from tests.unit.games.seen import card_codes_in, check_events
from tests.unit.games.tricks.helpers import NOW, TIMEOUTS, chiamata_state

# One random match per example: the Hypothesis profile (tests/conftest.py) sets how many.


def check_cards_accounted_for(state: ChiamataState) -> None:
    places = [*(c for hand in state.hands for c in hand), *(p.card for p in state.trick)]
    places += [c for pile in state.won for c in pile]
    assert Counter(places) == Counter(DECK)


def shared(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in PER_SEAT_KEYS}


def public_cards(state: ChiamataState) -> set[str]:
    """The trick being played, the last one and the called card."""
    public = {p.card.code for p in state.trick}
    if state.last_trick is not None:
        public |= {c.code for c in state.last_trick.cards}
    if state.called_card is not None:
        public.add(state.called_card.code)
    return public


def check_views(state: ChiamataState, holder: int | None) -> None:
    public = public_cards(state)
    spectator = CHIAMATA.view(state, None)
    assert "hand" not in spectator
    waiting = CHIAMATA.to_act(state)
    assert waiting == (() if CHIAMATA.is_over(state) else (state.turn,))
    for seat in range(5):
        view = CHIAMATA.view(state, seat)
        own = [c.code for c in state.hands[seat]]
        assert view["hand"] == own
        seen = {k: v for k, v in view.items() if k not in ("last_hand", "legal_moves")}
        assert card_codes_in(seen) <= public | set(own)
        assert bool(view["legal_moves"]) == (seat in waiting)
        for action in view["legal_moves"]:
            if action["action"] == "play":
                assert action["card"] in own
            assert CHIAMATA.apply(state, seat, action, NOW, random.Random(0)).changed
        if not state.revealed:
            assert shared(view) == shared(spectator)
    if state.revealed:
        assert holder is not None
        assert spectator["partner"] == (None if holder == spectator["caller"] else holder)
        assert spectator["alone"] is (holder == spectator["caller"])
    else:
        assert spectator["partner"] is None and spectator["alone"] is None and spectator["teams"] is None


def check_partner_hidden(events: tuple[Event, ...], revealed: bool) -> None:
    """Until the ``partner_revealed`` event no event names the partner, and the only private
    events are each seat's own dealt cards."""
    for event in events:
        revealed = revealed or event.kind == "partner_revealed"
        if not revealed:
            assert event.public or event.kind == "dealt"
            assert "partner" not in event.data and "alone" not in event.data


def choose(state: ChiamataState, r: random.Random) -> dict[str, Any]:
    seat = CHIAMATA.turn(state)
    moves: list[dict[str, Any]] = CHIAMATA.view(state, seat)["legal_moves"]
    if state.phase == "auction" and r.random() < 0.5:
        return {"action": "pass"}
    return r.choice(moves)


@given(seed=st.integers(0, 2**32 - 1))
def test_random_chiamata_matches_hide_the_partner_until_the_called_card_is_played(seed: int) -> None:
    r = random.Random(seed)
    started = CHIAMATA.start({}, TIMEOUTS, NOW, r)
    state = chiamata_state(started)
    check_events(started.events, ((),) * 5, state.hands, public_cards(state))
    check_partner_hidden(started.events, False)
    holder: int | None = None
    while not CHIAMATA.is_over(state):
        check_cards_accounted_for(state)
        check_views(state, holder)
        assert CHIAMATA.load(json.loads(json.dumps(CHIAMATA.dump(state)))) == state
        revealed = state.revealed
        if r.random() < 0.1:
            (deadline,) = CHIAMATA.deadlines(state)
            outcome = CHIAMATA.fire(state, deadline.token, deadline.due, r)
        else:
            seat = CHIAMATA.turn(state)
            assert seat is not None
            outcome = CHIAMATA.apply(state, seat, choose(state, r), NOW, r)
        assert outcome.changed
        after = chiamata_state(outcome)
        check_events(outcome.events, state.hands, after.hands, public_cards(state) | public_cards(after))
        check_partner_hidden(outcome.events, revealed)
        state = after
        if state.phase == "playing" and state.called_card is not None and not state.revealed:
            holder = next(s for s in range(5) if state.called_card in state.hands[s])
    check_cards_accounted_for(state)
    check_views(state, holder)
    assert all(d.caller_points + d.defender_points == 120 for d in state.deals)
    assert all(d.patta for d in state.deals[:-1])
    result = CHIAMATA.result(state)
    assert result is not None
    assert sorted(result.sides["caller"] + result.sides["defenders"]) == [0, 1, 2, 3, 4]
    final = state.deals[-1]
    assert result.winner == ("caller" if final.caller_points >= final.target else "defenders")
    assert sum(result.scores.values()) == 120
    json.dumps(result.details)
