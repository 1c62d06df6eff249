-- Takebacks by agreement: moves gains the kind 'takeback', an entry whose
-- text names the ply of the decision it undoes ("takeback 17"). SQLite
-- cannot change a CHECK, so the table is rebuilt with every row kept.
CREATE TABLE moves_new (
    game_id         INTEGER NOT NULL REFERENCES games (id),
    ply             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'draw', 'forfeit', 'skip', 'takeback')),
    text            TEXT    NOT NULL,
    at              INTEGER NOT NULL,
    interaction_id  TEXT,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
INSERT INTO moves_new (game_id, ply, seat, kind, text, at, interaction_id)
    SELECT game_id, ply, seat, kind, text, at, interaction_id FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
-- A takeback asked for and not yet answered: the seat asking (or -1), and
-- the set of seats that have agreed, bit n for seat n.
ALTER TABLE games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN takeback_agreed INTEGER NOT NULL DEFAULT 0;
