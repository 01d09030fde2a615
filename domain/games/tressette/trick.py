"""Tressette's trick: follow the suit led when you can; the highest card of that suit wins."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import Card
from domain.engine import JSON
from domain.games.tressette.cards import strength, thirds_in
from domain.games.tricks.codec import dump_plays
from domain.games.tricks.trick import CompletedTrick, Play


def playable(hand: Sequence[Card], trick: Sequence[Play]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may go to ``trick``: those of the suit led, or any when void."""
    if not trick:
        return tuple(hand)
    led = trick[0].card.suit
    following = tuple(card for card in hand if card.suit == led)
    return following or tuple(hand)


def winner_of(plays: Sequence[Play]) -> int:
    """The seat whose card is the highest of the suit led."""
    led = plays[0].card.suit
    best = max((play for play in plays if play.card.suit == led), key=lambda play: strength(play.card))
    return best.seat


def resolve(plays: Sequence[Play]) -> CompletedTrick:
    return CompletedTrick(plays=tuple(plays), winner=winner_of(plays))


def trick_public(trick: CompletedTrick) -> JSON:
    """A finished trick as everybody sees it: its plays, its winner, the thirds in it."""
    return {"trick": dump_plays(trick.plays), "winner": trick.winner, "thirds": thirds_in(trick.cards)}
