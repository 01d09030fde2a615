"""The immutable state of a rubamazzo match and its plain-dict form.

Cards are ``Card`` objects in the state and wire codes in the dumped dict; ``load_state(dump_state(s))
== s`` holds exactly, and the RNG is never stored. Like the built-in engines' states it is a
``NamedTuple`` (see ``domain.games.codec``); ``state._replace(...)`` makes the next one.

The audit of each finished hand is kept as the JSON record it is shown and stored as
(``hand_record``): the rules never read it back.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from domain.cards import Card, codes, parse_cards
from domain.engine import JSON, Timeouts
from domain.errors import InvalidAction
from domain.games.codec import optional_float, optional_int
from tavolo_rubamazzo.config import label
from tavolo_rubamazzo.takes import Pile

Phase = Literal["playing", "hand_end", "finished"]
PHASES: tuple[Phase, ...] = ("playing", "hand_end", "finished")


@dataclass(frozen=True, slots=True)
class Play:
    """A card that was played, in public: who played it, the table card it captured, whose pile
    it stole and how many cards that pile held."""

    seat: int
    card: Card
    captured: Card | None = None
    stolen_from: int | None = None
    stolen: int = 0


class RubamazzoState(NamedTuple):
    """A rubamazzo match at one moment."""

    game_type: str
    timeouts: Timeouts
    phase: Phase
    hand_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    deck: tuple[Card, ...]
    """The face-down stock, top first."""
    piles: tuple[Pile, ...]
    """Each seat's pile of the hand, bottom first: the last card is its face-up top."""
    totals: tuple[int, ...]
    """Cards each seat won over the finished hands of the match."""
    turn: int | None
    moves: int
    """Counts every play of the match; names the turn deadline."""
    turn_due: float | None
    last_taker: int | None
    """The seat that captured or stole last this hand: the table's leftovers go to it."""
    last_play: Play | None
    acknowledged: tuple[int, ...]
    hand_end_due: float | None
    history: tuple[JSON, ...]
    """The audit of every finished hand, oldest first (``hand_record``)."""
    winner: int | None

    @property
    def seats(self) -> int:
        return len(self.piles)

    @property
    def last_hand(self) -> JSON | None:
        return self.history[-1] if self.history else None


def census(state: RubamazzoState) -> Iterator[Card]:
    """Every card the state holds: hands, table, stock and piles (the whole deck)."""
    for hand in state.hands:
        yield from hand
    yield from state.table
    yield from state.deck
    for pile in state.piles:
        yield from pile


def per_seat(values: tuple[int, ...]) -> JSON:
    """Seat values keyed by the seats' labels, as views and records show them."""
    return {label(seat): value for seat, value in enumerate(values)}


def hand_record(
    hand_number: int,
    dealer: int,
    counts: tuple[int, ...],
    leftovers: tuple[int | None, int],
    totals: tuple[int, ...],
    tie: bool,
) -> JSON:
    """The audit of a finished hand: the state's ``history`` entry, the view's ``last_hand``, the
    ``hand_end`` event and one of the result's ``hands``. ``counts`` are the cards each seat took
    this hand (leftovers included), ``totals`` the match's after it; ``tie`` says the lead is shared,
    so another hand follows."""
    taker, count = leftovers
    return {
        "hand_number": hand_number,
        "dealer": dealer,
        "captured_counts": per_seat(counts),
        "leftovers": {"seat": taker, "count": count},
        "scores": per_seat(totals),
        "tie": tie,
    }


def play_fields(play: Play) -> JSON:
    """A play as its ``play`` event tells it, the seat aside."""
    return {
        "card": play.card.code,
        "captured": [] if play.captured is None else [play.captured.code],
        "stolen_from": play.stolen_from,
        "stolen": play.stolen,
    }


def play_to_json(play: Play) -> JSON:
    return {"seat": play.seat, **play_fields(play)}


def play_from_json(data: Mapping[str, Any]) -> Play:
    captured = parse_cards(data["captured"])
    if len(captured) > 1:
        raise ValueError("a play captures one table card at most")
    return Play(
        seat=int(data["seat"]),
        card=Card.parse(data["card"]),
        captured=captured[0] if captured else None,
        stolen_from=optional_int(data["stolen_from"]),
        stolen=int(data["stolen"]),
    )


def _records(raw: Any) -> tuple[JSON, ...]:
    records = tuple(raw)
    if not all(isinstance(record, dict) for record in records):
        raise ValueError("a hand record is a JSON object")
    return records


def dump_state(state: RubamazzoState) -> JSON:
    return {
        "game_type": state.game_type,
        "timeouts": {"turn": state.timeouts.turn, "hand_ack": state.timeouts.hand_ack},
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "hands": [codes(hand) for hand in state.hands],
        "table": codes(state.table),
        "deck": codes(state.deck),
        "piles": [codes(pile) for pile in state.piles],
        "totals": list(state.totals),
        "turn": state.turn,
        "moves": state.moves,
        "turn_due": state.turn_due,
        "last_taker": state.last_taker,
        "last_play": None if state.last_play is None else play_to_json(state.last_play),
        "acknowledged": list(state.acknowledged),
        "hand_end_due": state.hand_end_due,
        "history": list(state.history),
        "winner": state.winner,
    }


def load_state(data: Mapping[str, Any]) -> RubamazzoState:
    try:
        timeouts = data["timeouts"]
        phase = data["phase"]
        if phase not in PHASES:
            raise ValueError(f"unknown phase {phase!r}")
        last_play = data["last_play"]
        return RubamazzoState(
            game_type=str(data["game_type"]),
            timeouts=Timeouts(turn=float(timeouts["turn"]), hand_ack=float(timeouts["hand_ack"])),
            phase=phase,
            hand_number=int(data["hand_number"]),
            dealer=int(data["dealer"]),
            hands=tuple([parse_cards(hand) for hand in data["hands"]]),
            table=parse_cards(data["table"]),
            deck=parse_cards(data["deck"]),
            piles=tuple([parse_cards(pile) for pile in data["piles"]]),
            totals=tuple(int(total) for total in data["totals"]),
            turn=optional_int(data["turn"]),
            moves=int(data["moves"]),
            turn_due=optional_float(data["turn_due"]),
            last_taker=optional_int(data["last_taker"]),
            last_play=None if last_play is None else play_from_json(last_play),
            acknowledged=tuple(int(seat) for seat in data["acknowledged"]),
            hand_end_due=optional_float(data["hand_end_due"]),
            history=_records(data["history"]),
            winner=optional_int(data["winner"]),
        )
    except (KeyError, TypeError, ValueError, InvalidAction) as error:
        raise ValueError(f"not a rubamazzo game state: {error}") from error
