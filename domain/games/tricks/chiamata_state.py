"""The state of a briscola chiamata match and its plain-dict form.

The partner is never stored before the called card is played: until then it
is only implied by who holds that card, which no view shows.

A match is one deal (``deals_to_play`` 1, a patta replayed at once) or a number of deals, each
scored per player (``deal_points``) into the running ``standings``; between deals a summary waits
for every acknowledgement (``hand_end``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, cast

from domain.cards import Card, Suit, codes, parse_cards
from domain.engine import JSON
from domain.games.codec import optional_float, optional_int
from domain.games.tricks.auction import PLAIN_TARGET, Auction, dump_auction, load_auction
from domain.games.tricks.codec import dump_plays, dump_trick, load_plays, load_trick, optional_card
from domain.games.tricks.trick import TRICK_PAUSE_SECONDS, CompletedTrick, Play

ChiamataPhase = Literal["auction", "call", "playing", "hand_end", "finished"]

CALLER = "caller"
DEFENDERS = "defenders"
SEAT_LABELS: tuple[str, ...] = ("A", "B", "C", "D", "E")
"""Each seat its own side in the result of a match of several deals (seat 0 is ``A``)."""

CALLER_STAKE = 2
"""What the caller wins or loses in a deal with a partner; the partner gets half, each of the three
defenders the opposite of the partner. A caller alone wins or loses twice the stake, each of the
four defenders the opposite of one."""


def deal_points(caller: int, partner: int | None, winner: str | None, seats: int) -> tuple[int, ...]:
    """Each seat's score for one deal (zero-sum): a won deal gives the caller +2, the partner +1
    and each defender -1; a lost one the opposite; a caller alone +4 or -4, each defender -1 or +1;
    a patta (``winner`` ``None``) nothing."""
    if winner is None:
        return (0,) * seats
    sign = 1 if winner == CALLER else -1
    points = [-sign] * seats
    if partner is None:
        points[caller] = 2 * CALLER_STAKE * sign
    else:
        points[caller] = CALLER_STAKE * sign
        points[partner] = CALLER_STAKE // 2 * sign
    return tuple(points)


def by_seat_label(values: Sequence[int]) -> dict[str, int]:
    """Per-seat values keyed by each seat's own side label (``A`` for seat 0 …)."""
    return {SEAT_LABELS[seat]: value for seat, value in enumerate(values)}


def leaders(standings: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest running score (more than one when it is shared)."""
    best = max(standings)
    return tuple(seat for seat, total in enumerate(standings) if total == best)


def standings_winner(standings: Sequence[int]) -> str | None:
    """The side label of the seat alone at the top of the standings; ``None`` when it is shared."""
    top = leaders(standings)
    return SEAT_LABELS[top[0]] if len(top) == 1 else None


@dataclass(frozen=True, slots=True)
class ChiamataDeal:
    """The audit of one finished deal."""

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
    points: tuple[int, ...] | None = None
    """Each seat's score for the deal (``deal_points``), and the ``standings`` after it: kept in a
    match of several deals (``None`` in a match of one, whose records keep the fields they always
    had)."""
    standings: tuple[int, ...] | None = None

    @property
    def alone(self) -> bool:
        return self.partner is None

    @property
    def calling_side(self) -> tuple[int, ...]:
        return tuple(sorted({self.caller} | ({self.partner} if self.partner is not None else set())))

    def public(self) -> JSON:
        """The deal's summary (the view's ``last_hand``, the ``hand_end`` event) and the
        result's per-deal audit; in a match of several deals also each seat's ``points`` for the
        deal and the ``standings`` after it (lists by seat)."""
        data: JSON = {
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
        if self.points is not None and self.standings is not None:
            data["points"] = list(self.points)
            data["standings"] = list(self.standings)
        return data

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
            points=_optional_ints(data.get("points")),
            standings=_optional_ints(data.get("standings")),
        )


def _optional_ints(raw: Any) -> tuple[int, ...] | None:
    return None if raw is None else tuple(int(n) for n in raw)


class ChiamataState(NamedTuple):
    """A briscola chiamata match at one moment (a ``NamedTuple``: see ``domain.games.codec``)."""

    seats: int
    deals_to_play: int  # deals that count (a patta does not): 1 is a match of one deal
    turn_timeout: float
    hand_ack_timeout: float
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
    standings: tuple[int, ...]  # each seat's running score (deal_points added up)
    acknowledged: tuple[int, ...]  # who dismissed the summary between deals (several deals only)
    counter: int  # grows with every accepted action (turn deadline tokens)
    turn_due: float | None
    hand_end_due: float | None
    paused_until: float | None = None  # the finished trick's pause: no turn's clock starts before it
    trick_pause: float = TRICK_PAUSE_SECONDS  # how long that pause is (``Timeouts.trick_pause``)

    @property
    def deals_counted(self) -> int:
        """The deals played that count toward ``deals_to_play``: every one but the pattas."""
        return sum(1 for deal in self.deals if not deal.patta)

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
        "deals_to_play": state.deals_to_play,
        "turn_timeout": state.turn_timeout,
        "hand_ack_timeout": state.hand_ack_timeout,
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
        "standings": list(state.standings),
        "acknowledged": list(state.acknowledged),
        "counter": state.counter,
        "turn_due": state.turn_due,
        "hand_end_due": state.hand_end_due,
        "paused_until": state.paused_until,
        "trick_pause": state.trick_pause,
    }


def load_state(data: Mapping[str, Any]) -> ChiamataState:
    """A state from its plain-dict form; one dumped before matches of several deals were played
    is a match of one deal (its standings counted from its deals, its hand-end timeout unused)."""
    seats = int(data["seats"])
    deals = tuple(ChiamataDeal.load(d) for d in data["deals"])
    return ChiamataState(
        seats=seats,
        deals_to_play=int(data.get("deals_to_play", 1)),
        turn_timeout=float(data["turn_timeout"]),
        hand_ack_timeout=float(data.get("hand_ack_timeout", data["turn_timeout"])),
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
        deals=deals,
        standings=(
            tuple(int(n) for n in data["standings"]) if "standings" in data else standings_of(deals, seats)
        ),
        acknowledged=tuple(int(s) for s in data.get("acknowledged", ())),
        counter=int(data["counter"]),
        turn_due=optional_float(data["turn_due"]),
        hand_end_due=optional_float(data.get("hand_end_due")),
        paused_until=optional_float(data.get("paused_until")),
        trick_pause=float(data.get("trick_pause", TRICK_PAUSE_SECONDS)),
    )


def standings_of(deals: tuple[ChiamataDeal, ...], seats: int) -> tuple[int, ...]:
    """Each seat's running score after ``deals``."""
    totals = [0] * seats
    for deal in deals:
        for seat, points in enumerate(deal_points(deal.caller, deal.partner, deal.winner, seats)):
            totals[seat] += points
    return tuple(totals)
