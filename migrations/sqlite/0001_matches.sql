-- Finished matches, their participants, and the per-game-type Elo ratings.
-- Timestamps are epoch seconds (REAL is an 8-byte float: a Python float round-trips exactly).
-- JSON documents are TEXT; booleans are 0/1. Text compares with BINARY (code-point order).

CREATE TABLE "match" (
    id          TEXT PRIMARY KEY NOT NULL,
    game_type   TEXT NOT NULL,
    started_at  REAL NOT NULL,
    finished_at REAL NOT NULL,
    result      TEXT NOT NULL,
    -- the two rated sides in order, as [[label, [user ids…]], …], and the winning label (NULL: a draw)
    sides       TEXT NOT NULL,
    winner      TEXT
);

CREATE INDEX match_game_type_idx ON "match" (game_type);
CREATE INDEX match_finished_idx ON "match" (finished_at, id);

CREATE TABLE match_player (
    match_id  TEXT NOT NULL REFERENCES "match" (id) ON DELETE CASCADE,
    user_id   TEXT NOT NULL,
    name      TEXT NOT NULL,
    seat      INTEGER NOT NULL,
    team      TEXT,
    won       INTEGER NOT NULL CHECK (won IN (0, 1)),
    points    INTEGER NOT NULL,
    elo_delta INTEGER NOT NULL DEFAULT 0,
    details   TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX match_player_user_idx ON match_player (user_id);

CREATE TABLE player_rating (
    user_id   TEXT NOT NULL,
    game_type TEXT NOT NULL,
    name      TEXT NOT NULL,
    rating    INTEGER NOT NULL DEFAULT 1500,
    matches   INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0,
    points    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, game_type)
);

CREATE INDEX player_rating_leaderboard_idx ON player_rating (game_type, rating DESC, wins DESC, user_id);
