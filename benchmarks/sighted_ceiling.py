"""How much more a `hard` that sees every hand wins: a ceiling on what the hidden cards leave to find.

Where `hard` cannot clear `normal` by the margin issue 34 asks, this tells whether a fairer search
could. The *sighted* player is the game type's own `hard` search, with the same model, budget and
playouts, but every deal it searches is the true state of the match: it knows every hand and every
pile, and only the order of the cards left to draw (a state's ``deck`` or ``stock``) is shuffled
for it, so the future stays unknown. A fair player sees only its own view and the events it saw; a
search of the same kind cannot know more than this one does. So when the sighted player beats
`normal` by little more than the fair one, little is left to find by better guessing of the hidden
cards, and the rest of each match is the stock's luck.

It cheats by construction: it reads the state the harness holds, which no server ever gives a
player. It lives here, as an experiment, far from any computer player the server serves.

    python benchmarks/sighted_ceiling.py --game-types rubamazzo --pairs 500 --seed 1 \
        [--seconds 1200] [--json OUT] [--iterations N]

The report is `bots.py`'s, with A named `hard-sighted`; keep its runs apart from the fair ones
(`benchmarks/strength/sighted/`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import is_dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bots import Tally, commit, duel_between, partial_path, report, row, write_atomically

from domain.bots.base import Seen
from domain.bots.search import SearchStrategy, search_models
from domain.bots.search_model import SearchModel
from domain.engine import GameEngine
from entrypoints.game_packages import installed_registry

SIGHTED = "hard-sighted"
STOCKS = ("deck", "stock")
"""The names the game families give the cards left to draw, face down (briscola's face-up trump is
a field of its own)."""


class Sight:
    """The state of the match under way, as the harness last asked a view of it."""

    state: Any = None


class PeekingEngine:
    """An engine that remembers the state whose view it was last asked for (all else its own)."""

    def __init__(self, engine: GameEngine, sight: Sight) -> None:
        self._engine = engine
        self._sight = sight

    def view(self, state: Any, seat: int) -> Mapping[str, Any]:
        self._sight.state = state
        return self._engine.view(state, seat)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


class SightedModel:
    """A game type's search model whose deals are the true state, the stock's order shuffled."""

    def __init__(self, model: SearchModel, sight: Sight) -> None:
        self._model = model
        self._sight = sight
        self.engine = model.engine

    def deal(self, view: Mapping[str, Any], seen: Seen, rng: random.Random) -> Any:
        state = self._sight.state
        for name in STOCKS:
            stock = getattr(state, name, None)
            if stock:
                shuffled = list(stock)
                rng.shuffle(shuffled)
                if is_dataclass(state) and not isinstance(state, type):
                    return replace(state, **{name: tuple(shuffled)})
                return state._replace(**{name: tuple(shuffled)})  # a NamedTuple state
        return state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)


def sighted_duel(
    game_type: str,
    pairs: int,
    base: int,
    seconds: float | None = None,
    after_pair: Callable[[Tally], None] | None = None,
    iterations: int | None = None,
) -> Tally:
    """Up to ``pairs`` duplicate pairs of the sighted `hard` against `normal` (``bots.duel_between``);
    ``iterations``: the search's deals a decision, when not the served budget's."""
    registry = installed_registry()
    sight = Sight()
    engine: Any = PeekingEngine(registry.get(game_type), sight)
    hard = registry.computer_player(game_type, "hard")
    if not isinstance(hard, SearchStrategy):
        raise SystemExit(f"{game_type}'s hard is not one search (a phased player is not covered here)")
    (model,) = search_models(hard)
    budget = hard.budget if iterations is None else replace(hard.budget, iterations=iterations)
    sighted = replace(hard, model=SightedModel(model, sight), budget=budget)
    normal = registry.computer_player(game_type, "normal")
    return duel_between(engine, sighted, normal, pairs, base, seconds, after_pair)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game-types", nargs="+", required=True)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--iterations", type=int, default=None, help="the search's deals a decision (default: as served)"
    )
    args = parser.parse_args(argv)
    played_at = commit()  # before: the checkout may move on while the pairs are played
    entries = []
    for game_type in args.game_types:

        def keep(tally: Tally, game_type: str = game_type) -> None:
            if args.json is not None:
                entry = report(game_type, SIGHTED, "normal", tally, args.seed, played_at)
                write_atomically(partial_path(args.json, game_type), [entry])

        tally = sighted_duel(game_type, args.pairs, args.seed, args.seconds, keep, args.iterations)
        entry = report(game_type, SIGHTED, "normal", tally, args.seed, played_at)
        entries.append(entry)
        print(row(entry), flush=True)
    if args.json:
        write_atomically(args.json, entries)
        for game_type in args.game_types:
            partial_path(args.json, game_type).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
