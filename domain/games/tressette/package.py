"""Tressette as one game package: ``tressette`` (two players, drawing from a stock) and
``tressette_a_quattro`` (four in partnerships)."""

from __future__ import annotations

from pathlib import Path

from domain.bots.base import Strategy
from domain.bots.easy import EasyStrategy
from domain.bots.search import SearchStrategy
from domain.game_package import ActionKind, EventKind, GamePackage, GameVariant
from domain.games.tressette import TRESSETTE, TRESSETTE_A_QUATTRO
from domain.games.tressette.computer import TressetteStrategy
from domain.games.tressette.declarations import KINDS
from domain.games.tressette.search import MODELS
from domain.games.tressette.signals import SIGNALS
from domain.games.tressette.words import WORDS

CARD = {"type": "string", "description": "a card code, RRSUIT (01S is the asso of spade)"}
SEAT = {"type": "integer", "minimum": 0}
SUIT = {"type": "string", "enum": ["D", "C", "S", "B"]}
SIGNAL = {"type": "string", "enum": list(SIGNALS)}
PLAY = {"type": "object", "properties": {"seat": SEAT, "card": CARD}}

EVENT_KINDS = (
    EventKind("play", "a card is played to the trick", {"card": CARD}),
    EventKind(
        "trick",
        "a trick is complete: its plays in order, who took it and the thirds of a point in it",
        {"trick": {"type": "array", "items": PLAY}, "winner": SEAT, "thirds": {"type": "integer"}},
    ),
    EventKind(
        "declaration",
        "at its first play of a hand the seat declares a combination it holds: a napoletana (named by "
        "its suit), three of a kind (named by the missing suit) or four of a kind (no suit)",
        {
            "combination": {"type": "string", "enum": list(KINDS)},
            "suit": {"type": ["string", "null"]},
            "points": {"type": "integer"},
        },
    ),
    EventKind(
        "lead_signal",
        "tressette a quattro with signals: the leader attaches busso, striscio or volo to its lead",
        {"signal": SIGNAL, "suit": SUIT},
    ),
    EventKind(
        "draw_shown",
        "tressette with show_draws: the seat drew this card, shown to both players, and the cards left",
        {"card": CARD, "deck_count": {"type": "integer"}},
    ),
    EventKind(
        "cards_drawn",
        "tressette without show_draws: who drew after a trick, winner first, and the cards left",
        {"seats": {"type": "array", "items": SEAT}, "deck_count": {"type": "integer"}},
    ),
    EventKind(
        "drew",
        "tressette without show_draws: the card the seat drew (to that seat alone)",
        {"card": CARD},
        private=True,
    ),
)

ACTIONS = (
    ActionKind(
        "play",
        "play a card from the hand, following the suit led when possible; the leader at a table with "
        "signals may attach one",
        {"card": CARD, "signal": SIGNAL},
        required=("card",),
    ),
)

RULES = {
    "en": "The 40-card deck, no trumps: everyone must follow the suit led if they can, and the highest card "
    "of that suit takes the trick; the rank is 3, 2, asso, re, cavallo, fante, 7, 6, 5, 4. Each asso is a "
    "point, each 3, 2 and figure a third of a point, counted down to whole points; the last trick is a "
    "point more, so a hand is worth 11. Declarations at a player's first card: a napoletana (asso, 2 and 3 "
    "of a suit) or three assi, 2s or 3s score 3, all four 4. The first side to the target (21 by default) "
    "wins; if both reach it on a hand, the higher score, and a tie plays another hand. With cappotto, a side "
    "taking every trick wins at once. Tressette: two players, ten cards each, both draw after each trick "
    "(the winner first), the cards drawn shown to both; the last ten tricks are played from hand. "
    "Tressette a quattro: partners opposite, ten cards each; with signals, the leader may say busso, "
    "striscio or volo.",
    "it": "Mazzo da 40 carte, senza briscola: bisogna rispondere al seme di uscita se si può, e la carta più "
    "alta di quel seme prende; l'ordine è 3, 2, asso, re, cavallo, fante, 7, 6, 5, 4. Ogni asso vale un "
    "punto, ogni 3, 2 e figura un terzo, contati per difetto in punti interi; l'ultima presa vale un punto, "
    "e una mano vale 11 punti. Accusi alla prima carta di ognuno: napoletana (asso, 2 e 3 dello stesso seme) "
    "o tre assi, tre 2, tre 3 valgono 3 punti, tutti e quattro 4. Vince chi arriva per primo ai punti "
    "stabiliti (21 di solito); se ci arrivano entrambi nella stessa mano vince il punteggio più alto, e in "
    "parità si gioca un'altra mano. Con il cappotto, chi fa tutte le prese vince subito. Tressette a due: "
    "dieci carte a testa, dopo ogni presa si pesca (prima chi ha preso) e le carte pescate si mostrano; le "
    "ultime dieci prese si giocano con le carte in mano. Tressette a quattro: compagni di fronte, dieci "
    "carte a testa; con i segni, chi è di mano può fare busso, striscio o volo.",
}

_EASY = EasyStrategy()
_NORMAL = TressetteStrategy()


def _levels(game_type: str) -> dict[str, Strategy]:
    return {"easy": _EASY, "normal": _NORMAL, "hard": SearchStrategy(MODELS[game_type])}


PACKAGE = GamePackage(
    name="tressette",
    variants=(
        GameVariant(TRESSETTE, _levels(TRESSETTE.game_type), table="tressette.js"),
        GameVariant(TRESSETTE_A_QUATTRO, _levels(TRESSETTE_A_QUATTRO.game_type), table="tressette.js"),
    ),
    event_kinds=EVENT_KINDS,
    actions=ACTIONS,
    rules=RULES,
    words=WORDS,
    web=Path(__file__).resolve().parent / "web",
)
