-- Away days and digest reminders.
--
-- away_days: how many days a year (UTC) each member of the server may be
-- away from its games (/parlor away), set by managers; 14 until changed.
ALTER TABLE guild_settings ADD COLUMN away_days INTEGER NOT NULL DEFAULT 14 CHECK (away_days >= 0);

-- digest: the player gets one message a day listing every game waiting
-- on them instead of one reminder per game; digest_at: when the last one
-- was claimed (0: never), so that it goes out at most once a day.
ALTER TABLE user_settings ADD COLUMN digest INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1));
ALTER TABLE user_settings ADD COLUMN digest_at INTEGER NOT NULL DEFAULT 0;

-- away_periods: the times a player is (or was) away from a server's games.
-- While away their turns there are not reminded and their deadlines do not
-- run; afterwards the time away does not count against the decision
-- awaited. ends_at is moved back when they come back early; days is what
-- the period counts against the allowance of the year (UTC) it began.
CREATE TABLE away_periods (
    guild_id   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    starts_at  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL CHECK (ends_at >= starts_at),
    days       INTEGER NOT NULL CHECK (days >= 0),
    PRIMARY KEY (guild_id, user_id, starts_at)
);
