-- One outcome for every change: every change to a game (a move, a vote to
-- pause, a seat, a draw offer) bumps its version under the version guard.
-- board_version is the version at which the game's position or status last
-- changed: a board drawn at that version or later is still the board, so
-- its buttons stay good through changes that leave the board as it was
-- (a vote to pause, a draw offer).
ALTER TABLE games ADD COLUMN board_version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET board_version = version;
