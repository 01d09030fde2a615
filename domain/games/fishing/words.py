"""The words of the fishing games' table module (``web/table.js``), per language (``GamePackage.words``).

Every key starts with ``fishing.``, as the table module names it: the browser adds the words to its
dictionaries as they are. A word is a string with ``{name}`` placeholders or a plural form
(``{"one": ..., "other": ...}``); a key ending in ``.you`` is the same sentence when the seat it speaks of
is the reader's own. The games' own terms (scopa, primiera, settebello, napola, denari, asso...) stay
Italian in English too.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, Any] = {
    # a hand, as the shared screens name it (the replay, the end of a match)
    "fishing.hand_by_hand": "Hand by hand",
    "fishing.go_to_hand": "Go to hand",
    "fishing.hand_name": "Hand {number}",
    "fishing.hand_inline": "hand {number}",
    # the lobby's line about each game
    "fishing.about.scopa": (
        "Two players, three cards each and four on the table, dealt again until the deck runs out"
    ),
    "fishing.about.scopa_a_quattro": "Scopa for four players in two partnerships, partners sitting opposite",
    "fishing.about.scopone_scientifico": (
        "Four players in two partnerships, ten cards each and an empty table; capture by equal rank or by "
        "sum, sweep the table for a scopa"
    ),
    # the games' own options
    "fishing.option.napola": "Napola",
    "fishing.option.napola.hint": "Score the run of denari from the asso; the whole suit wins the match",
    "fishing.option.asso_pigliatutto": "Asso pigliatutto",
    "fishing.option.asso_pigliatutto.hint": (
        "An asso played when no asso is on the table takes every card on the table"
    ),
    # the table: the board, the capture choice, the hand's breakdown
    "fishing.table": "Table",
    "fishing.empty": "The table is empty.",
    "fishing.captures_for": "Captures for {card}",
    "fishing.several_ways": "You can take in several ways with {card}: pick the table cards, or choose:",
    "fishing.take": "Take {cards}",
    "fishing.cancel": "Cancel",
    "fishing.several_captures": "{card}, several captures",
    "fishing.carte": "Cards",
    "fishing.denara": "Denari",
    "fishing.settebello": "Settebello",
    "fishing.primiera": "Primiera",
    "fishing.napola": "Napola",
    "fishing.scope_row": "Scope",
    "fishing.taken": {"one": "{count} taken", "other": "{count} taken"},
    "fishing.points": {"one": "{count} point", "other": "{count} points"},
    "fishing.hand_total": "Hand total",
    "fishing.played": "{name} played {card}.",
    "fishing.played.you": "You played {card}.",
    "fishing.took": "{name} played {card} and took {taken}.",
    "fishing.took.you": "You played {card} and took {taken}.",
    "fishing.scopa": "{name} played {card} and took {taken}: scopa!",
    "fishing.scopa.you": "You played {card} and took {taken}: scopa!",
    # a seat's pile
    "fishing.seat.pile": {"one": "{count} card taken", "other": "{count} cards taken"},
    "fishing.seat.pile_scope": {
        "one": "{count} card taken, {scope}",
        "other": "{count} cards taken, {scope}",
    },
    "fishing.seat.scope": {"one": "{count} scopa", "other": "{count} scope"},
    "fishing.seat.scopa_flash": "Scopa!",
    # the move log
    "fishing.log.hand_started": "Hand {number}: {name} deals.",
    "fishing.log.hand_started.you": "Hand {number}: you deal.",
    "fishing.log.void_deals": {
        "one": "The cards were dealt again once: three or more re on the table.",
        "other": "The cards were dealt again {count} times: three or more re on the table.",
    },
    "fishing.log.table_cards": "On the table: {cards}.",
    "fishing.log.sweep": "{name} played {card} and swept the table: {taken}.",
    "fishing.log.sweep.you": "You played {card} and swept the table: {taken}.",
    "fishing.log.leftovers": "The cards left on the table go to {name}: {cards}.",
    "fishing.log.leftovers.you": "The cards left on the table go to you: {cards}.",
    "fishing.log.side_points": {"one": "{side} {count} point", "other": "{side} {count} points"},
    "fishing.log.hand_summary": "Hand {number}: {sides}. Match score: {scores}.",
    "fishing.log.last_capture": "Last capture",
    "fishing.log.from_table": "from the table",
}

IT: dict[str, Any] = {
    # a hand, as the shared screens name it (the replay, the end of a match)
    "fishing.hand_by_hand": "Mano per mano",
    "fishing.go_to_hand": "Vai alla mano",
    "fishing.hand_name": "Mano {number}",
    "fishing.hand_inline": "mano {number}",
    # the lobby's line about each game
    "fishing.about.scopa": (
        "Due giocatori, tre carte a testa e quattro in tavola; si distribuisce di nuovo finché il mazzo "
        "non finisce"
    ),
    "fishing.about.scopa_a_quattro": (
        "Scopa per quattro giocatori in due coppie, con i compagni seduti uno di fronte all'altro"
    ),
    "fishing.about.scopone_scientifico": (
        "Quattro giocatori in due coppie, dieci carte a testa e tavola vuota; si prende per valore uguale "
        "o per somma, e chi prende tutte le carte in tavola fa scopa"
    ),
    # the games' own options
    "fishing.option.napola": "Napola",
    "fishing.option.napola.hint": "Conta la scala di denari dall'asso; il seme completo vince la partita",
    "fishing.option.asso_pigliatutto": "Asso pigliatutto",
    "fishing.option.asso_pigliatutto.hint": (
        "Un asso giocato quando in tavola non ci sono assi prende tutte le carte in tavola"
    ),
    # the table: the board, the capture choice, the hand's breakdown
    "fishing.table": "Tavola",
    "fishing.empty": "La tavola è vuota.",
    "fishing.captures_for": "Prese possibili con {card}",
    "fishing.several_ways": "Con {card} puoi prendere in più modi: scegli le carte in tavola, oppure:",
    "fishing.take": "Prendi {cards}",
    "fishing.cancel": "Annulla",
    "fishing.several_captures": "{card}, più prese possibili",
    "fishing.carte": "Carte",
    "fishing.denara": "Denari",
    "fishing.settebello": "Settebello",
    "fishing.primiera": "Primiera",
    "fishing.napola": "Napola",
    "fishing.scope_row": "Scope",
    "fishing.taken": {"one": "{count} presa", "other": "{count} prese"},
    "fishing.points": {"one": "{count} punto", "other": "{count} punti"},
    "fishing.hand_total": "Totale della mano",
    "fishing.played": "{name} ha giocato {card}.",
    "fishing.played.you": "Hai giocato {card}.",
    "fishing.took": "{name} ha giocato {card} e ha preso {taken}.",
    "fishing.took.you": "Hai giocato {card} e hai preso {taken}.",
    "fishing.scopa": "{name} ha giocato {card} e ha preso {taken}: scopa!",
    "fishing.scopa.you": "Hai giocato {card} e hai preso {taken}: scopa!",
    # a seat's pile
    "fishing.seat.pile": {"one": "{count} carta presa", "other": "{count} carte prese"},
    "fishing.seat.pile_scope": {
        "one": "{count} carta presa, {scope}",
        "other": "{count} carte prese, {scope}",
    },
    "fishing.seat.scope": {"one": "{count} scopa", "other": "{count} scope"},
    "fishing.seat.scopa_flash": "Scopa!",
    # the move log
    "fishing.log.hand_started": "Mano {number}: dà le carte {name}.",
    "fishing.log.hand_started.you": "Mano {number}: dai le carte tu.",
    "fishing.log.void_deals": {
        "one": "Carte ridistribuite una volta: tre o più re in tavola.",
        "other": "Carte ridistribuite {count} volte: tre o più re in tavola.",
    },
    "fishing.log.table_cards": "In tavola: {cards}.",
    "fishing.log.sweep": "{name} ha giocato {card} e ha preso tutta la tavola: {taken}.",
    "fishing.log.sweep.you": "Hai giocato {card} e hai preso tutta la tavola: {taken}.",
    "fishing.log.leftovers": "Le carte rimaste in tavola vanno a {name}: {cards}.",
    "fishing.log.leftovers.you": "Le carte rimaste in tavola vanno a te: {cards}.",
    "fishing.log.side_points": {"one": "{side} {count} punto", "other": "{side} {count} punti"},
    "fishing.log.hand_summary": "Mano {number}: {sides}. Punteggio della partita: {scores}.",
    "fishing.log.last_capture": "Ultima presa",
    "fishing.log.from_table": "dalla tavola",
}

WORDS: dict[str, dict[str, Any]] = {"it": IT, "en": EN}
