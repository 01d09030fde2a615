"""Cards are conserved: every state's ``card_zones`` holds each card of the family's deck
(``card_codes``) exactly once, a hand for every seat, whatever the phase."""

from __future__ import annotations

from collections import Counter

from domain.game_package import GamePackage, GameVariant
from engine_contract.playing import random_match
from engine_contract.sight import counted


def check_cards_conserved(package: GamePackage, variant: GameVariant, seed: int) -> None:
    match = random_match(variant, seed)
    engine = match.engine
    deck = Counter(engine.card_codes)
    if not deck:
        raise match.at().fail("card_codes names no card")
    for change in match.changes:
        at = match.at(change.step)
        zones = engine.card_zones(change.after)
        if len(zones.hands) != engine.seats:
            raise at.fail(f"card_zones gives {len(zones.hands)} hands for {engine.seats} seats")
        held = counted(zones)
        missing, extra = deck - held, held - deck
        if missing or extra:
            raise at.fail(
                f"card_zones does not hold the deck once: missing {_listed(missing)}, extra {_listed(extra)}"
            )


def _listed(cards: Counter[str]) -> str:
    return ", ".join(sorted(cards.elements())) or "none"
