"""The search models of tressette and tressette a quattro (``domain.bots.search_model``).

``deal`` rebuilds the hand under way from one seat's view and the events it saw, and places the cards
it cannot see where they may be (``knowledge`` says what the seat knows and how, ``placing`` how the
unseen cards are dealt); the declarations and signals are then checked, dealing again while they fail.

``settled`` is the end of the hand (or of the match); ``payoff`` the side's share of the hand's
points as the engine scored them, or 1 / 0 once the match is won or lost; ``rollout`` the normal
player's rule of thumb on the full state (``playout``), with a little chance.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from domain.bots.base import ACK, Action, Seen
from domain.bots.search_model import NOW, ReadOnce, SearchModel, ThroughEngine
from domain.cards import Card
from domain.engine import GameEngine
from domain.games.base import ack_moves
from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tressette.engine import TressetteEngine
from domain.games.tressette.knowledge import agrees, knowledge
from domain.games.tressette.placing import place, take_piles
from domain.games.tressette.playout import follow, lead
from domain.games.tressette.rules import played
from domain.games.tressette.scoring import score_hand
from domain.games.tressette.state import SIDE_LABELS, TressetteState, side_of
from domain.games.tressette.trick import playable
from domain.games.tressette.views import play_moves

DEAL_ATTEMPTS = 1000
"""Deals tried before giving up on the declarations and signals: the worst real position measured
turned 93 % of deals down, so all of them failing is out of reach; if it ever happened, the last deal
is kept (its counts and voids still right)."""
EXPLORE = 0.1
"""How often the rollout plays a random legal card instead of its rule of thumb."""


class TressetteSearchModel(ThroughEngine):
    """Tressette (two or four players) as the search sees it. ``moves`` are the view's own
    (``views.play_moves``) without the rest of the view, and a card played without a signal goes
    straight to the rules' step (``rules.played``, without events), past the engine's reading of the
    message: the search only plays the moves it was listed, or the quick policy's, which follows suit."""

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
            return played(state, seat, Card.parse(action["card"]), None, NOW, None)
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
        return {"action": "play", "card": quick_card(state, seat, rng).code}

    def play_out(self, state: TressetteState, start: TressetteState, rng: random.Random) -> TressetteState:
        """Each seat's ``rollout`` card straight into the rules' ``played``, with no message made or
        read back: what ``rollout`` and ``step`` come to, move by move."""
        while not self.settled(state, start):
            seat = state.turn
            assert seat is not None  # a hand being played has a seat on turn
            state = played(state, seat, quick_card(state, seat, rng), None, NOW, None)
        return state


def quick_card(state: TressetteState, seat: int, rng: random.Random) -> Card:
    """The quick policy's card for ``seat``, on turn in a hand being played: the normal player's
    rule of thumb, or now and then (``EXPLORE``) a random playable card."""
    options = playable(state.hands[seat], state.trick)
    if len(options) == 1 or rng.random() < EXPLORE:
        return options[0] if len(options) == 1 else rng.choice(options)
    if state.trick:
        return follow(options, state.trick, seat, state.seats)
    return lead(options)


MODELS: Mapping[str, SearchModel] = {
    TRESSETTE.game_type: TressetteSearchModel(TRESSETTE),
    TRESSETTE_A_QUATTRO.game_type: TressetteSearchModel(TRESSETTE_A_QUATTRO),
}
