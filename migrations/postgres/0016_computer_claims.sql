-- Computer players' turns, for PostgreSQL: the same as
-- sqlite/0016_computer_claims.sql. think_version is the game's version
-- whose turn a worker claimed, think_until the time (ms) until which the
-- claim holds.
ALTER TABLE games ADD COLUMN think_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN think_until BIGINT NOT NULL DEFAULT 0;
