-- Every match finished from now on keeps its match record: the JSON document with its players,
-- its revealed seed and salt, every step and its result, from which anyone can replay it and
-- verify the shuffle. Written in the same transaction as the match row. NULL: a match played
-- before records were kept.

ALTER TABLE "match" ADD COLUMN record JSONB;
