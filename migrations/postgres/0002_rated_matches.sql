-- Rated and casual matches: a casual match is kept in the history but moves no rating.
-- Each participant of a rated match also keeps the rating it had in that game type just
-- before the match (NULL for a casual match, and for matches recorded before this file
-- until `tavolo backfill-elo` replays them).

ALTER TABLE "match" ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE match_player ADD COLUMN rating_before INTEGER;

-- A table with a computer player at it is casual: so are the matches recorded with one.
-- Their deltas go back to 0 here; `tavolo backfill-elo` then takes them out of the ratings.
UPDATE "match" SET rated = FALSE
WHERE id IN (SELECT match_id FROM match_player WHERE starts_with(user_id, 'bot:'));

UPDATE match_player SET elo_delta = 0, rating_before = NULL
WHERE match_id IN (SELECT id FROM "match" WHERE NOT rated);
