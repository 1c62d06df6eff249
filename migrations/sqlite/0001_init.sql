-- Parlor's first schema. Times are unix milliseconds (INTEGER, UTC).

-- games: one row per table, holding its current position text and a version
-- that every accepted change bumps (optimistic concurrency).
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,
    guild_id    TEXT    NOT NULL DEFAULT '',
    channel_id  TEXT    NOT NULL,
    creator     TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('invited', 'open', 'active', 'over', 'declined', 'cancelled')),
    position    TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 1,
    draw_offer  INTEGER NOT NULL DEFAULT -1,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE INDEX games_channel_status ON games (channel_id, status);
CREATE INDEX games_status ON games (status);

-- seats: who sits where. joined = 0 while invited, 1 once playing.
CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    joined   INTEGER NOT NULL CHECK (joined IN (0, 1)),
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_user ON seats (user_id);

-- moves: the move log, the truth of every game. seat -1 is chance (dice).
CREATE TABLE moves (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id),
    ply             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'draw', 'forfeit')),
    text            TEXT    NOT NULL,
    at              INTEGER NOT NULL,
    interaction_id  TEXT    UNIQUE,
    UNIQUE (game_id, ply)
);

-- interactions: every mutating interaction handled, so a redelivered one is
-- recognised. game_id is the game it changed (NULL if none).
CREATE TABLE interactions (
    id       TEXT    PRIMARY KEY,
    game_id  INTEGER,
    at       INTEGER NOT NULL
);
