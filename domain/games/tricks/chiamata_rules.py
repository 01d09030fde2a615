"""The steps of a briscola chiamata match: dealing, the auction turns, the call, the tricks, the
end of a deal and, in a match of several deals, the acknowledgements between them.

Each step takes the state after validation and returns the next ``Outcome``;
the engine (``chiamata``) checks phases, turns and message shapes first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.cards import Card
from domain.engine import Event, Outcome
from domain.errors import IllegalMove
from domain.events import dealing, match_end
from domain.games.tricks.acknowledging import acknowledge as acknowledged_by
from domain.games.tricks.actions import remove_from_hand
from domain.games.tricks.auction import FORCED_RANK, PLAIN_TARGET, Auction, pass_bid
from domain.games.tricks.cards import POINTS_PER_DEAL, RANK_LABELS, points_of
from domain.games.tricks.chiamata_state import (
    CALLER,
    DEFENDERS,
    ChiamataDeal,
    ChiamataState,
    by_seat_label,
    deal_points,
    standings_winner,
)
from domain.games.tricks.codec import trick_public
from domain.games.tricks.dealing import deal_round, deck_for_deal
from domain.games.tricks.trick import Play, next_seat, resolve, turn_due

SEATS = 5
HAND_SIZE = 8


def deal(state: ChiamataState, deck: Sequence[Card], now: float) -> Outcome:
    """The next dealer deals the whole deck; each seat's cards are told to that seat alone."""
    dealer = next_seat(state.dealer, SEATS)
    hands, _ = deal_round(deck, SEATS, dealer, HAND_SIZE)
    state = state._replace(
        phase="auction",
        deal_number=state.deal_number + 1,
        dealer=dealer,
        hands=hands,
        auction=Auction(SEATS),
        called_card=None,
        revealed=False,
        partner=None,
        trick=(),
        turn=next_seat(dealer, SEATS),
        last_trick=None,
        won=((),) * SEATS,
        tricks_won=(0,) * SEATS,
        acknowledged=(),
        counter=state.counter + 1 if state.deal_number else state.counter,
        turn_due=now + state.turn_timeout,
        hand_end_due=None,
        paused_until=None,
    )
    started = Event("hand_started", {"hand_number": state.deal_number, "dealer": dealer})
    return Outcome(state, (started, *dealing(hands, 0)))


def forced_bid(seat: int) -> Event:
    """The last bidder left with no bid standing is made to bid the ace."""
    return Event("bid", {"rank": FORCED_RANK, "forced": True}, seat=seat)


def pass_turn(state: ChiamataState, seat: int, now: float) -> Outcome:
    auction = pass_bid(state.auction, seat)
    events = [Event("pass", seat=seat)]
    if auction.forced and not state.auction.forced:
        events.append(forced_bid(auction.in_play[0]))
    return after_bid(state, auction, seat, tuple(events), now)


def after_bid(
    state: ChiamataState, auction: Auction, seat: int, events: tuple[Event, ...], now: float
) -> Outcome:
    """Move the auction on: the next bidder, or the call once one bidder is left."""
    winner = auction.winner
    if winner is not None:
        won = Event("auction_won", {**winner.terms(), "target": winner.target}, seat=winner.seat)
        state = state._replace(phase="call", auction=auction, turn=winner.seat)
        events = (*events, won)
    else:
        state = state._replace(auction=auction, turn=auction.next_bidder(seat))
    state = state._replace(counter=state.counter + 1, turn_due=now + state.turn_timeout)
    return Outcome(state, events)


def call(state: ChiamataState, seat: int, called: Card, now: float) -> Outcome:
    winner = state.auction.winner
    assert winner is not None
    if called.rank != winner.rank:
        raise IllegalMove(f"you must call a card of the rank you won ({RANK_LABELS[winner.rank]})")
    state = state._replace(
        phase="playing",
        called_card=called,
        turn=next_seat(state.dealer, SEATS),
        counter=state.counter + 1,
        turn_due=now + state.turn_timeout,
    )
    event = Event("call", {"card": called.code, "trump_suit": called.suit.value}, seat=seat)
    return Outcome(state, (event,))


def play(state: ChiamataState, seat: int, played: Card, now: float, rng: random.Random) -> Outcome:
    """Play a card; the last card of a trick also settles the trick (the state is copied once
    either way: this runs for every card played). The trick's winner leads the next one, its turn
    starting once the trick has stayed on the table for its ``trick_pause``."""
    called = state.called_card
    assert called is not None  # cards are played only once a card has been called
    hands = list(state.hands)
    hands[seat] = remove_from_hand(hands[seat], played)
    trick = (*state.trick, Play(seat, played))
    events: list[Event] = [Event("play", {"card": played.code}, seat=seat)]
    revealed, partner = state.revealed, state.partner
    if played == called:
        caller = state.caller
        revealed, partner = True, None if seat == caller else seat
        events.append(
            Event("partner_revealed", {"caller": caller, "partner": partner, "alone": partner is None})
        )
    if len(trick) < SEATS:
        state = state._replace(
            hands=tuple(hands),
            trick=trick,
            counter=state.counter + 1,
            revealed=revealed,
            partner=partner,
            turn=next_seat(seat, SEATS),
            turn_due=turn_due(now, state.paused_until, state.turn_timeout),
        )
        return Outcome(state, tuple(events))
    done = resolve(trick, called.suit)
    won = list(state.won)
    won[done.winner] = (*won[done.winner], *done.cards)
    tricks = list(state.tricks_won)
    tricks[done.winner] += 1
    events.append(Event("trick", trick_public(done)))
    state = state._replace(
        hands=tuple(hands),
        trick=(),
        counter=state.counter + 1,
        revealed=revealed,
        partner=partner,
        last_trick=done,
        won=tuple(won),
        tricks_won=tuple(tricks),
        turn=done.winner,
        turn_due=turn_due(now, now + state.trick_pause, state.turn_timeout),
        paused_until=now + state.trick_pause,
    )
    if any(hands):
        return Outcome(state, tuple(events))
    return finish_deal(state, events, now, rng)


def finish_deal(state: ChiamataState, events: list[Event], now: float, rng: random.Random) -> Outcome:
    """Score the deal. A match of one deal ends with it, unless it is a patta, replayed at once
    with the next dealer. A match of several deals adds each seat's points for the deal to the
    standings and ends once ``deals_to_play`` deals that count (pattas do not) are played;
    until then the deal's summary waits for every acknowledgement."""
    caller = state.caller
    assert caller is not None and state.called_card is not None
    calling = {caller} | ({state.partner} if state.partner is not None else set())
    caller_points = sum(points_of(state.won[s]) for s in calling)
    target = state.target
    patta = target == PLAIN_TARGET and caller_points * 2 == POINTS_PER_DEAL
    winner = None if patta else CALLER if caller_points >= target else DEFENDERS
    points = deal_points(caller, state.partner, winner, state.seats)
    standings = tuple(total + gained for total, gained in zip(state.standings, points, strict=True))
    several = state.deals_to_play > 1
    record = ChiamataDeal(
        deal_number=state.deal_number,
        dealer=state.dealer,
        auction=state.auction,
        caller=caller,
        called_card=state.called_card,
        partner=state.partner,
        target=target,
        caller_points=caller_points,
        defender_points=POINTS_PER_DEAL - caller_points,
        patta=patta,
        winner=winner,
        points=points if several else None,
        standings=standings if several else None,
    )
    state = state._replace(deals=(*state.deals, record), standings=standings)
    events.append(Event("hand_end", record.public()))
    if not several:
        if patta:
            dealt = deal(state, deck_for_deal(rng, None), now)
            return Outcome(dealt.state, (*events, *dealt.events))
        state = state._replace(phase="finished", turn=None, turn_due=None)
        events.append(match_end(winner, {CALLER: record.caller_points, DEFENDERS: record.defender_points}))
        return Outcome(state, tuple(events))
    if state.deals_counted >= state.deals_to_play:
        state = state._replace(phase="finished", turn=None, turn_due=None)
        events.append(match_end(standings_winner(standings), by_seat_label(standings)))
        return Outcome(state, tuple(events))
    state = state._replace(
        phase="hand_end", turn=None, turn_due=None, acknowledged=(), hand_end_due=now + state.hand_ack_timeout
    )
    return Outcome(state, tuple(events))


def next_deal(state: ChiamataState, now: float, rng: random.Random) -> Outcome:
    """The next deal, from a fresh shuffle, by the next dealer."""
    return deal(state, deck_for_deal(rng, None), now)


def acknowledge(state: ChiamataState, seat: int, now: float, rng: random.Random) -> Outcome:
    """A seat dismisses the deal summary; the last acknowledgement deals the next deal."""
    return acknowledged_by(state, seat, now, rng, next_deal)
