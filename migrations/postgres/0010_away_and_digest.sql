-- Away days and digest reminders, for PostgreSQL: the same as
-- sqlite/0010_away_and_digest.sql (a server's yearly allowance of away
-- days, a player's digest choice and when their last digest went out, and
-- the periods players are away from a server's games).
ALTER TABLE guild_settings ADD COLUMN away_days INTEGER NOT NULL DEFAULT 14 CHECK (away_days >= 0);

ALTER TABLE user_settings ADD COLUMN digest BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE user_settings ADD COLUMN digest_at BIGINT NOT NULL DEFAULT 0;

CREATE TABLE away_periods (
    guild_id   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    starts_at  BIGINT  NOT NULL,
    ends_at    BIGINT  NOT NULL CHECK (ends_at >= starts_at),
    days       INTEGER NOT NULL CHECK (days >= 0),
    PRIMARY KEY (guild_id, user_id, starts_at)
);
