-- Arenas: each arena as created, who entered it, every recorded game of it from each player's side,
-- and its final standings, each written once. Timestamps are epoch seconds, as in 0001; identifiers
-- that are sorted on or joined use the "C" collation (plain code-point order, as in 0001).
-- No foreign keys: a worker may record an arena's games or standings before it sees the arena row.

CREATE TABLE arena (
    id           TEXT COLLATE "C" PRIMARY KEY,
    name         TEXT NOT NULL,
    game_type    TEXT NOT NULL,
    starts_at    DOUBLE PRECISION NOT NULL,
    minutes      INTEGER NOT NULL,
    turn_seconds DOUBLE PRECISION NOT NULL,
    options      JSONB NOT NULL DEFAULT '{}'::jsonb,
    public       BOOLEAN NOT NULL,
    berserk      BOOLEAN NOT NULL,
    -- a user id; NULL for an arena the operator scheduled
    creator      TEXT COLLATE "C",
    -- set in the transaction that stores its final standings (arena_result), so that the arenas
    -- still to pair or close are found through arena_unfinished_idx, not among all past ones
    finished     BOOLEAN NOT NULL DEFAULT FALSE
);

-- The lobby's list: public arenas whose end (the expression the list compares, as written) is ahead.
CREATE INDEX arena_listed_idx ON arena ((starts_at + minutes * 60), starts_at, id) WHERE public;
CREATE INDEX arena_unfinished_idx ON arena (starts_at, id) WHERE NOT finished;

CREATE TABLE arena_entrant (
    arena_id  TEXT COLLATE "C" NOT NULL,
    user_id   TEXT COLLATE "C" NOT NULL,
    name      TEXT NOT NULL,
    joined_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (arena_id, user_id)
);

-- A player's history: the arenas they entered.
CREATE INDEX arena_entrant_user_idx ON arena_entrant (user_id);

-- One row per game and player: the game's outcome for that player ('win', 'draw', 'loss').
CREATE TABLE arena_game (
    arena_id        TEXT COLLATE "C" NOT NULL,
    game_id         TEXT COLLATE "C" NOT NULL,
    user_id         TEXT COLLATE "C" NOT NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    berserk         BOOLEAN NOT NULL,
    opponent_rating DOUBLE PRECISION NOT NULL,
    started_at      DOUBLE PRECISION NOT NULL,
    finished_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX arena_game_arena_idx ON arena_game (arena_id, started_at);

-- That an arena's final standings are stored (possibly none: nobody played): one row, written once,
-- in the same transaction as its arena_standing rows.
CREATE TABLE arena_result (
    arena_id TEXT COLLATE "C" PRIMARY KEY
);

CREATE TABLE arena_standing (
    arena_id    TEXT COLLATE "C" NOT NULL,
    rank        INTEGER NOT NULL,
    user_id     TEXT COLLATE "C" NOT NULL,
    name        TEXT NOT NULL,
    points      INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    -- NULL: no game played
    performance INTEGER,
    PRIMARY KEY (arena_id, user_id)
);
