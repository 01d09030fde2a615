"""What a rival's plays of the round under way tell about the cards it still holds.

Every card of a round is played before the next is dealt, so only the round under way hides cards
in a rival's hand, and each of its plays this round was chosen from that hand: the card it played,
the cards it played after it, and the ones it holds now. A hand under which the rival's choices look
sensible is more likely than one under which they look poor. Sensible is taken to mean what the
``normal`` player would choose from what that rival knew then (its hand, the table, every pile card
by card): a rival that laid a card on the table when it held one that could steal a big pile is
unlikely. Players are not all ``normal``, so a choice it would not make is only unlikely
(``TREMBLE``), never ruled out.

The search deals a few candidate hands for the rivals and keeps one at random in proportion to
``likelihood`` (``search.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards import DECK, RANKS, Card
from tavolo_rubamazzo.computer import SUITS_PER_RANK, Situation, score_play
from tavolo_rubamazzo.config import HAND_SIZE
from tavolo_rubamazzo.recall import RoundPlay
from tavolo_rubamazzo.takes import legal_moves

TREMBLE = 0.1
"""The share of a rival's choices taken to be made at random rather than as ``normal`` would."""
EQUAL = 1e-9


def likelihood(
    plays: Sequence[RoundPlay],
    hands: Sequence[Sequence[Card]],
    seat: int,
    round_counts: Sequence[int],
    round_deck: int,
) -> float:
    """How likely the rivals' plays of this round were (``plays``, in order), had they held
    ``hands`` now, each play chosen as ``normal`` would with probability ``1 - TREMBLE``, else at
    random among its legal moves. ``seat`` is the one asking: its own plays tell nothing."""
    weight = 1.0
    played = [0] * len(round_counts)
    for index, play in enumerate(plays):
        mover = play.seat
        played[mover] += 1
        if mover == seat:
            continue
        later = tuple(each.move.card for each in plays[index + 1 :] if each.seat == mover)
        held = (play.move.card, *later, *hands[mover])
        moves = legal_moves(held, mover, play.table, play.piles)
        if len(moves) == 1:
            continue
        holding = [count - done for count, done in zip(round_counts, played, strict=True)]
        holding[mover] += 1  # before this play
        situation = situation_then(play, held, holding, round_deck)
        scores = [score_play(move.card, move.steal, move.capture is not None, situation) for move in moves]
        best = max(scores)
        ties = sum(1 for score in scores if score >= best - EQUAL)
        chosen = scores[moves.index(play.move)] if play.move in moves else best - 1.0
        as_normal = 1.0 / ties if chosen >= best - EQUAL else 0.0
        weight *= (1.0 - TREMBLE) * as_normal + TREMBLE / len(moves)
    return weight


def situation_then(
    play: RoundPlay, held: Sequence[Card], holding: Sequence[int], round_deck: int
) -> Situation:
    """What the rival making ``play`` knew as ``normal`` reads it: ``held``, the table and every pile
    card by card; ``holding``: how many cards each seat held then."""
    unseen = dict.fromkeys(RANKS, SUITS_PER_RANK)
    known = 0
    for cards in (held, play.table, *play.piles):
        for card in cards:
            unseen[card.rank] -= 1
        known += len(cards)
    others = sum(count for other, count in enumerate(holding) if other != play.seat)
    if others == 0 and round_deck > 0:
        others = HAND_SIZE * (len(holding) - 1)
    return Situation(
        seat=play.seat,
        piles=tuple((pile[-1] if pile else None, len(pile)) for pile in play.piles),
        unseen_by_rank=unseen,
        hidden=len(DECK) - known,
        opponents_cards=others,
    )
