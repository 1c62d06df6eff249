-- The board's version, for PostgreSQL: the same as
-- sqlite/0003_board_version.sql. board_version is the version at which the
-- game's position or status last changed.
ALTER TABLE games ADD COLUMN board_version BIGINT NOT NULL DEFAULT 0;
UPDATE games SET board_version = version;
