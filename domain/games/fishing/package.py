"""The fishing games as one game package: scopone scientifico, scopa and scopa a quattro."""

from __future__ import annotations

from pathlib import Path

from domain.bots.easy import EasyStrategy
from domain.bots.search import SearchStrategy
from domain.game_package import ActionKind, EventKind, GamePackage, GameVariant
from domain.games.fishing.computer import FishingStrategy
from domain.games.fishing.search import MODELS
from domain.games.fishing.variants import FISHING_ENGINES
from domain.games.fishing.words import WORDS

CARD = {"type": "string", "description": "a card code, RRSUIT (07D is the settebello)"}
CARDS = {"type": "array", "items": CARD}

EVENT_KINDS = (
    EventKind(
        "play",
        "a card is played: it takes `captured` from the table (nothing when it is laid down); "
        "`scopa` when it cleared the table, `sweep` for an asso pigliatutto's sweep",
        {"card": CARD, "captured": CARDS, "scopa": {"type": "boolean"}, "sweep": {"type": "boolean"}},
    ),
    EventKind(
        "leftovers",
        "the cards left on the table at the end of a hand go to the last capturer's side "
        "(the dealer's when nobody captured)",
        {"cards": CARDS},
    ),
)

ACTIONS = (
    ActionKind(
        "play",
        "play a card; `capture` names the table cards it takes (one legal move per card and capture)",
        {"card": CARD, "capture": CARDS},
        required=("card",),
    ),
)

RULES = {
    "en": "A played card takes a table card of the same rank if there is one, otherwise any set of "
    "table cards whose ranks add up to its own; a card that takes nothing stays on the table. "
    "Clearing the table is a scopa, one point. At the end of a hand the side that captured last takes "
    "what is left; each hand scores the most cards, the most denari, the settebello, the primiera and "
    "the scope. Scopone scientifico: four players in two partnerships, ten cards each, an empty table. "
    "Scopa: two players (or four in partnerships), three cards each and four on the table.",
    "it": "La carta giocata prende una carta in tavola dello stesso valore se c'è, altrimenti un "
    "gruppo di carte la cui somma è uguale al suo valore; se non prende nulla resta in tavola. "
    "Portare via tutte le carte è una scopa, un punto. A fine mano chi ha preso per ultimo raccoglie "
    "le carte rimaste; ogni mano assegna carte, denari, settebello, primiera e scope. Scopone "
    "scientifico: quattro giocatori in due coppie, dieci carte a testa, tavola vuota. Scopa: due "
    "giocatori (o quattro in coppia), tre carte a testa e quattro in tavola.",
}

_EASY = EasyStrategy()
_NORMAL = FishingStrategy()
REFINES_NORMAL = frozenset({"scopone_scientifico"})
"""Where hard refines normal's move (``SearchStrategy.heuristic``) rather than searching alone. At
scopone, with three hands unseen, it gained a third more on normal that way (duplicate hands,
``benchmarks/fishing_hands.py``); at scopa and scopa a quattro the bare search did as well or
better (benchmarks/RESULTS.md, issue 34)."""

PACKAGE = GamePackage(
    name="fishing",
    variants=tuple(
        GameVariant(
            engine,
            {
                "easy": _EASY,
                "normal": _NORMAL,
                "hard": SearchStrategy(
                    MODELS[engine.game_type],
                    heuristic=_NORMAL if engine.game_type in REFINES_NORMAL else None,
                ),
            },
            table="table.js",
            remembering=frozenset({"normal"}),
        )
        for engine in FISHING_ENGINES
    ),
    event_kinds=EVENT_KINDS,
    actions=ACTIONS,
    rules=RULES,
    words=WORDS,
    web=Path(__file__).resolve().parent / "web",
)
