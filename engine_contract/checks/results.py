"""Results sum correctly: no result while the match is on; once it is over, ``result()`` has sides
that cover every seat once, a score for each side and no other, a winner that is a side label
(``None`` for a draw), one player per seat on the side that holds it, winning exactly when its side
won, details that are plain JSON; and the change that ended the match told it in one public
``match_end`` event with the same winner and scores (no ``match_end`` before).

A result of more than two sides (everyone for themselves, rated pair by pair on the scores) ranks
its sides by score: the winner is the side alone at the top, ``None`` when the top is shared; a
player won exactly when its side has the top score and not every side has it."""

from __future__ import annotations

import json

from domain.engine import MatchResult
from domain.game_package import GamePackage, GameVariant
from domain.match_record import plain
from engine_contract.failures import At
from engine_contract.playing import random_match


def check_results_sum(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    for change in match.changes[:-1]:
        at = match.at(change.step)
        if engine.result(change.after) is not None:
            raise at.fail("the match is not over, yet it has a result")
        if any(event.kind == "match_end" for event in change.outcome.events):
            raise at.fail("a match_end event comes before the match is over")
    last = match.changes[-1]
    at = match.at(last.step)
    result = engine.result(last.after)
    if result is None:
        raise at.fail("the match is over, yet result() is None")
    check_result(result, engine.seats, at)
    ends = [event for event in last.outcome.events if event.kind == "match_end"]
    if len(ends) != 1 or not ends[0].public:
        raise at.fail(f"the change that ends the match makes {len(ends)} public match_end events, not one")
    told = plain(dict(ends[0].data))
    if told.get("winner") != result.winner or told.get("scores") != plain(dict(result.scores)):
        raise at.fail(f"match_end says {told}, the result winner {result.winner!r} and {dict(result.scores)}")


def check_result(result: MatchResult, seats: int, at: At) -> None:
    sides = {label: tuple(members) for label, members in result.sides.items()}
    seated = sorted(seat for members in sides.values() for seat in members)
    if seated != list(range(seats)):
        raise at.fail(f"the result's sides {sides} do not hold each of the {seats} seats once")
    if set(result.scores) != set(sides):
        raise at.fail(f"the result scores {dict(result.scores)}, for sides {sorted(sides)}")
    if not all(isinstance(score, int) for score in result.scores.values()):
        raise at.fail(f"the result's scores {dict(result.scores)} are not whole numbers")
    if result.winner is not None and result.winner not in sides:
        raise at.fail(f"the result's winner {result.winner!r} is not a side")
    if sorted(player.seat for player in result.players) != list(range(seats)):
        raise at.fail(f"the result's players are seats {[p.seat for p in result.players]}")
    winning = winning_sides(result, sides, at)
    for player in result.players:
        side = next(label for label, members in sides.items() if player.seat in members)
        if player.team is not None and player.team != side:
            raise at.fail(f"seat {player.seat} plays for {player.team!r} in the result, on side {side!r}")
        if player.won != (side in winning):
            raise at.fail(f"seat {player.seat} (side {side!r}): won={player.won}, winner {result.winner!r}")
    try:
        json.dumps([dict(result.details), *(dict(player.details) for player in result.players)])
    except (TypeError, ValueError) as error:
        raise at.fail(f"the result's details are not plain JSON: {error}") from error


def winning_sides(result: MatchResult, sides: dict[str, tuple[int, ...]], at: At) -> set[str]:
    """The sides whose players won: the winner's (none in a draw); with more than two sides, every
    side at the top score unless all of them are, the winner being the one alone there."""
    if len(sides) <= 2:
        return set() if result.winner is None else {result.winner}
    best = max(result.scores.values())
    top = {label for label, score in result.scores.items() if score == best}
    alone = next(iter(top)) if len(top) == 1 else None
    if result.winner != alone:
        raise at.fail(f"the result's winner is {result.winner!r}, the top score {best} is {sorted(top)}'s")
    return set() if top == set(sides) else top
