"""A finished hand's record is shown in full and stored short: the short form makes the same record
again, and a state stored before it (records in full) still loads."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

from domain.cards import DECK, Card
from domain.games.fishing.hand_records import HandRecord, hand_record, restored, stored
from domain.games.fishing.scoring import HandScore, SideScore, score_hand
from domain.games.fishing.state import FishingState
from tests.unit.bots.simulate import NOW, TIMEOUTS, engine_for, strategy_for


def random_score(rng: random.Random, napola: bool) -> HandScore:
    deck = list(DECK)
    rng.shuffle(deck)
    cut = rng.randint(0, 40)
    piles: tuple[list[Card], list[Card]] = (deck[:cut], deck[cut:])
    return score_hand(piles, (rng.randint(0, 6), rng.randint(0, 6)), napola=napola)


@pytest.mark.parametrize("napola", [False, True])
def test_the_short_form_of_a_hand_record_makes_the_same_record_again(napola: bool) -> None:
    rng = random.Random(napola)
    for number in range(1, 501):
        record = hand_record(
            number, number % 4, random_score(rng, napola), (rng.randint(0, 30), rng.randint(0, 30))
        )
        again = restored(json.loads(json.dumps(stored(record))))
        assert again == record
        assert list(again) == list(record), "the keys come back in the order they are shown"
        assert json.dumps(again) == json.dumps(record)


def test_a_record_is_stored_as_a_short_list_of_numbers() -> None:
    score = score_hand((list(DECK[:28]), list(DECK[28:])), (2, 0), napola=True)
    record = hand_record(3, 2, score, (16, 0))
    short = stored(record)
    assert isinstance(short, list)
    assert len(json.dumps(short)) < len(json.dumps(record)) / 4
    assert json.loads(json.dumps(record)) == dict(record), "readers see a plain JSON object"


def test_a_record_of_categories_the_short_form_cannot_name_is_stored_in_full() -> None:
    side = SideScore(1, 0, 0, 0, 0, 0, 1, 21, 5, 70)
    odd = HandScore(sides=(side, side), award=(("carte", 0), ("re_bello", 1)))
    record = hand_record(1, 0, odd, (1, 0))
    assert stored(record) == dict(record)
    assert restored(json.loads(json.dumps(stored(record)))) == record


def test_a_record_stored_in_full_before_the_short_form_loads_as_it_was() -> None:
    record = hand_record(1, 0, random_score(random.Random(7), napola=False), (4, 1))
    assert restored(dict(record)) == record


@pytest.mark.parametrize(
    "raw",
    [
        "hand",
        [1, 0, [1] * 10, [0] * 10, [0, 0, 0], None, [1, 0]],
        [1, 0, [1] * 9, [0] * 10, [0, 0, 0, 0], None, [1, 0]],
        [1, 0, [1] * 10, [0] * 10, [0, 0, 0, 0], None],
    ],
)
def test_a_stored_hand_record_that_is_neither_form_is_refused(raw: Any) -> None:
    with pytest.raises((ValueError, TypeError)):
        restored(raw)


def a_state_after_hands(game_type: str, hands: int) -> FishingState:
    engine = engine_for(game_type)
    easy = strategy_for(game_type, "easy")
    rng, bots = random.Random(3), random.Random(5)
    state: FishingState = engine.start({}, TIMEOUTS, NOW, rng).state
    while len(state.history) < hands:
        seat = engine.to_act(state)[0]
        state = engine.apply(state, seat, easy.decide(engine.view(state, seat), bots), NOW, rng).state
    return state


@pytest.mark.parametrize("game_type", ["scopa", "scopone_scientifico", "scopa_a_quattro"])
def test_a_state_stores_its_hands_short_and_loads_them_in_full(game_type: str) -> None:
    engine = engine_for(game_type)
    state = a_state_after_hands(game_type, 2)
    data = json.loads(json.dumps(engine.dump(state)))
    assert all(isinstance(record, list) for record in data["history"])
    loaded = engine.load(data)
    assert loaded == state
    assert engine.view(loaded, 0)["last_hand"] == engine.view(state, 0)["last_hand"] == state.history[-1]
    assert engine.dump(loaded) == engine.dump(state)


def test_a_state_whose_hands_were_stored_in_full_loads_the_same() -> None:
    engine = engine_for("scopone_scientifico")
    state = a_state_after_hands("scopone_scientifico", 2)
    data = json.loads(json.dumps(engine.dump(state)))
    data["history"] = [dict(record) for record in state.history]
    assert engine.load(data) == state


def test_a_hand_record_crosses_to_another_process_whole() -> None:
    record = hand_record(2, 1, random_score(random.Random(11), napola=True), (9, 3))
    copy = pickle.loads(pickle.dumps(record))
    assert isinstance(copy, HandRecord)
    assert copy == record and copy.stored == record.stored
