-- Play over days, for PostgreSQL: the same as sqlite/0002_play_over_days.sql
-- (where a game is played, its clock, reminders, deadlines, pauses and
-- invitation expiry; server defaults and players' own settings; the 'skip'
-- log kind).

ALTER TABLE games ADD COLUMN thread_id TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN turn_since BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0);
ALTER TABLE games ADD COLUMN remind_hours INTEGER NOT NULL DEFAULT 24 CHECK (remind_hours >= 0);
ALTER TABLE games ADD COLUMN deadline_days INTEGER NOT NULL DEFAULT 0 CHECK (deadline_days >= 0);
ALTER TABLE games ADD COLUMN paused_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN pause_offer INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN expires_at BIGINT NOT NULL DEFAULT 0;

UPDATE games SET turn_since = updated_at;
UPDATE games SET expires_at = created_at + 3 * 86400000 WHERE status IN ('invited', 'open');

CREATE INDEX games_thread ON games (thread_id) WHERE thread_id <> '';
CREATE INDEX games_guild_status ON games (guild_id, status);

CREATE TABLE guild_settings (
    guild_id       TEXT    PRIMARY KEY,
    remind_hours   INTEGER NOT NULL CHECK (remind_hours >= 0),
    deadline_days  INTEGER NOT NULL CHECK (deadline_days >= 0),
    invite_hours   INTEGER NOT NULL CHECK (invite_hours > 0),
    updated_at     BIGINT  NOT NULL
);

CREATE TABLE user_settings (
    user_id        TEXT    PRIMARY KEY,
    reminders_off  BOOLEAN NOT NULL,
    updated_at     BIGINT  NOT NULL
);

ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check CHECK (kind IN ('move', 'resign', 'draw', 'forfeit', 'skip'));
