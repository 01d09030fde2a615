// The table on a phone: the header's short score line and its details, the move-log sheet, the
// running score of a match of several deals. Same keys as ./it_table_phone.js.

export default {
  "table.details": "Table details",
  "table.details_short": "Details",
  "table.log_open": "Log",
  "table.log_close": "Close",
  "table.log_sheet": "What happened at this table",
  "table.short_scores": "Score",
  "table.player": "Player",
  "table.deals_short": "Deals",
  "table.deals_line": "Deals won: {scores} (first to {count})",
  "table.standings_short": "total",
  "table.standings_line": "Running total: {scores}",
  "table.standings_title": "Running total",
};
