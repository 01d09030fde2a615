"""The state of a briscola match (2 or 4 players) and its plain-dict form.

Sides: side 0 ("A") holds the even seats, side 1 ("B") the odd seats.

A match is decided either by a running total of card points (``target_score``, one deal to 61 by
default) or, with ``deals_to_win`` above 1, by deals won (best of three, best of five): then each
deal's record also says who won it and the deals won after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, cast

from domain.cards import Card, codes, parse_cards
from domain.engine import JSON
from domain.games.codec import int_pair, optional_float, optional_int
from domain.games.tricks.codec import dump_plays, dump_trick, load_plays, load_trick
from domain.games.tricks.trick import TRICK_PAUSE_SECONDS, CompletedTrick, Play

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
    deals_won: tuple[int, int] | None = None
    """The deals each side has won after this one, in a match of several deals to win (``None``
    in a match to a target score, whose records keep the fields they always had)."""

    @property
    def winner(self) -> str | None:
        """The side that won the deal (more than 60 card points); ``None`` for a patta."""
        if self.patta:
            return None
        return SIDE_LABELS[0] if self.points[0] > self.points[1] else SIDE_LABELS[1]

    def dump(self) -> JSON:
        data: JSON = {
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "trump_card": self.trump_card.code,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "patta": self.patta,
            "scores_after": list(self.scores_after),
        }
        if self.deals_won is not None:
            data["deals_won"] = list(self.deals_won)
        return data

    @staticmethod
    def load(data: Mapping[str, Any]) -> DealRecord:
        return DealRecord(
            deal_number=int(data["deal_number"]),
            dealer=int(data["dealer"]),
            trump_card=Card.parse(data["trump_card"]),
            points=int_pair(data["points"]),
            tricks=int_pair(data["tricks"]),
            patta=bool(data["patta"]),
            scores_after=int_pair(data["scores_after"]),
            deals_won=None if data.get("deals_won") is None else int_pair(data["deals_won"]),
        )

    def public(self) -> JSON:
        """The hand-end summary (the view's ``last_hand``, the ``hand_end`` event) and the
        result's per-deal audit, with side labels; in a match of several deals to win, also the
        deal's ``winner`` (``None``: a patta) and the ``deals_won`` after it."""
        data: JSON = {
            "hand_number": self.deal_number,
            "dealer": self.dealer,
            "trump_card": self.trump_card.code,
            "points": by_side(self.points),
            "tricks": by_side(self.tricks),
            "patta": self.patta,
            "scores": by_side(self.scores_after),
        }
        if self.deals_won is not None:
            data["winner"] = self.winner
            data["deals_won"] = by_side(self.deals_won)
        return data


class BriscolaState(NamedTuple):
    """A briscola match at one moment (a ``NamedTuple``: see ``domain.games.codec``)."""

    seats: int
    target_score: int
    deals_to_win: int  # 1: the match goes to target_score; more: to that many deals won
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
    scores: tuple[int, int]  # card points over the deals, pattas left out
    deals_won: tuple[int, int]
    deals: tuple[DealRecord, ...]
    acknowledged: tuple[int, ...]
    counter: int  # grows with every accepted action (turn deadline tokens)
    turn_due: float | None
    hand_end_due: float | None
    winner: str | None
    paused_until: float | None = None  # the finished trick's pause: no turn's clock starts before it
    trick_pause: float = TRICK_PAUSE_SECONDS  # how long that pause is (``Timeouts.trick_pause``)

    @property
    def deck_count(self) -> int:
        """Cards still to be drawn, the face-up card included."""
        return len(self.stock) + (0 if self.trump_drawn else 1)


def count_deals_won(deals: tuple[DealRecord, ...]) -> tuple[int, int]:
    """How many of ``deals`` each side won (a patta counts for nobody)."""
    winners = [deal.winner for deal in deals]
    return (winners.count(SIDE_LABELS[0]), winners.count(SIDE_LABELS[1]))


def dump_state(state: BriscolaState) -> JSON:
    return {
        "seats": state.seats,
        "target_score": state.target_score,
        "deals_to_win": state.deals_to_win,
        "turn_timeout": state.turn_timeout,
        "hand_ack_timeout": state.hand_ack_timeout,
        "phase": state.phase,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "hands": [codes(h) for h in state.hands],
        "stock": codes(state.stock),
        "trump_card": state.trump_card.code,
        "trump_drawn": state.trump_drawn,
        "trick": dump_plays(state.trick),
        "turn": state.turn,
        "last_trick": dump_trick(state.last_trick),
        "won": [codes(w) for w in state.won],
        "tricks_won": list(state.tricks_won),
        "scores": list(state.scores),
        "deals_won": list(state.deals_won),
        "deals": [d.dump() for d in state.deals],
        "acknowledged": list(state.acknowledged),
        "counter": state.counter,
        "turn_due": state.turn_due,
        "hand_end_due": state.hand_end_due,
        "winner": state.winner,
        "paused_until": state.paused_until,
        "trick_pause": state.trick_pause,
    }


def load_state(data: Mapping[str, Any]) -> BriscolaState:
    """A state from its plain-dict form; one dumped before matches of several deals to win were
    played is a match to its target score, whose deals won are counted from its deals."""
    won = [parse_cards(w) for w in data["won"]]
    deals = tuple(DealRecord.load(d) for d in data["deals"])
    return BriscolaState(
        seats=int(data["seats"]),
        target_score=int(data["target_score"]),
        deals_to_win=int(data.get("deals_to_win", 1)),
        turn_timeout=float(data["turn_timeout"]),
        hand_ack_timeout=float(data["hand_ack_timeout"]),
        phase=cast(BriscolaPhase, data["phase"]),
        deal_number=int(data["deal_number"]),
        dealer=int(data["dealer"]),
        hands=tuple(parse_cards(h) for h in data["hands"]),
        stock=parse_cards(data["stock"]),
        trump_card=Card.parse(data["trump_card"]),
        trump_drawn=bool(data["trump_drawn"]),
        trick=load_plays(data["trick"]),
        turn=optional_int(data["turn"]),
        last_trick=load_trick(data["last_trick"]),
        won=(won[0], won[1]),
        tricks_won=int_pair(data["tricks_won"]),
        scores=int_pair(data["scores"]),
        deals_won=int_pair(data["deals_won"]) if "deals_won" in data else count_deals_won(deals),
        deals=deals,
        acknowledged=tuple(int(s) for s in data["acknowledged"]),
        counter=int(data["counter"]),
        turn_due=optional_float(data["turn_due"]),
        hand_end_due=optional_float(data["hand_end_due"]),
        winner=data["winner"],
        paused_until=optional_float(data.get("paused_until")),
        trick_pause=float(data.get("trick_pause", TRICK_PAUSE_SECONDS)),
    )
