"""The engine contract suite has teeth: a real engine with one promise broken fails it, with a
message that says where. Each double changes one thing (``doubles``); the same case passes on the
honest package, so it is the broken promise the suite catches."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from domain.bots.base import Action
from domain.bots.search import SearchStrategy
from domain.engine import MatchResult, PlayerResult
from domain.game_package import GameVariant
from domain.games.fishing.package import PACKAGE as FISHING
from domain.games.tricks.package import PACKAGE as TRICKS
from domain.games.tricks.search_briscola import BriscolaModel
from engine_contract import Case, check_package, run_case
from engine_contract.checks.results import check_result
from engine_contract.failures import At

from .doubles import (
    ChattyPlays,
    CheatingPlayer,
    ForgetfulLoad,
    ForgettingItsOwnPart,
    LosingACard,
    OwnShuffle,
    PeekingViews,
    Peephole,
    RestatingTheTable,
    ShowingItsState,
    SwallowingRefusals,
    TellingTheStock,
    with_engine,
    with_variant,
)


def only_easy(variant: GameVariant) -> GameVariant:
    return replace(variant, computer_players={"easy": variant.computer_players["easy"]})


def cheating_normal(variant: GameVariant) -> GameVariant:
    peephole = Peephole()
    engine = ShowingItsState(variant.engine, peephole)
    cheat = CheatingPlayer(variant.engine, peephole)
    return replace(variant, engine=engine, computer_players={**variant.computer_players, "normal": cheat})


class FirstCardFirst(BriscolaModel):
    """A search model that plays every card as if it were the first in hand."""

    def step(self, state: Any, seat: int, action: Action, rng: random.Random) -> Any:
        if action.get("action") == "play":
            action = {"action": "play", "card": state.hands[seat][0].code}
        return super().step(state, seat, action, rng)


class StopsShort(BriscolaModel):
    """A search model whose playout makes one move and stops, as if the hand were over."""

    def play_out(self, state: Any, start: Any, rng: random.Random) -> Any:
        if self.settled(state, start):
            return state
        seat = self.engine.to_act(state)[0]
        return self.step(state, seat, self.rollout(state, seat, rng), rng)


def searching_wrongly(variant: GameVariant, model: type[BriscolaModel] = FirstCardFirst) -> GameVariant:
    hard = variant.computer_players["hard"]
    assert isinstance(hard, SearchStrategy)
    broken = replace(hard, model=model(variant.engine))
    return replace(variant, computer_players={**variant.computer_players, "hard": broken})


CAUGHT = (
    (TRICKS, Case("briscola", "no_leak", 0)),
    (TRICKS, Case("briscola", "hostable", None)),
    (TRICKS, Case("briscola", "computer_player_levels", None)),
    (TRICKS, Case("briscola", "computer_players_normal", 0)),
    (TRICKS, Case("briscola", "reproducible", 0)),
    (TRICKS, Case("briscola_a_quattro", "computer_players_normal", 0)),
    (TRICKS, Case("briscola", "search_models_follow_the_rules", 0)),
    (TRICKS, Case("briscola_chiamata", "cards_conserved", 0)),
    (TRICKS, Case("briscola_chiamata", "event_kinds_declared", 0)),
    (FISHING, Case("scopa", "no_leak", 0)),
    (FISHING, Case("scopa", "dump_load_round_trips", 0)),
    (FISHING, Case("scopa", "reproducible", 0)),
    (FISHING, Case("scopa", "cards_conserved", 0)),
    (FISHING, Case("scopone_scientifico", "illegal_moves_refused", 0)),
)
"""Every case a double below fails."""


def test_the_honest_packages_pass_every_case_the_doubles_fail() -> None:
    for package, case in CAUGHT:
        run_case(package, case)


def test_a_view_naming_another_seats_card_fails_the_suite() -> None:
    peeking = with_engine(TRICKS, "briscola", PeekingViews)
    leak = r"briscola, seed 0, step 0: seat 0's view names \w+ \(in 'peek'\), which is in seat 1's hand"
    with pytest.raises(AssertionError, match=leak):
        run_case(peeking, Case("briscola", "no_leak", 0))
    with pytest.raises(AssertionError):
        check_package(peeking, matches=1)


def test_a_private_view_that_is_not_the_rest_of_the_seats_view_fails_the_suite() -> None:
    forgetting = with_engine(FISHING, "scopa", ForgettingItsOwnPart)
    with pytest.raises(
        AssertionError, match=r"scopa, seed 0, step \d+: seat \d's view is not .*'legal_moves'"
    ):
        run_case(forgetting, Case("scopa", "private_views_complete_the_spectators", 0))


def test_a_private_view_restating_a_public_field_fails_the_suite() -> None:
    restating = with_engine(TRICKS, "briscola", RestatingTheTable)
    with pytest.raises(
        AssertionError, match=r"briscola, seed 0, step 0: seat 0's private view restates .*'phase'"
    ):
        run_case(restating, Case("briscola", "private_views_complete_the_spectators", 0))


def test_a_public_event_naming_a_face_down_card_fails_the_suite() -> None:
    telling = with_engine(FISHING, "scopa", TellingTheStock)
    leak = r"scopa, seed 0, step 0: a spectator is shown the event .*'next': '(\w+)'.*names \1: .*hidden"
    with pytest.raises(AssertionError, match=leak):
        run_case(telling, Case("scopa", "no_leak", 0))


def test_a_package_without_a_computer_player_for_a_level_fails_the_suite() -> None:
    lacking = with_variant(TRICKS, "briscola", only_easy)
    missing = "briscola: package 'tricks' has no computer player for level 'normal'"
    with pytest.raises(AssertionError, match=missing):
        run_case(lacking, Case("briscola", "computer_player_levels", None))
    with pytest.raises(AssertionError, match="cannot host it: briscola has no computer player for level"):
        run_case(lacking, Case("briscola", "hostable", None))
    with pytest.raises(AssertionError, match="no computer player for level 'normal'"):
        run_case(lacking, Case("briscola", "computer_players_normal", 0))


def test_a_load_that_forgets_the_score_fails_the_suite() -> None:
    forgetful = with_engine(FISHING, "scopa", ForgetfulLoad)
    broken = r"scopa, seed 0, step \d+: load\(dump\(state\)\) dumps otherwise: 'scores' was \[\d+, \d+\]"
    with pytest.raises(AssertionError, match=broken):
        run_case(forgetful, Case("scopa", "dump_load_round_trips", 0))
    with pytest.raises(
        AssertionError, match=r"carrying on from the stored state of step \d+ makes another state"
    ):
        run_case(forgetful, Case("scopa", "reproducible", 0))


def test_card_zones_that_lose_a_card_fail_the_suite() -> None:
    for package, game_type in ((FISHING, "scopa"), (TRICKS, "briscola_chiamata")):
        losing = with_engine(package, game_type, LosingACard)
        lost = rf"{game_type}, seed 0, step \d+: card_zones does not hold the deck once: missing \w+"
        with pytest.raises(AssertionError, match=lost):
            run_case(losing, Case(game_type, "cards_conserved", 0))


def test_a_computer_player_that_reads_more_than_its_view_fails_the_suite() -> None:
    cheating = with_variant(TRICKS, "briscola_a_quattro", cheating_normal)
    with pytest.raises(AssertionError, match=r"'normal' computer player: decides .* more than its view"):
        run_case(cheating, Case("briscola_a_quattro", "computer_players_normal", 0))


def test_a_search_model_that_steps_otherwise_than_the_rules_fails_the_suite() -> None:
    wrong = with_variant(TRICKS, "briscola", searching_wrongly)
    with pytest.raises(
        AssertionError, match=r"briscola, seed 0, step \d+: the search model's step of .* is not the engine's"
    ):
        run_case(wrong, Case("briscola", "search_models_follow_the_rules", 0))


def test_an_engine_dealing_from_its_own_random_source_fails_the_suite() -> None:
    unseeded = with_engine(TRICKS, "briscola", OwnShuffle)
    with pytest.raises(AssertionError, match=r"briscola, seed 0, step 0: the replay makes other events"):
        run_case(unseeded, Case("briscola", "reproducible", 0))


def test_an_engine_that_lets_a_refused_action_pass_as_a_no_op_fails_the_suite() -> None:
    swallowing = with_engine(FISHING, "scopone_scientifico", SwallowingRefusals)
    accepted = r"scopone_scientifico, seed 0, step 0: seat \d's unknown action .* is accepted"
    with pytest.raises(AssertionError, match=accepted):
        run_case(swallowing, Case("scopone_scientifico", "illegal_moves_refused", 0))


def test_an_event_with_a_field_its_kind_does_not_declare_fails_the_suite() -> None:
    chatty = with_engine(TRICKS, "briscola_chiamata", ChattyPlays)
    undeclared = r"briscola_chiamata, seed 0, step \d+: a 'play' event .* is not as declared: .*'mood'"
    with pytest.raises(AssertionError, match=undeclared):
        run_case(chatty, Case("briscola_chiamata", "event_kinds_declared", 0))


def standings_result(scores: dict[str, int], winner: str | None, won: tuple[bool, ...]) -> MatchResult:
    labels = sorted(scores)
    return MatchResult(
        sides={label: (seat,) for seat, label in enumerate(labels)},
        scores=scores,
        winner=winner,
        players=tuple(
            PlayerResult(seat=seat, team=label, won=won[seat], points=scores[label])
            for seat, label in enumerate(labels)
        ),
    )


def test_a_result_of_many_sides_must_crown_the_top_score() -> None:
    at = At("briscola_chiamata", 0, 9)
    check_result(standings_result({"A": 3, "B": -1, "C": -2}, "A", (True, False, False)), 3, at)
    check_result(standings_result({"A": 2, "B": 2, "C": -4}, None, (True, True, False)), 3, at)
    check_result(standings_result({"A": 0, "B": 0, "C": 0}, None, (False, False, False)), 3, at)
    with pytest.raises(AssertionError, match="the top score 3 is \\['A'\\]'s"):
        check_result(standings_result({"A": 3, "B": -1, "C": -2}, "B", (False, True, False)), 3, at)
    with pytest.raises(AssertionError, match="seat 1 \\(side 'B'\\): won=False"):
        check_result(standings_result({"A": 2, "B": 2, "C": -4}, None, (True, False, False)), 3, at)


def test_a_search_model_that_plays_out_otherwise_than_its_rollout_fails_the_suite() -> None:
    wrong = with_variant(TRICKS, "briscola", partial(searching_wrongly, model=StopsShort))
    with pytest.raises(
        AssertionError,
        match=r"briscola, seed 0, step \d+: the search model's play_out ends the hand otherwise than rollout",
    ):
        run_case(wrong, Case("briscola", "search_models_follow_the_rules", 0))
