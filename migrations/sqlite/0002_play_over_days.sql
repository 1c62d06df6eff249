-- Play over days: where a game is played, its clock, reminders, deadlines,
-- pauses and invitation expiry; server defaults and players' own settings.
-- Existing games keep everything they had: the new columns default to "no
-- thread, reminders every 24 hours, no deadline, not paused", the clock of
-- a game in play starts from its last change, and a lobby expires three
-- days after it was made.

-- thread_id: the thread the game is played in ('' when played in its
-- channel, channel_id, which stays the channel where it was started).
ALTER TABLE games ADD COLUMN thread_id TEXT NOT NULL DEFAULT '';
-- turn_since: when the decision now awaited began (the seat to move
-- changed), for reminders, deadlines and "waiting for".
ALTER TABLE games ADD COLUMN turn_since INTEGER NOT NULL DEFAULT 0;
-- reminders_sent: reminders sent for the decision now awaited.
ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0);
-- remind_hours: the delay before a reminder and between reminders; 0: none.
ALTER TABLE games ADD COLUMN remind_hours INTEGER NOT NULL DEFAULT 24 CHECK (remind_hours >= 0);
-- deadline_days: days a player has for a move before the game's policy
-- applies (a skipped turn or a forfeit); 0: no deadline.
ALTER TABLE games ADD COLUMN deadline_days INTEGER NOT NULL DEFAULT 0 CHECK (deadline_days >= 0);
-- paused_at: when the players paused the game; 0 when not paused.
ALTER TABLE games ADD COLUMN paused_at INTEGER NOT NULL DEFAULT 0;
-- pause_offer: the seat asking to pause (or, while paused, to resume), -1
-- for none.
ALTER TABLE games ADD COLUMN pause_offer INTEGER NOT NULL DEFAULT -1;
-- expires_at: when an unstarted game's invitations and open seats lapse;
-- 0: never.
ALTER TABLE games ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;

UPDATE games SET turn_since = updated_at;
UPDATE games SET expires_at = created_at + 3 * 86400000 WHERE status IN ('invited', 'open');

CREATE INDEX games_thread ON games (thread_id) WHERE thread_id <> '';
CREATE INDEX games_guild_status ON games (guild_id, status);

-- guild_settings: a server's defaults for new games, set by /parlor
-- settings.
CREATE TABLE guild_settings (
    guild_id       TEXT    PRIMARY KEY,
    remind_hours   INTEGER NOT NULL CHECK (remind_hours >= 0),
    deadline_days  INTEGER NOT NULL CHECK (deadline_days >= 0),
    invite_hours   INTEGER NOT NULL CHECK (invite_hours > 0),
    updated_at     INTEGER NOT NULL
);

-- user_settings: a player's own choices, such as no reminders.
CREATE TABLE user_settings (
    user_id        TEXT    PRIMARY KEY,
    reminders_off  INTEGER NOT NULL CHECK (reminders_off IN (0, 1)),
    updated_at     INTEGER NOT NULL
);

-- moves gains the kind 'skip' (a late player's turn skipped at the
-- deadline). SQLite cannot change a CHECK, so the table is rebuilt with
-- every row kept.
CREATE TABLE moves_new (
    id              INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL REFERENCES games (id),
    ply             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    kind            TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'draw', 'forfeit', 'skip')),
    text            TEXT    NOT NULL,
    at              INTEGER NOT NULL,
    interaction_id  TEXT    UNIQUE,
    UNIQUE (game_id, ply)
);
INSERT INTO moves_new (id, game_id, ply, seat, kind, text, at, interaction_id)
    SELECT id, game_id, ply, seat, kind, text, at, interaction_id FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
