"""The immutable state of a fishing match and its plain-dict form.

Cards are kept as ``Card`` objects in the state and written as wire codes in the
dumped dict; ``load(dump(state)) == state`` holds exactly. The RNG is never stored.

The audit of each finished hand is the one exception: the rules never read it back,
only views, results and storage show it, so the state keeps it as the JSON record
it is shown as (``hand_records.hand_record``), and dumps the short form the record
carries. Like every dumped blob it is shared, never mutated; a view does not
have to rebuild it, and a load rebuilds it from its short form.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from domain.cards import Card, codes, parse_cards
from domain.engine import JSON, Timeouts
from domain.errors import InvalidAction
from domain.games.codec import int_pair, optional_float, optional_int
from domain.games.fishing.hand_records import restored, stored

Phase = Literal["playing", "hand_end", "finished"]
PHASES: tuple[Phase, ...] = ("playing", "hand_end", "finished")
Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class FishingOptions:
    target_score: int
    napola: bool
    asso_pigliatutto: bool


@dataclass(frozen=True, slots=True)
class Play:
    """A card that was played, in public: who, what, what it took, whether it scored a scopa."""

    seat: int
    card: Card
    captured: tuple[Card, ...]
    scopa: bool
    sweep: bool = False
    """An asso pigliatutto sweep."""


class FishingState(NamedTuple):
    """A fishing match at one moment (a ``NamedTuple``: see ``domain.games.codec``)."""

    game_type: str
    options: FishingOptions
    timeouts: Timeouts
    phase: Phase
    hand_number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    deck: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Cards captured this hand, per side."""
    scope: Pair
    """Scope scored this hand, per side."""
    scores: Pair
    """Match score, per side."""
    seat_scope: tuple[int, ...]
    """Scope scored over the whole match, per seat."""
    turn: int | None
    moves: int
    """Counts every play of the match; names the turn deadline."""
    turn_due: float | None
    last_capturer: int | None
    last_play: Play | None
    acknowledged: tuple[int, ...]
    hand_end_due: float | None
    history: tuple[JSON, ...]
    """The audit of every finished hand, oldest first, as ``hand_records.hand_record`` made it."""
    winner: int | None
    whole_suit: bool
    """The match was ended by a side capturing every denaro (napola)."""

    @property
    def last_hand(self) -> JSON | None:
        return self.history[-1] if self.history else None


def census(state: FishingState) -> Iterator[Card]:
    """Every card the state holds: hands, table, deck and captured piles (40 while a hand lives)."""
    for hand in state.hands:
        yield from hand
    yield from state.table
    yield from state.deck
    for pile in state.piles:
        yield from pile


# --- plain-dict form -------------------------------------------------------------------------


def _records(raw: Any) -> tuple[JSON, ...]:
    """The stored hand records, each as it is shown (``hand_records``)."""
    return tuple(restored(record) for record in raw)


def play_fields(play: Play) -> JSON:
    """A play as its ``play`` event tells it: the seat aside."""
    return {
        "card": play.card.code,
        "captured": codes(play.captured),
        "scopa": play.scopa,
        "sweep": play.sweep,
    }


def play_to_json(play: Play) -> JSON:
    return {"seat": play.seat, **play_fields(play)}


def play_from_json(data: Mapping[str, Any]) -> Play:
    return Play(
        seat=int(data["seat"]),
        card=Card.parse(data["card"]),
        captured=parse_cards(data["captured"]),
        scopa=bool(data["scopa"]),
        sweep=bool(data["sweep"]),
    )


def dump_state(state: FishingState) -> JSON:
    return {
        "game_type": state.game_type,
        "options": {
            "target_score": state.options.target_score,
            "napola": state.options.napola,
            "asso_pigliatutto": state.options.asso_pigliatutto,
        },
        "timeouts": {"turn": state.timeouts.turn, "hand_ack": state.timeouts.hand_ack},
        "phase": state.phase,
        "hand_number": state.hand_number,
        "dealer": state.dealer,
        "hands": [codes(hand) for hand in state.hands],
        "table": codes(state.table),
        "deck": codes(state.deck),
        "piles": [codes(pile) for pile in state.piles],
        "scope": list(state.scope),
        "scores": list(state.scores),
        "seat_scope": list(state.seat_scope),
        "turn": state.turn,
        "moves": state.moves,
        "turn_due": state.turn_due,
        "last_capturer": state.last_capturer,
        "last_play": None if state.last_play is None else play_to_json(state.last_play),
        "acknowledged": list(state.acknowledged),
        "hand_end_due": state.hand_end_due,
        "history": [stored(record) for record in state.history],
        "winner": state.winner,
        "whole_suit": state.whole_suit,
    }


def load_state(data: Mapping[str, Any]) -> FishingState:
    try:
        options = data["options"]
        timeouts = data["timeouts"]
        phase = data["phase"]
        if phase not in PHASES:
            raise ValueError(f"unknown phase {phase!r}")
        first, second = data["piles"]
        last_play = data["last_play"]
        return FishingState(
            game_type=str(data["game_type"]),
            options=FishingOptions(
                target_score=int(options["target_score"]),
                napola=bool(options["napola"]),
                asso_pigliatutto=bool(options["asso_pigliatutto"]),
            ),
            timeouts=Timeouts(turn=float(timeouts["turn"]), hand_ack=float(timeouts["hand_ack"])),
            phase=phase,
            hand_number=int(data["hand_number"]),
            dealer=int(data["dealer"]),
            hands=tuple([parse_cards(hand) for hand in data["hands"]]),
            table=parse_cards(data["table"]),
            deck=parse_cards(data["deck"]),
            piles=(parse_cards(first), parse_cards(second)),
            scope=int_pair(data["scope"]),
            scores=int_pair(data["scores"]),
            seat_scope=tuple(int(n) for n in data["seat_scope"]),
            turn=optional_int(data["turn"]),
            moves=int(data["moves"]),
            turn_due=optional_float(data["turn_due"]),
            last_capturer=optional_int(data["last_capturer"]),
            last_play=None if last_play is None else play_from_json(last_play),
            acknowledged=tuple(int(seat) for seat in data["acknowledged"]),
            hand_end_due=optional_float(data["hand_end_due"]),
            history=_records(data["history"]),
            winner=optional_int(data["winner"]),
            whole_suit=bool(data["whole_suit"]),
        )
    except (KeyError, TypeError, ValueError, InvalidAction) as error:
        raise ValueError(f"not a fishing game state: {error}") from error
