"""A match's random streams: the same seed and version always draw the same, whatever draws first."""

from __future__ import annotations

import random

import pytest

from domain.seeding import Stream, match_rng, stream_seed

SEED = "5e" * 32


def eager(version: int, stream: Stream = "engine") -> random.Random:
    return random.Random(stream_seed(bytes.fromhex(SEED), f"{stream}:{version}".encode()))


@pytest.mark.parametrize("draw", ["shuffle", "choice", "random", "randrange", "sample", "getrandbits"])
def test_a_stream_draws_what_a_random_seeded_with_its_hmac_draws(draw: str) -> None:
    def run(rng: random.Random) -> object:
        cards = list(range(40))
        if draw == "shuffle":
            rng.shuffle(cards)
            return cards
        if draw == "choice":
            return [rng.choice(cards) for _ in range(20)]
        if draw == "random":
            return [rng.random() for _ in range(20)]
        if draw == "randrange":
            return [rng.randrange(1000) for _ in range(20)]
        if draw == "sample":
            return rng.sample(cards, 10)
        return [rng.getrandbits(70) for _ in range(20)]

    assert run(match_rng(SEED, 7)) == run(eager(7))


def test_the_first_deal_of_a_known_seed_never_changes() -> None:
    cards = list(range(10))
    match_rng(SEED, 5).shuffle(cards)
    assert cards == GOLDEN_DEAL


def test_versions_and_streams_draw_independently() -> None:
    streams: tuple[Stream, ...] = ("engine", "bot")
    draws = {(v, s): match_rng(SEED, v, s).random() for v in range(1, 6) for s in streams}
    assert len(set(draws.values())) == len(draws)


def test_a_seed_is_32_bytes_of_hex() -> None:
    with pytest.raises(ValueError):
        match_rng("abc", 1)


GOLDEN_DEAL = [1, 4, 3, 6, 8, 9, 0, 2, 5, 7]  # drawn by the first, eager implementation
