"""Who is waited for: ``to_act`` and ``turn`` agree with each other and with the views.

``to_act`` names distinct seats in seat order, ``()`` exactly once the match is over; ``turn`` is
``None`` or one of them. A seat's view offers ``legal_moves`` exactly when the match waits for it;
when a view says ``turn`` it is the engine's, and ``your_turn`` is true for the seat on turn alone.
A spectator is offered no move. A match not over waits for a seat or for a deadline, or it could
not go on.
"""

from __future__ import annotations

from domain.game_package import GamePackage, GameVariant
from engine_contract.playing import random_match


def check_turns_agree_with_views(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    for change in match.changes:
        at, state = match.at(change.step), change.after
        waiting, turn, over = engine.to_act(state), engine.turn(state), engine.is_over(state)
        if list(waiting) != sorted(set(waiting)) or not all(0 <= seat < engine.seats for seat in waiting):
            raise at.fail(f"to_act {waiting} is not distinct seats in seat order")
        if over and (waiting or turn is not None):
            raise at.fail(f"the match is over, yet to_act is {waiting} and turn {turn}")
        if not over and not waiting and not engine.deadlines(state):
            raise at.fail("the match is not over, yet it waits for no seat and no deadline")
        if turn is not None and turn not in waiting:
            raise at.fail(f"seat {turn} is on turn but not in to_act {waiting}")
        for viewer in match.viewers():
            view = match.view(change.step, viewer)
            name = "a spectator's view" if viewer is None else f"seat {viewer}'s view"
            if "turn" in view and view["turn"] != turn:
                raise at.fail(f"{name} says turn {view['turn']}, the engine {turn}")
            if "your_turn" in view and bool(view["your_turn"]) != (viewer is not None and viewer == turn):
                raise at.fail(f"{name} says your_turn {view['your_turn']} while turn is {turn}")
            moves = view.get("legal_moves")
            if viewer is None:
                if moves:
                    raise at.fail(f"{name} offers legal moves: {moves}")
                continue
            if not isinstance(moves, list):
                raise at.fail(f"{name} has no legal_moves list")
            if bool(moves) != (viewer in waiting):
                raise at.fail(f"{name} offers {len(moves)} legal moves, yet to_act is {waiting}")
