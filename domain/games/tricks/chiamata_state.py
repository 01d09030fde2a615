"""The state of a briscola chiamata match and its plain-dict form.

The partner is never stored before the called card is played: until then it
is only implied by who holds that card, which no view shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, cast

from domain.cards import Card, Suit, codes, parse_cards
from domain.engine import JSON
from domain.games.codec import optional_float, optional_int
from domain.games.tricks.auction import PLAIN_TARGET, Auction, dump_auction, load_auction
from domain.games.tricks.codec import dump_plays, dump_trick, load_plays, load_trick, optional_card
from domain.games.tricks.trick import CompletedTrick, Play

ChiamataPhase = Literal["auction", "call", "playing", "finished"]

CALLER = "caller"
DEFENDERS = "defenders"


@dataclass(frozen=True, slots=True)
class ChiamataDeal:
    """The audit of one finished deal (a patta, or the deciding deal)."""

    deal_number: int
    dealer: int
    auction: Auction
    caller: int
    called_card: Card
    partner: int | None
    target: int
    caller_points: int
    defender_points: int
    patta: bool
    winner: str | None

    @property
    def alone(self) -> bool:
        return self.partner is None

    @property
    def calling_side(self) -> tuple[int, ...]:
        return tuple(sorted({self.caller} | ({self.partner} if self.partner is not None else set())))

    def public(self) -> JSON:
        """The deal's summary (the view's ``last_hand``, the ``hand_end`` event) and the
        result's per-deal audit."""
        return {
            "hand_number": self.deal_number,
            "dealer": self.dealer,
            "auction": self.auction.public(),
            "caller": self.caller,
            "called_card": self.called_card.code,
            "partner": self.partner,
            "alone": self.alone,
            "target": self.target,
            "caller_points": self.caller_points,
            "defender_points": self.defender_points,
            "patta": self.patta,
            "winner": self.winner,
        }

    def dump(self) -> JSON:
        data = self.public()
        data["deal_number"] = data.pop("hand_number")
        data["auction"] = dump_auction(self.auction)
        del data["alone"]
        return data

    @staticmethod
    def load(data: Mapping[str, Any]) -> ChiamataDeal:
        return ChiamataDeal(
            deal_number=int(data["deal_number"]),
            dealer=int(data["dealer"]),
            auction=load_auction(data["auction"]),
            caller=int(data["caller"]),
            called_card=Card.parse(data["called_card"]),
            partner=data["partner"],
            target=int(data["target"]),
            caller_points=int(data["caller_points"]),
            defender_points=int(data["defender_points"]),
            patta=bool(data["patta"]),
            winner=data["winner"],
        )


class ChiamataState(NamedTuple):
    """A briscola chiamata match at one moment (a ``NamedTuple``: see ``domain.games.codec``)."""

    seats: int
    turn_timeout: float
    phase: ChiamataPhase
    deal_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    auction: Auction
    called_card: Card | None
    revealed: bool  # the called card has been played
    partner: int | None  # set at the reveal; None then means the caller is alone
    trick: tuple[Play, ...]
    turn: int | None
    last_trick: CompletedTrick | None
    won: tuple[tuple[Card, ...], ...]  # cards taken this deal, per seat
    tricks_won: tuple[int, ...]
    deals: tuple[ChiamataDeal, ...]
    counter: int  # grows with every accepted action (turn deadline tokens)
    turn_due: float | None

    @property
    def acknowledged(self) -> tuple[int, ...]:
        """Nobody acknowledges anything: a deal that decides nothing (a patta) is followed
        by the next one at once."""
        return ()

    @property
    def caller(self) -> int | None:
        winner = self.auction.winner
        return None if winner is None else winner.seat

    @property
    def target(self) -> int:
        standing = self.auction.standing
        return PLAIN_TARGET if standing is None else standing.target

    @property
    def trump_suit(self) -> Suit | None:
        return None if self.called_card is None else self.called_card.suit


def dump_state(state: ChiamataState) -> JSON:
    return {
        "seats": state.seats,
        "turn_timeout": state.turn_timeout,
        "phase": state.phase,
        "deal_number": state.deal_number,
        "dealer": state.dealer,
        "hands": [codes(h) for h in state.hands],
        "auction": dump_auction(state.auction),
        "called_card": None if state.called_card is None else state.called_card.code,
        "revealed": state.revealed,
        "partner": state.partner,
        "trick": dump_plays(state.trick),
        "turn": state.turn,
        "last_trick": dump_trick(state.last_trick),
        "won": [codes(w) for w in state.won],
        "tricks_won": list(state.tricks_won),
        "deals": [d.dump() for d in state.deals],
        "counter": state.counter,
        "turn_due": state.turn_due,
    }


def load_state(data: Mapping[str, Any]) -> ChiamataState:
    return ChiamataState(
        seats=int(data["seats"]),
        turn_timeout=float(data["turn_timeout"]),
        phase=cast(ChiamataPhase, data["phase"]),
        deal_number=int(data["deal_number"]),
        dealer=int(data["dealer"]),
        hands=tuple(parse_cards(h) for h in data["hands"]),
        auction=load_auction(data["auction"]),
        called_card=optional_card(data["called_card"]),
        revealed=bool(data["revealed"]),
        partner=data["partner"],
        trick=load_plays(data["trick"]),
        turn=optional_int(data["turn"]),
        last_trick=load_trick(data["last_trick"]),
        won=tuple(parse_cards(w) for w in data["won"]),
        tricks_won=tuple(int(n) for n in data["tricks_won"]),
        deals=tuple(ChiamataDeal.load(d) for d in data["deals"]),
        counter=int(data["counter"]),
        turn_due=optional_float(data["turn_due"]),
    )
