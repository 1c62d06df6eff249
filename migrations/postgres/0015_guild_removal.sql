-- A server that removed the bot. removed_at is when Parlor learned it (the
-- gateway's GUILD_DELETE that is not an outage, or Discord answering
-- Unknown Guild for the server): the server's games are left out of every
-- sweep from then on. A server that adds the bot back has its row deleted,
-- and its games carry on as they were. Once the retention period has
-- passed since removed_at, a sweep claims the server (purge_claim, the time
-- until which it holds the claim; 0: none) and deletes its games and
-- everything tied only to them, then the row.
CREATE TABLE removed_guilds (
    guild_id     TEXT    PRIMARY KEY,
    removed_at   BIGINT NOT NULL,
    purge_claim  BIGINT NOT NULL DEFAULT 0
);
