"""The words of tressette's table module (``web/tressette.js``), per language (``GamePackage.words``).

Every key starts with ``tressette.``; a key ending in ``.you`` is the same sentence about the reader's
own seat. The game's own terms (napoletana, busso, striscio, volo, cappotto) stay Italian in English.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, Any] = {
    "tressette.hand_name": "Hand {number}",
    "tressette.hand_inline": "hand {number}",
    "tressette.go_to_hand": "Go to hand",
    "tressette.hand_by_hand": "Hand by hand",
    "tressette.about.tressette": "The trick-taking game without trumps, for two: both draw after each trick",
    "tressette.about.tressette_a_quattro": (
        "Tressette for four in partnerships: seats 1 and 3 against 2 and 4"
    ),
    "tressette.option.target_score": "Target score",
    "tressette.option.target_score.hint": (
        "11, 21, 31 or 41 points; when both sides reach it on one hand the higher wins, "
        "a tie plays another hand"
    ),
    "tressette.option.declarations": "Declarations",
    "tressette.option.declarations.hint": (
        "At a player's first card: napoletana (asso, 2 and 3 of a suit) or three assi, 2s or 3s "
        "score 3, all four 4"
    ),
    "tressette.option.cappotto": "Cappotto",
    "tressette.option.cappotto.hint": "A side that takes every trick of a hand wins the match at once",
    "tressette.option.show_draws": "Show the cards drawn",
    "tressette.option.show_draws.hint": "Each card drawn from the stock is shown to both players",
    "tressette.option.signals": "Signals",
    "tressette.option.signals.hint": (
        "The leader may attach busso, striscio or volo to the lead card, seen by all"
    ),
    # the table
    "tressette.trick": "Trick",
    "tressette.lead": "Your lead.",
    "tressette.no_card": "No card played yet.",
    "tressette.follow": "Follow {suit} if you can.",
    "tressette.played": "{name} played {card}.",
    "tressette.played.you": "You played {card}.",
    "tressette.took_trick": "{name} took the trick.",
    "tressette.took_trick.you": "You took the trick.",
    "tressette.seen_drawn": "Seen drawn: {cards}",
    "tressette.seat.tricks": {"one": "{count} trick", "other": "{count} tricks"},
    "tressette.signal_group": "Signal with your lead",
    "tressette.signal_none": "No signal",
    "tressette.signal.busso": "busso",
    "tressette.signal.striscio": "striscio",
    "tressette.signal.volo": "volo",
    "tressette.signal_shown": "{name}: {signal}",
    "tressette.signal_shown.you": "You: {signal}",
    "tressette.combination.napoletana": "napoletana of {suit}",
    "tressette.combination.three_assi": "three assi (no {suit})",
    "tressette.combination.three_2": "three 2s (no {suit})",
    "tressette.combination.three_3": "three 3s (no {suit})",
    "tressette.combination.four_assi": "four assi",
    "tressette.combination.four_2": "four 2s",
    "tressette.combination.four_3": "four 3s",
    # the hand's summary
    "tressette.card_points": "Card points",
    "tressette.dropped": "Thirds dropped",
    "tressette.last_trick": "Last trick",
    "tressette.declarations": "Declarations",
    "tressette.hand_points": "Hand points",
    "tressette.no_declarations": "No declarations.",
    "tressette.cappotto": "Cappotto: {side} took every trick.",
    "tressette.third": {"one": "{count}/3", "other": "{count}/3"},
    # the move log
    "tressette.log.hand_started": "Hand {number}: {name} deals.",
    "tressette.log.hand_started.you": "Hand {number}: you deal.",
    "tressette.log.drew": "{name} drew {card}.",
    "tressette.log.drew.you": "You drew {card}.",
    "tressette.log.declared": {
        "one": "{name} declares {combination}: {count} point.",
        "other": "{name} declares {combination}: {count} points.",
    },
    "tressette.log.declared.you": {
        "one": "You declare {combination}: {count} point.",
        "other": "You declare {combination}: {count} points.",
    },
    "tressette.log.signal": "{name} signals {signal} in {suit}.",
    "tressette.log.signal.you": "You signal {signal} in {suit}.",
    "tressette.log.side_points": {"one": "{side} {count} point", "other": "{side} {count} points"},
    "tressette.log.hand_summary": "Hand {number}: {sides}. Match score: {scores}.",
    "tressette.log.last_trick": "Last trick",
}

IT: dict[str, Any] = {
    "tressette.hand_name": "Mano {number}",
    "tressette.hand_inline": "mano {number}",
    "tressette.go_to_hand": "Vai alla mano",
    "tressette.hand_by_hand": "Mano per mano",
    "tressette.about.tressette": "Il gioco di prese senza briscola, in due: dopo ogni presa si pesca",
    "tressette.about.tressette_a_quattro": (
        "Tressette in quattro a coppie: i posti 1 e 3 contro i posti 2 e 4"
    ),
    "tressette.option.target_score": "Punti per vincere",
    "tressette.option.target_score.hint": (
        "11, 21, 31 o 41 punti; se le due squadre li raggiungono nella stessa mano vince il punteggio più "
        "alto, in parità si gioca un'altra mano"
    ),
    "tressette.option.declarations": "Accusi",
    "tressette.option.declarations.hint": (
        "Alla prima carta di ognuno: napoletana (asso, 2 e 3 di un seme) o tre assi, tre 2 o tre 3 "
        "valgono 3, tutti e quattro 4"
    ),
    "tressette.option.cappotto": "Cappotto",
    "tressette.option.cappotto.hint": "Chi fa tutte le prese di una mano vince subito la partita",
    "tressette.option.show_draws": "Carte pescate scoperte",
    "tressette.option.show_draws.hint": "Ogni carta pescata dal mazzo si mostra a entrambi i giocatori",
    "tressette.option.signals": "Segni",
    "tressette.option.signals.hint": (
        "Chi è di mano può accompagnare la carta con busso, striscio o volo, visti da tutti"
    ),
    # the table
    "tressette.trick": "Presa",
    "tressette.lead": "Sei di mano.",
    "tressette.no_card": "Ancora nessuna carta giocata.",
    "tressette.follow": "Rispondi a {suit} se puoi.",
    "tressette.played": "{name} ha giocato {card}.",
    "tressette.played.you": "Hai giocato {card}.",
    "tressette.took_trick": "{name} ha preso.",
    "tressette.took_trick.you": "Hai preso tu.",
    "tressette.seen_drawn": "Pescate scoperte: {cards}",
    "tressette.seat.tricks": {"one": "{count} presa", "other": "{count} prese"},
    "tressette.signal_group": "Un segno con la carta di uscita",
    "tressette.signal_none": "Nessun segno",
    "tressette.signal.busso": "busso",
    "tressette.signal.striscio": "striscio",
    "tressette.signal.volo": "volo",
    "tressette.signal_shown": "{name}: {signal}",
    "tressette.signal_shown.you": "Tu: {signal}",
    "tressette.combination.napoletana": "napoletana di {suit}",
    "tressette.combination.three_assi": "tre assi (manca {suit})",
    "tressette.combination.three_2": "tre 2 (manca {suit})",
    "tressette.combination.three_3": "tre 3 (manca {suit})",
    "tressette.combination.four_assi": "quattro assi",
    "tressette.combination.four_2": "quattro 2",
    "tressette.combination.four_3": "quattro 3",
    # the hand's summary
    "tressette.card_points": "Punti delle carte",
    "tressette.dropped": "Terzi persi",
    "tressette.last_trick": "Ultima presa",
    "tressette.declarations": "Accusi",
    "tressette.hand_points": "Punti della mano",
    "tressette.no_declarations": "Nessun accuso.",
    "tressette.cappotto": "Cappotto: {side} ha fatto tutte le prese.",
    "tressette.third": {"one": "{count}/3", "other": "{count}/3"},
    # the move log
    "tressette.log.hand_started": "Mano {number}: dà le carte {name}.",
    "tressette.log.hand_started.you": "Mano {number}: dai le carte tu.",
    "tressette.log.drew": "{name} ha pescato {card}.",
    "tressette.log.drew.you": "Hai pescato {card}.",
    "tressette.log.declared": {
        "one": "{name} accusa {combination}: {count} punto.",
        "other": "{name} accusa {combination}: {count} punti.",
    },
    "tressette.log.declared.you": {
        "one": "Accusi {combination}: {count} punto.",
        "other": "Accusi {combination}: {count} punti.",
    },
    "tressette.log.signal": "{name} fa {signal} a {suit}.",
    "tressette.log.signal.you": "Fai {signal} a {suit}.",
    "tressette.log.side_points": {"one": "{side} {count} punto", "other": "{side} {count} punti"},
    "tressette.log.hand_summary": "Mano {number}: {sides}. Punteggio della partita: {scores}.",
    "tressette.log.last_trick": "Ultima presa",
}

WORDS: dict[str, dict[str, Any]] = {"it": IT, "en": EN}
