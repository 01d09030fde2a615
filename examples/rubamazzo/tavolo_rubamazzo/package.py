"""Rubamazzo as one game package: what the entry point ``tavolo.games`` → ``rubamazzo`` names."""

from __future__ import annotations

from pathlib import Path

from domain.bots.easy import EasyStrategy
from domain.bots.search import SearchStrategy
from domain.game_package import ActionKind, EventKind, GamePackage, GameVariant
from tavolo_rubamazzo.computer import RubamazzoStrategy
from tavolo_rubamazzo.search import MODELS
from tavolo_rubamazzo.variants import ENGINES
from tavolo_rubamazzo.words import WORDS

CARD = {"type": "string", "description": "a card code, RRSUIT (10B is the king of bastoni)"}
CARDS = {"type": "array", "items": CARD}
SEAT = {"type": "integer", "minimum": 0, "maximum": 3}

EVENT_KINDS = (
    EventKind(
        "play",
        "a card is played: it captures the table card in `captured` (one at most), or steals the whole "
        "pile of seat `stolen_from` (`stolen` cards), or else stays on the table; a card that takes "
        "ends face up on top of its player's pile",
        {
            "card": CARD,
            "captured": CARDS,
            "stolen_from": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
            "stolen": {"type": "integer", "minimum": 0},
        },
    ),
    EventKind(
        "leftovers",
        "the cards left on the table at the end of a hand go to the seat that took last",
        {"cards": CARDS},
    ),
)

ACTIONS = (
    ActionKind(
        "play",
        "play a card: with `capture`, the table card of the same rank it takes; with `steal`, the "
        "opponent whose pile it steals (its top card has the same rank); with neither, it is laid on "
        "the table, which only a card that can take nothing may do. One legal move per way to play",
        {"card": CARD, "capture": CARD, "steal": SEAT},
        required=("card",),
    ),
)

RULES = {
    "en": "Forty Italian cards; each player gets three, and four go face up on the table. On your turn "
    "play one card. If its rank matches the face-up top card of an opponent's pile, you may steal that "
    "whole pile; if it matches a table card, you may capture that one card (by rank only: no sums). A "
    "card that can take must take, but when it can take in several ways you choose which; a card that "
    "takes nothing stays on the table. What you take goes into your own pile, face up, with the card you "
    "played on top. When every hand is empty, three more cards each are dealt while the stock lasts; at "
    "the end, the cards left on the table go to whoever took last. Most cards wins; when the lead is "
    "shared, another hand is played and its cards are added. Two, three or four players, each for "
    "themselves. Rules after the Italian Wikipedia's Rubamazzo.",
    "it": "Mazzo da quaranta carte; tre carte a testa e quattro scoperte in tavola. Al tuo turno giochi "
    "una carta. Se ha lo stesso valore della carta in cima al mazzetto di un avversario puoi rubargli "
    "tutto il mazzetto; se ha lo stesso valore di una carta in tavola puoi prendere quella carta (solo "
    "per valore, senza somme). Una carta che può prendere deve prendere, ma se può farlo in più modi "
    "scegli tu; una carta che non prende nulla resta in tavola. Ciò che prendi va nel tuo mazzetto, "
    "scoperto, con la carta giocata in cima. Quando tutti hanno finito le carte se ne distribuiscono "
    "altre tre a testa finché il mazzo dura; alla fine le carte rimaste in tavola vanno a chi ha preso "
    "per ultimo. Vince chi ha più carte; in caso di parità in testa si gioca un'altra mano e le sue carte "
    "si sommano. Da due a quattro giocatori, ognuno per sé. Regole secondo la voce Rubamazzo di "
    "Wikipedia in italiano.",
}

_EASY = EasyStrategy()
_NORMAL = RubamazzoStrategy()

PACKAGE = GamePackage(
    name="rubamazzo",
    variants=tuple(
        GameVariant(
            engine,
            {"easy": _EASY, "normal": _NORMAL, "hard": SearchStrategy(MODELS[engine.game_type])},
            table="table.js",
            remembering=frozenset({"normal"}),
        )
        for engine in ENGINES
    ),
    event_kinds=EVENT_KINDS,
    actions=ACTIONS,
    rules=RULES,
    words=WORDS,
    web=Path(__file__).resolve().parent / "web",
)
