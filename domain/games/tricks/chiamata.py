"""Briscola chiamata: five players, a calling auction and a secret partner.

Dealing (see ``dealing``): the whole deck, eight cards each, one at a time,
starting with the seat after the dealer (deck index 0 goes to dealer + 1).
Seat 0 deals the first deal; a patta is replayed with the next dealer.
The seat after the dealer opens the auction and leads the first trick.

A match is one deal, or ``deals_to_play`` deals (5 or 10; a patta is replayed and does not count)
with the deal passing to the next seat each time and the traditional per-player score: the
caller +2, the partner +1, each defender -1 for a won deal, the opposite for a lost one, and a
caller alone +4 or -4 against -1 or +1 each. The running ``standings`` decide the match: the
highest total wins (every seat sharing it, when it is shared). Between deals a summary waits for
every acknowledgement, or for its deadline.

Hidden information: until the called card is played nothing outside the
holder's own hand tells who the partner is (nor whether the caller is alone);
the state does not even record it before then.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.cards import DECK, RANKS, SUITS, Card, codes
from domain.engine import JSON, CardZones, Deadline, Event, MatchResult, OptionSpec, Outcome, PlayerResult
from domain.errors import IllegalMove, InvalidAction, NotYourTurn
from domain.events import hand_end_timeout, turn_timeout
from domain.games.base import EngineBase, Setup
from domain.games.deadlines import hand_end_token, pending, turn_token
from domain.games.tricks.actions import card_field, int_field, read_action
from domain.games.tricks.auction import (
    Auction,
    bid_points,
    bid_rank,
    force_ace,
)
from domain.games.tricks.cards import points_of
from domain.games.tricks.chiamata_rules import (
    SEATS,
    acknowledge,
    after_bid,
    call,
    deal,
    forced_bid,
    next_deal,
    pass_turn,
    play,
)
from domain.games.tricks.chiamata_state import (
    CALLER,
    DEFENDERS,
    SEAT_LABELS,
    ChiamataState,
    by_seat_label,
    dump_state,
    leaders,
    load_state,
    standings_winner,
)
from domain.games.tricks.dealing import deck_for_deal
from domain.games.tricks.views import chiamata_seat_fields, chiamata_view

ACTIONS = ("bid", "pass", "call", "play", "ack")

DEALS_OPTION = OptionSpec(
    name="deals_to_play",
    type="integer",
    default=1,
    description=(
        "Deals in the match: 1, 5 or 10 (a patta is replayed and does not count); over several deals "
        "each player keeps a running score (caller +2, partner +1, defenders -1 each for a won deal, "
        "the opposite for a lost one; a caller alone +4 or -4) and the highest total wins"
    ),
    choices=(1, 5, 10),
)


class ChiamataEngine(EngineBase[ChiamataState]):
    game_type = "briscola_chiamata"
    name = "Briscola chiamata"
    description = "Five players: an auction names a card, and its secret holder joins the caller"
    seats = SEATS
    option_specs: tuple[OptionSpec, ...] = (DEALS_OPTION,)
    card_codes: tuple[str, ...] = tuple(codes(DECK))

    def deal_first(self, setup: Setup) -> Outcome:
        blank = ChiamataState(
            seats=SEATS,
            deals_to_play=int(setup.options["deals_to_play"]),
            turn_timeout=float(setup.timeouts.turn),
            hand_ack_timeout=float(setup.timeouts.hand_ack),
            trick_pause=float(setup.timeouts.trick_pause),
            phase="auction",
            deal_number=0,
            dealer=SEATS - 1,
            hands=(),
            auction=Auction(SEATS),
            called_card=None,
            revealed=False,
            partner=None,
            trick=(),
            turn=None,
            last_trick=None,
            won=(),
            tricks_won=(),
            deals=(),
            standings=(0,) * SEATS,
            acknowledged=(),
            counter=0,
            turn_due=None,
            hand_end_due=None,
        )
        return deal(blank, deck_for_deal(setup.rng, setup.deck), setup.now)

    def apply(
        self, state: ChiamataState, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        seat, name = read_action(state.phase, seat, state.seats, action, ACTIONS)
        if name == "ack":
            if state.phase != "hand_end":
                raise IllegalMove("there is no deal summary to acknowledge")
            return acknowledge(state, seat, now, rng)
        if state.phase == "hand_end":
            raise IllegalMove("the deal is over: acknowledge the summary first")
        if name == "play":
            played = card_field(action)
            self._expect(state, seat, "playing", "cards are played once the called card is named")
            return play(state, seat, played, now, rng)  # which refuses a card the seat does not hold
        if name == "call":
            called = card_field(action)
            self._expect(state, seat, "call", "a card is called by the auction winner after the auction")
            return call(state, seat, called, now)
        if name == "pass":
            self._expect(state, seat, "auction", "the auction is over")
            return pass_turn(state, seat, now)
        rank, points = _bid_fields(action)
        self._expect(state, seat, "auction", "the auction is over")
        if points is None:
            auction = bid_rank(state.auction, seat, rank)
            event = Event("bid", {"rank": rank}, seat=seat)
        else:
            auction = bid_points(state.auction, seat, points)
            event = Event("bid", {"points": points}, seat=seat)
        return after_bid(state, auction, seat, (event,), now)

    def fire(self, state: ChiamataState, token: str, now: float, rng: random.Random) -> Outcome:
        if state.phase == "hand_end":
            if token != hand_end_token(state.deal_number):
                return Outcome(state, (), changed=False)
            dealt = next_deal(state, now, rng)
            timeout = hand_end_timeout(state.deal_number, self.to_act(state))
            return Outcome(dealt.state, (timeout, *dealt.events))
        seat = state.turn
        if state.phase == "finished" or seat is None or token != turn_token(state.counter):
            return Outcome(state, (), changed=False)
        timeout = turn_timeout(seat, state.phase)
        if state.phase == "auction":
            auction = state.auction
            if auction.in_play == (seat,) and auction.standing is None:
                outcome = after_bid(state, force_ace(auction, seat), seat, (forced_bid(seat),), now)
            else:
                outcome = pass_turn(state, seat, now)
        elif state.phase == "call":
            winner = state.auction.winner
            assert winner is not None
            outcome = call(state, seat, Card(winner.rank, rng.choice(SUITS)), now)
        else:
            outcome = play(state, seat, rng.choice(state.hands[seat]), now, rng)
        return Outcome(outcome.state, (timeout, *outcome.events))

    def deadlines(self, state: ChiamataState) -> tuple[Deadline, ...]:
        return pending(state.phase, state.counter, state.turn_due, state.deal_number, state.hand_end_due)

    def view(self, state: ChiamataState, seat: int | None) -> JSON:
        return chiamata_view(state, seat, self.game_type)

    def private_view(self, state: ChiamataState, seat: int) -> JSON:
        return chiamata_seat_fields(state, seat)

    def result(self, state: ChiamataState) -> MatchResult | None:
        """A match of one deal: the deciding deal's two sides (caller's, defenders') and their card
        points. A match of several deals: every seat its own side (``A`` for seat 0 …) scored by
        its running total (see ``_standings_result``)."""
        if state.phase != "finished":
            return None
        if state.deals_to_play > 1:
            return _standings_result(state)
        final = state.deals[-1]
        calling = final.calling_side
        sides = {CALLER: calling, DEFENDERS: tuple(s for s in range(state.seats) if s not in calling)}
        scores = {CALLER: final.caller_points, DEFENDERS: final.defender_points}
        details: JSON = {
            "target": final.target,
            "caller_points": final.caller_points,
            "defender_points": final.defender_points,
            "called_card": final.called_card.code,
            "alone": final.alone,
            "caller": final.caller,
            "partner": final.partner,
            "deals_to_play": state.deals_to_play,
            "deals_played": len(state.deals),
            "deals": [d.public() for d in state.deals],
            "final_scores": scores,
            "winner": final.winner,
        }
        players = []
        for s in range(state.seats):
            label = CALLER if s in calling else DEFENDERS
            role = "caller" if s == final.caller else "partner" if s == final.partner else "defender"
            players.append(
                PlayerResult(
                    seat=s,
                    team=label,
                    won=label == final.winner,
                    points=scores[label],
                    details={"role": role, "card_points": points_of(state.won[s])},
                )
            )
        return MatchResult(
            sides=sides, scores=scores, winner=final.winner, players=tuple(players), details=details
        )

    def card_zones(self, state: ChiamataState) -> CardZones:
        """Each seat's hand (the whole deck is dealt: nothing is hidden); in public the trick on the
        table and the cards each seat has taken. The called card is public from the call on: the call
        names it to everybody, so any view may name it, though only its holder knows where it is
        until it is played; it is counted there and not in that hand."""
        called = state.called_card
        in_hand = called is not None and any(called in hand for hand in state.hands)
        named = (called.code,) if called is not None and in_hand else ()
        taken = (card for pile in state.won for card in pile)
        return CardZones(
            hands=tuple(tuple(card.code for card in hand if card != called) for hand in state.hands),
            hidden=(),
            public=(*named, *(play.card.code for play in state.trick), *codes(taken)),
        )

    def dump(self, state: ChiamataState) -> JSON:
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> ChiamataState:
        return load_state(data)

    @staticmethod
    def _expect(state: ChiamataState, seat: int, phase: str, message: str) -> None:
        if state.phase != phase:
            raise IllegalMove(message)
        if seat != state.turn:
            raise NotYourTurn("it is not your turn")


def _standings_result(state: ChiamataState) -> MatchResult:
    """The result of a match of several deals: each seat is its own side, labelled ``A`` to ``E``,
    scored by its running total; each player's ``points`` is that total. The seats with the highest
    total won: one alone is the ``winner``; a shared top makes every seat sharing it a winner and
    the match's ``winner`` ``None`` (and when all five share it, nobody won). Elo rates every two
    players by their totals (``domain.elo.rate_standings``)."""
    standings = state.standings
    top = leaders(standings)
    if len(top) == state.seats:
        top = ()
    winner = standings_winner(standings)
    scores = by_seat_label(standings)
    sides = {SEAT_LABELS[seat]: (seat,) for seat in range(state.seats)}
    details: JSON = {
        "deals_to_play": state.deals_to_play,
        "deals_played": len(state.deals),
        "deals": [d.public() for d in state.deals],
        "standings": list(standings),
        "final_scores": scores,
        "leaders": list(top),
        "winner": winner,
    }
    players = tuple(
        PlayerResult(
            seat=seat,
            team=SEAT_LABELS[seat],
            won=seat in top,
            points=standings[seat],
            details={
                "deals_called": sum(1 for d in state.deals if d.caller == seat and not d.patta),
                "deals_partnered": sum(1 for d in state.deals if d.partner == seat and not d.patta),
            },
        )
        for seat in range(state.seats)
    )
    return MatchResult(sides=sides, scores=scores, winner=winner, players=players, details=details)


def _bid_fields(action: Mapping[str, Any]) -> tuple[int, int | None]:
    """``(rank, points)`` of a bid: a rank bid has no points, a points bid stands on the two."""
    if ("rank" in action) == ("points" in action):
        raise InvalidAction("a bid names either a 'rank' or 'points'")
    if "points" in action:
        return 2, int_field(action, "points")
    rank = int_field(action, "rank")
    if rank not in RANKS:
        raise InvalidAction("a rank goes from 1 to 10")
    return rank, None
