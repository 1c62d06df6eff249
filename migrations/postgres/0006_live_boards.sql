-- One live board per game, for PostgreSQL: the same as
-- sqlite/0006_live_boards.sql. The message that shows the game's newest
-- board (or its invitation) with its buttons, so that the board it
-- replaces can lose its own; live_version is the game's version that board
-- was drawn at.
ALTER TABLE games ADD COLUMN live_channel TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN live_message TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN live_version BIGINT NOT NULL DEFAULT 0;
