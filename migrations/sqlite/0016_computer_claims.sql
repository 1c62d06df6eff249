-- Computer players' turns. A worker that takes a computer's turn claims it
-- first: think_version is the game's version whose turn is claimed, and
-- think_until the time (ms) until which the claim holds. Another worker (of
-- this process or another replica) takes the same turn only once the claim
-- has lapsed (its holder died), and any worker takes the next turn at once,
-- its version being another.
ALTER TABLE games ADD COLUMN think_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN think_until INTEGER NOT NULL DEFAULT 0;
