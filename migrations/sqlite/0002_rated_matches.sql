-- Rated and casual matches: a casual match is kept in the history but moves no rating.
-- Each participant of a rated match also keeps the rating it had in that game type just
-- before the match (NULL for a casual match, and for matches recorded before this file
-- until `tavolo backfill-elo` replays them). Booleans are 0/1, as in 0001.

ALTER TABLE "match" ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
ALTER TABLE match_player ADD COLUMN rating_before INTEGER;

-- A table with a computer player at it is casual: so are the matches recorded with one.
-- Their deltas go back to 0 here; `tavolo backfill-elo` then takes them out of the ratings.
-- (substr, not LIKE: SQLite's LIKE ignores case.)
UPDATE "match" SET rated = 0
WHERE id IN (SELECT match_id FROM match_player WHERE substr(user_id, 1, 4) = 'bot:');

UPDATE match_player SET elo_delta = 0, rating_before = NULL
WHERE match_id IN (SELECT id FROM "match" WHERE rated = 0);
