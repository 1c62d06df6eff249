-- The animated replay a game's thread gets when the game ends: 1 once it
-- is claimed for posting. Games already over are taken as posted, so that
-- old threads get no replay out of the blue.
ALTER TABLE games ADD COLUMN replay_posted INTEGER NOT NULL DEFAULT 0;
UPDATE games SET replay_posted = 1 WHERE status = 'over';
