-- Parlor's first schema, for PostgreSQL: the same tables as
-- sqlite/0001_init.sql. Times are unix milliseconds (BIGINT, UTC).

-- games: one row per table, holding its current position text and a version
-- that every accepted change bumps (optimistic concurrency).
CREATE TABLE games (
    id          BIGSERIAL PRIMARY KEY,
    kind        TEXT    NOT NULL,
    guild_id    TEXT    NOT NULL DEFAULT '',
    channel_id  TEXT    NOT NULL,
    creator     TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CONSTRAINT games_status_check
                CHECK (status IN ('invited', 'open', 'active', 'over', 'declined', 'cancelled')),
    position    TEXT    NOT NULL,
    version     BIGINT  NOT NULL DEFAULT 1,
    draw_offer  INTEGER NOT NULL DEFAULT -1,
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL
);

CREATE INDEX games_channel_status ON games (channel_id, status);
CREATE INDEX games_status ON games (status);

-- seats: who sits where. joined is false while invited, true once playing.
CREATE TABLE seats (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    joined   BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_user ON seats (user_id);

-- moves: the move log, the truth of every game. seat -1 is chance (dice).
CREATE TABLE moves (
    id              BIGSERIAL PRIMARY KEY,
    game_id         BIGINT  NOT NULL REFERENCES games (id),
    ply             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    kind            TEXT    NOT NULL
                    CONSTRAINT moves_kind_check CHECK (kind IN ('move', 'resign', 'draw', 'forfeit')),
    text            TEXT    NOT NULL,
    at              BIGINT  NOT NULL,
    interaction_id  TEXT    UNIQUE,
    UNIQUE (game_id, ply)
);

-- interactions: every mutating interaction handled, so a redelivered one is
-- recognised. game_id is the game it changed (NULL if none).
CREATE TABLE interactions (
    id       TEXT    PRIMARY KEY,
    game_id  BIGINT,
    at       BIGINT  NOT NULL
);
