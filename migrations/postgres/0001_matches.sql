-- Finished matches, their participants, and the per-game-type Elo ratings.
-- Timestamps are epoch seconds (double precision round-trips a Python float exactly).
-- Identifiers that are sorted on use the "C" collation, so that ordering by them
-- is plain code-point order, the same as Python's and SQLite's.

CREATE TABLE "match" (
    id          TEXT COLLATE "C" PRIMARY KEY,
    game_type   TEXT NOT NULL,
    started_at  DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    result      JSONB NOT NULL,
    -- the two rated sides in order, as [[label, [user ids…]], …], and the winning label (NULL: a draw)
    sides       JSONB NOT NULL,
    winner      TEXT
);

CREATE INDEX match_game_type_idx ON "match" (game_type);
CREATE INDEX match_finished_idx ON "match" (finished_at, id);

CREATE TABLE match_player (
    match_id  TEXT COLLATE "C" NOT NULL REFERENCES "match" (id) ON DELETE CASCADE,
    user_id   TEXT COLLATE "C" NOT NULL,
    name      TEXT NOT NULL,
    seat      INTEGER NOT NULL,
    team      TEXT,
    won       BOOLEAN NOT NULL,
    points    INTEGER NOT NULL,
    elo_delta INTEGER NOT NULL DEFAULT 0,
    details   JSONB NOT NULL DEFAULT '{}'::jsonb,
    PRIMARY KEY (match_id, user_id)
);

CREATE INDEX match_player_user_idx ON match_player (user_id);

CREATE TABLE player_rating (
    user_id   TEXT COLLATE "C" NOT NULL,
    game_type TEXT NOT NULL,
    name      TEXT NOT NULL,
    rating    INTEGER NOT NULL DEFAULT 1500,
    matches   INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0,
    points    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, game_type)
);

CREATE INDEX player_rating_leaderboard_idx ON player_rating (game_type, rating DESC, wins DESC, user_id);
