// I suggerimenti nelle partite amichevoli contro il computer (../suggestion.js, il segno nel registro
// delle mosse, la riga del replay). Stesse chiavi di ./en_suggest.js.

export default {
  "suggest.button": "Suggerisci",
  "suggest.asking": "Ci penso…",
  "suggest.hint": "Cosa giocherebbe il computer difficile al tuo posto? Te lo mostra senza giocarlo, e il registro delle mosse annota che l'hai chiesto.",
  "suggest.said": "Suggerimento: {move}.",
  "suggest.with": "con {cards}",
  "log.suggested_mark": "su suggerimento",
  "replay.suggested": "A {name} viene mostrata la mossa che giocherebbe il computer.",
  "error.suggestions_unavailable": "I suggerimenti ci sono solo nelle partite amichevoli contro il computer.",
  "error.stale": "La partita è andata avanti: chiedi di nuovo.",
  "error.suggest.not_your_turn": "Il suggerimento si chiede nel tuo turno.",
  "error.suggest.unavailable": "Ora non si riesce a trovare un suggerimento; riprova tra poco.",
};
