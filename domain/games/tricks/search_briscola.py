"""The search models (``domain.bots.search_model``) of briscola and briscola a quattro (the reading
of a seat's history they share with briscola chiamata's is ``seen_deal``).

What a seat knows of a deal of briscola: its own hand; the trump card, face up under the stock
until the last draw, which takes it into a known hand (``trump_drawn``); every card played and by
whom (``trick`` events, the trick on the table); how many cards each hand and the stock hold. Any
card may be played at any time (nobody has to follow suit), so playing reveals no void. Every other
card lies, as far as the seat can tell, anywhere among the other hands and the face-down stock:
``deal`` places them there uniformly at random. Scores, piles, turn and phase are public and copied.

A seat asked with no history (``seen`` empty, or not reaching back to the deal's start) knows less:
of the cards taken it knows only the view's last trick, so the rest of each pile is dealt at random
with the other unseen cards, a drawn trump card is no longer pinned to its holder, and the deals
before are stand-ins copied from the view's last summary. The deal still shows the seat its view.

A playout ends with the deal (``settled``) and scores the seat's side's share of its 120 card
points (what a match to a target score adds up); a deal that ends the match scores the match won
or lost, and in a match of several deals to win a deal scores the deal won or lost (a patta half),
each with a tenth of the card share left as a tie-break (so a decided outcome still prefers the
better deal). The playout policy (``rollout``) is the normal bot's trick play read straight off the
state (``playout``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.bots.base import Action, Seen
from domain.bots.search_model import NOW, ReadOnce, SearchModel, ThroughEngine
from domain.cards import Card, Suit
from domain.engine import GameEngine
from domain.games.base import ack_moves
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO
from domain.games.tricks.auction import LOWEST_RANK
from domain.games.tricks.briscola_rules import play as play_card
from domain.games.tricks.briscola_state import SIDE_LABELS, BriscolaState, DealRecord, side_of
from domain.games.tricks.cards import POINTS_PER_DEAL
from domain.games.tricks.codec import load_plays
from domain.games.tricks.computer_briscola import partnership_friends
from domain.games.tricks.playout import play_for
from domain.games.tricks.seen_deal import (
    DEFAULT_TIMEOUTS,
    card,
    cards,
    completed,
    deals_before,
    fill,
    hand_ends,
    taken_cards,
    this_deal,
    trump_of_deal,
    unseen_cards,
    viewing_seat,
)
from domain.games.tricks.views import play_moves

OUTCOME_WEIGHT = 0.9
"""How much of a payoff is the match (or, to several deals won, the deal) won or lost; the rest is
the side's share of the deal's card points."""


def record_of(summary: Mapping[str, Any]) -> DealRecord:
    """A briscola deal's record from its public summary (``DealRecord.public``)."""
    deals_won = summary.get("deals_won")
    return DealRecord(
        deal_number=int(summary["hand_number"]),
        dealer=int(summary["dealer"]),
        trump_card=card(summary["trump_card"]),
        points=_pair(summary["points"]),
        tricks=_pair(summary["tricks"]),
        patta=bool(summary["patta"]),
        scores_after=_pair(summary["scores"]),
        deals_won=None if deals_won is None else _pair(deals_won),
    )


def _pair(values: Mapping[str, Any]) -> tuple[int, int]:
    """A pair by side from its form by side label."""
    return int(values[SIDE_LABELS[0]]), int(values[SIDE_LABELS[1]])


@dataclass(frozen=True, slots=True)
class Known:
    """What a seat knows of a deal of briscola: ``base``, the deal with its own hand in place (the
    other hands and the stock empty, the piles holding the cards it saw taken), the ``unseen`` cards
    in deck order, the ``sizes`` they fill (each other seat in ``others``' order, the stock, then
    each pile's missing cards), and the seat that drew the trump card, if the seat saw it drawn."""

    base: BriscolaState
    unseen: tuple[Card, ...]
    sizes: tuple[int, ...]
    others: tuple[int, ...]
    pinned: int | None


def known_of(view: Mapping[str, Any], seen: Seen) -> Known:
    """What ``view`` and the events ``seen`` tell the seat (``Known``)."""
    seat = viewing_seat(view, seen)
    seats = int(view["players"])
    events = this_deal(seen)
    on_table = load_plays(view["trick"])
    tricks_won = _pair(view["tricks_won"])
    taken = taken_cards(events, completed(view["last_trick"]), tricks_won, side_of, seats)
    played = taken.cards | {play.card for play in on_table}
    trump_drawn = view.get("trump_card") is None
    trump = trump_of_deal(view, events, seen)
    pinned = trump_holder(events, trump, played, seat) if trump_drawn and trump is not None else None
    hand = cards(view["hand"])
    counts = [int(n) for n in view["hand_counts"]]
    others = [s for s in range(seats) if s != seat]
    places = [counts[s] - (1 if s == pinned else 0) for s in others]
    stock_size = int(view["deck_count"]) - (0 if trump_drawn else 1)
    accounted = {*hand, *played} if trump is None else {*hand, *played, trump}
    hands: list[tuple[Card, ...]] = [()] * seats
    hands[seat] = hand
    if trump is None:  # drawn before the seat's history began: any card of its suit stands for it
        trump = Card(LOWEST_RANK, Suit(view["trump_suit"]))
    base = BriscolaState(
        seats=seats,
        target_score=int(view["target_score"]),
        deals_to_win=int(view["deals_to_win"]),
        turn_timeout=float(view["turn_seconds"]),
        hand_ack_timeout=DEFAULT_TIMEOUTS.hand_ack,
        phase=view["phase"],
        deal_number=int(view["hand_number"]),
        dealer=int(view["dealer"]),
        hands=tuple(hands),
        stock=(),
        trump_card=trump,
        trump_drawn=trump_drawn,
        trick=on_table,
        turn=view["turn"],
        last_trick=completed(view["last_trick"]),
        won=(taken.known[0], taken.known[1]),
        tricks_won=tricks_won,
        scores=_pair(view["scores"]),
        deals_won=_pair(view["deals_won"]),
        deals=finished_deals(view, seen),
        acknowledged=tuple(int(s) for s in view["acknowledged"]),
        counter=len(seen),  # in no view: it only names the turn deadlines of the deal
        turn_due=view["turn_deadline"],
        hand_end_due=view["hand_end_deadline"],
        winner=view["winner"],
        paused_until=None,
        trick_pause=float(view["trick_pause_seconds"]),
    )
    return Known(
        base=base,
        unseen=tuple(unseen_cards(accounted)),
        sizes=(*places, stock_size, *taken.missing),
        others=tuple(others),
        pinned=pinned,
    )


class BriscolaModel(ThroughEngine):
    """Briscola (2 players) or briscola a quattro (4), as the search sees it. A card played goes
    straight to the rules' step (``briscola_rules.play``), past the engine's reading of the message:
    the search only ever plays a card of the hand on turn."""

    def __init__(self, engine: GameEngine) -> None:
        self.engine = engine
        self.knowledge = ReadOnce(known_of)

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> BriscolaState:
        known = self.knowledge(view, seen)
        groups = fill(known.unseen, known.sizes, rng)
        hands = list(known.base.hands)
        for other, group in zip(known.others, groups, strict=False):
            hands[other] = (*group, known.base.trump_card) if other == known.pinned else group
        stock, won = groups[len(known.others)], groups[len(known.others) + 1 :]
        taken = known.base.won
        return known.base._replace(
            hands=tuple(hands), stock=stock, won=(taken[0] + won[0], taken[1] + won[1])
        )

    def moves(self, state: BriscolaState, seat: int) -> Sequence[Action]:
        if state.phase == "playing" and state.turn == seat:
            return play_moves(state.hands[seat])
        return ack_moves(state, seat)

    def step(self, state: BriscolaState, seat: int, action: Action, rng: random.Random) -> Any:
        if action.get("action") == "play" and state.phase == "playing" and state.turn == seat:
            return play_card(state, seat, Card.parse(action["card"]), NOW).state
        return super().step(state, seat, action, rng)

    def settled(self, state: BriscolaState, start: BriscolaState) -> bool:
        return state.phase != "playing" or state.deal_number != start.deal_number

    def payoff(self, state: BriscolaState, seat: int) -> float:
        side = side_of(seat)
        record = state.deals[-1]
        share = record.points[side] / POINTS_PER_DEAL
        if state.phase == "finished":
            won = 1.0 if state.winner == SIDE_LABELS[side] else 0.0
        elif state.deals_to_win > 1:
            won = 0.5 if record.patta else 1.0 if record.winner == SIDE_LABELS[side] else 0.0
        else:
            return share
        return OUTCOME_WEIGHT * won + (1 - OUTCOME_WEIGHT) * share

    def rollout(self, state: BriscolaState, seat: int, rng: random.Random) -> Action:
        friends = partnership_friends(seat, state.seats) if state.seats == 4 else frozenset()
        return play_for(state.hands[seat], state.trick, state.trump_card.suit, seat, state.seats, friends)


def finished_deals(view: Mapping[str, Any], seen: Seen) -> tuple[DealRecord, ...]:
    """The records of the deals played before, from their summaries the seat saw; without them
    (no history given), stand-ins copied from the view's last summary, as many as there were."""
    records = tuple(record_of(summary) for summary in hand_ends(seen))
    count = deals_before(view)
    if len(records) == count or view["last_hand"] is None:
        return records
    return (record_of(view["last_hand"]),) * count


def trump_holder(
    events: Iterable[Mapping[str, Any]], trump: Card, played: set[Card], seat: int
) -> int | None:
    """The other seat known to hold the drawn trump card (it drew it and has not played it), if any."""
    if trump in played:
        return None
    for event in events:
        if event.get("kind") == "trump_drawn":
            holder = int(event["seat"])
            return None if holder == seat else holder
    return None


MODELS: Mapping[str, SearchModel] = {
    BRISCOLA.game_type: BriscolaModel(BRISCOLA),
    BRISCOLA_A_QUATTRO.game_type: BriscolaModel(BRISCOLA_A_QUATTRO),
}
