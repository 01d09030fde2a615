"""The search models of tressette and tressette a quattro (``domain.bots.search_model``).

``deal`` rebuilds the hand under way from one seat's view and the events it saw since the hand began,
and places the cards it cannot see where they may be:

* the cards played this hand, and who took each trick, come from the ``play`` and ``trick`` events
  (the piles taken are public); the drawn cards shown (``draw_shown``) stay in their drawer's hand;
* a declaration names cards its seat held when it first played: those not played since are in its
  hand; and a seat that has played declared everything it held, so its first hand may hold no other
  combination (checked where that hand can be told: at four, and at two with the draws shown);
* a seat that did not follow the suit led held none of it then; a *volo* says the same of its
  leader, a *striscio* that the leader kept one more. At four, and at two with the draws shown, the
  seat's unseen cards were all held then, so none is of that suit; at two with the draws hidden,
  only cards it drew since may be (at most as many as it drew, less those of the suit it played).

When ``seen`` lacks the hand's events (a caller with no history), the deal keeps to what the view
shows: the previous trick (its voids, its cards in the winner's pile), the trick on the table and its
signal, the shown draws, the declarations (their cards in their seat's hand while no trick is done;
later in its hand or taken). The cards taken before the previous trick are dealt at random into each
side's pile by its count of tricks and its thirds, the rest as below.

The unseen cards go to the other hands and the stock uniformly among the placements that respect
the voids (an exact count of the placements suit by suit); the declarations and signals are then
checked, dealing again while they fail.

``settled`` is the end of the hand (or of the match); ``payoff`` the side's share of the hand's
points as the engine scored them, or 1 / 0 once the match is won or lost; ``rollout`` the normal
player's rule of thumb on the full state, with a little chance.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb, factorial
from typing import Any, TypeVar

from domain.bots.base import ACK, Action, Seen, own_seat
from domain.bots.search_model import NOW, ReadOnce, SearchModel, ThroughEngine
from domain.cards import DECK, SUITS, Card, Suit, parse_cards
from domain.engine import GameEngine, Timeouts
from domain.games.base import ack_moves
from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tressette.cards import strength, thirds_in, thirds_of
from domain.games.tressette.declarations import (
    KIND_NAMES,
    NAPOLETANA,
    NAPOLETANA_RANKS,
    Declaration,
    declarations_in,
)
from domain.games.tressette.engine import TressetteEngine
from domain.games.tressette.rules import HAND_SIZE, play
from domain.games.tressette.scoring import score_hand
from domain.games.tressette.signals import STRISCIO, VOLO
from domain.games.tressette.state import (
    SIDE_LABELS,
    HandRecord,
    Phase,
    Rules,
    TressetteState,
    side_of,
)
from domain.games.tressette.trick import playable
from domain.games.tressette.views import play_moves
from domain.games.tricks.codec import load_plays
from domain.games.tricks.trick import CompletedTrick, Play

T = TypeVar("T")
DEAL_ATTEMPTS = 1000
"""Deals tried before giving up on the declarations and signals: the worst real position measured
turned 93 % of deals down, so all of them failing is out of reach; if it ever happened, the last deal
is kept (its counts and voids still right)."""
EXPLORE = 0.1
"""How often the rollout plays a random legal card instead of its rule of thumb."""
RANK_BY_NAME = {name: rank for rank, name in KIND_NAMES.items()}
UNBOUNDED = 99
"""A cap no slot reaches (a seat holds ten cards, the stock twenty)."""


@dataclass
class Hand:
    """What one seat saw of the hand under way, read from its events."""

    plays: list[tuple[int, Card, int]] = field(default_factory=list)
    """Each card played: its seat, the card, the trick's index in the hand."""
    tricks: list[CompletedTrick] = field(default_factory=list)
    draws: dict[int, list[tuple[int, Card | None]]] = field(default_factory=dict)
    """Per seat, each card it drew (``None`` when not shown) with the number of tricks done by then."""
    signals: list[tuple[int, str, str, int]] = field(default_factory=list)
    """Each lead signal: its seat, the signal, the suit, the trick's index."""


def read_hand(seen: Seen, hand_number: int) -> tuple[Hand, int, int]:
    """The events of hand ``hand_number`` in ``seen`` (``ValueError`` when its start is missing), with
    the match's action counter (plays, acknowledgements, deals after the first) and the seat that was
    dealt cards privately (the viewer), ``-1`` if none."""
    start = hand_start(seen, hand_number)
    if start is None:
        raise ValueError("the events seen lack the start of the hand under way")
    counter, viewer = counter_and_viewer(seen)
    hand = Hand()
    done = 0
    for event in seen[start:]:
        kind = event.get("kind")
        if kind == "play":
            hand.plays.append((int(event["seat"]), Card.parse(event["card"]), done))
        elif kind == "trick":
            hand.tricks.append(CompletedTrick(load_plays(event["trick"]), int(event["winner"])))
            done += 1
        elif kind == "draw_shown":
            hand.draws.setdefault(int(event["seat"]), []).append((done, Card.parse(event["card"])))
        elif kind == "cards_drawn":
            for seat in event["seats"]:
                hand.draws.setdefault(int(seat), []).append((done, None))
        elif kind == "lead_signal":
            hand.signals.append((int(event["seat"]), str(event["signal"]), str(event["suit"]), done))
    return hand, counter, viewer


def hand_start(seen: Seen, hand_number: int) -> int | None:
    """Where hand ``hand_number`` starts in ``seen``, ``None`` if it does not."""
    for index, event in enumerate(seen):
        if event.get("kind") == "hand_started" and event.get("hand_number") == hand_number:
            return index
    return None


def counter_and_viewer(seen: Seen) -> tuple[int, int]:
    """The match's action counter as far as ``seen`` tells it, and the seat dealt cards privately."""
    counter = 0
    viewer = -1
    for event in seen:
        kind = event.get("kind")
        if kind == "hand_started":
            if int(event.get("hand_number", 1)) > 1:
                counter += 1
        elif kind in ("play", "ack"):
            counter += 1
        elif kind == "dealt":
            viewer = int(event["seat"])
    return counter, viewer


def hand_from_view(view: Mapping[str, Any]) -> Hand:
    """What the view alone shows of the hand under way, as if it were the whole hand: the previous
    trick (its index 0) and the trick on the table after it, the draws that followed the previous
    trick (two players, while the stock lasted), the current lead's signal."""
    hand = Hand()
    previous = view.get("previous_trick")
    index = 0
    if previous is not None:
        hand.plays.extend((p.seat, p.card, 0) for p in load_plays(previous["trick"]))
        index = 1
        seats = int(view["players"])
        done = sum(int(count) for count in view["tricks_won"].values())
        if seats * done <= len(DECK) - seats * HAND_SIZE:
            for seat in range(seats):
                hand.draws[seat] = [(1, None)]
    hand.plays.extend((p.seat, p.card, index) for p in load_plays(view["trick"]))
    signal = view.get("signal")
    if signal is not None:
        hand.signals.append((int(signal["seat"]), str(signal["signal"]), str(signal["suit"]), index))
    return hand


def declared_cards(declaration: Declaration) -> tuple[Card, ...]:
    """The cards a declaration says its seat held."""
    if declaration.kind == NAPOLETANA:
        suit = Suit(str(declaration.suit))
        return tuple(Card(rank, suit) for rank in NAPOLETANA_RANKS)
    count, name = declaration.kind.split("_", 1)
    rank = RANK_BY_NAME[name]
    return tuple(Card(rank, suit) for suit in SUITS if count == "four" or suit.value != declaration.suit)


def record_from_public(data: Mapping[str, Any]) -> HandRecord:
    """A hand's record back from its summary (``HandRecord.public``)."""

    def pair(key: str) -> tuple[int, int]:
        return (int(data[key][SIDE_LABELS[0]]), int(data[key][SIDE_LABELS[1]]))

    cappotto = data["cappotto"]
    return HandRecord(
        hand_number=int(data["hand_number"]),
        dealer=int(data["dealer"]),
        thirds=pair("thirds"),
        card_points=pair("card_points"),
        dropped=pair("dropped"),
        last_trick=int(data["last_trick"]),
        declarations=tuple(Declaration.load(d) for d in data["declarations"]),
        declaration_points=pair("declaration_points"),
        points=pair("points"),
        tricks=pair("tricks"),
        cappotto=None if cappotto is None else SIDE_LABELS.index(cappotto),
        scores_after=pair("scores"),
    )


# --- placing the unseen cards -----------------------------------------------------------------


def splits(count: int, caps: tuple[int, ...], room: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``count`` cards to the slots, each at most its cap and its room."""
    if len(room) == 1:
        return [(count,)] if count <= min(caps[0], room[0]) else []
    found: list[tuple[int, ...]] = []
    for first in range(min(count, caps[0], room[0]) + 1):
        found.extend((first, *rest) for rest in splits(count - first, caps[1:], room[1:]))
    return found


def ways_to_split(count: int, split: tuple[int, ...]) -> int:
    ways = factorial(count)
    for part in split:
        ways //= factorial(part)
    return ways


def minus(room: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(left - given for left, given in zip(room, split, strict=True))


def weighted(options: Sequence[T], weights: Sequence[int], rng: random.Random) -> T:
    """One of ``options``, each as likely as its (whole) weight."""
    pick = rng.randrange(sum(weights))
    for option, weight in zip(options, weights, strict=True):
        if pick < weight:
            return option
        pick -= weight
    raise AssertionError("the pick is below the total weight")


@lru_cache(maxsize=8192)
def placements(counts: tuple[int, ...], caps: tuple[tuple[int, ...], ...], room: tuple[int, ...]) -> int:
    """How many ways the cards of the suits left (``counts`` of each) fill the slots' ``room``, each
    suit within its ``caps`` per slot."""
    if not counts:
        return 0 if any(room) else 1
    total = 0
    for split in splits(counts[0], caps[0], room):
        rest = minus(room, split)
        total += ways_to_split(counts[0], split) * placements(counts[1:], caps[1:], rest)
    return total


@lru_cache(maxsize=8192)
def suit_splits(
    counts: tuple[int, ...], caps: tuple[tuple[int, ...], ...], room: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The ways to split the first suit's cards among the slots, each with the number of placements
    of every suit that follows it."""
    options = tuple(splits(counts[0], caps[0], room))
    weights = tuple(
        ways_to_split(counts[0], split) * placements(counts[1:], caps[1:], minus(room, split))
        for split in options
    )
    return options, weights


def place(
    pool: Sequence[Card], room: tuple[int, ...], caps: Mapping[tuple[int, Suit], int], rng: random.Random
) -> list[list[Card]]:
    """``pool`` dealt to the slots (``room`` cards each), every placement within the caps (per slot and
    suit) equally likely."""
    if not caps:
        shuffled = list(pool)
        rng.shuffle(shuffled)
        cuts = [sum(room[:slot]) for slot in range(len(room) + 1)]
        return [shuffled[cuts[slot] : cuts[slot + 1]] for slot in range(len(room))]
    by_suit = [[card for card in pool if card.suit == suit] for suit in SUITS]
    counts = tuple(len(cards) for cards in by_suit)
    limits = tuple(tuple(caps.get((slot, suit), UNBOUNDED) for slot in range(len(room))) for suit in SUITS)
    if placements(counts, limits, room) == 0:
        raise ValueError("no placement of the unseen cards agrees with what the seat saw")
    slots: list[list[Card]] = [[] for _ in room]
    left = room
    for index, cards in enumerate(by_suit):
        split = weighted(*suit_splits(counts[index:], limits[index:], left), rng)
        rng.shuffle(cards)
        at = 0
        for slot, given in enumerate(split):
            slots[slot].extend(cards[at : at + given])
            at += given
        left = minus(left, split)
    for cards in slots:
        rng.shuffle(cards)
    return slots


@dataclass(frozen=True)
class Piles:
    """The cards taken this hand, when the events of the hand are missing: the view shows only the
    previous trick, each side's tricks and thirds, and the rest of each pile is dealt."""

    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Per side, the taken cards the view shows (the previous trick)."""
    room: tuple[int, int]
    """Per side, the taken cards to deal."""
    thirds: tuple[int, int]
    """Per side, the thirds those cards must hold."""
    declared: tuple[tuple[int, Card], ...]
    """Declared cards the view does not place, with their seat: each is in that seat's hand or was
    taken (the seat's own cards not in its hand were taken)."""


def pile_splits(
    have: tuple[int, int, int], room: tuple[int, int], thirds: tuple[int, int]
) -> tuple[list[tuple[tuple[int, int, int], ...]], list[int]]:
    """Every way to fill both piles from ``have`` cards worth 3, 1 and 0 thirds (how many of each go
    to each pile) with each pile's thirds, and how many card choices each way makes."""
    per_side: list[list[tuple[int, int, int]]] = []
    for size, worth in zip(room, thirds, strict=True):
        per_side.append(
            [
                (aces, worth - 3 * aces, size - aces - (worth - 3 * aces))
                for aces in range(min(size, worth // 3) + 1)
                if 0 <= worth - 3 * aces <= size - aces
            ]
        )
    options: list[tuple[tuple[int, int, int], ...]] = []
    weights: list[int] = []
    for first in per_side[0]:
        for second in per_side[1]:
            weight = 1
            for kind in range(3):
                if first[kind] + second[kind] > have[kind]:
                    weight = 0
                    break
                weight *= comb(have[kind], first[kind]) * comb(have[kind] - first[kind], second[kind])
            if weight:
                options.append((first, second))
                weights.append(weight)
    return options, weights


def take_piles(
    pool: Sequence[Card], piles: Piles, rng: random.Random
) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]], list[Card]]:
    """Both sides' taken cards dealt from ``pool`` (every choice with the right counts and thirds
    equally likely), and the cards left."""
    kinds: list[list[Card]] = [[], [], []]
    for card in pool:
        kinds[{3: 0, 1: 1, 0: 2}[thirds_of(card)]].append(card)
    options, weights = pile_splits((len(kinds[0]), len(kinds[1]), len(kinds[2])), piles.room, piles.thirds)
    if not options:
        raise ValueError("no taken cards agree with the thirds the view shows")
    split = options[weighted(range(len(options)), weights, rng)]
    taken: list[list[Card]] = [list(piles.known[0]), list(piles.known[1])]
    left: list[Card] = []
    for kind, cards in enumerate(kinds):
        cards = list(cards)
        rng.shuffle(cards)
        first, second = split[0][kind], split[1][kind]
        taken[0].extend(cards[:first])
        taken[1].extend(cards[first : first + second])
        left.extend(cards[first + second :])
    return (tuple(taken[0]), tuple(taken[1])), left


# --- the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Knowledge:
    """Everything one seat knows of the hand under way, and the state it rebuilds."""

    base: TressetteState
    seat: int
    others: tuple[int, ...]
    known: dict[int, list[Card]]
    """Per other seat: the cards of its hand the seat knows (shown draws, declared cards)."""
    pool: tuple[Card, ...]
    room: tuple[int, ...]
    """Unseen cards per slot: each other seat (``others``), then the stock."""
    caps: dict[tuple[int, Suit], int]
    hand: Hand
    first_hands: bool
    """Whether a seat's first hand can be told from its hand now (the declarations are checked)."""
    piles: Piles | None = None
    """The taken cards to deal, when the events of the hand are missing (``None`` when they are
    known)."""


def knowledge(view: Mapping[str, Any], seen: Seen) -> Knowledge:
    hand_number = int(view["hand_number"])
    whole = hand_start(seen, hand_number) is not None
    if whole:
        hand, counter, viewer = read_hand(seen, hand_number)
    else:
        hand = hand_from_view(view)
        counter, viewer = counter_and_viewer(seen)
    seat = own_seat(view)
    if seat is None:
        seat = viewer
    if seat < 0:
        raise ValueError("neither the view nor the events say which seat this is")
    seats = int(view["players"])
    options = view["options"]
    rules = Rules(
        seats=seats,
        target_score=int(view["target_score"]),
        declarations=bool(options["declarations"]),
        cappotto=bool(options["cappotto"]),
        show_draws=bool(options.get("show_draws", False)),
        signals=bool(options.get("signals", False)),
    )
    own = parse_cards(view["hand"])
    shown = tuple(parse_cards(cards) for cards in view["shown"])
    declarations = tuple(Declaration.load(d) for d in view["declarations"])
    played = {card for _, card, _ in hand.plays}
    others = tuple(s for s in range(seats) if s != seat)
    tricks_won = (int(view["tricks_won"][SIDE_LABELS[0]]), int(view["tricks_won"][SIDE_LABELS[1]]))
    # Without the hand's events, a declared card may have been taken in a trick the view no longer
    # shows, unless no trick is done yet.
    fresh = whole or sum(tricks_won) == 0
    known: dict[int, list[Card]] = {s: list(shown[s]) for s in others}
    loose: list[tuple[int, Card]] = []
    for declaration in declarations:
        held = own if declaration.seat == seat else known[declaration.seat]
        for card in declared_cards(declaration):
            if card in played or card in held:
                continue
            if fresh:
                known[declaration.seat].append(card)
            elif (declaration.seat, card) not in loose:
                loose.append((declaration.seat, card))
    placed = set(own) | played | {c for cards in known.values() for c in cards}
    pool = tuple(card for card in DECK if card not in placed)
    counts = view["hand_counts"]
    room = (*(int(counts[s]) - len(known[s]) for s in others), int(view["deck_count"]))
    strict = seats == 4 or rules.show_draws
    piles = None
    played_seats = tuple(sorted({s for s, _, _ in hand.plays}))
    if not whole:
        previous_trick = view.get("previous_trick")
        shown_taken: tuple[list[Card], list[Card]] = ([], [])
        if previous_trick is not None:
            shown_taken[side_of(int(previous_trick["winner"]))].extend(
                p.card for p in load_plays(previous_trick["trick"])
            )
        thirds = (int(view["thirds"][SIDE_LABELS[0]]), int(view["thirds"][SIDE_LABELS[1]]))
        piles = Piles(
            known=(tuple(shown_taken[0]), tuple(shown_taken[1])),
            room=(
                tricks_won[0] * seats - len(shown_taken[0]),
                tricks_won[1] * seats - len(shown_taken[1]),
            ),
            thirds=(thirds[0] - thirds_in(shown_taken[0]), thirds[1] - thirds_in(shown_taken[1])),
            declared=tuple(loose),
        )
        if sum(tricks_won):
            played_seats = tuple(range(seats))
    caps: dict[tuple[int, Suit], int] = {}
    voids = [
        (p.seat, trick[0].card.suit, index)
        for index, trick in enumerate(tricks_of(hand))
        for p in trick
        if p.card.suit != trick[0].card.suit
    ]
    voids += [(s, Suit(suit), index) for s, signal, suit, index in hand.signals if signal == VOLO]
    for void_seat, suit, index in voids:
        if void_seat == seat:
            continue
        slot = others.index(void_seat)
        if strict:
            cap = 0
        else:
            drawn = sum(1 for when, _ in hand.draws.get(void_seat, ()) if when > index)
            followed = sum(
                1 for s, c, when in hand.plays if s == void_seat and when > index and c.suit == suit
            )
            cap = max(0, drawn - followed)
        caps[(slot, suit)] = min(cap, caps.get((slot, suit), UNBOUNDED))
    signal = view.get("signal")
    previous = view.get("previous_trick")
    won: tuple[list[Card], list[Card]] = ([], [])
    for done in hand.tricks:
        won[side_of(done.winner)].extend(done.cards)
    phase: Phase = view["phase"]
    last_hand = view.get("last_hand")
    records = tuple(record_from_public(e) for e in seen if e.get("kind") == "hand_end")
    if last_hand is not None and (not records or records[-1].public() != last_hand):
        records = (record_from_public(last_hand),)
    base = TressetteState(
        rules=rules,
        turn_timeout=float(view["turn_seconds"]),
        hand_ack_timeout=Timeouts().hand_ack,
        phase=phase,
        hand_number=hand_number,
        dealer=int(view["dealer"]),
        hands=tuple(own if s == seat else () for s in range(seats)),
        shown=shown,
        stock=(),
        trick=load_plays(view["trick"]),
        signal=None if signal is None else str(signal["signal"]),
        turn=view["turn"],
        previous_trick=None
        if previous is None
        else CompletedTrick(load_plays(previous["trick"]), int(previous["winner"])),
        won=(tuple(won[0]), tuple(won[1])),
        tricks_won=tricks_won,
        played=played_seats,
        declarations=declarations,
        scores=(int(view["scores"][SIDE_LABELS[0]]), int(view["scores"][SIDE_LABELS[1]])),
        hands_played=records,
        acknowledged=tuple(int(s) for s in view["acknowledged"]),
        counter=counter,
        turn_due=view["turn_deadline"],
        hand_end_due=view["hand_end_deadline"],
        winner=view["winner"],
        trick_pause=float(view["trick_pause_seconds"]),
    )
    first_hands = strict and fresh
    return Knowledge(base, seat, others, known, pool, room, caps, hand, first_hands, piles)


def tricks_of(hand: Hand) -> list[tuple[Play, ...]]:
    """The plays of each trick of the hand, the one under way last."""
    tricks: list[list[Play]] = []
    for seat, card, index in hand.plays:
        while len(tricks) <= index:
            tricks.append([])
        tricks[index].append(Play(seat, card))
    return [tuple(plays) for plays in tricks if plays]


def agrees(state: TressetteState, what: Knowledge) -> bool:
    """Whether a dealt state keeps the declarations and signals: each seat that has played held, at
    its first play, exactly the combinations it declared; each striscio's leader kept a card of its
    suit."""
    hand = what.hand
    if what.piles is not None:
        for seat, card in what.piles.declared:
            if card not in state.hands[seat] and card not in state.won[0] and card not in state.won[1]:
                return False
    for seat, signal, suit, index in hand.signals:
        if signal == STRISCIO and seat != what.seat:
            later = any(s == seat and c.suit == suit and when > index for s, c, when in hand.plays)
            if not later and not any(card.suit == suit for card in state.hands[seat]):
                return False
    if not (state.rules.declarations and what.first_hands):
        return True
    for seat in what.others:
        if seat not in state.played:
            continue
        drawn = {card for _, card in hand.draws.get(seat, ()) if card is not None}
        first = {c for s, c, _ in hand.plays if s == seat and c not in drawn}
        first.update(c for c in state.hands[seat] if c not in drawn)
        made = {(d.kind, d.suit) for d in declarations_in(seat, first)}
        if made != {(d.kind, d.suit) for d in state.declarations if d.seat == seat}:
            return False
    return True


class TressetteSearchModel(ThroughEngine):
    """Tressette (two or four players) as the search sees it. ``moves`` are the view's own
    (``views.play_moves``) without the rest of the view, and a card played without a signal goes
    straight to the rules' step (``rules.play``), past the engine's reading of the message: the
    search only plays the moves it was listed, or the quick policy's, which follows suit."""

    def __init__(self, engine: TressetteEngine) -> None:
        self.engine: GameEngine = engine
        self.knowledge = ReadOnce(knowledge)

    def moves(self, state: TressetteState, seat: int) -> Sequence[Action]:
        if state.phase == "playing" and state.turn == seat:
            return play_moves(state, state.hands[seat])
        return ack_moves(state, seat)

    def step(self, state: TressetteState, seat: int, action: Action, rng: random.Random) -> Any:
        playing = state.phase == "playing" and state.turn == seat
        if playing and action.get("action") == "play" and "signal" not in action:
            return play(state, seat, Card.parse(action["card"]), None, NOW).state
        return super().step(state, seat, action, rng)

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> TressetteState:
        what = self.knowledge(view, seen)
        state = what.base
        for attempt in range(DEAL_ATTEMPTS):
            pool: Sequence[Card] = what.pool
            won = what.base.won
            caps = what.caps
            if what.piles is not None:
                won, pool = take_piles(pool, what.piles, rng)
                if attempt == DEAL_ATTEMPTS - 1:
                    caps = {}  # the last try keeps the view's counts whatever the voids say
            try:
                slots = place(pool, what.room, caps, rng)
            except ValueError:
                if what.piles is None:
                    raise
                continue  # the cards taken left none for a void: take others
            hands = list(what.base.hands)
            for slot, seat in enumerate(what.others):
                hands[seat] = (*what.known[seat], *slots[slot])
            state = what.base._replace(hands=tuple(hands), stock=tuple(slots[-1]), won=won)
            if agrees(state, what):
                return state
        return state

    def settled(self, state: TressetteState, start: TressetteState) -> bool:
        return state.phase != "playing" or state.hand_number != start.hand_number

    def payoff(self, state: TressetteState, seat: int) -> float:
        side = side_of(seat)
        if state.phase == "finished":
            return 1.0 if state.winner == SIDE_LABELS[side] else 0.0
        if state.phase == "playing":
            last = state.previous_trick.winner if state.previous_trick is not None else seat
            points = score_hand(state, last).points
        else:
            points = state.hands_played[-1].points
        total = points[0] + points[1]
        return points[side] / total if total else 0.5

    def rollout(self, state: TressetteState, seat: int, rng: random.Random) -> Action:
        if state.phase != "playing":
            return dict(ACK)
        options = playable(state.hands[seat], state.trick)
        if len(options) == 1 or rng.random() < EXPLORE:
            card = options[0] if len(options) == 1 else rng.choice(options)
        elif state.trick:
            card = follow(options, state.trick, seat, state.seats)
        else:
            card = lead(options)
        return {"action": "play", "card": card.code}


def keep_cost(card: Card) -> float:
    """How much giving ``card`` away hurts: its worth, and a little its strength."""
    return thirds_of(card) + strength(card) * 0.1


def lead(hand: Sequence[Card]) -> Card:
    """A 3 (nothing takes it), or a 2 backed by its 3; else the cheapest card of a long suit."""
    held = set(hand)
    for card in hand:
        if card.rank == 3 or (card.rank == 2 and Card(3, card.suit) in held):
            return card
    length = {suit: 0 for suit in SUITS}
    for card in hand:
        length[card.suit] += 1
    return max(hand, key=lambda card: length[card.suit] * 0.5 - keep_cost(card) * 2)


def follow(hand: Sequence[Card], trick: Sequence[Play], seat: int, seats: int) -> Card:
    """Take a trick worth taking with the cheapest winner; give a partner's safe trick the richest card;
    else the cheapest."""
    led = trick[0].card.suit
    best = max((p for p in trick if p.card.suit == led), key=lambda p: strength(p.card))
    later = seats - len(trick) - 1
    if best.seat % 2 == seat % 2:
        if best.card.rank == 3 or all((seat + k) % 2 == seat % 2 for k in range(1, later + 1)):
            return max(hand, key=lambda card: thirds_of(card) - strength(card) * 0.01)
        return min(hand, key=keep_cost)
    winners = [c for c in hand if c.suit == led and strength(c) > strength(best.card)]
    worth = sum(thirds_of(p.card) for p in trick)
    if winners and (worth > 0 or later == 0 or any(c.rank == 3 for c in winners)):
        return min(winners, key=lambda card: strength(card) - thirds_of(card) * 0.5)
    return min(hand, key=keep_cost)


MODELS: Mapping[str, SearchModel] = {
    TRESSETTE.game_type: TressetteSearchModel(TRESSETTE),
    TRESSETTE_A_QUATTRO.game_type: TressetteSearchModel(TRESSETTE_A_QUATTRO),
}
