"""The computer players decide from their own seat's view and the events it saw, and play sensibly."""

from __future__ import annotations

import random

from rubamazzo_positions import NOW, TIMEOUTS, arrange
from tavolo_rubamazzo.computer import RubamazzoStrategy
from tavolo_rubamazzo.package import PACKAGE
from tavolo_rubamazzo.variants import RUBAMAZZO, RUBAMAZZO_A_QUATTRO

NORMAL = RubamazzoStrategy()


def test_the_normal_player_steals_the_biggest_pile() -> None:
    state = arrange(
        RUBAMAZZO_A_QUATTRO,
        ["01C", "08D 05D", "02C", "03C"],
        table="05S",
        piles=["08S", "", "", "01B 02B 04B 08B"],
        turn=1,
    )
    view = RUBAMAZZO_A_QUATTRO.view(state, 1)
    assert NORMAL.decide(view, random.Random(0)) == {"action": "play", "card": "08D", "steal": 3}


def test_the_normal_player_captures_rather_than_discards() -> None:
    state = arrange(RUBAMAZZO, ["01C 02C 03C", "04D 06D 09D"], table="09S 07B")
    assert NORMAL.decide(RUBAMAZZO.view(state, 1), random.Random(0)) == {
        "action": "play",
        "card": "09D",
        "capture": "09S",
    }


def test_the_normal_player_discards_the_card_an_opponent_is_least_likely_to_take() -> None:
    # Neither card takes anything. One other nine is in sight (our pile's top), no other four:
    # an opponent is less likely to hold a nine, so the nine is laid down.
    state = arrange(RUBAMAZZO, ["01C 02C 03C", "04D 09D"], table="07B", piles=["01S 06S", "09S"])
    assert NORMAL.decide(RUBAMAZZO.view(state, 1), random.Random(0)) == {"action": "play", "card": "09D"}


def hand_seen(hand_number: int, table: str, *plays: tuple[int, str, str]) -> list[dict[str, object]]:
    """The events of a hand as a seat saw them: the table dealt, then each (seat, card, captured)."""
    seen: list[dict[str, object]] = [
        {"kind": "hand_started", "hand_number": hand_number, "table": table.split()}
    ]
    for seat, card, captured in plays:
        seen.append(
            {"kind": "play", "seat": seat, "card": card, "captured": captured.split(), "stolen_from": None}
        )
    return seen


def test_the_normal_player_remembers_the_cards_under_the_piles() -> None:
    # Both cards capture, and the capturing card ends on our pile's top. Only the events tell that
    # the two sevens out of sight lie under the opponent's pile: no opponent can hold a seven to steal
    # our pile back, while two fives are still out.
    state = arrange(RUBAMAZZO, ["01C 03C", "07D 05D"], table="07S 05S", piles=["07B 07C 02S 02C", ""])
    view = RUBAMAZZO.view(state, 1)
    seen = hand_seen(state.hand_number, "07B 02S 07S 05S", (0, "07C", "07B"), (0, "02C", "02S"))
    capture_seven = {"action": "play", "card": "07D", "capture": "07S"}
    assert {str(NORMAL.decide(view, random.Random(seed), seen)) for seed in range(8)} == {str(capture_seven)}
    # From the view alone a seven and a five are as likely to be out: either capture may be played.
    assert len({str(NORMAL.decide(view, random.Random(seed))) for seed in range(8)}) == 2


def test_every_computer_player_acknowledges_a_hand_summary() -> None:
    state = arrange(RUBAMAZZO, ["", "06D"], piles=["04B 04C", "09B"], filler=(18, 18))._replace(last_taker=1)
    ended = RUBAMAZZO.apply(state, 1, {"action": "play", "card": "06D"}, NOW, random.Random(0)).state
    for level, player in PACKAGE.variant("rubamazzo").computer_players.items():
        assert player.decide(RUBAMAZZO.view(ended, 0), random.Random(1)) == {"action": "ack"}, level


def test_computer_players_finish_matches_at_every_table_size() -> None:
    for variant in PACKAGE.variants:
        engine = variant.engine
        for seed in range(5):
            rng = random.Random(seed)
            state = engine.start({}, TIMEOUTS, NOW, rng).state
            while not engine.is_over(state):
                seat = engine.to_act(state)[0]
                player = variant.computer_players["normal" if seat % 2 else "easy"]
                state = engine.apply(
                    state, seat, player.decide(engine.view(state, seat), rng), NOW, rng
                ).state
            result = engine.result(state)
            assert result is not None and result.winner is not None


def test_the_normal_player_beats_the_easy_one_more_often_than_not() -> None:
    variant = PACKAGE.variant("rubamazzo")
    engine, normal, easy = (
        variant.engine,
        variant.computer_players["normal"],
        variant.computer_players["easy"],
    )
    matches, won = 300, 0
    for seed in range(matches):
        rng = random.Random(seed)
        normal_seat = seed % 2
        state = engine.start({}, TIMEOUTS, NOW, rng).state
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            player = normal if seat == normal_seat else easy
            state = engine.apply(state, seat, player.decide(engine.view(state, seat), rng), NOW, rng).state
        result = engine.result(state)
        assert result is not None
        won += result.players[normal_seat].won
    assert won / matches > 0.55
