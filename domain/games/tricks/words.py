"""The words of the trick-taking games' table modules (``web/briscola.js``, ``web/chiamata.js``), per
language (``GamePackage.words``).

Every key starts with ``tricks.``, as the table modules name it: the browser adds the words to its
dictionaries as they are. A word is a string with ``{name}`` placeholders or a plural form
(``{"one": ..., "other": ...}``); a key ending in ``.you`` is the same sentence when the seat it speaks of
is the reader's own. The games' own terms (briscola, patta, the auction's calls, the suits) stay Italian
in English too.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, Any] = {
    # a deal, as the shared screens name it (the replay, the end of a match)
    "tricks.hand_by_hand": "Deal by deal",
    "tricks.go_to_hand": "Go to deal",
    "tricks.hand_name": "Deal {number}",
    "tricks.hand_inline": "deal {number}",
    # the lobby's line about each game
    "tricks.about.briscola": "The classic two-player trick-taking game with a trump suit",
    "tricks.about.briscola_a_quattro": (
        "Briscola for four players in fixed partnerships: seats 1 and 3 against seats 2 and 4"
    ),
    "tricks.about.briscola_chiamata": (
        "Five players: an auction names a card, and its secret holder joins the caller"
    ),
    # the creation options: the lobby's labels and hints
    "tricks.option.target_score": "Target score",
    "tricks.option.target_score.hint": (
        "Card points a side needs over the deals, with a clear lead, to win the match (one deal to win only)"
    ),
    "tricks.option.deals_to_win": "Deals to win",
    "tricks.option.deals_to_win.hint": (
        "1: one deal decides; 2: best of three; 3: best of five. A deal is won with more than 60 points, "
        "a patta counts for nobody"
    ),
    "tricks.option.deals_to_play": "Deals",
    "tricks.option.deals_to_play.hint": (
        "1, 5 or 10 deals (a patta is replayed). Over several deals: caller +2, partner +1, defenders "
        "-1 each for a won deal, the opposite for a lost one, a caller alone +4 or -4; the highest total wins"
    ),
    # the table: a match of several deals (briscola: deals won; chiamata: the running score)
    "tricks.deals_won": "Deals won",
    "tricks.deals_won_of": "Deals won (first to {count})",
    "tricks.deal_won_by": "{side} won deal {number}",
    "tricks.deal_no_winner": "Deal {number}: patta, won by nobody",
    "tricks.chiamata.standings": "Standings",
    "tricks.chiamata.total": "Total",
    "tricks.chiamata.deal_points": "This deal",
    "tricks.chiamata.deal_of": "Deal {number} of {total}",
    "tricks.chiamata.leader": "{name} leads with {points}",
    "tricks.chiamata.leader.you": "You lead with {points}",
    "tricks.chiamata.shared_lead": "{names} share the lead with {points}",
    "tricks.log.deals_won": "Deals won: {scores}.",
    "tricks.log.standings": "Standings: {standings}.",
    # the table: the trick, the trump card, the deal's breakdown
    "tricks.trick": "Trick",
    "tricks.lead": "Lead the trick.",
    "tricks.no_card": "No card played yet.",
    "tricks.played": "{name} played {card}.",
    "tricks.played.you": "You played {card}.",
    "tricks.won_trick": {
        "one": "{name} won the trick, {count} point.",
        "other": "{name} won the trick, {count} points.",
    },
    "tricks.won_trick.you": {
        "one": "You won the trick, {count} point.",
        "other": "You won the trick, {count} points.",
    },
    "tricks.trump": "Trump suit: {suit}",
    "tricks.trump_drawn": "Trump suit: {suit} (the card has been drawn)",
    "tricks.deal_patta": "Deal {number}: patta (60 all)",
    "tricks.card_points": "Card points",
    "tricks.tricks_row": "Tricks",
    # briscola chiamata: the auction, the call, the partner
    "tricks.chiamata.meta_caller": "Caller",
    "tricks.chiamata.meta_partner": "Partner",
    "tricks.chiamata.side_caller": "Caller",
    "tricks.chiamata.side_defenders": "Defenders",
    "tricks.chiamata.bid_points": "Due with {points} points",
    "tricks.chiamata.pass_entry": "{name}: pass",
    "tricks.chiamata.bid_entry": "{name}: {bid}",
    "tricks.chiamata.bid_entry_forced": "{name}: {bid} (forced)",
    "tricks.chiamata.auction": "Auction",
    "tricks.chiamata.auction_won": "Auction won",
    "tricks.chiamata.standing": "Highest bid: {bid} by {name}",
    "tricks.chiamata.standing.you": "Highest bid: {bid} by you",
    "tricks.chiamata.no_bid": (
        "No bid yet. Lower ranks promise more: asso, tre, re, cavallo … due, then points."
    ),
    "tricks.chiamata.your_bid": "Your bid",
    "tricks.chiamata.bid_now": "Your turn to bid.",
    "tricks.chiamata.points_option": {"one": "{count} point", "other": "{count} points"},
    "tricks.chiamata.points": "Points",
    "tricks.chiamata.bid_points_button": "Bid points",
    "tricks.chiamata.pass": "Pass",
    "tricks.chiamata.call_group": "Call a card",
    "tricks.chiamata.call_prompt": (
        "You won the auction: call the card whose holder plays with you. Its suit becomes the trump suit."
    ),
    "tricks.chiamata.call_card": "Call {card}",
    "tricks.chiamata.needs": "{name} needs {target}",
    "tricks.chiamata.needs.you": "You need {target}",
    "tricks.chiamata.called_by": "Called by {name} · trump suit: {suit}",
    "tricks.chiamata.called_by.you": "Called by you · trump suit: {suit}",
    "tricks.chiamata.alone": "{name} plays alone.",
    "tricks.chiamata.alone.you": "You play alone.",
    "tricks.chiamata.partner": "Partner: {name}.",
    "tricks.chiamata.partner.you": "You are the partner.",
    "tricks.chiamata.secret": "The partner is still secret.",
    "tricks.chiamata.called": "{name} called {card}.",
    "tricks.chiamata.called.you": "You called {card}.",
    "tricks.chiamata.is_partner": "{name} is the partner.",
    "tricks.chiamata.is_partner.you": "You are the partner.",
    "tricks.chiamata.summary_alone": "{caller} bid {bid}, called {card} and played alone.",
    "tricks.chiamata.summary_partner": "{caller} bid {bid}, called {card} and played with {partner}.",
    "tricks.chiamata.summary_points": (
        "Caller's side: {points} card points (needed {target}) · defenders: {defenders}."
    ),
    # a seat's tricks
    "tricks.seat.tricks": {"one": "{count} trick won", "other": "{count} tricks won"},
    # the move log
    "tricks.log.deal_started": "Deal {number}: {name} deals.",
    "tricks.log.deal_started.you": "Deal {number}: you deal.",
    "tricks.log.trump_card": "Briscola: {card}.",
    "tricks.log.trump_drawn": "{name} drew the face-up briscola: {card}.",
    "tricks.log.trump_drawn.you": "You drew the face-up briscola: {card}.",
    "tricks.log.bid": "{name} bid {bid}.",
    "tricks.log.bid.you": "You bid {bid}.",
    "tricks.log.bid_forced": "{name} had to bid {bid}.",
    "tricks.log.bid_forced.you": "You had to bid {bid}.",
    "tricks.log.pass": "{name} passed.",
    "tricks.log.pass.you": "You passed.",
    "tricks.log.auction_won": "{name} won the auction with {bid} and needs {target} points.",
    "tricks.log.auction_won.you": "You won the auction with {bid} and need {target} points.",
    "tricks.log.call": "{name} called {card}; briscola: {suit}.",
    "tricks.log.call.you": "You called {card}; briscola: {suit}.",
    "tricks.log.side_points": {"one": "{side} {count} point", "other": "{side} {count} points"},
    "tricks.log.deal_summary": "Deal {number}, card points: {sides}. Match score: {scores}.",
    "tricks.log.deal_patta": "Deal {number}: patta, 60 all. Match score: {scores}.",
    "tricks.log.chiamata_partner": (
        "Deal {number}: {caller} and {partner} made {points} card points ({target} needed), the defenders "
        "{defenders}."
    ),
    "tricks.log.chiamata_alone": (
        "Deal {number}: {caller}, playing alone, made {points} card points ({target} needed), the "
        "defenders {defenders}."
    ),
    "tricks.log.chiamata_caller_wins": "The caller's side wins.",
    "tricks.log.chiamata_defenders_win": "The defenders win.",
    "tricks.log.chiamata_patta": "Patta: nobody wins.",
    "tricks.log.last_trick": "Last trick",
}

IT: dict[str, Any] = {
    # a deal, as the shared screens name it (the replay, the end of a match)
    "tricks.hand_by_hand": "Smazzata per smazzata",
    "tricks.go_to_hand": "Vai alla smazzata",
    "tricks.hand_name": "Smazzata {number}",
    "tricks.hand_inline": "smazzata {number}",
    # the lobby's line about each game
    "tricks.about.briscola": "Il classico gioco di prese a due, con un seme di briscola",
    "tricks.about.briscola_a_quattro": (
        "Briscola per quattro giocatori in coppie fisse: i posti 1 e 3 contro i posti 2 e 4"
    ),
    "tricks.about.briscola_chiamata": (
        "Cinque giocatori: l'asta nomina una carta, e chi la tiene gioca in segreto con il chiamante"
    ),
    # the creation options: the lobby's labels and hints
    "tricks.option.target_score": "Punti per vincere",
    "tricks.option.target_score.hint": (
        "I punti delle carte che servono a una squadra, sommati sulle smazzate e con un vantaggio netto, "
        "per vincere la partita (solo con una smazzata da vincere)"
    ),
    "tricks.option.deals_to_win": "Smazzate da vincere",
    "tricks.option.deals_to_win.hint": (
        "1: decide una smazzata; 2: al meglio delle tre; 3: al meglio delle cinque. Vince la smazzata chi fa "
        "più di 60 punti, la patta non conta per nessuno"
    ),
    "tricks.option.deals_to_play": "Smazzate",
    "tricks.option.deals_to_play.hint": (
        "1, 5 o 10 smazzate (la patta si rigioca). Su più smazzate: chiamante +2, socio +1, difensori -1 "
        "ciascuno se la smazzata è vinta, il contrario se è persa, chiamante senza socio +4 o -4; vince "
        "il totale più alto"
    ),
    # the table: a match of several deals (briscola: deals won; chiamata: the running score)
    "tricks.deals_won": "Smazzate vinte",
    "tricks.deals_won_of": "Smazzate vinte (vince chi arriva a {count})",
    "tricks.deal_won_by": "{side} ha vinto la smazzata {number}",
    "tricks.deal_no_winner": "Smazzata {number}: patta, non la vince nessuno",
    "tricks.chiamata.standings": "Classifica",
    "tricks.chiamata.total": "Totale",
    "tricks.chiamata.deal_points": "Questa smazzata",
    "tricks.chiamata.deal_of": "Smazzata {number} di {total}",
    "tricks.chiamata.leader": "{name} è in testa con {points}",
    "tricks.chiamata.leader.you": "Sei in testa con {points}",
    "tricks.chiamata.shared_lead": "{names} sono in testa con {points}",
    "tricks.log.deals_won": "Smazzate vinte: {scores}.",
    "tricks.log.standings": "Classifica: {standings}.",
    # the table: the trick, the trump card, the deal's breakdown
    "tricks.trick": "Presa",
    "tricks.lead": "Sei di mano: gioca la prima carta.",
    "tricks.no_card": "Ancora nessuna carta giocata.",
    "tricks.played": "{name} ha giocato {card}.",
    "tricks.played.you": "Hai giocato {card}.",
    "tricks.won_trick": {
        "one": "{name} ha vinto la presa, {count} punto.",
        "other": "{name} ha vinto la presa, {count} punti.",
    },
    "tricks.won_trick.you": {
        "one": "Hai vinto la presa, {count} punto.",
        "other": "Hai vinto la presa, {count} punti.",
    },
    "tricks.trump": "Briscola: {suit}",
    "tricks.trump_drawn": "Briscola: {suit} (la carta è stata pescata)",
    "tricks.deal_patta": "Smazzata {number}: patta (60 pari)",
    "tricks.card_points": "Punti delle carte",
    "tricks.tricks_row": "Prese",
    # briscola chiamata: the auction, the call, the partner
    "tricks.chiamata.meta_caller": "Chiamante",
    "tricks.chiamata.meta_partner": "Socio",
    "tricks.chiamata.side_caller": "Chiamante",
    "tricks.chiamata.side_defenders": "Difensori",
    "tricks.chiamata.bid_points": "Due a {points} punti",
    "tricks.chiamata.pass_entry": "{name}: passo",
    "tricks.chiamata.bid_entry": "{name}: {bid}",
    "tricks.chiamata.bid_entry_forced": "{name}: {bid} (obbligata)",
    "tricks.chiamata.auction": "Asta",
    "tricks.chiamata.auction_won": "Asta vinta",
    "tricks.chiamata.standing": "Offerta più alta: {bid} ({name})",
    "tricks.chiamata.standing.you": "Offerta più alta: {bid} (tua)",
    "tricks.chiamata.no_bid": (
        "Ancora nessuna offerta. I gradi più bassi promettono di più: asso, tre, re, cavallo … due, poi i "
        "punti."
    ),
    "tricks.chiamata.your_bid": "La tua offerta",
    "tricks.chiamata.bid_now": "Tocca a te fare un'offerta.",
    "tricks.chiamata.points_option": {"one": "{count} punto", "other": "{count} punti"},
    "tricks.chiamata.points": "Punti",
    "tricks.chiamata.bid_points_button": "Offri i punti",
    "tricks.chiamata.pass": "Passo",
    "tricks.chiamata.call_group": "Chiama una carta",
    "tricks.chiamata.call_prompt": (
        "Hai vinto l'asta: chiama la carta di chi giocherà con te. Il suo seme diventa la briscola."
    ),
    "tricks.chiamata.call_card": "Chiama {card}",
    "tricks.chiamata.needs": "{name} deve fare {target} punti",
    "tricks.chiamata.needs.you": "Devi fare {target} punti",
    "tricks.chiamata.called_by": "Chiamata da {name} · briscola: {suit}",
    "tricks.chiamata.called_by.you": "Chiamata da te · briscola: {suit}",
    "tricks.chiamata.alone": "{name} gioca senza socio.",
    "tricks.chiamata.alone.you": "Giochi senza socio.",
    "tricks.chiamata.partner": "Socio: {name}.",
    "tricks.chiamata.partner.you": "Il socio sei tu.",
    "tricks.chiamata.secret": "Il socio è ancora segreto.",
    "tricks.chiamata.called": "{name} ha chiamato {card}.",
    "tricks.chiamata.called.you": "Hai chiamato {card}.",
    "tricks.chiamata.is_partner": "{name} è il socio.",
    "tricks.chiamata.is_partner.you": "Il socio sei tu.",
    "tricks.chiamata.summary_alone": (
        "{caller} ha offerto {bid}, ha chiamato {card} e ha giocato senza socio."
    ),
    "tricks.chiamata.summary_partner": (
        "{caller} ha offerto {bid}, ha chiamato {card} e ha giocato con {partner}."
    ),
    "tricks.chiamata.summary_points": (
        "Squadra del chiamante: {points} punti delle carte (ne servivano {target}) · difensori: {defenders}."
    ),
    # a seat's tricks
    "tricks.seat.tricks": {"one": "{count} presa vinta", "other": "{count} prese vinte"},
    # the move log
    "tricks.log.deal_started": "Smazzata {number}: dà le carte {name}.",
    "tricks.log.deal_started.you": "Smazzata {number}: dai le carte tu.",
    "tricks.log.trump_card": "Briscola: {card}.",
    "tricks.log.trump_drawn": "{name} ha pescato la briscola scoperta: {card}.",
    "tricks.log.trump_drawn.you": "Hai pescato la briscola scoperta: {card}.",
    "tricks.log.bid": "{name} ha offerto {bid}.",
    "tricks.log.bid.you": "Hai offerto {bid}.",
    "tricks.log.bid_forced": "{name} ha dovuto offrire {bid}.",
    "tricks.log.bid_forced.you": "Hai dovuto offrire {bid}.",
    "tricks.log.pass": "{name} ha detto passo.",
    "tricks.log.pass.you": "Hai detto passo.",
    "tricks.log.auction_won": "{name} ha vinto l'asta con {bid} e deve fare {target} punti.",
    "tricks.log.auction_won.you": "Hai vinto l'asta con {bid} e devi fare {target} punti.",
    "tricks.log.call": "{name} ha chiamato {card}; briscola: {suit}.",
    "tricks.log.call.you": "Hai chiamato {card}; briscola: {suit}.",
    "tricks.log.side_points": {"one": "{side} {count} punto", "other": "{side} {count} punti"},
    "tricks.log.deal_summary": (
        "Smazzata {number}, punti delle carte: {sides}. Punteggio della partita: {scores}."
    ),
    "tricks.log.deal_patta": "Smazzata {number}: patta, 60 pari. Punteggio della partita: {scores}.",
    "tricks.log.chiamata_partner": (
        "Smazzata {number}: {caller} e {partner} hanno fatto {points} punti (ne servivano {target}), i "
        "difensori {defenders}."
    ),
    "tricks.log.chiamata_alone": (
        "Smazzata {number}: {caller}, senza socio, ha fatto {points} punti (ne servivano {target}), i "
        "difensori {defenders}."
    ),
    "tricks.log.chiamata_caller_wins": "Vince la squadra del chiamante.",
    "tricks.log.chiamata_defenders_win": "Vincono i difensori.",
    "tricks.log.chiamata_patta": "Patta: non vince nessuno.",
    "tricks.log.last_trick": "Ultima presa",
}

WORDS: dict[str, dict[str, Any]] = {"it": IT, "en": EN}
