-- Boards owed. A change that a board must follow (a move, a resignation,
-- a game begun) records, in the transaction that stores it, that its board
-- is owed: board_owed is the game's version whose board must still be
-- posted (0: none owed), board_lead the words that board opens with (what
-- happened, in the game's language), and board_claim the time (ms) until
-- which whoever stored the change may post it before any sweep takes it
-- over. Posting the board (recording it as the game's live message) pays
-- the debt. A process that dies between the commit and the post leaves
-- the debt for the next sweep of any replica.
ALTER TABLE games ADD COLUMN board_owed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN board_lead TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN board_claim INTEGER NOT NULL DEFAULT 0;
