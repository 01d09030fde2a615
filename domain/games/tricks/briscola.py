"""Briscola for two players, or four in fixed partnerships (seats 0/2 against 1/3).

Dealing (see ``dealing``): three cards each, one at a time, starting after the
dealer; the next card of the deck (index ``3 * seats``) is turned face up and
fixes the trump suit; the rest is the stock, drawn top first (in deck order),
and the face-up card is drawn last of all. Seat 0 deals the first deal and the
deal passes to the left (seat + 1) every deal; the seat after the dealer leads.

A match goes to ``target_score`` card points (61: one deal) or, with ``deals_to_win`` 2 or 3,
to that many deals won (best of three, best of five); the two ways do not mix.

This class checks what a seat may do now and dispatches; the rules themselves
are the steps of ``briscola_rules``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.cards import DECK, codes
from domain.engine import JSON, CardZones, Deadline, MatchResult, OptionSpec, Outcome, PlayerResult
from domain.errors import IllegalMove, NotYourTurn
from domain.events import hand_end_timeout, turn_timeout
from domain.games.base import EngineBase, Setup
from domain.games.deadlines import hand_end_token, pending, turn_token
from domain.games.tricks.actions import card_field, read_action
from domain.games.tricks.briscola_rules import acknowledge, match_scores, new_match, next_deal, play
from domain.games.tricks.briscola_state import (
    SIDE_LABELS,
    BriscolaState,
    by_side,
    dump_state,
    load_state,
    side_of,
    side_seats,
)
from domain.games.tricks.views import briscola_seat_fields, briscola_view

TARGET_OPTION = OptionSpec(
    name="target_score",
    type="integer",
    default=61,
    description=(
        "Match points a side needs, with a clear lead, to win the match (card points added up over "
        "the deals); only with deals_to_win 1"
    ),
    minimum=1,
    maximum=1000,
    only_with=(("deals_to_win", 1),),
)
DEALS_OPTION = OptionSpec(
    name="deals_to_win",
    type="integer",
    default=1,
    description=(
        "Deals a side must win to win the match: 1 (one deal), 2 (best of three) or 3 (best of five); "
        "a deal is won with more than 60 card points, a patta (60 all) counts for nobody"
    ),
    choices=(1, 2, 3),
)


class BriscolaEngine(EngineBase[BriscolaState]):
    """One engine class for both seat counts."""

    option_specs: tuple[OptionSpec, ...] = (TARGET_OPTION, DEALS_OPTION)
    card_codes: tuple[str, ...] = tuple(codes(DECK))

    def __init__(self, seats: int) -> None:
        if seats not in (2, 4):
            raise ValueError("briscola is played by 2 or 4 players")
        self.seats = seats
        if seats == 2:
            self.game_type = "briscola"
            self.name = "Briscola"
            self.description = "The classic two-player trick-taking game with a trump suit"
        else:
            self.game_type = "briscola_a_quattro"
            self.name = "Briscola a quattro"
            self.description = "Briscola for four players in fixed partnerships (seats 0/2 against 1/3)"

    def deal_first(self, setup: Setup) -> Outcome:
        options = setup.options
        return new_match(self.seats, int(options["target_score"]), int(options["deals_to_win"]), setup)

    def apply(
        self, state: BriscolaState, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        seat, name = read_action(state.phase, seat, state.seats, action, ("play", "ack"))
        if name == "ack":
            if state.phase != "hand_end":
                raise IllegalMove("there is no deal summary to acknowledge")
            return acknowledge(state, seat, now, rng)
        played = card_field(action)
        if state.phase != "playing":
            raise IllegalMove("the deal is over: acknowledge the summary first")
        if seat != state.turn:
            raise NotYourTurn("it is not your turn")
        return play(state, seat, played, now)  # which refuses a card the seat does not hold

    def fire(self, state: BriscolaState, token: str, now: float, rng: random.Random) -> Outcome:
        if state.phase == "playing" and state.turn is not None and token == turn_token(state.counter):
            seat = state.turn
            played = play(state, seat, rng.choice(state.hands[seat]), now)
            return Outcome(played.state, (turn_timeout(seat, state.phase), *played.events))
        if state.phase == "hand_end" and token == hand_end_token(state.deal_number):
            dealt = next_deal(state, now, rng)
            timeout = hand_end_timeout(state.deal_number, self.to_act(state))
            return Outcome(dealt.state, (timeout, *dealt.events))
        return Outcome(state, (), changed=False)

    def deadlines(self, state: BriscolaState) -> tuple[Deadline, ...]:
        return pending(state.phase, state.counter, state.turn_due, state.deal_number, state.hand_end_due)

    def view(self, state: BriscolaState, seat: int | None) -> JSON:
        return briscola_view(state, seat, self.game_type)

    def private_view(self, state: BriscolaState, seat: int) -> JSON:
        return briscola_seat_fields(state, seat)

    def result(self, state: BriscolaState) -> MatchResult | None:
        """Each side's score is its card points over the deals, or in a match of several deals to
        win the deals it won; each player's ``points`` is its side's score."""
        if state.phase != "finished":
            return None
        sides = {label: side_seats(index, state.seats) for index, label in enumerate(SIDE_LABELS)}
        scores = match_scores(state)
        details: JSON = {
            "target_score": state.target_score,
            "deals_to_win": state.deals_to_win,
            "deals_played": len(state.deals),
            "deals": [d.public() for d in state.deals],
            "deals_won": by_side(state.deals_won),
            "card_points": by_side(state.scores),
            "final_scores": scores,
            "winner": state.winner,
        }
        players = tuple(
            PlayerResult(
                seat=s,
                team=SIDE_LABELS[side_of(s)],
                won=SIDE_LABELS[side_of(s)] == state.winner,
                points=scores[SIDE_LABELS[side_of(s)]],
                details={"side": SIDE_LABELS[side_of(s)], "deals_played": len(state.deals)},
            )
            for s in range(state.seats)
        )
        return MatchResult(sides=sides, scores=scores, winner=state.winner, players=players, details=details)

    def card_zones(self, state: BriscolaState) -> CardZones:
        """Each seat's hand; the face-down stock, hidden; and in public the trick on the table, the
        cards each side has taken, and the trump card turned face up at the deal, which lies under
        the stock until the last draw takes it into a hand."""
        face_up = () if state.trump_drawn else (state.trump_card.code,)
        taken = (card for pile in state.won for card in pile)
        return CardZones(
            hands=tuple(tuple(codes(hand)) for hand in state.hands),
            hidden=tuple(codes(state.stock)),
            public=(*face_up, *(play.card.code for play in state.trick), *codes(taken)),
        )

    def dump(self, state: BriscolaState) -> JSON:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> BriscolaState:
        return load_state(data)
