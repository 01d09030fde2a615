"""The trick-taking games as one game package: briscola (two and four players) and briscola
chiamata (five)."""

from __future__ import annotations

from pathlib import Path

from domain.bots.base import Strategy
from domain.bots.easy import EasyStrategy
from domain.bots.phased import Phased
from domain.bots.search import SearchStrategy
from domain.bots.search_model import SearchModel
from domain.game_package import ActionKind, EventKind, GamePackage, GameVariant
from domain.games.tricks import BRISCOLA, BRISCOLA_A_QUATTRO, BRISCOLA_CHIAMATA
from domain.games.tricks.computer_briscola import BriscolaStrategy
from domain.games.tricks.computer_chiamata import ChiamataStrategy
from domain.games.tricks.search_briscola import MODELS as BRISCOLA_MODELS
from domain.games.tricks.search_chiamata import MODELS as CHIAMATA_MODELS
from domain.games.tricks.words import WORDS

CARD = {"type": "string", "description": "a card code, RRSUIT (01S is the ace of spade)"}
SEAT = {"type": "integer", "minimum": 0}
PLAY = {"type": "object", "properties": {"seat": SEAT, "card": CARD}}

EVENT_KINDS = (
    EventKind("play", "a card is played to the trick", {"card": CARD}),
    EventKind(
        "trick",
        "a trick is complete: its plays in order, who took it and the card points in it",
        {"trick": {"type": "array", "items": PLAY}, "winner": SEAT, "points": {"type": "integer"}},
    ),
    EventKind(
        "cards_drawn",
        "briscola: who drew from the face-down stock after a trick, in order, and how many cards are left",
        {"seats": {"type": "array", "items": SEAT}, "deck_count": {"type": "integer"}},
    ),
    EventKind("drew", "briscola: the card the seat drew (to that seat alone)", {"card": CARD}, private=True),
    EventKind(
        "trump_drawn",
        "briscola: the last draw takes the face-up trump card, which everybody has seen",
        {"card": CARD},
    ),
    EventKind(
        "bid",
        "chiamata auction: a bid of a rank, or of a target once the two stands; "
        "`forced` when made to bid the ace",
        {"rank": {"type": "integer"}, "points": {"type": "integer"}, "forced": {"type": "boolean"}},
    ),
    EventKind("pass", "chiamata auction: the seat passes"),
    EventKind(
        "auction_won",
        "chiamata: one bidder is left, with the rank or target bid and the points it must make",
        {"rank": {"type": "integer"}, "points": {"type": "integer"}, "target": {"type": "integer"}},
    ),
    EventKind(
        "call",
        "chiamata: the auction's winner names the card; its suit is trump",
        {"card": CARD, "trump_suit": {"type": "string"}},
    ),
    EventKind(
        "partner_revealed",
        "chiamata: the called card is played, showing the partner (`null` when the caller holds it)",
        {"caller": SEAT, "partner": {"type": ["integer", "null"]}, "alone": {"type": "boolean"}},
    ),
)

ACTIONS = (
    ActionKind("play", "play a card from the hand", {"card": CARD}, required=("card",)),
    ActionKind(
        "bid",
        "chiamata auction: bid a rank (`rank`), or a target above 61 once the two stands (`points`)",
        {"rank": {"type": "integer", "minimum": 1, "maximum": 10}, "points": {"type": "integer"}},
    ),
    ActionKind("pass", "chiamata auction: leave the auction"),
    ActionKind(
        "call",
        "chiamata: name the card of the rank won whose holder is the partner",
        {"card": CARD},
        required=("card",),
    ),
)

RULES = {
    "en": "Each trick goes to the highest trump played, or else to the highest card of the suit led; "
    "the rank is ace, three, king, cavallo, fante, then seven down to two, and the points are ace 11, "
    "three 10, king 4, cavallo 3, fante 2, 120 in all. Briscola: three cards each, the card under the "
    "stock shows the trump suit, and everybody draws after each trick; more than 60 points wins the deal, "
    "and a match is one deal, best of three or best of five (a patta, 60 all, counts for nobody), or a "
    "race to a target of card points. "
    "Briscola chiamata: five players, eight cards each; an auction names the rank (and then the points) "
    "the caller promises, the caller calls a card and its hidden holder is the partner. A match is one "
    "deal, or 5 or 10 deals with a running score per player: caller +2, partner +1 and each defender -1 "
    "for a won deal, the opposite for a lost one, a caller alone +4 or -4; the highest total wins.",
    "it": "Ogni presa va alla briscola più alta giocata, altrimenti alla carta più alta del seme di "
    "uscita; l'ordine è asso, tre, re, cavallo, fante, poi dal sette al due, e i punti sono asso 11, "
    "tre 10, re 4, cavallo 3, fante 2, 120 in tutto. Briscola: tre carte a testa, la carta sotto il "
    "mazzo indica la briscola e dopo ogni presa si pesca; chi fa più di 60 punti vince la smazzata, e la "
    "partita è una smazzata, al meglio delle tre o delle cinque (la patta, 60 pari, non conta per nessuno) "
    "oppure una corsa a un totale di punti. "
    "Briscola chiamata: cinque giocatori, otto carte a testa; un'asta stabilisce il valore (e poi i "
    "punti) che il chiamante promette, il chiamante chiama una carta e chi la tiene è il compagno segreto. "
    "La partita è una smazzata, oppure 5 o 10 smazzate con un punteggio per giocatore: chiamante +2, "
    "socio +1 e ogni difensore -1 se la smazzata è vinta, il contrario se è persa, chiamante senza socio "
    "+4 o -4; vince il totale più alto.",
}

_EASY = EasyStrategy()


def _levels(normal: Strategy, model: SearchModel, *, refines: bool = False) -> dict[str, Strategy]:
    """The three levels; with ``refines``, ``hard`` keeps ``normal``'s move unless its search finds
    another clearly better (``SearchStrategy.heuristic``)."""
    hard = SearchStrategy(model, heuristic=normal if refines else None)
    return {"easy": _EASY, "normal": normal, "hard": hard}


# Chiamata's hard player bids as the normal one does. It searches the card play, and the call too,
# where it keeps the normal player's card unless the search finds another clearly better: a call
# names trump and the partner, and a few hundred deals split four ways tell close calls apart badly.
_CHIAMATA_NORMAL = ChiamataStrategy()
_CHIAMATA_MODEL = CHIAMATA_MODELS[BRISCOLA_CHIAMATA.game_type]
_CHIAMATA_LEVELS: dict[str, Strategy] = {
    "easy": _EASY,
    "normal": _CHIAMATA_NORMAL,
    "hard": Phased(
        frozenset({"playing"}),
        SearchStrategy(_CHIAMATA_MODEL),
        Phased(
            frozenset({"call"}), SearchStrategy(_CHIAMATA_MODEL, heuristic=_CHIAMATA_NORMAL), _CHIAMATA_NORMAL
        ),
    ),
}

PACKAGE = GamePackage(
    name="tricks",
    variants=(
        GameVariant(
            BRISCOLA,
            _levels(BriscolaStrategy(), BRISCOLA_MODELS[BRISCOLA.game_type], refines=True),
            table="briscola.js",
        ),
        GameVariant(
            BRISCOLA_A_QUATTRO,
            _levels(BriscolaStrategy(), BRISCOLA_MODELS[BRISCOLA_A_QUATTRO.game_type]),
            table="briscola.js",
        ),
        GameVariant(BRISCOLA_CHIAMATA, _CHIAMATA_LEVELS, table="chiamata.js"),
    ),
    event_kinds=EVENT_KINDS,
    actions=ACTIONS,
    rules=RULES,
    words=WORDS,
    web=Path(__file__).resolve().parent / "web",
)
