"""``RubamazzoEngine``: the ``GameEngine`` of rubamazzo for two, three or four players.

Conventions beyond the shared contract (the same as the built-in fishing games'):

* seat 0 deals the first hand and the deal passes to the next seat for a deciding hand; the seat
  after the dealer receives the first card and plays first;
* checks run in this order: malformed action (``InvalidAction``), phase (``GameOver`` once
  finished, ``IllegalMove`` for a play between hands or an ack during play), turn
  (``NotYourTurn``), then the rules (``IllegalMove``);
* a repeated ``ack`` from the same seat changes nothing;
* a seat whose turn times out plays a random legal move: a random card, then a random way to play it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.cards import DECK, codes
from domain.engine import JSON, CardZones, Deadline, MatchResult, OptionSpec, Outcome
from domain.errors import GameOver, IllegalMove, InvalidAction, NotYourTurn
from domain.events import hand_end_timeout, turn_timeout
from domain.games.base import EngineBase, Setup
from domain.games.deadlines import hand_end_token, pending, turn_token
from tavolo_rubamazzo.actions import AckAction, check_play, parse_action
from tavolo_rubamazzo.config import Variant
from tavolo_rubamazzo.results import build_result
from tavolo_rubamazzo.state import RubamazzoState, dump_state, load_state
from tavolo_rubamazzo.takes import Move, legal_moves
from tavolo_rubamazzo.transitions import acknowledge, new_match, next_hand, play_card
from tavolo_rubamazzo.views import build_view, seat_fields

CARD_CODES: tuple[str, ...] = tuple(codes(DECK))


class RubamazzoEngine(EngineBase[RubamazzoState]):
    card_codes = CARD_CODES
    option_specs: tuple[OptionSpec, ...] = ()

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.game_type = variant.game_type
        self.name = variant.name
        self.description = variant.description
        self.seats = variant.seats

    def __repr__(self) -> str:
        return f"RubamazzoEngine({self.game_type!r})"

    # --- lifecycle ---------------------------------------------------------------------------

    def deal_first(self, setup: Setup) -> Outcome:
        return new_match(self.variant, setup)

    def apply(
        self, state: RubamazzoState, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        parsed = parse_action(action)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise InvalidAction("no such seat at this table")
        if state.phase == "finished":
            raise GameOver("the match is over")
        if isinstance(parsed, AckAction):
            if state.phase != "hand_end":
                raise IllegalMove("there is no hand summary to acknowledge")
            return acknowledge(state, seat, now, rng)
        if state.phase == "hand_end":
            raise IllegalMove("the hand is over: acknowledge the summary first")
        if state.turn != seat:
            raise NotYourTurn("it is not your turn")
        if parsed.card not in state.hands[seat]:
            raise IllegalMove("that card is not in your hand")
        move = check_play(parsed, seat, state.table, state.piles)
        return play_card(self.variant, state, seat, move, now)

    def fire(self, state: RubamazzoState, token: str, now: float, rng: random.Random) -> Outcome:
        if state.phase == "playing" and state.turn is not None and token == turn_token(state.moves):
            seat = state.turn
            played = play_card(self.variant, state, seat, self.random_move(state, rng), now)
            return Outcome(played.state, (turn_timeout(seat, state.phase), *played.events))
        if state.phase == "hand_end" and token == hand_end_token(state.hand_number):
            dealt = next_hand(state, now, rng)
            timeout = hand_end_timeout(state.hand_number, self.to_act(state))
            return Outcome(dealt.state, (timeout, *dealt.events))
        return Outcome(state, (), changed=False)

    @staticmethod
    def random_move(state: RubamazzoState, rng: random.Random) -> Move:
        """A random legal move for the seat on turn: a random card, then a random way to play it."""
        assert state.turn is not None
        moves = legal_moves(state.hands[state.turn], state.turn, state.table, state.piles)
        card = rng.choice(sorted({move.card for move in moves}))
        return rng.choice([move for move in moves if move.card == card])

    # --- queries ----------------------------------------------------------------------------

    def deadlines(self, state: RubamazzoState) -> tuple[Deadline, ...]:
        return pending(state.phase, state.moves, state.turn_due, state.hand_number, state.hand_end_due)

    def view(self, state: RubamazzoState, seat: int | None) -> JSON:
        return build_view(self.variant, state, seat)

    def private_view(self, state: RubamazzoState, seat: int) -> JSON:
        return seat_fields(state, seat)

    def result(self, state: RubamazzoState) -> MatchResult | None:
        return build_result(state)

    def card_zones(self, state: RubamazzoState) -> CardZones:
        """Hands to their seats; the stock hidden; the table and every pile (face up) public."""
        public = [*codes(state.table)]
        for pile in state.piles:
            public.extend(codes(pile))
        return CardZones(
            hands=tuple(tuple(codes(hand)) for hand in state.hands),
            hidden=tuple(codes(state.deck)),
            public=tuple(public),
        )

    def dump(self, state: RubamazzoState) -> JSON:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> RubamazzoState:
        state = load_state(data)
        if state.game_type != self.game_type:
            raise ValueError(f"a {state.game_type} state cannot be loaded by the {self.game_type} engine")
        if state.seats != self.seats:
            raise ValueError(f"a {self.game_type} state has {self.seats} seats")
        return state
