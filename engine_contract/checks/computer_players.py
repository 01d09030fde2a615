"""Computer players: every level of ``domain.bots.levels.LEVELS`` has one for every game type;
with every seat played by that level the match ends within ``playing.MAX_CHANGES`` changes, each
move accepted; and each decides from its own seat's view alone.

A strategy is only ever handed ``engine.view(state, seat)`` (``domain.steps.computer_move``), so
"its own view alone" is tried where it can fail: on a share of the positions, the decision is made
again from a copy of the same view with the same random source, and from the view of the same
position with the cards the seat cannot see dealt differently (``engine_contract.redealing``);
it must not change, and ``decide`` must leave the view it was given as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from domain.bots.base import Strategy
from domain.bots.levels import LEVELS
from domain.bots.search import QUICK, on_budget
from domain.game_package import GamePackage, GameVariant
from domain.match_record import plain
from engine_contract.failures import At
from engine_contract.playing import PlayedMatch, computer_player_moves, planner, play_match
from engine_contract.redealing import redealt

OWN_VIEW_SHARE = 0.25
"""The share of decisions tried again from a copy of the view and from a different deal."""

Check = Callable[[GamePackage, GameVariant, int], None]


def check_every_level_has_a_computer_player(package: GamePackage, variant: GameVariant, seed: int) -> None:
    at = At(variant.game_type)
    for level in LEVELS:
        player = variant.computer_players.get(level)
        if player is None:
            raise at.fail(f"package {package.name!r} has no computer player for level {level!r}")
        if not callable(getattr(player, "decide", None)):
            raise at.fail(f"the {level!r} computer player has no decide()")


def computer_players_finish_at(level: str) -> Check:
    """The check that ``level``'s computer players finish their matches from their own views."""

    def check_computer_players_finish(package: GamePackage, variant: GameVariant, seed: int) -> None:
        found = variant.computer_players.get(level)
        if found is None:
            raise At(variant.game_type).fail(f"there is no computer player for level {level!r}")
        strategy = on_budget(found, QUICK)  # a searching player finishes from its view at any budget
        try:
            match = play_match(variant, seed, computer_player_moves(strategy), 0.0, f"computer {level}")
        except AssertionError as error:
            raise AssertionError(f"{error} (every seat a {level!r} computer player)") from error
        check_own_view_only(match, strategy, level)

    check_computer_players_finish.__name__ = f"check_{level}_computer_players_finish"
    return check_computer_players_finish


def check_own_view_only(match: PlayedMatch, strategy: Strategy, level: str) -> None:
    engine = match.engine
    plan = planner(match.game_type, match.seed, f"own view {level}")
    for change in match.changes:
        state = change.after
        for seat in engine.to_act(state):
            if plan.random() >= OWN_VIEW_SHARE:
                continue
            at = At(match.game_type, match.seed, change.step, f"seat {seat}'s {level!r} computer player")
            view = engine.view(state, seat)
            kept = copy.deepcopy(view)
            draw = plan.getrandbits(32)
            first = strategy.decide(view, random.Random(draw))
            if plain(view) != plain(kept):
                raise at.fail("decide changed the view it was given")
            if strategy.decide(copy.deepcopy(kept), random.Random(draw)) != first:
                raise at.fail("decides otherwise from the same view and random source: it reads more")
            other = redealt(engine, state, seat, plan)
            if other is None:
                continue
            seen = engine.view(other, seat)
            if plain(seen) != plain(kept):
                raise at.fail("the seat's view changes when the cards it cannot see are dealt differently")
            second = strategy.decide(seen, random.Random(draw))
            if second != first:
                raise at.fail(
                    f"decides {second} where the cards it cannot see lie elsewhere, {first} here: "
                    "it knows more than its view"
                )
