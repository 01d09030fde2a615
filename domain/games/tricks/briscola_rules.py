"""The steps of a briscola match: dealing, a card played, a trick settled, the draw,
the end of a deal, the acknowledgements between deals.

Each step takes the state after validation and returns the next ``Outcome``; the
engine (``briscola``) checks phases, turns and message shapes first. The steps
that run for every card played gather their changes and copy the state once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from domain.cards import DECK, Card
from domain.engine import Event, Outcome
from domain.events import dealing, match_end
from domain.games.base import Setup
from domain.games.tricks.acknowledging import acknowledge as acknowledged_by
from domain.games.tricks.actions import remove_from_hand
from domain.games.tricks.briscola_state import SIDE_LABELS, BriscolaState, DealRecord, by_side, side_of
from domain.games.tricks.cards import points_of
from domain.games.tricks.codec import trick_public
from domain.games.tricks.dealing import deal_round, deck_for_deal
from domain.games.tricks.trick import Play, next_seat, resolve, seats_from, turn_due

HAND_SIZE = 3
FIRST_DEALER = 0


def new_match(seats: int, target_score: int, deals_to_win: int, setup: Setup) -> Outcome:
    """The first deal, by seat 0, from the explicit deck or a shuffle."""
    blank = BriscolaState(
        seats=seats,
        target_score=target_score,
        deals_to_win=deals_to_win,
        turn_timeout=float(setup.timeouts.turn),
        hand_ack_timeout=float(setup.timeouts.hand_ack),
        trick_pause=float(setup.timeouts.trick_pause),
        phase="playing",
        deal_number=0,
        dealer=FIRST_DEALER,
        hands=(),
        stock=(),
        trump_card=DECK[0],  # a placeholder: the deal turns up the real one
        trump_drawn=False,
        trick=(),
        turn=None,
        last_trick=None,
        won=((), ()),
        tricks_won=(0, 0),
        scores=(0, 0),
        deals_won=(0, 0),
        deals=(),
        acknowledged=(),
        counter=0,
        turn_due=None,
        hand_end_due=None,
        winner=None,
    )
    return deal(blank, FIRST_DEALER, deck_for_deal(setup.rng, setup.deck), setup.now)


def deal(state: BriscolaState, dealer: int, order: Sequence[Card], now: float) -> Outcome:
    """``dealer`` deals from ``order``: three cards each, the next card face up (the trump),
    the rest the stock. Each seat's cards are told to that seat alone."""
    hands, rest = deal_round(order, state.seats, dealer, HAND_SIZE)
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
        turn_due=now + state.turn_timeout,
        hand_end_due=None,
        paused_until=None,
    )
    started = Event(
        "hand_started",
        {"hand_number": state.deal_number, "dealer": dealer, "trump_card": state.trump_card.code},
    )
    return Outcome(state, (started, *dealing(hands, state.deck_count)))


def next_deal(state: BriscolaState, now: float, rng: random.Random) -> Outcome:
    """The next deal, from a fresh shuffle; the deal passes to the next seat."""
    state = state._replace(counter=state.counter + 1)
    return deal(state, next_seat(state.dealer, state.seats), deck_for_deal(rng, None), now)


def acknowledge(state: BriscolaState, seat: int, now: float, rng: random.Random) -> Outcome:
    """A seat dismisses the deal summary; the last acknowledgement deals the next deal."""
    return acknowledged_by(state, seat, now, rng, next_deal)


def play(state: BriscolaState, seat: int, played: Card, now: float) -> Outcome:
    """``seat`` (on turn) plays ``played``, which must be in its hand; the last card of a
    trick settles it."""
    hands = list(state.hands)
    hands[seat] = remove_from_hand(hands[seat], played)
    trick = (*state.trick, Play(seat, played))
    events: list[Event] = [Event("play", {"card": played.code}, seat=seat)]
    if len(trick) == state.seats:
        return finish_trick(state, hands, trick, events, now)
    state = state._replace(
        hands=tuple(hands),
        trick=trick,
        counter=state.counter + 1,
        turn=next_seat(seat, state.seats),
        turn_due=turn_due(now, state.paused_until, state.turn_timeout),
    )
    return Outcome(state, tuple(events))


def finish_trick(
    state: BriscolaState,
    hands: list[tuple[Card, ...]],
    trick: tuple[Play, ...],
    events: list[Event],
    now: float,
) -> Outcome:
    """The trick's winner takes it and leads the next one, once everybody has drawn: its turn
    starts once the trick has stayed on the table for its ``trick_pause``."""
    done = resolve(trick, state.trump_card.suit)
    side = side_of(done.winner)
    won = list(state.won)
    won[side] = (*won[side], *done.cards)
    tricks = list(state.tricks_won)
    tricks[side] += 1
    events.append(Event("trick", trick_public(done)))
    stock, trump_drawn = draw(state, hands, done.winner, events)
    state = state._replace(
        hands=tuple(hands),
        stock=stock,
        trump_drawn=trump_drawn,
        trick=(),
        last_trick=done,
        won=(won[0], won[1]),
        tricks_won=(tricks[0], tricks[1]),
        counter=state.counter + 1,
        turn=done.winner,  # unless that was the last trick: finish_deal clears the turn
        turn_due=turn_due(now, now + state.trick_pause, state.turn_timeout),
        paused_until=now + state.trick_pause,
    )
    if any(hands):
        return Outcome(state, tuple(events))
    return finish_deal(state, events, now)


def draw(
    state: BriscolaState, hands: list[tuple[Card, ...]], winner: int, events: list[Event]
) -> tuple[tuple[Card, ...], bool]:
    """Each player, winner first, draws back up into ``hands``; the face-up card comes last.

    Everybody learns who drew from the stock (``cards_drawn``), only the drawer what it
    drew (``drew``); the face-up card was seen by all, so its draw is public
    (``trump_drawn``). Returns what is left of the stock and whether the face-up card is gone.
    """
    if state.trump_drawn:
        return state.stock, True
    stock = list(state.stock)
    drawers = seats_from(winner, state.seats)
    from_stock = drawers[: len(stock)]
    private = []
    for seat in from_stock:
        drawn = stock.pop(0)
        private.append(Event("drew", {"card": drawn.code}, seat=seat, public=False))
        hands[seat] = (*hands[seat], drawn)
    trump_drawn = len(from_stock) < len(drawers)
    left = len(stock) + (0 if trump_drawn else 1)
    events.append(Event("cards_drawn", {"seats": list(from_stock), "deck_count": left}))
    events.extend(private)
    if trump_drawn:
        last = drawers[len(from_stock)]
        hands[last] = (*hands[last], state.trump_card)
        events.append(Event("trump_drawn", {"card": state.trump_card.code}, seat=last))
    return tuple(stock), trump_drawn


def finish_deal(state: BriscolaState, events: list[Event], now: float) -> Outcome:
    """Score the deal (a patta scores nothing). A match to a target score ends once a side
    reaches it with a clear lead; a match of several deals to win, once a side has won that
    many. Otherwise the summary waits for every acknowledgement."""
    points = (points_of(state.won[0]), points_of(state.won[1]))
    patta = points[0] == points[1]
    scores = state.scores if patta else (state.scores[0] + points[0], state.scores[1] + points[1])
    deals_won = state.deals_won
    if not patta:
        taker = 0 if points[0] > points[1] else 1
        deals_won = (deals_won[0] + 1, deals_won[1]) if taker == 0 else (deals_won[0], deals_won[1] + 1)
    several = state.deals_to_win > 1
    record = DealRecord(
        deal_number=state.deal_number,
        dealer=state.dealer,
        trump_card=state.trump_card,
        points=points,
        tricks=state.tricks_won,
        patta=patta,
        scores_after=scores,
        deals_won=deals_won if several else None,
    )
    state = state._replace(
        scores=scores, deals_won=deals_won, deals=(*state.deals, record), turn=None, turn_due=None
    )
    events.append(Event("hand_end", record.public()))
    winner = match_winner(state)
    if winner is not None:
        state = state._replace(phase="finished", winner=winner)
        events.append(match_end(winner, match_scores(state)))
        return Outcome(state, tuple(events))
    state = state._replace(phase="hand_end", acknowledged=(), hand_end_due=now + state.hand_ack_timeout)
    return Outcome(state, tuple(events))


def match_winner(state: BriscolaState) -> str | None:
    """The side that has won the match once a deal is scored, or ``None`` while it goes on."""
    if state.deals_to_win > 1:
        won = [side for side in (0, 1) if state.deals_won[side] >= state.deals_to_win]
        return SIDE_LABELS[won[0]] if won else None
    scores = state.scores
    leader = 0 if scores[0] > scores[1] else 1
    if scores[leader] >= state.target_score and scores[0] != scores[1]:
        return SIDE_LABELS[leader]
    return None


def match_scores(state: BriscolaState) -> dict[str, int]:
    """The match score by side: the deals won in a match of several deals to win, else the card
    points over the deals."""
    return by_side(state.deals_won if state.deals_to_win > 1 else state.scores)
