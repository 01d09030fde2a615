"""``FishingEngine``: the ``GameEngine`` of every fishing game, parameterised by a ``Variant``.

Conventions beyond the shared contract:

* seat 0 deals the first hand and the deal passes clockwise (to the next seat) every
  hand; the seat after the dealer receives the first card and plays first;
* checks run in this order: malformed action (``InvalidAction``), phase (``GameOver``
  once finished, ``IllegalMove`` for a play between hands or an ack during play),
  turn (``NotYourTurn``), then the rules (``IllegalMove``);
* a repeated ``ack`` from the same seat changes nothing.
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
from domain.games.fishing.actions import AckAction, check_play, parse_action
from domain.games.fishing.captures import Move, legal_moves
from domain.games.fishing.config import Variant
from domain.games.fishing.results import build_result
from domain.games.fishing.state import FishingOptions, FishingState, dump_state, load_state
from domain.games.fishing.transitions import acknowledge, new_match, next_hand, play_card
from domain.games.fishing.views import build_view, seat_fields


class FishingEngine(EngineBase[FishingState]):
    card_codes: tuple[str, ...] = tuple(codes(DECK))

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.game_type = variant.game_type
        self.name = variant.name
        self.description = variant.description
        self.seats = variant.seats
        self.option_specs: tuple[OptionSpec, ...] = variant.option_specs

    def __repr__(self) -> str:
        return f"FishingEngine({self.game_type!r})"

    # --- lifecycle ---------------------------------------------------------------------------

    def deal_first(self, setup: Setup) -> Outcome:
        chosen = FishingOptions(
            target_score=int(setup.options["target_score"]),
            napola=bool(setup.options.get("napola", False)),
            asso_pigliatutto=bool(setup.options["asso_pigliatutto"]),
        )
        return new_match(self.variant, chosen, setup)

    def apply(
        self, state: FishingState, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        parsed = parse_action(action)
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise InvalidAction("no such seat at this table")
        if state.phase == "finished":
            raise GameOver("the match is over")
        if isinstance(parsed, AckAction):
            if state.phase != "hand_end":
                raise IllegalMove("there is no hand summary to acknowledge")
            return acknowledge(self.variant, state, seat, now, rng)
        if state.phase == "hand_end":
            raise IllegalMove("the hand is over: acknowledge the summary first")
        if state.turn != seat:
            raise NotYourTurn("it is not your turn")
        if parsed.card not in state.hands[seat]:
            raise IllegalMove("that card is not in your hand")
        move = check_play(parsed, state.table, state.options.asso_pigliatutto)
        return play_card(self.variant, state, seat, move, now)

    def fire(self, state: FishingState, token: str, now: float, rng: random.Random) -> Outcome:
        if state.phase == "playing" and state.turn is not None and token == turn_token(state.moves):
            seat = state.turn
            played = play_card(self.variant, state, seat, self.random_move(state, rng), now)
            return Outcome(played.state, (turn_timeout(seat, state.phase), *played.events))
        if state.phase == "hand_end" and token == hand_end_token(state.hand_number):
            dealt = next_hand(self.variant, state, now, rng)
            timeout = hand_end_timeout(state.hand_number, self.to_act(state))
            return Outcome(dealt.state, (timeout, *dealt.events))
        return Outcome(state, (), changed=False)

    @staticmethod
    def random_move(state: FishingState, rng: random.Random) -> Move:
        """A random legal move for the seat on turn: a random card, then a random capture of it."""
        assert state.turn is not None
        moves = legal_moves(state.hands[state.turn], state.table, state.options.asso_pigliatutto)
        card = rng.choice(sorted({move.card for move in moves}))
        return rng.choice([move for move in moves if move.card == card])

    # --- queries ----------------------------------------------------------------------------

    def deadlines(self, state: FishingState) -> tuple[Deadline, ...]:
        return pending(state.phase, state.moves, state.turn_due, state.hand_number, state.hand_end_due)

    def view(self, state: FishingState, seat: int | None) -> JSON:
        return build_view(self.variant, state, seat)

    def private_view(self, state: FishingState, seat: int) -> JSON:
        return seat_fields(state, seat)

    def result(self, state: FishingState) -> MatchResult | None:
        return build_result(self.variant, state)

    def card_zones(self, state: FishingState) -> CardZones:
        """Each seat's hand; the deck still to deal, face down; and in public the table and the
        captured piles (every captured card was seen on the table or played onto it). At a hand's
        end the piles hold all forty until the next deal."""
        piles = (card for pile in state.piles for card in pile)
        return CardZones(
            hands=tuple(tuple(codes(hand)) for hand in state.hands),
            hidden=tuple(codes(state.deck)),
            public=(*codes(state.table), *codes(piles)),
        )

    def dump(self, state: FishingState) -> JSON:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> FishingState:
        state = load_state(data)
        if state.game_type != self.game_type:
            raise ValueError(f"a {state.game_type} state cannot be loaded by the {self.game_type} engine")
        return state
