-- Fewer pages to write for a move. Every commit syncs each page it
-- changed, and a move changed six: the games row, and two b-trees each of
-- the move log and the interactions. Both tables are rebuilt, every row
-- kept, so that each is one b-tree, keyed by what finds its rows.

-- moves: keyed by (game_id, ply), the entry's place in its game's log,
-- without a rowid, so a move writes one b-tree instead of three. Its id,
-- which nothing read, goes. interaction_id is no longer unique on its own:
-- the interaction is recorded in interactions first, in the same
-- transaction, which refuses one already handled (ErrDuplicate).
CREATE TABLE moves_new (
    game_id         INTEGER NOT NULL REFERENCES games (id),
    ply             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'draw', 'forfeit', 'skip')),
    text            TEXT    NOT NULL,
    at              INTEGER NOT NULL,
    interaction_id  TEXT,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
INSERT INTO moves_new (game_id, ply, seat, kind, text, at, interaction_id)
    SELECT game_id, ply, seat, kind, text, at, interaction_id FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;

-- interactions: the same columns, without a rowid, so that its primary key
-- is the table rather than an index beside it.
CREATE TABLE interactions_new (
    id       TEXT    PRIMARY KEY,
    game_id  INTEGER,
    at       INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO interactions_new (id, game_id, at) SELECT id, game_id, at FROM interactions;
DROP TABLE interactions;
ALTER TABLE interactions_new RENAME TO interactions;
