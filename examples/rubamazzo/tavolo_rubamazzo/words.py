"""The words of rubamazzo's table module (``web/``), per language (``GamePackage.words``).

Every key starts with ``rubamazzo.``, as the table module names it (``t("rubamazzo.log.stole")``):
the browser adds the words to its dictionaries as they are. A word is a string with ``{name}``
placeholders or a plural form (``{"one": ..., "other": ...}``); a key ending in ``.you`` is the same
sentence when the seat it speaks of is the reader's own (``ui.say``). ``hand_name``,
``hand_inline``, ``go_to_hand``, ``hand_by_hand`` and ``about.<game type>`` are read by the shared UI
itself; the rest by the table module alone.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, Any] = {
    # a hand, as the shared screens name it (the replay, the end of a match)
    "rubamazzo.hand_name": "Hand {number}",
    "rubamazzo.hand_inline": "hand {number}",
    "rubamazzo.go_to_hand": "Go to hand",
    "rubamazzo.hand_by_hand": "Hand by hand",
    # the lobby's line about each game
    "rubamazzo.about.rubamazzo": (
        "Two players: capture a card of the same rank, or steal your opponent's whole pile"
    ),
    "rubamazzo.about.rubamazzo_a_tre": (
        "Three players, each for themselves: any opponent's pile may be stolen"
    ),
    "rubamazzo.about.rubamazzo_a_quattro": (
        "Four players, each for themselves: any opponent's pile may be stolen"
    ),
    # the board: the piles, the table, the choice of a take
    "rubamazzo.table": "Table",
    "rubamazzo.empty": "The table is empty.",
    "rubamazzo.piles": "Piles",
    "rubamazzo.pile_of": "{name}'s pile",
    "rubamazzo.pile_of.you": "Your pile",
    "rubamazzo.pile_size": {"one": "{count} card", "other": "{count} cards"},
    "rubamazzo.no_pile": "No cards yet",
    "rubamazzo.steal_with": "Steal {name}'s pile with {card}",
    "rubamazzo.several_ways": "{card}, several ways to take",
    "rubamazzo.ways_for": "Ways to play {card}",
    "rubamazzo.choose": "{card} can take in more than one way: choose, or click a pile or a table card.",
    "rubamazzo.steal_option": {
        "one": "Steal {name}'s pile ({count} card)",
        "other": "Steal {name}'s pile ({count} cards)",
    },
    "rubamazzo.capture_option": "Capture {card}",
    "rubamazzo.cancel": "Cancel",
    "rubamazzo.before_this_hand": "before this hand: {scores}",
    # a hand's summary
    "rubamazzo.this_hand": "Cards this hand",
    "rubamazzo.match_total": "Match total",
    "rubamazzo.leftovers_to": {
        "one": "{name} took the card left on the table.",
        "other": "{name} took the {count} cards left on the table.",
    },
    "rubamazzo.leftovers_to.you": {
        "one": "You took the card left on the table.",
        "other": "You took the {count} cards left on the table.",
    },
    "rubamazzo.leftovers_to_nobody": {
        "one": "Nobody took anything: the card on the table goes to nobody.",
        "other": "Nobody took anything: the {count} cards on the table go to nobody.",
    },
    "rubamazzo.tie": "The lead is shared: another hand decides, its cards added to these.",
    # a seat, and its side
    "rubamazzo.seat.pile": {
        "one": "{count} card taken, {card} on top",
        "other": "{count} cards taken, {card} on top",
    },
    "rubamazzo.seat.no_pile": "No cards taken",
    "rubamazzo.seat.steal_flash": "Stolen!",
    "rubamazzo.others": "The others",
    "rubamazzo.wins": "{name} wins the match.",
    "rubamazzo.wins.you": "You win the match.",
    # the move log
    "rubamazzo.log.hand_started": "Hand {number}: {name} deals.",
    "rubamazzo.log.hand_started.you": "Hand {number}: you deal.",
    "rubamazzo.log.table_cards": "On the table: {cards}.",
    "rubamazzo.log.played": "{name} laid {card} on the table.",
    "rubamazzo.log.played.you": "You laid {card} on the table.",
    "rubamazzo.log.captured": "{name} captured {taken} with {card}.",
    "rubamazzo.log.captured.you": "You captured {taken} with {card}.",
    "rubamazzo.log.stole": {
        "one": "{name} stole {victim}'s pile ({count} card) with {card}.",
        "other": "{name} stole {victim}'s pile ({count} cards) with {card}.",
    },
    "rubamazzo.log.stole.you": {
        "one": "You stole {victim}'s pile ({count} card) with {card}.",
        "other": "You stole {victim}'s pile ({count} cards) with {card}.",
    },
    "rubamazzo.log.stole_yours": {
        "one": "{name} stole your pile ({count} card) with {card}.",
        "other": "{name} stole your pile ({count} cards) with {card}.",
    },
    "rubamazzo.log.leftovers": "The cards left on the table go to {name}: {cards}.",
    "rubamazzo.log.leftovers.you": "The cards left on the table go to you: {cards}.",
    "rubamazzo.log.count_of": "{name} {count}",
    "rubamazzo.log.hand_summary": "Hand {number}, cards taken: {counts}.",
    "rubamazzo.log.hand_summary_tie": (
        "Hand {number}, cards taken: {counts}; the lead is shared, another hand decides."
    ),
    "rubamazzo.log.last_take": "Last take",
    "rubamazzo.log.from_table": "from the table",
    "rubamazzo.log.pile_of": {"one": "{name}'s pile, {count} card", "other": "{name}'s pile, {count} cards"},
}

IT: dict[str, Any] = {
    "rubamazzo.hand_name": "Mano {number}",
    "rubamazzo.hand_inline": "mano {number}",
    "rubamazzo.go_to_hand": "Vai alla mano",
    "rubamazzo.hand_by_hand": "Mano per mano",
    "rubamazzo.about.rubamazzo": (
        "Due giocatori: prendi una carta dello stesso valore o ruba tutto il mazzetto dell'avversario"
    ),
    "rubamazzo.about.rubamazzo_a_tre": (
        "Tre giocatori, ognuno per sé: si può rubare il mazzetto di qualunque avversario"
    ),
    "rubamazzo.about.rubamazzo_a_quattro": (
        "Quattro giocatori, ognuno per sé: si può rubare il mazzetto di qualunque avversario"
    ),
    "rubamazzo.table": "Tavolo",
    "rubamazzo.empty": "Il tavolo è vuoto.",
    "rubamazzo.piles": "Mazzetti",
    "rubamazzo.pile_of": "Mazzetto di {name}",
    "rubamazzo.pile_of.you": "Il tuo mazzetto",
    "rubamazzo.pile_size": {"one": "{count} carta", "other": "{count} carte"},
    "rubamazzo.no_pile": "Ancora nessuna carta",
    "rubamazzo.steal_with": "Ruba il mazzetto di {name} con {card}",
    "rubamazzo.several_ways": "{card}, più prese possibili",
    "rubamazzo.ways_for": "Come giocare {card}",
    "rubamazzo.choose": (
        "{card} può prendere in più modi: scegli, o fai clic su un mazzetto o una carta in tavola."
    ),
    "rubamazzo.steal_option": {
        "one": "Ruba il mazzetto di {name} ({count} carta)",
        "other": "Ruba il mazzetto di {name} ({count} carte)",
    },
    "rubamazzo.capture_option": "Prendi {card}",
    "rubamazzo.cancel": "Annulla",
    "rubamazzo.before_this_hand": "prima di questa mano: {scores}",
    "rubamazzo.this_hand": "Carte in questa mano",
    "rubamazzo.match_total": "Totale della partita",
    "rubamazzo.leftovers_to": {
        "one": "{name} ha preso la carta rimasta in tavola.",
        "other": "{name} ha preso le {count} carte rimaste in tavola.",
    },
    "rubamazzo.leftovers_to.you": {
        "one": "Hai preso la carta rimasta in tavola.",
        "other": "Hai preso le {count} carte rimaste in tavola.",
    },
    "rubamazzo.leftovers_to_nobody": {
        "one": "Nessuno ha preso nulla: la carta in tavola non va a nessuno.",
        "other": "Nessuno ha preso nulla: le {count} carte in tavola non vanno a nessuno.",
    },
    "rubamazzo.tie": "Parità in testa: decide un'altra mano, le cui carte si sommano a queste.",
    "rubamazzo.seat.pile": {
        "one": "{count} carta presa, in cima {card}",
        "other": "{count} carte prese, in cima {card}",
    },
    "rubamazzo.seat.no_pile": "Nessuna carta presa",
    "rubamazzo.seat.steal_flash": "Rubato!",
    "rubamazzo.others": "Gli altri",
    "rubamazzo.wins": "{name} vince la partita.",
    "rubamazzo.wins.you": "Hai vinto la partita.",
    "rubamazzo.log.hand_started": "Mano {number}: dà le carte {name}.",
    "rubamazzo.log.hand_started.you": "Mano {number}: dai tu le carte.",
    "rubamazzo.log.table_cards": "In tavola: {cards}.",
    "rubamazzo.log.played": "{name} ha messo {card} in tavola.",
    "rubamazzo.log.played.you": "Hai messo {card} in tavola.",
    "rubamazzo.log.captured": "{name} ha preso {taken} con {card}.",
    "rubamazzo.log.captured.you": "Hai preso {taken} con {card}.",
    "rubamazzo.log.stole": {
        "one": "{name} ha rubato il mazzetto di {victim} ({count} carta) con {card}.",
        "other": "{name} ha rubato il mazzetto di {victim} ({count} carte) con {card}.",
    },
    "rubamazzo.log.stole.you": {
        "one": "Hai rubato il mazzetto di {victim} ({count} carta) con {card}.",
        "other": "Hai rubato il mazzetto di {victim} ({count} carte) con {card}.",
    },
    "rubamazzo.log.stole_yours": {
        "one": "{name} ti ha rubato il mazzetto ({count} carta) con {card}.",
        "other": "{name} ti ha rubato il mazzetto ({count} carte) con {card}.",
    },
    "rubamazzo.log.leftovers": "Le carte rimaste in tavola vanno a {name}: {cards}.",
    "rubamazzo.log.leftovers.you": "Le carte rimaste in tavola vanno a te: {cards}.",
    "rubamazzo.log.count_of": "{name} {count}",
    "rubamazzo.log.hand_summary": "Mano {number}, carte prese: {counts}.",
    "rubamazzo.log.hand_summary_tie": (
        "Mano {number}, carte prese: {counts}; parità in testa, decide un'altra mano."
    ),
    "rubamazzo.log.last_take": "Ultima presa",
    "rubamazzo.log.from_table": "dalla tavola",
    "rubamazzo.log.pile_of": {
        "one": "mazzetto di {name}, {count} carta",
        "other": "mazzetto di {name}, {count} carte",
    },
}

WORDS: dict[str, dict[str, Any]] = {"it": IT, "en": EN}
