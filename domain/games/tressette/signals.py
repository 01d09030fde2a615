"""The traditional signals of four-player tressette, attached by the leader to the lead card when
the ``signals`` option is on:

* *busso*: I hold the best cards of this suit, take it with your best;
* *striscio*: I have more of this suit;
* *volo*: this is my last card of this suit.

A signal is public (a ``lead_signal`` event). Striscio and volo say what the hand holds, and the
table takes only true ones: striscio while the leader keeps a card of the suit, volo when it keeps
none.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import Card

BUSSO = "busso"
STRISCIO = "striscio"
VOLO = "volo"
SIGNALS: tuple[str, ...] = (BUSSO, STRISCIO, VOLO)


def signals_for(hand: Sequence[Card], lead: Card) -> tuple[str, ...]:
    """The signals that may go with leading ``lead`` from ``hand``."""
    keeps = any(card.suit == lead.suit and card != lead for card in hand)
    return (BUSSO, STRISCIO) if keeps else (BUSSO, VOLO)
