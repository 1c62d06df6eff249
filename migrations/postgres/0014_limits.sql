-- Limits, for PostgreSQL: the same as sqlite/0014_limits.sql. The four
-- limits of a server (its members' open lobbies and games, the server's),
-- and pace, a user's interactions in the current window per kind.
ALTER TABLE guild_settings ADD COLUMN member_lobbies INTEGER NOT NULL DEFAULT 3;
ALTER TABLE guild_settings ADD COLUMN member_games INTEGER NOT NULL DEFAULT 25;
ALTER TABLE guild_settings ADD COLUMN server_lobbies INTEGER NOT NULL DEFAULT 50;
ALTER TABLE guild_settings ADD COLUMN server_games INTEGER NOT NULL DEFAULT 1000;

CREATE INDEX games_guild_creator ON games (guild_id, creator, status);

CREATE TABLE pace (
    user_id  TEXT    NOT NULL,
    kind     TEXT    NOT NULL,
    win      BIGINT  NOT NULL,
    n        INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
);
CREATE INDEX pace_win ON pace (win);
