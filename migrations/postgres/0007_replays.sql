-- The animated replay, for PostgreSQL: the same as sqlite/0007_replays.sql.
-- replay_posted is 1 once the replay of a game over is claimed for
-- posting; games already over are taken as posted.
ALTER TABLE games ADD COLUMN replay_posted INTEGER NOT NULL DEFAULT 0;
UPDATE games SET replay_posted = 1 WHERE status = 'over';
