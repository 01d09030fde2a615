"""Briscola for two players, or four in fixed partnerships (seats 0/2 against 1/3).

Dealing (see ``dealing``): three cards each, one at a time, starting after the
dealer; the next card of the deck (index ``3 * seats``) is turned face up and
fixes the trump suit; the rest is the stock, drawn top first (in deck order),
and the face-up card is drawn last of all. Seat 0 deals the first deal and the
deal passes to the left (seat + 1) every deal; the seat after the dealer leads.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.cards import Card
from domain.engine import JSON, Deadline, Event, MatchResult, OptionSpec, Outcome, PlayerResult, Timeouts
from domain.errors import GameOver, IllegalMove, NotYourTurn
from domain.games.tricks.actions import action_name, card_field, check_seat, remove_from_hand
from domain.games.tricks.briscola_state import (
    SIDE_LABELS,
    BriscolaState,
    DealRecord,
    by_side,
    dump_state,
    load_state,
    side_of,
    side_seats,
)
from domain.games.tricks.cards import points_of
from domain.games.tricks.codec import trick_public
from domain.games.tricks.deadlines import hand_end_deadline, hand_end_token, turn_deadline, turn_token
from domain.games.tricks.dealing import deal_round, deck_for_deal
from domain.games.tricks.trick import Play, next_seat, resolve, seats_from
from domain.games.tricks.views import briscola_view

HAND_SIZE = 3

TARGET_OPTION = OptionSpec(
    name="target_score",
    type="integer",
    default=61,
    description="Match points a side needs, with a clear lead, to win the match",
    minimum=1,
    maximum=1000,
)


class BriscolaEngine:
    """One engine class for both seat counts."""

    option_specs: tuple[OptionSpec, ...] = (TARGET_OPTION,)

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

    # -- lifecycle ---------------------------------------------------------------------------------

    def start(
        self,
        options: Mapping[str, Any],
        timeouts: Timeouts,
        now: float,
        rng: random.Random,
        deck: Sequence[Card] | None = None,
    ) -> BriscolaState:
        order = deck_for_deal(rng, deck)
        hands, rest = deal_round(order, self.seats, 0, HAND_SIZE)
        return BriscolaState(
            seats=self.seats,
            target_score=int(options.get("target_score", TARGET_OPTION.default)),
            turn_timeout=float(timeouts.turn),
            hand_ack_timeout=float(timeouts.hand_ack),
            phase="playing",
            deal_number=1,
            dealer=0,
            hands=hands,
            stock=rest[1:],
            trump_card=rest[0],
            trump_drawn=False,
            trick=(),
            turn=next_seat(0, self.seats),
            last_trick=None,
            won=((), ()),
            tricks_won=(0, 0),
            scores=(0, 0),
            deals=(),
            acknowledged=(),
            counter=0,
            turn_due=now + float(timeouts.turn),
            hand_end_due=None,
            winner=None,
        )

    def apply(
        self, state: BriscolaState, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        if state.phase == "finished":
            raise GameOver("the match is over")
        seat = check_seat(seat, state.seats)
        name = action_name(action, ("play", "ack"))
        if name == "ack":
            return self._ack(state, seat, now, rng)
        played = card_field(action)
        if state.phase != "playing":
            raise IllegalMove("the deal is over: acknowledge the summary first")
        if seat != state.turn:
            raise NotYourTurn("it is not your turn")
        return self._play(state, seat, played, now)  # which refuses a card the seat does not hold

    def fire(self, state: BriscolaState, token: str, now: float, rng: random.Random) -> Outcome:
        if state.phase == "playing" and state.turn is not None and token == turn_token(state.counter):
            seat = state.turn
            played = rng.choice(state.hands[seat])
            outcome = self._play(state, seat, played, now)
            timeout = Event("timeout", {"seat": seat, "kind": "turn"})
            return replace(outcome, events=(timeout, *outcome.events))
        if state.phase == "hand_end" and token == hand_end_token(state.deal_number):
            outcome = self._next_deal(state, now, rng)
            timeout = Event("timeout", {"kind": "hand_end", "deal_number": state.deal_number})
            return replace(outcome, events=(timeout, *outcome.events))
        return Outcome(state, (), changed=False)

    def deadlines(self, state: BriscolaState) -> tuple[Deadline, ...]:
        if state.phase == "playing":
            return turn_deadline(state.counter, state.turn_due)
        if state.phase == "hand_end":
            return hand_end_deadline(state.deal_number, state.hand_end_due)
        return ()

    def turn(self, state: BriscolaState) -> int | None:
        return state.turn if state.phase == "playing" else None

    def view(self, state: BriscolaState, seat: int | None) -> JSON:
        return briscola_view(state, seat, self.game_type)

    def is_over(self, state: BriscolaState) -> bool:
        return state.phase == "finished"

    def result(self, state: BriscolaState) -> MatchResult | None:
        if state.phase != "finished":
            return None
        sides = {label: side_seats(index, state.seats) for index, label in enumerate(SIDE_LABELS)}
        scores = by_side(state.scores)
        details: JSON = {
            "target_score": state.target_score,
            "deals_played": len(state.deals),
            "deals": [d.public() for d in state.deals],
            "final_scores": scores,
            "winner": state.winner,
        }
        players = tuple(
            PlayerResult(
                seat=s,
                team=SIDE_LABELS[side_of(s)],
                won=SIDE_LABELS[side_of(s)] == state.winner,
                points=state.scores[side_of(s)],
                details={"side": SIDE_LABELS[side_of(s)], "deals_played": len(state.deals)},
            )
            for s in range(state.seats)
        )
        return MatchResult(sides=sides, scores=scores, winner=state.winner, players=players, details=details)

    def dump(self, state: BriscolaState) -> JSON:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> BriscolaState:
        return load_state(data)

    # -- rules -------------------------------------------------------------------------------------

    def _ack(self, state: BriscolaState, seat: int, now: float, rng: random.Random) -> Outcome:
        if state.phase != "hand_end":
            raise IllegalMove("there is no deal summary to acknowledge")
        if seat in state.acknowledged:
            return Outcome(state, (), changed=False)
        acknowledged = tuple(sorted((*state.acknowledged, seat)))
        state = state._replace(acknowledged=acknowledged, counter=state.counter + 1)
        event = Event("ack", {"seat": seat})
        if len(acknowledged) < state.seats:
            return Outcome(state, (event,))
        outcome = self._next_deal(state, now, rng)
        return replace(outcome, events=(event, *outcome.events))

    # Each step below gathers its changes and copies the state once: this runs for every
    # card played.

    def _play(self, state: BriscolaState, seat: int, played: Card, now: float) -> Outcome:
        hands = list(state.hands)
        hands[seat] = remove_from_hand(hands[seat], played)
        trick = (*state.trick, Play(seat, played))
        events: list[Event] = [Event("play", {"seat": seat, "card": played.code})]
        if len(trick) == state.seats:
            return self._finish_trick(state, hands, trick, events, now)
        state = state._replace(
            hands=tuple(hands),
            trick=trick,
            counter=state.counter + 1,
            turn=next_seat(seat, state.seats),
            turn_due=now + state.turn_timeout,
        )
        return Outcome(state, tuple(events))

    def _finish_trick(
        self,
        state: BriscolaState,
        hands: list[tuple[Card, ...]],
        trick: tuple[Play, ...],
        events: list[Event],
        now: float,
    ) -> Outcome:
        """The trick's winner takes it and leads the next one, once everybody has drawn."""
        done = resolve(trick, state.trump_card.suit)
        side = side_of(done.winner)
        won = list(state.won)
        won[side] = (*won[side], *done.cards)
        tricks = list(state.tricks_won)
        tricks[side] += 1
        events.append(Event("trick", trick_public(done)))
        stock, trump_drawn = self._draw(state, hands, done.winner, events)
        state = state._replace(
            hands=tuple(hands),
            stock=stock,
            trump_drawn=trump_drawn,
            trick=(),
            last_trick=done,
            won=(won[0], won[1]),
            tricks_won=(tricks[0], tricks[1]),
            counter=state.counter + 1,
            turn=done.winner,  # unless that was the last trick: _finish_deal clears the turn
            turn_due=now + state.turn_timeout,
        )
        if any(hands):
            return Outcome(state, tuple(events))
        return self._finish_deal(state, events, now)

    @staticmethod
    def _draw(
        state: BriscolaState, hands: list[tuple[Card, ...]], winner: int, events: list[Event]
    ) -> tuple[tuple[Card, ...], bool]:
        """Each player, winner first, draws back up into ``hands``; the face-up card comes last.

        Returns what is left of the stock and whether the face-up card is gone.
        """
        if state.trump_drawn:
            return state.stock, True
        stock = list(state.stock)
        trump_drawn = False
        for seat in seats_from(winner, state.seats):
            if stock:
                drawn = stock.pop(0)
                events.append(Event("draw", {"card": drawn.code}, seat=seat, public=False))
            else:
                drawn = state.trump_card
                trump_drawn = True
                events.append(Event("trump_drawn", {"seat": seat, "card": drawn.code}))
            hands[seat] = (*hands[seat], drawn)
        return tuple(stock), trump_drawn

    def _finish_deal(self, state: BriscolaState, events: list[Event], now: float) -> Outcome:
        points = (points_of(state.won[0]), points_of(state.won[1]))
        patta = points[0] == points[1]
        scores = state.scores if patta else (state.scores[0] + points[0], state.scores[1] + points[1])
        record = DealRecord(
            deal_number=state.deal_number,
            dealer=state.dealer,
            trump_card=state.trump_card,
            points=points,
            tricks=state.tricks_won,
            patta=patta,
            scores_after=scores,
        )
        state = state._replace(scores=scores, deals=(*state.deals, record), turn=None, turn_due=None)
        events.append(Event("deal_end", record.public()))
        leader = 0 if scores[0] > scores[1] else 1
        if scores[leader] >= state.target_score and scores[0] != scores[1]:
            winner = SIDE_LABELS[leader]
            state = state._replace(phase="finished", winner=winner)
            events.append(Event("match_end", {"winner": winner, "scores": by_side(scores)}))
            return Outcome(state, tuple(events))
        state = state._replace(phase="hand_end", acknowledged=(), hand_end_due=now + state.hand_ack_timeout)
        return Outcome(state, tuple(events))

    def _next_deal(self, state: BriscolaState, now: float, rng: random.Random) -> Outcome:
        dealer = next_seat(state.dealer, state.seats)
        hands, rest = deal_round(deck_for_deal(rng, None), state.seats, dealer, HAND_SIZE)
        state = state._replace(
            phase="playing",
            deal_number=state.deal_number + 1,
            dealer=dealer,
            hands=hands,
            stock=rest[1:],
            trump_card=rest[0],
            trump_drawn=False,
            trick=(),
            turn=next_seat(dealer, state.seats),
            last_trick=None,
            won=((), ()),
            tricks_won=(0, 0),
            acknowledged=(),
            counter=state.counter + 1,
            turn_due=now + state.turn_timeout,
            hand_end_due=None,
        )
        deal = Event(
            "deal",
            {"deal_number": state.deal_number, "dealer": dealer, "trump_card": state.trump_card.code},
        )
        return Outcome(state, (deal,))
