"""The state of a tressette match (2 or 4 players) and its plain-dict form.

Sides: side 0 ("A") holds the even seats, side 1 ("B") the odd ones; at four, partners sit
opposite. ``shown`` holds, per seat, the cards of its hand that everybody saw it draw (the
two-player game with ``show_draws``): they are public while they stay in the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, cast

from domain.cards import Card, codes, parse_cards
from domain.engine import JSON
from domain.games.codec import int_pair, optional_float, optional_int
from domain.games.tressette.declarations import Declaration
from domain.games.tricks.codec import dump_plays, dump_trick, load_plays, load_trick
from domain.games.tricks.trick import TRICK_PAUSE_SECONDS, CompletedTrick, Play

Phase = Literal["playing", "hand_end", "finished"]
SIDE_LABELS: tuple[str, str] = ("A", "B")


def side_of(seat: int) -> int:
    return seat % 2


def by_side(values: tuple[int, int]) -> dict[str, int]:
    return {SIDE_LABELS[0]: values[0], SIDE_LABELS[1]: values[1]}


def side_seats(side: int, seats: int) -> tuple[int, ...]:
    return tuple(range(side, seats, 2))


@dataclass(frozen=True, slots=True)
class Rules:
    """The match's options."""

    seats: int
    target_score: int
    declarations: bool
    cappotto: bool
    show_draws: bool
    signals: bool

    def dump(self) -> JSON:
        return {
            "seats": self.seats,
            "target_score": self.target_score,
            "declarations": self.declarations,
            "cappotto": self.cappotto,
            "show_draws": self.show_draws,
            "signals": self.signals,
        }

    @staticmethod
    def load(data: Mapping[str, Any]) -> Rules:
        return Rules(
            seats=int(data["seats"]),
            target_score=int(data["target_score"]),
            declarations=bool(data["declarations"]),
            cappotto=bool(data["cappotto"]),
            show_draws=bool(data["show_draws"]),
            signals=bool(data["signals"]),
        )

    def options(self) -> JSON:
        """The options as the view shows them: the ones this game type takes."""
        options: JSON = {
            "target_score": self.target_score,
            "declarations": self.declarations,
            "cappotto": self.cappotto,
        }
        if self.seats == 2:
            options["show_draws"] = self.show_draws
        else:
            options["signals"] = self.signals
        return options


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The audit of one finished hand, per side: the thirds taken, the card points they make (the
    remainder ``dropped``), the last trick's point, the declarations, the hand's points and the
    match score after it; ``cappotto`` the side that took every trick, when the option is on."""

    hand_number: int
    dealer: int
    thirds: tuple[int, int]
    card_points: tuple[int, int]
    dropped: tuple[int, int]
    last_trick: int
    declarations: tuple[Declaration, ...]
    declaration_points: tuple[int, int]
    points: tuple[int, int]
    tricks: tuple[int, int]
    cappotto: int | None
    scores_after: tuple[int, int]

    def dump(self) -> JSON:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "thirds": list(self.thirds),
            "card_points": list(self.card_points),
            "dropped": list(self.dropped),
            "last_trick": self.last_trick,
            "declarations": [d.public() for d in self.declarations],
            "declaration_points": list(self.declaration_points),
            "points": list(self.points),
            "tricks": list(self.tricks),
            "cappotto": self.cappotto,
            "scores_after": list(self.scores_after),
        }

    @staticmethod
    def load(data: Mapping[str, Any]) -> HandRecord:
        return HandRecord(
            hand_number=int(data["hand_number"]),
            dealer=int(data["dealer"]),
            thirds=int_pair(data["thirds"]),
            card_points=int_pair(data["card_points"]),
            dropped=int_pair(data["dropped"]),
            last_trick=int(data["last_trick"]),
            declarations=tuple(Declaration.load(d) for d in data["declarations"]),
            declaration_points=int_pair(data["declaration_points"]),
            points=int_pair(data["points"]),
            tricks=int_pair(data["tricks"]),
            cappotto=optional_int(data["cappotto"]),
            scores_after=int_pair(data["scores_after"]),
        )

    def public(self) -> JSON:
        """The hand's summary (the view's ``last_hand``, the ``hand_end`` event, the result's
        per-hand audit), by side label; ``last_trick`` is the seat that took the last trick."""
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "points": by_side(self.points),
            "card_points": by_side(self.card_points),
            "thirds": by_side(self.thirds),
            "dropped": by_side(self.dropped),
            "last_trick": self.last_trick,
            "declarations": [d.public() for d in self.declarations],
            "declaration_points": by_side(self.declaration_points),
            "tricks": by_side(self.tricks),
            "cappotto": None if self.cappotto is None else SIDE_LABELS[self.cappotto],
            "scores": by_side(self.scores_after),
        }


class TressetteState(NamedTuple):
    """A tressette match at one moment (a ``NamedTuple``: see ``domain.games.codec``)."""

    rules: Rules
    turn_timeout: float
    hand_ack_timeout: float
    phase: Phase
    hand_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    shown: tuple[tuple[Card, ...], ...]  # per seat: cards in its hand everybody saw it draw
    stock: tuple[Card, ...]  # face down, top first (two players only)
    trick: tuple[Play, ...]
    signal: str | None  # the signal attached to the current trick's lead
    turn: int | None
    previous_trick: CompletedTrick | None
    won: tuple[tuple[Card, ...], tuple[Card, ...]]  # cards taken this hand, per side
    tricks_won: tuple[int, int]
    played: tuple[int, ...]  # the seats that have played a card this hand (and so declared)
    declarations: tuple[Declaration, ...]  # this hand's
    scores: tuple[int, int]
    hands_played: tuple[HandRecord, ...]
    acknowledged: tuple[int, ...]
    counter: int  # grows with every accepted action (turn deadline tokens)
    turn_due: float | None
    hand_end_due: float | None
    winner: str | None
    paused_until: float | None = None  # the finished trick's pause: no turn's clock starts before it
    trick_pause: float = TRICK_PAUSE_SECONDS  # how long that pause is (``Timeouts.trick_pause``)

    @property
    def seats(self) -> int:
        return self.rules.seats


def dump_state(state: TressetteState) -> JSON:
    return {
        "rules": state.rules.dump(),
        "turn_timeout": state.turn_timeout,
        "hand_ack_timeout": state.hand_ack_timeout,
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "hands": [codes(h) for h in state.hands],
        "shown": [codes(s) for s in state.shown],
        "stock": codes(state.stock),
        "trick": dump_plays(state.trick),
        "signal": state.signal,
        "turn": state.turn,
        "previous_trick": dump_trick(state.previous_trick),
        "won": [codes(w) for w in state.won],
        "tricks_won": list(state.tricks_won),
        "played": list(state.played),
        "declarations": [d.public() for d in state.declarations],
        "scores": list(state.scores),
        "hands_played": [h.dump() for h in state.hands_played],
        "acknowledged": list(state.acknowledged),
        "counter": state.counter,
        "turn_due": state.turn_due,
        "hand_end_due": state.hand_end_due,
        "paused_until": state.paused_until,
        "trick_pause": state.trick_pause,
        "winner": state.winner,
    }


def load_state(data: Mapping[str, Any]) -> TressetteState:
    won = [parse_cards(w) for w in data["won"]]
    return TressetteState(
        rules=Rules.load(data["rules"]),
        turn_timeout=float(data["turn_timeout"]),
        hand_ack_timeout=float(data["hand_ack_timeout"]),
        phase=cast(Phase, data["phase"]),
        hand_number=int(data["hand_number"]),
        dealer=int(data["dealer"]),
        hands=tuple(parse_cards(h) for h in data["hands"]),
        shown=tuple(parse_cards(s) for s in data["shown"]),
        stock=parse_cards(data["stock"]),
        trick=load_plays(data["trick"]),
        signal=data["signal"],
        turn=optional_int(data["turn"]),
        previous_trick=load_trick(data["previous_trick"]),
        won=(won[0], won[1]),
        tricks_won=int_pair(data["tricks_won"]),
        played=tuple(int(s) for s in data["played"]),
        declarations=tuple(Declaration.load(d) for d in data["declarations"]),
        scores=int_pair(data["scores"]),
        hands_played=tuple(HandRecord.load(h) for h in data["hands_played"]),
        acknowledged=tuple(int(s) for s in data["acknowledged"]),
        counter=int(data["counter"]),
        turn_due=optional_float(data["turn_due"]),
        hand_end_due=optional_float(data["hand_end_due"]),
        paused_until=optional_float(data.get("paused_until")),
        trick_pause=float(data.get("trick_pause", TRICK_PAUSE_SECONDS)),
        winner=data["winner"],
    )
