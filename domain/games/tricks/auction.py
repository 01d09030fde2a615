"""The calling auction of briscola chiamata.

Players speak in turn among those still in. A bid names a lower rank than the
standing one (A > 3 > K > H > J > 7 > 6 > 5 > 4 > 2; the first bid may be any
rank). Once the two stands, bids are on points instead: any even number from
62 (or two more than the standing points) up to 120. Passing is final. When
all but one have passed, the one left wins; if nobody has bid by then, that
player is made to bid the ace.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, cast

from domain.engine import JSON
from domain.errors import IllegalMove
from domain.games.tricks.cards import RANK_LABELS, RANK_ORDER, is_lower_rank

PLAIN_TARGET = 61
FIRST_POINTS_BID = 62
MAX_POINTS_BID = 120
POINTS_STEP = 2
LOWEST_RANK = RANK_ORDER[-1]
FORCED_RANK = RANK_ORDER[0]

EntryKind = Literal["bid", "pass"]


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    rank: int
    points: int | None = None  # a points bid stands on the two

    @property
    def target(self) -> int:
        return PLAIN_TARGET if self.points is None else self.points

    def terms(self) -> JSON:
        """What was bid: the points of a points bid (it stands on the two), else the rank."""
        return {"rank": self.rank} if self.points is None else {"points": self.points}

    def public(self) -> JSON:
        return {"seat": self.seat, **self.terms()}


def history_entry(
    seat: int, kind: EntryKind, rank: int | None = None, points: int | None = None, forced: bool = False
) -> JSON:
    """One line of the auction's history as every seat sees it: who, bid or pass, the rank
    or the points bid (a points bid stands on the two), and whether the bid was forced."""
    entry: JSON = {"seat": seat, "action": kind}
    if points is not None:
        entry["points"] = points
    elif rank is not None:
        entry["rank"] = rank
    if forced:
        entry["forced"] = True
    return entry


@dataclass(frozen=True, slots=True)
class Auction:
    seats: int
    standing: Bid | None = None
    passed: tuple[int, ...] = ()
    history: tuple[JSON, ...] = ()
    """Every bid and pass so far, as ``history_entry`` shows it. The rules never read it
    back; every view shows it whole, so it is kept in that form and shared, read-only."""
    forced: bool = False

    @property
    def in_play(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s not in self.passed)

    @property
    def winner(self) -> Bid | None:
        """The winning bid once the auction is decided."""
        if len(self.in_play) == 1 and self.standing is not None:
            return self.standing
        return None

    def next_bidder(self, after: int) -> int:
        for offset in range(1, self.seats + 1):
            seat = (after + offset) % self.seats
            if seat not in self.passed:
                return seat
        raise ValueError("nobody is left in the auction")

    def public(self) -> JSON:
        return {
            "standing": None if self.standing is None else self.standing.public(),
            "passed": sorted(self.passed),
            "history": list(self.history),
            "forced": self.forced,
        }


def bid_rank(auction: Auction, seat: int, rank: int) -> Auction:
    standing = auction.standing
    if standing is not None and standing.rank == LOWEST_RANK:
        raise IllegalMove("the two stands: bid points now")
    if standing is not None and not is_lower_rank(rank, standing.rank):
        raise IllegalMove(f"a bid must go lower than {RANK_LABELS[standing.rank]}")
    return replace(
        auction,
        standing=Bid(seat, rank),
        history=(*auction.history, history_entry(seat, "bid", rank=rank)),
    )


def minimum_points(auction: Auction) -> int | None:
    """The lowest points bid allowed now, or ``None`` when points cannot be bid."""
    standing = auction.standing
    if standing is None or standing.rank != LOWEST_RANK:
        return None
    if standing.points is None:
        return FIRST_POINTS_BID
    return standing.points + POINTS_STEP


def bid_points(auction: Auction, seat: int, points: int) -> Auction:
    lowest = minimum_points(auction)
    if lowest is None:
        raise IllegalMove("points may be bid only once the two stands")
    if points % POINTS_STEP != 0:
        raise IllegalMove("a points bid must be an even number")
    if points < lowest or points > MAX_POINTS_BID:
        raise IllegalMove(f"a points bid must be between {lowest} and {MAX_POINTS_BID}")
    return replace(
        auction,
        standing=Bid(seat, LOWEST_RANK, points),
        history=(*auction.history, history_entry(seat, "bid", rank=LOWEST_RANK, points=points)),
    )


def pass_bid(auction: Auction, seat: int) -> Auction:
    """Leave the auction; the last one left with no bid standing is made to bid the ace."""
    auction = replace(
        auction,
        passed=(*auction.passed, seat),
        history=(*auction.history, history_entry(seat, "pass")),
    )
    if len(auction.in_play) == 1 and auction.standing is None:
        return force_ace(auction, auction.in_play[0])
    return auction


def force_ace(auction: Auction, seat: int) -> Auction:
    return replace(
        auction,
        standing=Bid(seat, FORCED_RANK),
        history=(*auction.history, history_entry(seat, "bid", rank=FORCED_RANK, forced=True)),
        forced=True,
    )


def legal_bids(auction: Auction) -> list[JSON]:
    """The actions open to the bidder on turn."""
    moves: list[JSON] = [{"action": "pass"}]
    lowest = minimum_points(auction)
    if lowest is not None:
        moves += [{"action": "bid", "points": p} for p in range(lowest, MAX_POINTS_BID + 1, POINTS_STEP)]
        return moves
    standing = auction.standing
    ranks = [r for r in RANK_ORDER if standing is None or is_lower_rank(r, standing.rank)]
    moves += [{"action": "bid", "rank": r} for r in ranks]
    return moves


def dump_auction(auction: Auction) -> JSON:
    standing = auction.standing
    return {
        "seats": auction.seats,
        "standing": None
        if standing is None
        else {"seat": standing.seat, "rank": standing.rank, "points": standing.points},
        "passed": list(auction.passed),
        "history": [_stored_entry(entry) for entry in auction.history],
        "forced": auction.forced,
    }


def _stored_entry(entry: Mapping[str, Any]) -> JSON:
    """A history entry as it is stored: every field named, a points bid on the two."""
    points = entry.get("points")
    return {
        "seat": entry["seat"],
        "kind": entry["action"],
        "rank": entry.get("rank") if points is None else LOWEST_RANK,
        "points": points,
        "forced": entry.get("forced", False),
    }


def load_auction(data: Mapping[str, Any]) -> Auction:
    standing = data["standing"]
    return Auction(
        seats=int(data["seats"]),
        standing=None
        if standing is None
        else Bid(int(standing["seat"]), int(standing["rank"]), standing["points"]),
        passed=tuple(int(s) for s in data["passed"]),
        history=tuple(
            [
                history_entry(
                    int(e["seat"]), cast(EntryKind, e["kind"]), e["rank"], e["points"], bool(e["forced"])
                )
                for e in data["history"]
            ]
        ),
        forced=bool(data["forced"]),
    )
