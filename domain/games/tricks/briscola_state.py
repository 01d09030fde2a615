"""The state of a briscola match (2 or 4 players) and its plain-dict form.

Sides: side 0 ("A") holds the even seats, side 1 ("B") the odd seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, cast

from domain.cards import Card, parse_cards
from domain.engine import JSON
from domain.games.tricks.codec import card_codes, dump_plays, dump_trick, load_plays, load_trick
from domain.games.tricks.trick import CompletedTrick, Play

BriscolaPhase = Literal["playing", "hand_end", "finished"]

SIDE_LABELS: tuple[str, str] = ("A", "B")


def side_of(seat: int) -> int:
    return seat % 2


def by_side(values: tuple[int, int]) -> dict[str, int]:
    return {SIDE_LABELS[0]: values[0], SIDE_LABELS[1]: values[1]}


def side_seats(side: int, seats: int) -> tuple[int, ...]:
    """Every other seat, starting from the side's index."""
    return tuple(range(side, seats, len(SIDE_LABELS)))


@dataclass(frozen=True, slots=True)
class DealRecord:
    """The audit of one finished deal."""

    deal_number: int
    dealer: int
    trump_card: Card
    points: tuple[int, int]
    tricks: tuple[int, int]
    patta: bool
    scores_after: tuple[int, int]

    def dump(self) -> JSON:
        return {
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "trump_card": self.trump_card.code,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "patta": self.patta,
            "scores_after": list(self.scores_after),
        }

    @staticmethod
    def load(data: Mapping[str, Any]) -> DealRecord:
        return DealRecord(
            deal_number=int(data["deal_number"]),
            dealer=int(data["dealer"]),
            trump_card=Card.parse(data["trump_card"]),
            points=_pair(data["points"]),
            tricks=_pair(data["tricks"]),
            patta=bool(data["patta"]),
            scores_after=_pair(data["scores_after"]),
        )

    def public(self) -> JSON:
        """The hand-end summary and per-deal audit, with side labels."""
        return {
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "trump_card": self.trump_card.code,
            "points": by_side(self.points),
            "tricks": by_side(self.tricks),
            "patta": self.patta,
            "scores": by_side(self.scores_after),
        }


class BriscolaState(NamedTuple):
    """A briscola match at one moment.

    A ``NamedTuple`` rather than a frozen dataclass like the smaller records: a new
    state is made for every card played and every load, and a frozen dataclass sets
    each of its fields through ``object.__setattr__``, which made building one of
    these cost as much as the rest of a move. A ``NamedTuple`` is just as immutable;
    ``state._replace(field=value, ...)`` makes the next one.
    """

    seats: int
    target_score: int
    turn_timeout: float
    hand_ack_timeout: float
    phase: BriscolaPhase
    deal_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # face down, top first; the face-up card is not part of it
    trump_card: Card  # turned up at the deal; drawn after the whole stock
    trump_drawn: bool
    trick: tuple[Play, ...]
    turn: int | None
    last_trick: CompletedTrick | None
    won: tuple[tuple[Card, ...], tuple[Card, ...]]  # cards taken this deal, per side
    tricks_won: tuple[int, int]
    scores: tuple[int, int]
    deals: tuple[DealRecord, ...]
    acknowledged: tuple[int, ...]
    counter: int  # grows with every accepted action (turn deadline tokens)
    turn_due: float | None
    hand_end_due: float | None
    winner: str | None

    @property
    def deck_count(self) -> int:
        """Cards still to be drawn, the face-up card included."""
        return len(self.stock) + (0 if self.trump_drawn else 1)


def dump_state(state: BriscolaState) -> JSON:
    return {
        "seats": state.seats,
        "target_score": state.target_score,
        "turn_timeout": state.turn_timeout,
        "hand_ack_timeout": state.hand_ack_timeout,
        "phase": state.phase,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "hands": [card_codes(h) for h in state.hands],
        "stock": card_codes(state.stock),
        "trump_card": state.trump_card.code,
        "trump_drawn": state.trump_drawn,
        "trick": dump_plays(state.trick),
        "turn": state.turn,
        "last_trick": dump_trick(state.last_trick),
        "won": [card_codes(w) for w in state.won],
        "tricks_won": list(state.tricks_won),
        "scores": list(state.scores),
        "deals": [d.dump() for d in state.deals],
        "acknowledged": list(state.acknowledged),
        "counter": state.counter,
        "turn_due": state.turn_due,
        "hand_end_due": state.hand_end_due,
        "winner": state.winner,
    }


def load_state(data: Mapping[str, Any]) -> BriscolaState:
    won = [parse_cards(w) for w in data["won"]]
    return BriscolaState(
        seats=int(data["seats"]),
        target_score=int(data["target_score"]),
        turn_timeout=data["turn_timeout"],
        hand_ack_timeout=data["hand_ack_timeout"],
        phase=cast(BriscolaPhase, data["phase"]),
        deal_number=int(data["deal_number"]),
        dealer=int(data["dealer"]),
        hands=tuple(parse_cards(h) for h in data["hands"]),
        stock=parse_cards(data["stock"]),
        trump_card=Card.parse(data["trump_card"]),
        trump_drawn=bool(data["trump_drawn"]),
        trick=load_plays(data["trick"]),
        turn=data["turn"],
        last_trick=load_trick(data["last_trick"]),
        won=(won[0], won[1]),
        tricks_won=_pair(data["tricks_won"]),
        scores=_pair(data["scores"]),
        deals=tuple(DealRecord.load(d) for d in data["deals"]),
        acknowledged=tuple(int(s) for s in data["acknowledged"]),
        counter=int(data["counter"]),
        turn_due=data["turn_due"],
        hand_end_due=data["hand_end_due"],
        winner=data["winner"],
    )


def _pair(values: Any) -> tuple[int, int]:
    first, second = values
    return (int(first), int(second))
