// Suggestions in a casual game against the computer (../suggestion.js, the move log's mark, the
// replay's line). Same keys as ./it_suggest.js.

export default {
  "suggest.button": "Suggest",
  "suggest.asking": "Thinking…",
  "suggest.hint": "What would the hard computer play in your place? It is shown, not played, and the move log notes that you asked.",
  "suggest.said": "Suggested: {move}.",
  "suggest.with": "with {cards}",
  "log.suggested_mark": "suggested",
  "replay.suggested": "{name} is shown the move the computer would play.",
  "error.suggestions_unavailable": "Suggestions are offered only in casual games against the computer.",
  "error.stale": "The game moved on: ask again.",
  "error.suggest.not_your_turn": "You can ask for a suggestion on your turn.",
  "error.suggest.unavailable": "No suggestion can be worked out right now; try again in a moment.",
};
