"""Search models: a game's ``SearchModel`` (``domain.bots.search_model``) walks the rules by its
``moves`` and ``step``, which may be quicker than the engine's view and ``apply`` but never other.

On every state of a match with random legal moves, for every seat to act: ``moves`` lists exactly
the view's ``legal_moves``, in order; and for one of them (picked by the plan), ``step`` comes to
the state ``engine.apply`` comes to (compared as dumped), having drawn the same numbers from the
random source; and so does the step of the move its quick policy (``rollout``) picks there, which
the model may play by what it kept of choosing it. From one state in ``PLAY_OUT_EVERY``, the
model's ``play_out`` ends the hand as the plain way (``played_out``: ``rollout`` and ``step``, move
by move) does, drawing the same numbers. A computer player that does not search has no model, and
nothing to check.
"""

from __future__ import annotations

import random

from domain.bots.search import search_models
from domain.bots.search_model import NOW, played_out
from domain.game_package import GamePackage, GameVariant
from domain.match_record import plain
from engine_contract.playing import planner, random_match

PLAY_OUT_EVERY = 4
"""One state in this many is also played out to the end of its hand (which walks the whole hand)."""


def check_search_models_follow_the_rules(package: GamePackage, variant: GameVariant, seed: int) -> None:
    models = [model for strategy in variant.computer_players.values() for model in search_models(strategy)]
    if not models:
        return
    match = random_match(variant, seed)
    engine = match.engine
    plan = planner(variant.game_type, seed, "search models")
    for change in match.changes:
        state = change.after
        if engine.is_over(state):
            continue
        at = match.at(change.step)
        if plan.randrange(PLAY_OUT_EVERY) == 0:
            for model in models:
                draw = plan.getrandbits(32)
                by_model, plainly = random.Random(draw), random.Random(draw)
                ended = model.play_out(state, state, by_model)
                expected = played_out(model, state, state, plainly)
                if plain(engine.dump(ended)) != plain(engine.dump(expected)):
                    raise at.fail("the search model's play_out ends the hand otherwise than rollout and step")
                if by_model.getstate() != plainly.getstate():
                    raise at.fail("the search model's play_out drew other numbers than rollout and step")
        for seat in engine.to_act(state):
            legal = engine.view(state, seat)["legal_moves"]
            for model in models:
                moves = list(model.moves(state, seat))
                if plain(moves) != plain(legal):
                    raise at.fail(f"the search model lists seat {seat}'s moves as {moves}, the view {legal}")
                if not legal:
                    continue
                tried = [legal[plan.randrange(len(legal))]]
                if not any(move.get("action") == "ack" for move in legal):
                    tried.append(model.rollout(state, seat, random.Random(plan.getrandbits(32))))
                for move in tried:  # one the plan picked, and the quick policy's (which a model may know)
                    draw = plan.getrandbits(32)
                    by_model, by_engine = random.Random(draw), random.Random(draw)
                    stepped = model.step(state, seat, move, by_model)
                    applied = engine.apply(state, seat, move, NOW, by_engine).state
                    if plain(engine.dump(stepped)) != plain(engine.dump(applied)):
                        raise at.fail(f"the search model's step of {move} by seat {seat} is not the engine's")
                    if by_model.getstate() != by_engine.getstate():
                        raise at.fail(f"the search model's step of {move} drew other numbers than the engine")
