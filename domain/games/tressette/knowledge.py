"""What one tressette seat knows of the hand under way (``Knowledge``), for the search's deals.

The search's ``deal`` (``search.TressetteSearchModel``) rebuilds the hand under way from one seat's
view and the events it saw since the hand began, and places the cards it cannot see where they may be:

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
the voids (``placing``); ``agrees`` then checks the declarations and signals, and the search deals
again while they fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.bots.base import Seen, own_seat
from domain.cards import DECK, SUITS, Card, Suit, parse_cards
from domain.engine import Timeouts
from domain.games.tressette.cards import thirds_in
from domain.games.tressette.declarations import (
    KIND_NAMES,
    NAPOLETANA,
    NAPOLETANA_RANKS,
    Declaration,
    declarations_in,
)
from domain.games.tressette.placing import UNBOUNDED, Piles
from domain.games.tressette.seen_hand import (
    Hand,
    counter_and_viewer,
    hand_from_view,
    hand_start,
    read_hand,
    record_from_public,
    tricks_of,
)
from domain.games.tressette.signals import STRISCIO, VOLO
from domain.games.tressette.state import SIDE_LABELS, Phase, Rules, TressetteState, side_of
from domain.games.tricks.codec import load_plays
from domain.games.tricks.trick import CompletedTrick

RANK_BY_NAME = {name: rank for rank, name in KIND_NAMES.items()}


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


def declared_cards(declaration: Declaration) -> tuple[Card, ...]:
    """The cards a declaration says its seat held."""
    if declaration.kind == NAPOLETANA:
        suit = Suit(str(declaration.suit))
        return tuple(Card(rank, suit) for rank in NAPOLETANA_RANKS)
    count, name = declaration.kind.split("_", 1)
    rank = RANK_BY_NAME[name]
    return tuple(Card(rank, suit) for suit in SUITS if count == "four" or suit.value != declaration.suit)


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
