"""The search model (``domain.bots.search_model``) of briscola chiamata, for the call and the tricks.

The auction is left to the ``normal`` strategy (``computer_chiamata``): a ``hard`` player searches
the card it calls (which names trump and its partner) and the cards it plays. ``deal`` makes a deal
in any phase (the auction so far and the called card copied from the view), and ``rollout``
answers in the auction and the call with the normal bot's bid or call.

What a seat knows of a deal: its own hand; every card played and by whom; the auction (every bid
and pass), the called card, and — once that card is played — the two sides. The whole deck is
dealt and any card may be played at any time (nobody has to follow suit, so playing reveals no
void): every card the seat has not seen may be in any other hand, and ``deal`` places them there
uniformly at random. Until the called card is played, its holder is the caller's secret partner:
the seat holding it knows itself the partner (the card is in its own hand), the caller and the
others only know it is not in their own hands, so in each deal it lands with one of the others at
random (with the caller itself, which would then be alone, if the seat is not the caller).
Asked with no history (``seen`` empty), a seat knows of the cards taken only the view's last trick:
the rest of each seat's pile is dealt at random too (never the called card while it is unplayed),
and the deals before are stand-ins from the view's last summary (as ``search_briscola`` does).

A playout ends with the deal (``settled``). The payoff is the deal won or lost by the seat's side
(the caller with its partner against the rest): reaching the auction's target is what counts, in a
match of one deal and in every deal of a longer one. A tenth of it is the side's share of the 120
card points, as a tie-break. ``rollout`` plays the normal bot's trick play with what each seat
would know of the sides at the table (``known_friends``): until the called card shows, only its
holder knows a partner. Playouts whose players all knew the sides from the first card had every
seat cooperating with a partner that, at the table, nobody but the holder can name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.bots.base import Action, Seen
from domain.bots.search_model import NOW, ReadOnce, SearchModel, ThroughEngine
from domain.cards import Card
from domain.engine import GameEngine
from domain.games.tricks import BRISCOLA_CHIAMATA
from domain.games.tricks.auction import LOWEST_RANK, Auction, Bid
from domain.games.tricks.cards import POINTS_PER_DEAL
from domain.games.tricks.chiamata_rules import play as play_card
from domain.games.tricks.chiamata_state import CALLER, DEFENDERS, ChiamataDeal, ChiamataState
from domain.games.tricks.codec import load_plays
from domain.games.tricks.computer_chiamata import ChiamataStrategy
from domain.games.tricks.playout import play_for
from domain.games.tricks.seen_deal import (
    DEFAULT_TIMEOUTS,
    cards,
    completed,
    deals_before,
    fill,
    hand_ends,
    taken_cards,
    this_deal,
    unseen_cards,
    viewing_seat,
)
from domain.games.tricks.views import play_moves

DEAL_WEIGHT = 0.9
"""How much of the payoff is the deal won or lost; the rest is the side's card share."""

NORMAL = ChiamataStrategy()


def auction_of(public: Mapping[str, Any], seats: int) -> Auction:
    """The auction from its public form (``Auction.public``): the same bids, passes and history."""
    standing = public["standing"]
    bid = None
    if standing is not None:
        points = standing.get("points")
        rank = LOWEST_RANK if points is not None else int(standing["rank"])
        bid = Bid(int(standing["seat"]), rank, None if points is None else int(points))
    return Auction(
        seats=seats,
        standing=bid,
        passed=tuple(int(s) for s in public["passed"]),
        history=tuple(dict(entry) for entry in public["history"]),
        forced=bool(public["forced"]),
    )


def deal_of(summary: Mapping[str, Any], seats: int) -> ChiamataDeal:
    """A finished deal's record from its public summary (``ChiamataDeal.public``)."""
    points = summary.get("points")
    standings = summary.get("standings")
    partner = summary["partner"]
    return ChiamataDeal(
        deal_number=int(summary["hand_number"]),
        dealer=int(summary["dealer"]),
        auction=auction_of(summary["auction"], seats),
        caller=int(summary["caller"]),
        called_card=Card.parse(summary["called_card"]),
        partner=None if partner is None else int(partner),
        target=int(summary["target"]),
        caller_points=int(summary["caller_points"]),
        defender_points=int(summary["defender_points"]),
        patta=bool(summary["patta"]),
        winner=summary["winner"],
        points=None if points is None else tuple(int(n) for n in points),
        standings=None if standings is None else tuple(int(n) for n in standings),
    )


@dataclass(frozen=True, slots=True)
class Known:
    """What a seat knows of a deal of briscola chiamata: ``base``, the deal with its own hand in
    place (the other hands empty, each seat's pile holding the cards it saw it take), the ``unseen``
    cards in deck order, the other seats and every seat's card count, the called card when it is
    in a hand the seat cannot see, and how many cards of each pile it did not see taken."""

    base: ChiamataState
    unseen: tuple[Card, ...]
    others: tuple[int, ...]
    counts: tuple[int, ...]
    hidden_called: Card | None
    missing: tuple[int, ...]


def known_of(view: Mapping[str, Any], seen: Seen) -> Known:
    """What ``view`` and the events ``seen`` tell the seat (``Known``)."""
    seat = viewing_seat(view, seen)
    seats = int(view["players"])
    on_table = load_plays(view["trick"])
    tricks_won = [int(n) for n in view["tricks_won"]]
    taken = taken_cards(this_deal(seen), completed(view["last_trick"]), tricks_won, lambda s: s, seats)
    played = taken.cards | {play.card for play in on_table}
    hand = cards(view["hand"])
    counts = [int(n) for n in view["hand_counts"]]
    others = [s for s in range(seats) if s != seat]
    called = None if view["called_card"] is None else Card.parse(view["called_card"])
    hidden_called = called if called is not None and called not in hand and called not in played else None
    accounted = {*hand, *played} if hidden_called is None else {*hand, *played, hidden_called}
    hands: list[tuple[Card, ...]] = [()] * seats
    hands[seat] = hand
    partner = view["partner"]
    base = ChiamataState(
        seats=seats,
        deals_to_play=int(view["deals_to_play"]),
        turn_timeout=float(view["turn_seconds"]),
        hand_ack_timeout=DEFAULT_TIMEOUTS.hand_ack,
        phase=view["phase"],
        deal_number=int(view["hand_number"]),
        dealer=int(view["dealer"]),
        hands=tuple(hands),
        auction=auction_of(view["auction"], seats),
        called_card=called,
        revealed=bool(view["revealed"]),
        partner=None if partner is None else int(partner),
        trick=on_table,
        turn=view["turn"],
        last_trick=completed(view["last_trick"]),
        won=taken.known,
        tricks_won=tuple(tricks_won),
        deals=finished_deals(view, seen),
        standings=tuple(int(n) for n in view["standings"]),
        acknowledged=tuple(int(s) for s in view["acknowledged"]),
        counter=len(seen),  # in no view: it only names the turn deadlines of the deal
        turn_due=view["turn_deadline"],
        hand_end_due=view["hand_end_deadline"],
        paused_until=None,
        trick_pause=float(view["trick_pause_seconds"]),
    )
    return Known(
        base=base,
        unseen=tuple(unseen_cards(accounted)),
        others=tuple(others),
        counts=tuple(counts),
        hidden_called=hidden_called,
        missing=taken.missing,
    )


class ChiamataModel(ThroughEngine):
    """Briscola chiamata's trick phase, as the search sees it. A card played goes straight to the
    rules' step (``chiamata_rules.play``), past the engine's reading of the message: the search only
    ever plays a card of the hand on turn."""

    def __init__(self, engine: GameEngine = BRISCOLA_CHIAMATA) -> None:
        self.engine = engine
        self.knowledge = ReadOnce(known_of)

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> ChiamataState:
        known = self.knowledge(view, seen)
        others, counts, called = known.others, known.counts, known.hidden_called
        holder = None if called is None else slot_holder(others, counts, rng)
        places = [counts[s] - (1 if s == holder else 0) for s in others]
        groups = fill(known.unseen, [*places, *known.missing], rng)
        hands = list(known.base.hands)
        for other, group in zip(others, groups, strict=False):
            hands[other] = (*group, called) if other == holder and called is not None else group
        won = [pile + rest for pile, rest in zip(known.base.won, groups[len(others) :], strict=True)]
        return known.base._replace(hands=tuple(hands), won=tuple(won))

    def moves(self, state: ChiamataState, seat: int) -> Sequence[Action]:
        if state.phase == "playing" and state.turn == seat:
            return play_moves(state.hands[seat])
        return super().moves(state, seat)

    def step(self, state: ChiamataState, seat: int, action: Action, rng: random.Random) -> Any:
        if action.get("action") == "play" and state.phase == "playing" and state.turn == seat:
            return play_card(state, seat, Card.parse(action["card"]), NOW, rng).state
        return super().step(state, seat, action, rng)

    def settled(self, state: ChiamataState, start: ChiamataState) -> bool:
        return state.phase not in ("auction", "call", "playing") or state.deal_number != start.deal_number

    def payoff(self, state: ChiamataState, seat: int) -> float:
        record = state.deals[-1]
        calling = seat in record.calling_side
        share = (record.caller_points if calling else record.defender_points) / POINTS_PER_DEAL
        if record.winner is None:
            won = 0.5
        else:
            won = 1.0 if record.winner == (CALLER if calling else DEFENDERS) else 0.0
        return DEAL_WEIGHT * won + (1 - DEAL_WEIGHT) * share

    def rollout(self, state: ChiamataState, seat: int, rng: random.Random) -> Action:
        if state.phase != "playing":
            return NORMAL.decide(self.engine.view(state, seat), rng)
        called = state.called_card
        assert called is not None
        return play_for(
            state.hands[seat], state.trick, called.suit, seat, state.seats, known_friends(state, seat)
        )


def slot_holder(others: Sequence[int], counts: Sequence[int], rng: random.Random) -> int:
    """One of ``others``, each as likely as the cards it holds: where one unseen card lies."""
    slot = rng.randrange(sum(counts[s] for s in others))
    for other in others:
        if slot < counts[other]:
            return other
        slot -= counts[other]
    raise AssertionError("a slot beyond the hands")


def finished_deals(view: Mapping[str, Any], seen: Seen) -> tuple[ChiamataDeal, ...]:
    """The records of the deals played before, from their summaries the seat saw; without them
    (no history given), stand-ins from the view's last summary, as many as there were and as many
    counted (not a patta) as the view counts."""
    seats = int(view["players"])
    records = tuple(deal_of(summary, seats) for summary in hand_ends(seen))
    count = deals_before(view)
    if len(records) == count or view["last_hand"] is None:
        return records
    last = deal_of(view["last_hand"], seats)
    counted = int(view["deals_counted"]) - (0 if last.patta else 1)
    won = replace(last, patta=False, winner=CALLER)
    patta = replace(last, patta=True, winner=None)
    return (*([won] * counted), *([patta] * (count - 1 - counted)), last)


def known_friends(state: ChiamataState, seat: int) -> frozenset[int]:
    """The other seats ``seat`` knows to be on its side, as a player at the table knows them: all
    of its side once the called card is played; before that, the caller alone to the seat holding
    the called card, and nobody to anybody else (the caller does not know its partner, a defender
    does not know which of the others is the partner), as the normal bot plays
    (``computer_chiamata.friends_of``)."""
    caller = state.caller
    assert caller is not None
    if state.revealed:
        return _friends(seat, caller, state.partner, state.seats)
    if seat != caller and state.called_card in state.hands[seat]:
        return frozenset({caller})
    return frozenset()


def _friends(seat: int, caller: int, partner: int | None, seats: int) -> frozenset[int]:
    """The other seats on ``seat``'s side: the caller with its partner (if any) against the rest."""
    calling = {caller} if partner is None else {caller, partner}
    side = calling if seat in calling else set(range(seats)) - calling
    return frozenset(side - {seat})


MODELS: Mapping[str, SearchModel] = {BRISCOLA_CHIAMATA.game_type: ChiamataModel()}
