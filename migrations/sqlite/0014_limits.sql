-- Limits. A server's managers choose, within the operator's ceilings, how
-- many open lobbies (games invited or open, not lapsed) each member may
-- have made and how many games each member may be committed to (in play,
-- or joined and waiting to begin), and the same for the whole server
-- (/parlor settings). The defaults are 3, 25, 50 and 1,000.
ALTER TABLE guild_settings ADD COLUMN member_lobbies INTEGER NOT NULL DEFAULT 3;
ALTER TABLE guild_settings ADD COLUMN member_games INTEGER NOT NULL DEFAULT 25;
ALTER TABLE guild_settings ADD COLUMN server_lobbies INTEGER NOT NULL DEFAULT 50;
ALTER TABLE guild_settings ADD COLUMN server_games INTEGER NOT NULL DEFAULT 1000;

-- The games a member has made, for counting their open lobbies.
CREATE INDEX games_guild_creator ON games (guild_id, creator, status);

-- pace: how many interactions a user sent in the current fixed window of
-- time, per kind ('c' commands, clicks and menu choices; 'a'
-- autocomplete): one row per user and kind, its window (the window's
-- number, unix ms divided by the window's length) and its count. A new
-- window restarts the count; the sweep deletes rows of past windows.
CREATE TABLE pace (
    user_id  TEXT    NOT NULL,
    kind     TEXT    NOT NULL,
    win      INTEGER NOT NULL,
    n        INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
);
CREATE INDEX pace_win ON pace (win);
