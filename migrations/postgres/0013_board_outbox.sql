-- Boards owed, for PostgreSQL: the same as sqlite/0013_board_outbox.sql.
-- board_owed is the game's version whose board must still be posted (0:
-- none), board_lead the words it opens with, board_claim the time (ms)
-- until which whoever stored the change may post it before a sweep takes
-- it over.
ALTER TABLE games ADD COLUMN board_owed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN board_lead TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN board_claim BIGINT NOT NULL DEFAULT 0;
