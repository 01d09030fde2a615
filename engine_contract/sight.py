"""Who may see which card in one state, read from the engine's own ``card_zones``.

A seat sees its own hand and the public cards; a spectator the public cards only; nobody the
hidden ones. During a change a receiver may be told what it could see before or after it: a card
played leaves a hand for the table, a card drawn comes into one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from domain.engine import CardZones


@dataclass(frozen=True, slots=True)
class Sight:
    hands: tuple[frozenset[str], ...]
    hidden: frozenset[str]
    public: frozenset[str]

    @staticmethod
    def of(zones: CardZones) -> Sight:
        return Sight(
            hands=tuple(frozenset(hand) for hand in zones.hands),
            hidden=frozenset(zones.hidden),
            public=frozenset(zones.public),
        )

    @staticmethod
    def nothing(seats: int) -> Sight:
        """Before the deal: nobody has seen anything."""
        return Sight(hands=(frozenset(),) * seats, hidden=frozenset(), public=frozenset())

    def own(self, seat: int | None) -> frozenset[str]:
        if seat is None or not 0 <= seat < len(self.hands):
            return frozenset()
        return self.hands[seat]

    def seen_by(self, seat: int | None) -> frozenset[str]:
        return self.public | self.own(seat)

    def unseen_by(self, seat: int | None) -> frozenset[str]:
        """The cards in the other seats' hands or hidden, that ``seat`` cannot see."""
        others = (hand for holder, hand in enumerate(self.hands) if holder != seat)
        return frozenset().union(self.hidden, *others) - self.seen_by(seat)

    def place(self, card: str) -> str:
        """Where ``card`` is, for a failure message."""
        holders = [holder for holder, hand in enumerate(self.hands) if card in hand]
        if holders:
            return f"in seat {holders[0]}'s hand"
        if card in self.hidden:
            return "hidden"
        if card in self.public:
            return "public"
        if not self.public and not self.hidden and not any(self.hands):
            return "not dealt yet"
        return "nowhere"


def counted(zones: CardZones) -> Counter[str]:
    """Every card of ``zones``, with how many times it is there."""
    cards: Counter[str] = Counter()
    for hand in zones.hands:
        cards.update(hand)
    cards.update(zones.hidden)
    cards.update(zones.public)
    return cards
