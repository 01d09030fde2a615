"""Tressette for two players (a stock to draw from) or four in fixed partnerships (seats 0/2
against 1/3, all forty cards dealt).

Seat 0 deals the first hand and the deal passes to the next seat every hand; the seat after the
dealer leads. Everyone must follow the suit led if they can; there are no trumps. This class checks
what a seat may do now and dispatches; the rules themselves are the steps of ``rules``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.cards import DECK, codes
from domain.engine import JSON, CardZones, Deadline, MatchResult, OptionSpec, Outcome, PlayerResult
from domain.errors import IllegalMove, InvalidAction, NotYourTurn
from domain.events import hand_end_timeout, turn_timeout
from domain.games.base import EngineBase, Setup
from domain.games.deadlines import hand_end_token, pending, turn_token
from domain.games.tressette.options import options_for
from domain.games.tressette.rules import acknowledge, new_match, next_hand, play
from domain.games.tressette.signals import signals_for
from domain.games.tressette.state import (
    SIDE_LABELS,
    Rules,
    TressetteState,
    by_side,
    dump_state,
    load_state,
    side_of,
    side_seats,
)
from domain.games.tressette.trick import playable
from domain.games.tressette.views import tressette_seat_fields, tressette_view
from domain.games.tricks.actions import card_field, read_action


class TressetteEngine(EngineBase[TressetteState]):
    """One engine class for both seat counts."""

    card_codes: tuple[str, ...] = tuple(codes(DECK))

    def __init__(self, seats: int) -> None:
        if seats not in (2, 4):
            raise ValueError("tressette is played by 2 or 4 players")
        self.seats = seats
        self.option_specs: tuple[OptionSpec, ...] = options_for(seats)
        if seats == 2:
            self.game_type = "tressette"
            self.name = "Tressette"
            self.description = "The trick-taking game without trumps, for two: draw after each trick"
        else:
            self.game_type = "tressette_a_quattro"
            self.name = "Tressette a quattro"
            self.description = "Tressette for four players in fixed partnerships (seats 0/2 against 1/3)"

    def deal_first(self, setup: Setup) -> Outcome:
        options = setup.options
        rules = Rules(
            seats=self.seats,
            target_score=int(options["target_score"]),
            declarations=bool(options["declarations"]),
            cappotto=bool(options["cappotto"]),
            show_draws=bool(options.get("show_draws", False)),
            signals=bool(options.get("signals", False)),
        )
        return new_match(rules, setup)

    def apply(
        self, state: TressetteState, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        seat, name = read_action(state.phase, seat, state.seats, action, ("play", "ack"))
        if name == "ack":
            if state.phase != "hand_end":
                raise IllegalMove("there is no hand summary to acknowledge")
            return acknowledge(state, seat, now, rng)
        played = card_field(action)
        signal = action.get("signal")
        if signal is not None and not isinstance(signal, str):
            raise InvalidAction("'signal' is busso, striscio or volo")
        if state.phase != "playing":
            raise IllegalMove("the hand is over: acknowledge the summary first")
        if seat != state.turn:
            raise NotYourTurn("it is not your turn")
        hand = state.hands[seat]
        if played not in hand:
            raise IllegalMove(f"{played.code} is not in your hand")
        if played not in playable(hand, state.trick):
            raise IllegalMove("you must follow the suit led")
        if signal is not None:
            if not state.rules.signals:
                raise IllegalMove("signals are not played at this table")
            if state.trick:
                raise IllegalMove("only the leader of a trick may signal")
            if signal not in signals_for(hand, played):
                raise IllegalMove(f"{signal} does not go with this lead")
        return play(state, seat, played, signal, now)

    def fire(self, state: TressetteState, token: str, now: float, rng: random.Random) -> Outcome:
        if state.phase == "playing" and state.turn is not None and token == turn_token(state.counter):
            seat = state.turn
            card = rng.choice(playable(state.hands[seat], state.trick))
            played = play(state, seat, card, None, now)
            return Outcome(played.state, (turn_timeout(seat, state.phase), *played.events))
        if state.phase == "hand_end" and token == hand_end_token(state.hand_number):
            dealt = next_hand(state, now, rng)
            timeout = hand_end_timeout(state.hand_number, self.to_act(state))
            return Outcome(dealt.state, (timeout, *dealt.events))
        return Outcome(state, (), changed=False)

    def deadlines(self, state: TressetteState) -> tuple[Deadline, ...]:
        return pending(state.phase, state.counter, state.turn_due, state.hand_number, state.hand_end_due)

    def view(self, state: TressetteState, seat: int | None) -> JSON:
        return tressette_view(state, seat, self.game_type)

    def private_view(self, state: TressetteState, seat: int) -> JSON:
        return tressette_seat_fields(state, seat)

    def result(self, state: TressetteState) -> MatchResult | None:
        """Each side's score is its points over the hands (cards, last tricks, declarations); each
        player's ``points`` is its side's score."""
        if state.phase != "finished":
            return None
        sides = {label: side_seats(index, state.seats) for index, label in enumerate(SIDE_LABELS)}
        scores = by_side(state.scores)
        details: JSON = {
            "options": state.rules.options(),
            "target_score": state.rules.target_score,
            "hands_played": len(state.hands_played),
            "hands": [record.public() for record in state.hands_played],
            "final_scores": scores,
            "winner": state.winner,
        }
        players = tuple(
            PlayerResult(
                seat=s,
                team=SIDE_LABELS[side_of(s)],
                won=SIDE_LABELS[side_of(s)] == state.winner,
                points=scores[SIDE_LABELS[side_of(s)]],
                details={"side": SIDE_LABELS[side_of(s)], "hands_played": len(state.hands_played)},
            )
            for s in range(state.seats)
        )
        return MatchResult(sides=sides, scores=scores, winner=state.winner, players=players, details=details)

    def card_zones(self, state: TressetteState) -> CardZones:
        """Each seat's hand, less the cards everybody saw it draw; the face-down stock, hidden; and in
        public the trick on the table, the cards each side has taken and the drawn cards shown."""
        shown = [set(cards) for cards in state.shown]
        hands = tuple(
            tuple(card.code for card in hand if card not in shown[seat])
            for seat, hand in enumerate(state.hands)
        )
        taken = (card for pile in state.won for card in pile)
        in_view = (card for cards in state.shown for card in cards)
        return CardZones(
            hands=hands,
            hidden=tuple(codes(state.stock)),
            public=(*(play.card.code for play in state.trick), *codes(taken), *codes(in_view)),
        )

    def dump(self, state: TressetteState) -> JSON:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> TressetteState:
        return load_state(data)
