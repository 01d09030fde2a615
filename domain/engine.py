"""The contract every game implements, so the platform never knows a game's rules.

An engine is a set of pure functions over its own immutable state object:

* ``start`` deals a match (from a seeded RNG, or from an explicit deck order of the family's own
  cards, for tests);
* ``apply`` takes one seat's action and returns the next state and its events;
* ``fire`` does what a pending deadline says (turn timeout, hand-end timeout);
* ``to_act`` names every seat the match waits for, ``turn`` the one on turn;
* ``view`` is what one seat — or a spectator (``seat is None``) — may see;
* ``dump`` / ``load`` turn a state into plain JSON-ready dicts and back.

``start``, ``apply`` and ``fire`` all answer an ``Outcome``: the next state and the
``Event``s of what happened (``domain.events.visible_events`` picks a receiver's).

A family owns its cards: the platform sees them only as the codes its views and events carry
(``card_codes``, ``card_zones``), so a game may play with any deck, not only the 40 Italian cards.

Time (``now``, epoch seconds) and randomness (a ``random.Random``) always come in
as arguments, so every match is reproducible from its seed and actions.
A rejected action raises a ``domain.errors.TavoloError`` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from domain.errors import InvalidOptions

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Timeouts:
    """How long a seat may think, how long the hand-end summary waits, and how long a finished
    trick stays on the table before the next lead, in the trick-taking games (seconds)."""

    turn: float = 30.0
    hand_ack: float = 30.0
    trick_pause: float = 2.0


@dataclass(frozen=True, slots=True)
class Deadline:
    """A pending timeout as data. ``token`` names the situation it was made for:
    firing it once that situation is gone changes nothing."""

    token: str
    due: float
    kind: Literal["turn", "hand_end"]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``public`` events may be shown to anyone; the
    others only to ``seat``. ``seat`` is the seat the event concerns (who acted,
    who was dealt, whose turn ran out), ``None`` when it concerns no one seat;
    ``data`` holds the other fields, never a ``kind`` or ``seat`` key.
    ``domain.events`` lists the kinds and writes an event as JSON."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None
    public: bool = True


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of ``start`` / ``apply`` / ``fire``: the next state and what happened."""

    state: Any
    events: tuple[Event, ...] = ()
    changed: bool = True


@dataclass(frozen=True, slots=True)
class CardZones:
    """Where every card of a state is, by who may see it, as the family's card codes:
    ``hands`` each seat's own (seen by that seat alone), ``hidden`` the cards nobody sees (a face-down
    stock), ``public`` every card anybody may see (the table, a trick, the piles taken, a face-up
    card). Together they hold the family's whole deck (``GameEngine.card_codes``), each card once."""

    hands: tuple[tuple[str, ...], ...]
    hidden: tuple[str, ...]
    public: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerResult:
    seat: int
    team: str | None
    won: bool
    points: int
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The final result of a match, as history and Elo need it.

    ``sides`` maps each side label to its seats; ``scores`` each side label to
    its final score; ``winner`` is a side label (``None`` only for a draw);
    ``details`` is the engine's own JSON record (target, hands, per-hand audit …).
    Most matches have two sides, rated one against the other. A match of more
    sides (every player for themselves) is ranked by score: ``winner`` is the side
    alone at the top (``None`` when the top is shared), every player at the top
    has won (nobody when every side shares it), and Elo rates every two sides by
    their scores (``domain.elo.rate_standings``).
    """

    sides: Mapping[str, tuple[int, ...]]
    scores: Mapping[str, int]
    winner: str | None
    players: tuple[PlayerResult, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One creation option: an integer with bounds, or one of a few fixed ``choices``; or a boolean.

    ``choices``, when set, are the only values the integer takes (its schema's ``enum``).
    ``only_with`` names, as ``(option, value)`` pairs, the values other options must have for this
    one to differ from its default: a ``target_score`` other than its default only with
    ``deals_to_win`` 1, say. ``validate_options`` refuses anything else."""

    name: str
    type: Literal["integer", "boolean"]
    default: int | bool
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[int, ...] = ()
    only_with: tuple[tuple[str, int | bool], ...] = ()

    def json_schema(self) -> JSON:
        schema: JSON = {"type": self.type, "default": self.default, "description": self.description}
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        if self.choices:
            schema["enum"] = list(self.choices)
        return schema


def validate_options(specs: Sequence[OptionSpec], raw: Mapping[str, Any] | None) -> JSON:
    """Fill defaults and check types, bounds, choices, unknown names and the values an option
    needs of the others (``OptionSpec.only_with``)."""
    raw = dict(raw or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise InvalidOptions(f"unknown option(s): {', '.join(unknown)}")
    options: JSON = {}
    for spec in specs:
        value = raw.get(spec.name, spec.default)
        if spec.type == "boolean":
            if not isinstance(value, bool):
                raise InvalidOptions(f"{spec.name} must be true or false")
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(f"{spec.name} must be a whole number")
            if spec.choices and value not in spec.choices:
                raise InvalidOptions(f"{spec.name} must be one of {', '.join(map(str, spec.choices))}")
            if spec.minimum is not None and value < spec.minimum:
                raise InvalidOptions(f"{spec.name} must be at least {spec.minimum}")
            if spec.maximum is not None and value > spec.maximum:
                raise InvalidOptions(f"{spec.name} must be at most {spec.maximum}")
        options[spec.name] = value
    for spec in specs:
        if options[spec.name] == spec.default:
            continue
        for other, wanted in spec.only_with:
            if other in options and options[other] != wanted:
                raise InvalidOptions(
                    f"{spec.name} can differ from {_shown(spec.default)} only when {other} is "
                    f"{_shown(wanted)} (here {spec.name} is {_shown(options[spec.name])} and {other} "
                    f"{_shown(options[other])})"
                )
    return options


def _shown(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def options_json_schema(specs: Sequence[OptionSpec]) -> JSON:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {spec.name: spec.json_schema() for spec in specs},
    }


class GameEngine(Protocol):
    """A game's rules behind one stable surface (see the module docstring)."""

    game_type: str
    name: str
    description: str
    seats: int
    option_specs: tuple[OptionSpec, ...]
    card_codes: tuple[str, ...]
    """Every card of the family's deck, as the codes its views and events name them."""

    def start(
        self,
        options: Mapping[str, Any],
        timeouts: Timeouts,
        now: float,
        rng: random.Random,
        deck: Sequence[Any] | None = None,
    ) -> Outcome:
        """Deal a new match: its first state and the events of the first deal.
        ``options`` are checked (``validate_options``) and their defaults filled in."""
        ...

    def apply(
        self, state: Any, seat: int, action: Mapping[str, Any], now: float, rng: random.Random
    ) -> Outcome:
        """Apply ``action`` (the client message minus nothing) for ``seat``."""
        ...

    def fire(self, state: Any, token: str, now: float, rng: random.Random) -> Outcome:
        """Fire the deadline named ``token``; a stale token returns ``changed=False``."""
        ...

    def deadlines(self, state: Any) -> tuple[Deadline, ...]:
        """The deadlines pending in ``state`` (empty once the match is over)."""
        ...

    def turn(self, state: Any) -> int | None:
        """The seat on turn, or ``None`` (between hands, game over)."""
        ...

    def to_act(self, state: Any) -> tuple[int, ...]:
        """Every seat the match waits for now, in seat order: the seat on turn while
        playing (or bidding, or calling), else each seat that has yet to acknowledge
        the hand-end summary; ``()`` once the match is over."""
        ...

    def view(self, state: Any, seat: int | None) -> JSON:
        """What ``seat`` may see; ``None`` is a spectator and sees no hand.

        A seat's view carries ``legal_moves``: every action it may send now, each a
        complete message (``{"action": "play", "card": "07D", "capture": [...]}``,
        ``{"action": "ack"}`` …), empty when the match does not wait for it."""
        ...

    def private_view(self, state: Any, seat: int) -> JSON:
        """What ``seat``'s view adds to a spectator's: its hand, its ``legal_moves`` and the like.
        ``view(state, seat) == {**view(state, None), **private_view(state, seat)}``, and no field of
        the spectator's view but ``seat`` is restated here: the hub builds the spectator's view once
        per version and only this for each seat."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> MatchResult | None:
        """The final result once ``is_over``; ``None`` before."""
        ...

    def card_zones(self, state: Any) -> CardZones:
        """Where every card of ``state`` is (``CardZones``): what the engine contract suite checks
        views and events against, so nothing names a card its receiver may not see."""
        ...

    def dump(self, state: Any) -> JSON: ...

    def load(self, data: Mapping[str, Any]) -> Any: ...
