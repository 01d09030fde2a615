"""The searching computer player: single-observer information-set Monte Carlo tree search.

SO-ISMCTS (Cowling, Powley & Whitehouse, 2012) searches one tree over the acting seat's information
set. Each iteration asks the game's ``SearchModel`` for a deal that agrees with what the seat knows
(its view and the events it saw), walks the shared tree from the root choosing, at each node, among
the moves legal *in that deal* by UCB1 with availability counts, adds one new node, plays the hand out
(or as far as the model's ``settled`` goes) with the model's quick policy, and backs the result up:
each node scores the end for the seat that moved into it. After the budget, it plays the root move
visited most.

Reproducible: the iterations are a fixed number, every random draw comes from the ``rng`` given, so
the same view, ``seen`` and seed give the same action. The one clock, ``time.perf_counter``, is a
safety cap (``Budget.seconds``), not an input: a table waits for a computer player in real time, so a
slow or busy machine, or a huge budget, must not stall it. When the cap is not hit it changes
nothing; when it is, the search stops early and plays the best of the moves it has weighed (then,
and only then, the decision depends on the machine).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from domain.bots.base import ACK, Action, Seen, Strategy, legal_moves, must_ack
from domain.bots.phased import Phased
from domain.bots.search_model import SearchModel

EXPLORATION = 0.7
"""UCB1's exploration constant, for payoffs in [0, 1]."""
EXPAND_AFTER = 2
"""A node below the root is valued by quick playouts alone until it has had this many visits per
legal reply; only then do its replies join the tree. Trying every reply once (as UCB1 does) costs
the node's value a few bad replies: with ten cards to choose from (scopone) and a small budget,
expanding at once valued each move mostly against random answers, and the search lost to the
one-move heuristic it was meant to beat."""
OVERRIDE_MARGIN = 0.03
"""How much better than the rule-based move (``SearchStrategy.heuristic``) the searched move must
score, as a mean payoff over the playouts, to be played instead (a payoff runs from 0 to 1: in a
family scoring a hand by the lead in points, a few tenths of a point). Below it the difference is
mostly the noise of a few hundred random deals, and following it cost more points than it won."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may search: ``iterations`` deals played out, and at most ``seconds`` of
    wall-clock time (a cap for safety, see the module docstring). 400 iterations cost a decision
    about 0.15-0.25 s of CPU at the median and under 0.5 s at the 99th percentile on the 2-core
    development machines (every installed game; the same decisions vary by a quarter with the
    machine's hour; less where a model stops its playouts before the hand's end):
    ``benchmarks/RESULTS.md``."""

    iterations: int = 400
    seconds: float = 1.0


def action_key(action: Mapping[str, Any]) -> str:
    """An action as a canonical hashable: the same message, whatever order its fields came in."""
    return repr(_frozen(action))


_ATOMS = frozenset({str, int, float, bool, type(None)})
"""The types an action's fields mostly hold, checked first: ``isinstance`` against ``Mapping`` (an
abstract class) costs more than the rest of ``_frozen``, and the tree keys every move it meets."""


def _frozen(value: Any) -> Any:
    """``value`` with every mapping as its sorted items and every list as a tuple."""
    if value.__class__ in _ATOMS:
        return value
    if isinstance(value, Mapping):
        return tuple(sorted((str(key), _frozen(item)) for key, item in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


@dataclass(slots=True)
class Node:
    """One move in the tree: who made it, and how it did over the iterations it was available in."""

    seat: int | None = None
    action: Action | None = None
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[str, Node] = field(default_factory=dict)

    def mean(self) -> float:
        return self.total / self.visits

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


@dataclass(frozen=True, slots=True)
class SearchStrategy:
    """The ``hard`` level of a game family: SO-ISMCTS over its ``SearchModel``.

    With a ``heuristic`` (the family's rule-based player), the search refines that player's move
    rather than replacing it: it plays the move it visited most only when that move's mean payoff
    beats the heuristic's move by ``OVERRIDE_MARGIN``. Where many cards are hidden the bare search
    can play no better than ``normal``, its choices among close moves decided by noise."""

    model: SearchModel
    budget: Budget = Budget()
    heuristic: Strategy | None = None

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        if must_ack(view):
            return dict(ACK)
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        ruled = (
            None if self.heuristic is None else self.heuristic.decide(view, random.Random(rng.random()), seen)
        )
        root = self.search(view, seen, rng)
        by_key = {action_key(move): move for move in moves}
        tried = {key: child for key, child in root.children.items() if key in by_key and child.visits}
        if not tried:
            return ruled if ruled is not None else rng.choice(moves)
        most = max(child.visits for child in tried.values())
        best = rng.choice(sorted(key for key, child in tried.items() if child.visits == most))
        if ruled is not None:
            rival = tried.get(action_key(ruled))
            if rival is not None and tried[best].mean() - rival.mean() <= OVERRIDE_MARGIN:
                return ruled
        return by_key[best]

    def search(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> Node:
        """The root of the tree after the budget's iterations (or its CPU cap)."""
        root = Node()
        deadline = time.perf_counter() + self.budget.seconds
        for _ in range(self.budget.iterations):
            if time.perf_counter() > deadline:
                break
            self.iterate(root, view, seen, rng)
        return root

    def iterate(self, root: Node, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> None:
        """One deal: select and expand in the tree, play out, back up."""
        model, engine = self.model, self.model.engine
        start = model.deal(view, seen, rng)
        state = start
        node = root
        path: list[Node] = []
        expanded = False
        while not expanded and not model.settled(state, start):
            seat = engine.to_act(state)[0]
            moves = model.moves(state, seat)
            if node is not root and node.visits < EXPAND_AFTER * len(moves):
                break
            untried: list[tuple[str, Action]] = []
            present: list[Node] = []
            for move in moves:
                key = action_key(move)
                child = node.children.get(key)
                if child is None:
                    untried.append((key, move))
                else:
                    child.available += 1
                    present.append(child)
            if untried:
                key, move = self.first_untried(untried, state, seat, rng)
                child = Node(seat=seat, action=move, available=1)
                node.children[key] = child
                expanded = True
            else:
                child = max(present, key=Node.ucb)
            assert child.action is not None
            state = model.step(state, seat, child.action, rng)
            path.append(child)
            node = child
        state = model.play_out(state, start, rng)
        payoffs: dict[int, float] = {}
        for child in path:
            assert child.seat is not None
            if child.seat not in payoffs:
                payoffs[child.seat] = model.payoff(state, child.seat)
            child.visits += 1
            child.total += payoffs[child.seat]

    def first_untried(
        self, untried: list[tuple[str, Action]], state: Any, seat: int, rng: random.Random
    ) -> tuple[str, Action]:
        """The next move to add to the tree: the one the quick policy plays, while it is untried,
        else a random one."""
        guess = action_key(self.model.rollout(state, seat, rng))
        for key, move in untried:
            if key == guess:
                return key, move
        return rng.choice(untried)


QUICK = Budget(iterations=12, seconds=60.0)
"""A budget for checks that need many decisions fast (that players finish matches from their own
views, that hidden cards never change a decision): what they check holds at any budget. Those checks
compare two decisions, so the clock must not cut either short: on a loaded machine (CI running the
fault suite beside them) twelve deals of a four-player game took over the table's 1 s cap, and the same view
then gave two decisions. A minute caps only a search that hangs."""


def on_budget(strategy: Strategy, budget: Budget) -> Strategy:
    """``strategy`` searching within ``budget`` (a strategy that does not search, as it is)."""
    if isinstance(strategy, SearchStrategy):
        return replace(strategy, budget=budget)
    if isinstance(strategy, Phased):
        return replace(
            strategy,
            within=on_budget(strategy.within, budget),
            otherwise=on_budget(strategy.otherwise, budget),
        )
    return strategy


def search_models(strategy: Strategy) -> tuple[SearchModel, ...]:
    """The search models ``strategy`` searches with (none for a strategy that does not search)."""
    if isinstance(strategy, SearchStrategy):
        return (strategy.model,)
    if isinstance(strategy, Phased):
        return search_models(strategy.within) + search_models(strategy.otherwise)
    return ()
