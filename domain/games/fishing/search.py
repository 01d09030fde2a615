"""The fishing games as the searching computer player sees them (``domain.bots.search_model``).

What a seat knows of a fishing hand: its own cards, the table, how many cards every other hand and
the deck hold, and every card played this hand, with what it took (the ``play`` events it saw): so
the captured piles are known card by card. Every other card is somewhere it cannot see, and nothing
it saw says where: a player may discard one card while another in its hand could capture, so a
discard reveals nothing. ``deal`` therefore shuffles the unseen cards and deals them into the other
hands and the deck, keeping every count; everything else is rebuilt from the view and the events.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from domain.bots.base import Action, Seen
from domain.bots.search_model import NOW, ReadOnce, SearchModel, ThroughEngine
from domain.cards import BY_CODE, DECK, Card
from domain.engine import JSON, GameEngine, Timeouts
from domain.games.fishing.actions import PlayAction, check_play, parse_action
from domain.games.fishing.captures import Move
from domain.games.fishing.config import SIDES, Variant, side_of
from domain.games.fishing.playout import playout_move
from domain.games.fishing.state import FishingOptions, FishingState, play_from_json
from domain.games.fishing.transitions import played
from domain.games.fishing.variants import FISHING_ENGINES
from domain.games.fishing.views import moves_json, play_action

MARGIN_SCALE = 8.0
"""The lead in a hand's points that a playout counts as a sure win (a payoff of 1). A match to 11
(or 21) is won by points ahead, so a playout is scored by the lead, not by a side's share of the
points: a share made 1-0 worth more than 6-2, and the search chased small, even hands."""
COUNT_SOFTNESS = {"cards": 3.0, "denari": 1.5, "primiera_points": 6.0}
"""How many of a count (cards taken, denari taken, primiera sum) make a category's point nearly
sure: below that, a category won by one card is scored as a share of its point."""


def hand_lead(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> float:
    """How many points one side came out ahead in a finished hand (sides as ``hand_end`` gives
    them). The points a playout decides exactly (scope, the settebello, the napola) count whole;
    the ones decided by a count (carte, denara, primiera) count by how far ahead the count was
    (``tanh`` of the difference over ``COUNT_SOFTNESS``): a point won by one card in one playout
    is lost by one in the next, and scored whole it made the search's values mostly noise."""
    lead = 0.0
    for exact in ("scope", "settebello", "napola"):
        lead += int(mine.get(exact, 0)) - int(theirs.get(exact, 0))
    for count, softness in COUNT_SOFTNESS.items():
        ours, others = mine[count], theirs[count]
        if ours is None or others is None:  # a primiera missing a suit loses to any primiera
            lead += 0.0 if ours is others else -1.0 if ours is None else 1.0
        else:
            lead += math.tanh((int(ours) - int(others)) / softness)
    return lead


def parsed(codes: Any) -> list[Card]:
    return [BY_CODE[code] for code in codes]


@dataclass(frozen=True, slots=True)
class Record:
    """What the events a seat saw tell beyond its view: the piles of the hand being played, who last
    captured, how many plays the match has had, each seat's scope and the finished hands' records."""

    piles: tuple[list[Card], list[Card]]
    last_capturer: int | None
    moves: int
    seat_scope: tuple[int, ...]
    history: tuple[JSON, ...]


def read_record(seen: Seen, seats: int) -> Record:
    piles: tuple[list[Card], list[Card]] = ([], [])
    last_capturer: int | None = None
    moves = 0
    seat_scope = [0] * seats
    history: list[JSON] = []
    for event in seen:
        kind = event.get("kind")
        if kind == "play":
            seat = int(event["seat"])
            moves += 1
            seat_scope[seat] += bool(event["scopa"])
            if event["captured"] or event["sweep"]:
                piles[side_of(seat)].extend((BY_CODE[event["card"]], *parsed(event["captured"])))
                last_capturer = seat
        elif kind == "leftovers":
            piles[side_of(int(event["seat"]))].extend(parsed(event["cards"]))
        elif kind == "hand_started":
            piles = ([], [])
            last_capturer = None
        elif kind == "hand_end":
            history.append({key: value for key, value in event.items() if key != "kind"})
    return Record(piles, last_capturer, moves, tuple(seat_scope), tuple(history))


def last_hand(view: Mapping[str, Any]) -> tuple[JSON, ...]:
    """The finished hands as far as the view alone tells them: the last one (without the events)."""
    last = view["last_hand"]
    return () if last is None else (last,)


@dataclass(frozen=True, slots=True)
class Known:
    """What a seat knows of a fishing hand: ``state`` with its own hand in its place (the other
    hands empty, the deck empty), the ``unseen`` cards in deck order, the counts the unseen cards
    fill, and the sizes of the two piles when the events do not tell what they hold."""

    seat: int
    state: FishingState
    unseen: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    unseen_piles: tuple[int, int] | None


def known_of(variant: Variant, view: Mapping[str, Any], seen: Seen) -> Known:
    """What the view and the events a seat saw tell it (see ``Known``)."""
    seat = int(view["seat"])
    record = read_record(seen, variant.seats)
    hand = tuple(parsed(view["hand"]))
    table = tuple(parsed(view["table"]))
    counts = [len(pile) for pile in record.piles]
    wanted = [int(view["captured_counts"][label]) for label in SIDES]
    known_piles = counts == wanted
    piles = record.piles if known_piles else ([], [])
    known = {*hand, *table, *piles[0], *piles[1]}
    hand_counts = tuple(int(count) for count in view["hand_counts"])
    options = view["options"]
    last_play = view["last_play"]
    winner = view["winner"]
    state = FishingState(
        game_type=variant.game_type,
        options=FishingOptions(
            target_score=int(view["target_score"]),
            napola=bool(options.get("napola", False)),
            asso_pigliatutto=bool(options["asso_pigliatutto"]),
        ),
        timeouts=Timeouts(turn=float(view["turn_seconds"])),
        phase=view["phase"],
        hand_number=int(view["hand_number"]),
        dealer=int(view["dealer"]),
        hands=tuple(hand if other == seat else () for other in range(len(hand_counts))),
        table=table,
        deck=(),
        piles=(tuple(piles[0]), tuple(piles[1])),
        scope=(int(view["scope"]["A"]), int(view["scope"]["B"])),
        scores=(int(view["scores"]["A"]), int(view["scores"]["B"])),
        seat_scope=record.seat_scope,
        turn=view["turn"],
        moves=record.moves,
        turn_due=view["turn_deadline"],
        last_capturer=record.last_capturer if known_piles else None,
        last_play=None if last_play is None else play_from_json(last_play),
        acknowledged=tuple(view["acknowledged"]),
        hand_end_due=view["hand_end_deadline"],
        history=record.history or last_hand(view),
        winner=None if winner is None else SIDES.index(winner),
        whole_suit=bool(view["napola_whole_suit"]),
    )
    return Known(
        seat=seat,
        state=state,
        unseen=tuple(card for card in DECK if card not in known),
        hand_counts=hand_counts,
        deck_count=int(view["deck_count"]),
        unseen_piles=None if known_piles else (wanted[0], wanted[1]),
    )


@dataclass(slots=True)
class FishingSearchModel(ThroughEngine):
    """One fishing game type (its ``Variant``) as the search sees it. (Not frozen only because the
    ``SearchModel`` protocol declares ``engine`` a plain attribute; nothing ever sets it.)

    ``moves`` are the view's own (``views.moves_json``) without the rest of the view. ``step`` plays a
    card straight through the rules' ``played``, without the events and checks of ``engine.apply``
    (every action it is handed is one of ``moves``). The move the quick policy chose is kept with the
    message it returned (``_chosen``), so that, handed that very message, ``step`` need not even read
    it back and work out its capture again. What the seat knows is worked out
    once per decision (``knowledge``)."""

    engine: GameEngine
    variant: Variant
    _chosen: tuple[Action, Move] | None = field(default=None, init=False, repr=False, compare=False)
    knowledge: ReadOnce[Known] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.knowledge = ReadOnce(partial(known_of, self.variant))

    def moves(self, state: FishingState, seat: int) -> Sequence[Action]:
        return moves_json(state, seat)

    def step(self, state: FishingState, seat: int, action: Action, rng: random.Random) -> Any:
        if state.phase != "playing" or state.turn != seat:  # (a slotted dataclass has no bare super())
            return ThroughEngine.step(self, state, seat, action, rng)
        chosen = self._chosen
        if chosen is not None and action is chosen[0]:
            return played(self.variant, state, seat, chosen[1], NOW)
        parsed = parse_action(action)  # one of ``moves``: a legal play, so only its capture is worked out
        assert isinstance(parsed, PlayAction)
        move = check_play(parsed, state.table, state.options.asso_pigliatutto)
        return played(self.variant, state, seat, move, NOW)

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> FishingState:
        """What the seat knows (worked out once per decision: every deal of a search starts from
        the same view and events), with the unseen cards shuffled into the other hands and the deck."""
        known = self.knowledge(view, seen)
        pool = list(known.unseen)
        rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        at = 0
        for other, count in enumerate(known.hand_counts):
            if other == known.seat:
                hands.append(known.state.hands[other])
                continue
            hands.append(tuple(pool[at : at + count]))
            at += count
        deck = tuple(pool[at : at + known.deck_count])
        at += len(deck)
        if known.unseen_piles is None:
            return known.state._replace(hands=tuple(hands), deck=deck)
        # Without the events of this hand (a seat that joined late), the piles are unseen too.
        first, second = known.unseen_piles
        piles = (tuple(pool[at : at + first]), tuple(pool[at + first : at + first + second]))
        return known.state._replace(hands=tuple(hands), deck=deck, piles=piles)

    def settled(self, state: FishingState, start: FishingState) -> bool:
        return state.phase != "playing" or state.hand_number != start.hand_number

    def payoff(self, state: FishingState, seat: int) -> float:
        """The side's lead in the hand's points, from 0.5 for an even hand to 1 (or 0) at
        ``MARGIN_SCALE`` points ahead (behind); a match won or lost is 1 or 0."""
        side = side_of(seat)
        if state.phase == "finished":
            return 1.0 if state.winner == side else 0.0
        last = state.last_hand
        if last is None:
            return 0.5
        lead = hand_lead(last["sides"][SIDES[side]], last["sides"][SIDES[1 - side]])
        return min(1.0, max(0.0, 0.5 + lead / (2 * MARGIN_SCALE)))

    def play_out(self, state: FishingState, start: FishingState, rng: random.Random) -> FishingState:
        """Each seat's greedy move (``playout.playout_move``) straight into the rules' ``played``,
        with no message made or read back: what ``rollout`` and ``step`` come to, move by move."""
        while not self.settled(state, start):
            seat = state.turn
            assert seat is not None  # a hand being played has a seat on turn
            state = played(self.variant, state, seat, quick_move(state, seat), NOW)
        return state

    def rollout(self, state: FishingState, seat: int, rng: random.Random) -> Action:
        """The greedy move (``playout.playout_move``), kept for ``step`` with its message."""
        move = quick_move(state, seat)
        action = play_action(move)
        self._chosen = (action, move)
        return action


def quick_move(state: FishingState, seat: int) -> Move:
    """The quick policy's move for ``seat``, on turn in a hand being played (``playout.playout_move``)."""
    last = not state.deck and sum(map(len, state.hands)) == 1
    return playout_move(state.hands[seat], state.table, state.options.asso_pigliatutto, last)


MODELS: Mapping[str, SearchModel] = {
    engine.game_type: FishingSearchModel(engine, engine.variant) for engine in FISHING_ENGINES
}
"""The search model of each fishing game type."""
