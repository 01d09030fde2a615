// The lobby's remembered choices: how long a match lasts, and sharing a table's link.
// Same keys as ./it_lobby_choices.js.

export default {
  // ------------------------------------------------------------ match length (../lobby_length.js)
  // A fixed choice's words: "lobby.length.<option>.<value>", else "lobby.length.<option>" with {count}.
  "lobby.length.deals_to_win.1": "One deal",
  "lobby.length.deals_to_win.2": "Best of three",
  "lobby.length.deals_to_win.3": "Best of five",
  "lobby.length.deals_to_play": { one: "{count} deal", other: "{count} deals" },
  "lobby.length.target_score": { one: "{count} point", other: "{count} points" },

  // ------------------------------------------------------------ sharing the invitation
  "table.share_link": "Share",
  "table.share_title": "A table of {game} on tavolo",
  "table.share_text": "Come and play {game} with me: open the link to take a seat.",
  "table.shared": "Link shared.",
};
