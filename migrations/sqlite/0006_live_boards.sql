-- One live board per game: the message that shows the game's newest board
-- (or its invitation) with its buttons, so that the board it replaces
-- can lose its own. live_version is the game's version that board was
-- drawn at; '' and 0 when the game has none yet.
ALTER TABLE games ADD COLUMN live_channel TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN live_message TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN live_version INTEGER NOT NULL DEFAULT 0;
