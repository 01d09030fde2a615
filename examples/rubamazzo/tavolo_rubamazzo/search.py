"""The search models of rubamazzo for two, three and four players (``domain.bots.search_model``).

``deal`` rebuilds the hand under way from one seat's view and the events it saw since the hand began:
the table laid at the deal (``hand_started``) and every ``play`` since (what it captured, whose pile
it stole) give every pile card by card, though the view shows only their tops and sizes; the
``leftovers`` of a finished hand go under the last taker's pile. Rubamazzo obliges nothing that
tells what a hand holds (a card that can take must take, but any card may be played), so the cards
the seat cannot see — the other hands and the stock — are shuffled among them uniformly.

Without the events of the hand (``decide`` called with no history, or a seat that came in late),
the piles are rebuilt from the view alone: each keeps its face-up top and its size, and the cards
under the tops join the unseen ones, shuffled uniformly among the other hands, the stock and the
piles' hidden parts. The last taker is then the seat of the last play if it took, else one of the
seats holding a pile (only a taker holds one).

A playout goes no further than the end of the deal round under way: ``settled`` once the next
round has been dealt, or the hand (or the match) is over. Played to the end of the hand, a playout
is mostly the luck of the stock's order, and a few hundred of them could not tell two cards apart
(``benchmarks/RESULTS.md``). At a round's end ``payoff`` values the seat's lead in the cards each
pile is expected to hold after the next round's steals (``expected_piles``), through a logistic;
at the hand's end, the seat's share of the hand's cards, or 1 / 0 once the match is won or lost.
``rollout`` is a quick rule of thumb on the full state: steal the biggest pile, else capture, else
lay the card least likely to be taken.

``step`` goes through the engine (``ThroughEngine``). ``moves`` and ``play_out``, which a search
calls most, skip what the search has no use for: ``moves`` makes only the view's legal moves, and
``play_out`` plays each quick move straight into the rules' ``play_card``, with no action message
made and parsed back. Both give exactly what the plain ways give (the engine contract's
``search_models_follow_the_rules`` checks it), for a third less CPU a decision
(``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from domain.bots.base import ACK, Action, Seen
from domain.bots.search_model import NOW, SearchModel, ThroughEngine
from domain.cards import DECK, Card, parse_cards
from domain.engine import GameEngine, Timeouts
from tavolo_rubamazzo.config import HAND_SIZE, SEAT_LABELS, label
from tavolo_rubamazzo.engine import RubamazzoEngine
from tavolo_rubamazzo.odds import holds_one
from tavolo_rubamazzo.recall import piles_as_shown, replay
from tavolo_rubamazzo.state import Phase, RubamazzoState, play_from_json
from tavolo_rubamazzo.takes import Move, Pile, legal_moves
from tavolo_rubamazzo.transitions import play_card
from tavolo_rubamazzo.variants import ENGINES
from tavolo_rubamazzo.views import moves_json, play_action

LEAD_SCALE = 4.0
"""The lead in cards, at a round's end, that lifts a payoff from 0.5 to about 0.73 (a logistic)."""
EXPLORE = 0.1
"""How often the rollout plays a random legal move instead of its rule of thumb."""


class RubamazzoSearchModel(ThroughEngine):
    """Rubamazzo at one table size as the search sees it."""

    def __init__(self, engine: RubamazzoEngine) -> None:
        self.engine: GameEngine = engine
        self.variant = engine.variant
        self.seats = engine.seats

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> RubamazzoState:
        seat = int(view["seat"])
        hand_number = int(view["hand_number"])
        done = replay(seen, hand_number, self.seats)
        own = parse_cards(view["hand"])
        table = parse_cards(view["table"])
        shown = view["piles"]
        replayed = piles_as_shown(done, view)
        tops = tuple(Card.parse(pile["top"]) for pile in shown if pile["top"] is not None)
        known = replayed if replayed is not None else (tops,)
        seen_cards = {*own, *table, *(card for pile in known for card in pile)}
        unseen = [card for card in DECK if card not in seen_cards]
        rng.shuffle(unseen)
        counts = view["hand_counts"]
        hands: list[tuple[Card, ...]] = []
        at = 0
        for other in range(self.seats):
            if other == seat:
                hands.append(own)
                continue
            hands.append(tuple(unseen[at : at + int(counts[other])]))
            at += int(counts[other])
        deck = tuple(unseen[at : at + int(view["deck_count"])])
        at += len(deck)
        last_taker = done.last_taker
        if replayed is None:
            piles: list[Pile] = []
            for pile in shown:
                size = int(pile["size"])
                under = max(size - 1, 0)
                piles.append((*unseen[at : at + under], Card.parse(pile["top"])) if size else ())
                at += under
            replayed = tuple(piles)
            last_taker = guess_last_taker(view["last_play"], replayed, rng)
        last_play = view["last_play"]
        last_hand = view["last_hand"]
        history = done.history
        if last_hand is not None and (not history or history[-1] != last_hand):
            history = (last_hand,)
        phase: Phase = view["phase"]
        winner = view["winner"]
        scores = view["scores"]
        return RubamazzoState(
            game_type=str(view["game_type"]),
            timeouts=Timeouts(turn=float(view["turn_seconds"]), hand_ack=Timeouts().hand_ack),
            phase=phase,
            hand_number=hand_number,
            dealer=int(view["dealer"]),
            hands=tuple(hands),
            table=table,
            deck=deck,
            piles=replayed,
            totals=tuple(int(scores[label(s)]) for s in range(self.seats)),
            turn=view["turn"],
            moves=done.moves,
            turn_due=view["turn_deadline"],
            last_taker=last_taker,
            last_play=None if last_play is None else play_from_json(last_play),
            acknowledged=tuple(int(s) for s in view["acknowledged"]),
            hand_end_due=view["hand_end_deadline"],
            history=tuple(dict(record) for record in history),
            winner=None if winner is None else SEAT_LABELS.index(winner),
        )

    def settled(self, state: RubamazzoState, start: RubamazzoState) -> bool:
        return (
            state.phase != "playing"
            or state.hand_number != start.hand_number
            or len(state.deck) != len(start.deck)
        )

    def payoff(self, state: RubamazzoState, seat: int) -> float:
        if state.phase == "finished":
            return 1.0 if state.winner == seat else 0.0
        if state.phase != "playing":
            counts = [len(pile) for pile in state.piles]
            total = sum(counts)
            return counts[seat] / total if total else 1.0 / self.seats
        expected = expected_piles(state)
        rival = max(cards for other, cards in enumerate(expected) if other != seat)
        return 1.0 / (1.0 + math.exp((rival - expected[seat]) / LEAD_SCALE))

    def rollout(self, state: RubamazzoState, seat: int, rng: random.Random) -> Action:
        if state.phase != "playing":
            return dict(ACK)
        return play_action(quick_move(state, seat, rng))

    def moves(self, state: RubamazzoState, seat: int) -> list[Action]:
        return moves_json(state, seat)

    def play_out(self, state: RubamazzoState, start: RubamazzoState, rng: random.Random) -> RubamazzoState:
        while not self.settled(state, start):
            seat = state.turn
            assert seat is not None  # a hand under way always has a seat on turn
            state = play_card(self.variant, state, seat, quick_move(state, seat, rng), NOW).state
        return state


def quick_move(state: RubamazzoState, seat: int, rng: random.Random) -> Move:
    """The rollout's move for ``seat``, on turn in a hand under way: the only legal move, else now and
    then (``EXPLORE``) a random one, else the one ``worth`` most (the first of equals)."""
    moves = legal_moves(state.hands[seat], seat, state.table, state.piles)
    if len(moves) == 1:
        return moves[0]
    if rng.random() < EXPLORE:
        return rng.choice(moves)
    return max(moves, key=lambda move: worth(move, state, seat))


def expected_piles(state: RubamazzoState) -> list[float]:
    """Each seat's pile after a round's steals, as expected when a playout stops (the next round
    just dealt): a pile whose top's rank is among the ``HAND_SIZE`` cards each of its owner's
    opponents draws from the stock is stolen (by one of them, alike). The stock left after the deal
    stands for the cards nobody has seen: in every round but the last it agrees with them on
    average. After the last deal it is empty and no pile counts at risk; taking the risk over the
    unplayed cards instead, the new hands too, lost against ``normal`` (``benchmarks/RESULTS.md``)."""
    seats = len(state.piles)
    stock = len(state.deck)
    drawn = min(stock, HAND_SIZE * (seats - 1))
    expected = [float(len(pile)) for pile in state.piles]
    for owner, pile in enumerate(state.piles):
        if not pile or not drawn:
            continue
        rank = pile[-1].rank
        out = sum(1 for card in state.deck if card.rank == rank)
        lost = len(pile) * holds_one(out, stock, drawn)
        expected[owner] -= lost
        for other in range(seats):
            if other != owner:
                expected[other] += lost / (seats - 1)
    return expected


def guess_last_taker(
    last_play: Mapping[str, Any] | None, piles: tuple[Pile, ...], rng: random.Random
) -> int | None:
    """The last taker as far as the view tells: the seat of the last play if it took, else one of the
    seats holding a pile (a pile is only ever held by a taker, and emptied only by a steal)."""
    if last_play is not None:
        play = play_from_json(last_play)
        if (play.captured is not None or play.stolen_from is not None) and piles[play.seat]:
            return play.seat
    holders = [seat for seat, pile in enumerate(piles) if pile]
    return rng.choice(holders) if holders else None


def worth(move: Move, state: RubamazzoState, seat: int) -> float:
    """A stolen pile counts twice (it comes to us and leaves a rival), a capture its two cards; a
    card laid on the table is safer the more of its rank we see (our hand, our pile's top), since
    fewer are left for an opponent to take it with."""
    if move.steal is not None:
        return 2.0 * len(state.piles[move.steal]) + 1.0
    if move.capture is not None:
        return 2.0
    rank = move.card.rank
    in_sight = sum(1 for card in state.hands[seat] if card.rank == rank) - 1
    own = state.piles[seat]
    in_sight += bool(own) and own[-1].rank == rank
    return -1.0 / (1 + in_sight)


MODELS: Mapping[str, SearchModel] = {engine.game_type: RubamazzoSearchModel(engine) for engine in ENGINES}
