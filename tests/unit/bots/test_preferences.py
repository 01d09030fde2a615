"""What the normal bots prefer, position by position, and what every bot does off turn."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from domain.cards import cards
from domain.errors import InvalidAction, InvalidOptions
from domain.games.fishing import SCOPA
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO, BRISCOLA_CHIAMATA
from domain.games.tricks.briscola_state import BriscolaState
from domain.games.tricks.cards import RANK_ORDER
from domain.games.tricks.chiamata_state import ChiamataState
from domain.games.tricks.computer_chiamata import hand_strength
from tests.unit.bots.simulate import NOW, TIMEOUTS, engine_for, strategy_for
from tests.unit.games.fishing.builders import position
from tests.unit.games.tricks.helpers import build_deck

RNG_SEEDS = range(5)


def decide(game_type: str, view: Mapping[str, Any], seed: int = 0) -> dict[str, Any]:
    return strategy_for(game_type, "normal").decide(view, random.Random(seed))


# --- fishing ---------------------------------------------------------------------------------


def scopa_view(hand: str, table: str) -> dict[str, Any]:
    state = position(SCOPA, hands={0: hand, 1: "06B 08S 09C"}, table=table, turn=0)
    return SCOPA.view(state, 0)


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_takes_the_settebello_when_it_can(seed: int) -> None:
    view = scopa_view("10B 04C", table="03S 07D 02C 08B")  # the king takes 07D+03S or 02C+08B
    action = decide("scopa", view, seed)
    assert action["card"] == "10B"
    assert "07D" in action["capture"]


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_takes_a_scopa_when_it_can(seed: int) -> None:
    view = scopa_view("03D 07B 10C", table="03C 04S")  # 07B sweeps; 03D would take the 03C only
    assert decide("scopa", view, seed) == {"action": "play", "card": "07B", "capture": ["03C", "04S"]}


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_does_not_leave_a_sweepable_table_when_it_can_avoid_it(seed: int) -> None:
    # Nothing captures; 02B would leave 5 + 2 = 7 for an unseen seven to sweep.
    view = scopa_view("02B 09S 10D", table="05C")
    action = decide("scopa", view, seed)
    assert action["card"] != "02B"
    assert action == {"action": "play", "card": "09S"}  # the plainer of the two safe cards


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_takes_rather_than_leaving_the_settebello_to_the_opponent(seed: int) -> None:
    # 07S must take the settebello; 09B takes 04C+05C but leaves the 07D alone on the table.
    view = scopa_view("07S 09B", table="07D 04C 05C")
    assert decide("scopa", view, seed) == {"action": "play", "card": "07S", "capture": ["07D"]}


def test_dumps_a_low_card_rather_than_a_valuable_one() -> None:
    # No capture anywhere, every discard leaves a table over ten: keep the seven and the denari.
    view = scopa_view("07C 04D 10S", table="09B 08C")
    assert decide("scopa", view)["card"] == "10S"


# --- briscola --------------------------------------------------------------------------------


def briscola_state(engine: Any, hands: dict[int, str], trump: str) -> BriscolaState:
    deck = build_deck(hands, seats=engine.seats, per_seat=3, then=trump)
    state = engine.start({}, TIMEOUTS, NOW, random.Random(1), deck=deck).state
    assert isinstance(state, BriscolaState)
    return state


def play_cards(engine: Any, state: Any, plays: list[tuple[int, str]]) -> Any:
    for seat, code in plays:
        state = engine.apply(state, seat, {"action": "play", "card": code}, NOW, random.Random(0)).state
    return state


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_briscola_wins_a_loaded_trick_cheaply(seed: int) -> None:
    state = briscola_state(BRISCOLA, {0: "01C 02C 05B", 1: "01S 04B 06D"}, trump="06C")
    state = play_cards(BRISCOLA, state, [(1, "01S")])  # the ace of spades: 11 points, trumps are coppe
    assert decide("briscola", BRISCOLA.view(state, 0), seed)["card"] == "02C"


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_briscola_takes_with_the_suit_before_trumping(seed: int) -> None:
    state = briscola_state(BRISCOLA, {0: "01S 02C 05B", 1: "03S 04B 06D"}, trump="06C")
    state = play_cards(BRISCOLA, state, [(1, "03S")])
    assert decide("briscola", BRISCOLA.view(state, 0), seed)["card"] == "01S"


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_briscola_dumps_a_worthless_card_on_a_worthless_trick(seed: int) -> None:
    state = briscola_state(BRISCOLA, {0: "01C 02S 03B", 1: "04S 04B 06D"}, trump="06C")
    state = play_cards(BRISCOLA, state, [(1, "04S")])
    assert decide("briscola", BRISCOLA.view(state, 0), seed)["card"] == "02S"


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_briscola_does_not_overtake_a_winning_partner_and_adds_points(seed: int) -> None:
    # Seat 1 leads; seat 2 (seat 0's partner) holds the trick with the king; seat 0 plays last.
    hands = {0: "01S 02C 03B", 1: "04S 05D 06D", 2: "10S 07D 07B", 3: "05S 02D 02B"}
    state = briscola_state(BRISCOLA_A_QUATTRO, hands, trump="06C")
    state = play_cards(BRISCOLA_A_QUATTRO, state, [(1, "04S"), (2, "10S"), (3, "05S")])
    card = decide("briscola_a_quattro", BRISCOLA_A_QUATTRO.view(state, 0), seed)["card"]
    assert card not in ("01S", "02C")  # neither the ace of the suit nor a trump overtakes the partner
    assert card == "03B"  # the carico: ten points onto the partner's trick


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_briscola_overtakes_an_opponent_that_holds_a_loaded_trick(seed: int) -> None:
    hands = {0: "01S 02C 03B", 1: "03S 05D 06D", 2: "04S 07D 07B", 3: "05S 02D 02B"}
    state = briscola_state(BRISCOLA_A_QUATTRO, hands, trump="06C")
    state = play_cards(BRISCOLA_A_QUATTRO, state, [(1, "03S"), (2, "04S"), (3, "05S")])
    assert decide("briscola_a_quattro", BRISCOLA_A_QUATTRO.view(state, 0), seed)["card"] == "01S"


# --- briscola chiamata -----------------------------------------------------------------------

STRONG = "01D 03D 10D 09D 01C 03S 10B 05C"
WEAK = "02D 04C 05S 06B 02C 04S 05B 06C"


def chiamata_start(hands: dict[int, str]) -> ChiamataState:
    # The first deal is dealt by seat 0: seat 1 gets the first card, bids first and leads.
    deck = build_deck(hands, seats=5, per_seat=8, dealer=0)
    state = BRISCOLA_CHIAMATA.start({}, TIMEOUTS, NOW, random.Random(1), deck=deck).state
    assert isinstance(state, ChiamataState)
    return state


def act(state: ChiamataState, seat: int, action: dict[str, Any]) -> ChiamataState:
    outcome = BRISCOLA_CHIAMATA.apply(state, seat, action, NOW, random.Random(0))
    assert isinstance(outcome.state, ChiamataState)
    return outcome.state


def first_bid(hand: str, standing: int | None = None) -> dict[str, Any]:
    """Seat 2's decision on its first auction turn, after seat 1 bid ``standing`` (or passed)."""
    state = chiamata_start({2: hand})
    state = act(state, 1, {"action": "pass"} if standing is None else {"action": "bid", "rank": standing})
    return decide("briscola_chiamata", BRISCOLA_CHIAMATA.view(state, 2))


def bid_depth(action: Mapping[str, Any]) -> int:
    """How far down a bid goes (``-1`` for a pass): ace 0, three 1, king 2 …"""
    return -1 if action["action"] == "pass" else RANK_ORDER.index(int(action["rank"]))


def test_chiamata_bids_stronger_with_a_stronger_hand() -> None:
    medium = "01D 10D 08D 04D 03C 06S 05B 02B"
    assert hand_strength(cards(WEAK)) < hand_strength(cards(medium)) < hand_strength(cards(STRONG))
    assert first_bid(WEAK) == {"action": "pass"}
    assert first_bid(medium)["action"] == "bid"
    assert first_bid(STRONG)["action"] == "bid"
    # Once the auction has come down to the six, only the strong hand follows it lower.
    assert first_bid(medium, standing=6) == {"action": "pass"}
    assert bid_depth(first_bid(STRONG, standing=6)) > bid_depth({"action": "bid", "rank": 6})


def test_chiamata_opens_with_the_card_it_would_call() -> None:
    # The strongest suit is denari, missing its three: that is the first bid.
    assert first_bid(STRONG.replace("03D", "04D")) == {"action": "bid", "rank": 3}


def won_auction(hand: str, rank: int, others: Mapping[int, str] | None = None) -> ChiamataState:
    state = chiamata_start({1: hand, **(others or {})})
    state = act(state, 1, {"action": "bid", "rank": rank})
    for seat in (2, 3, 4, 0):
        state = act(state, seat, {"action": "pass"})
    assert state.phase == "call"
    return state


def test_chiamata_calls_the_missing_card_of_its_best_suit() -> None:
    state = won_auction("01D 10D 09D 08D 07D 03C 04S 05B", rank=3)
    assert decide("briscola_chiamata", BRISCOLA_CHIAMATA.view(state, 1)) == {"action": "call", "card": "03D"}


def test_chiamata_calls_a_card_it_does_not_hold() -> None:
    hand = "01D 03D 10D 09D 08D 03C 04S 05B"  # holds the three of its best suit, and the three of coppe
    state = won_auction(hand, rank=3)
    action = decide("briscola_chiamata", BRISCOLA_CHIAMATA.view(state, 1))
    assert action["action"] == "call"
    assert action["card"][:2] == "03"
    assert action["card"] not in hand.split()


def test_chiamata_partner_does_not_overtake_the_caller() -> None:
    # Seat 1 calls the three of denari, which seat 3 holds: seat 3 knows it partners seat 1.
    hands = {
        1: "01D 10D 09D 08D 07D 03C 04S 05B",
        2: "02S 06S 07S 04C 05C 06C 02B 06B",
        3: "03D 01S 02C 07C 08C 03B 04B 07B",
    }
    state = won_auction(hands[1], rank=3, others=hands)
    state = act(state, 1, {"action": "call", "card": "03D"})
    state = act(state, 1, {"action": "play", "card": "04S"})
    state = act(state, 2, {"action": "play", "card": "07S"})  # seat 2 holds the trick
    view = BRISCOLA_CHIAMATA.view(state, 3)
    assert decide("briscola_chiamata", view)["card"] == "01S"  # a foe holds it: take the trick

    state = won_auction(hands[1], rank=3, others=hands)
    state = act(state, 1, {"action": "call", "card": "03D"})
    state = act(state, 1, {"action": "play", "card": "03C"})
    state = act(state, 2, {"action": "play", "card": "04C"})  # the caller holds the trick
    card = decide("briscola_chiamata", BRISCOLA_CHIAMATA.view(state, 3))["card"]
    assert card not in ("03D", "07C", "08C")  # no trump, no higher coppe over the caller


# --- every bot -------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_acknowledges_a_hand_summary_it_still_owes(level: Any) -> None:
    state = position(SCOPA, hands={0: "", 1: ""}, table="")
    state = state._replace(phase="hand_end", turn=None, acknowledged=(1,))
    view = SCOPA.view(state, 0)
    assert strategy_for("scopa", level).decide(view, random.Random(0)) == {"action": "ack"}


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("game_type", ["scopa", "briscola", "briscola_chiamata"])
def test_refuses_to_decide_off_turn(level: Any, game_type: str) -> None:
    engine = engine_for(game_type)
    state = engine.start({}, TIMEOUTS, NOW, random.Random(2)).state
    idle = next(seat for seat in range(engine.seats) if seat != engine.turn(state))
    with pytest.raises(ValueError):
        strategy_for(game_type, level).decide(engine.view(state, idle), random.Random(0))


def test_unknown_game_or_level_is_refused() -> None:
    with pytest.raises(InvalidOptions):
        strategy_for("no_such_game", "easy")
    with pytest.raises(InvalidAction):
        strategy_for("scopa", "impossible")
