-- Tournaments (issue 34), for PostgreSQL: the same tables as sqlite/0018_tournaments.sql.
CREATE TABLE tournaments (
    id            BIGSERIAL PRIMARY KEY,
    guild_id      TEXT    NOT NULL,
    channel_id    TEXT    NOT NULL,
    thread_id     TEXT    NOT NULL DEFAULT '',
    message_id    TEXT    NOT NULL DEFAULT '',
    kind          TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN ('round-robin', 'swiss')),
    per_game      INTEGER NOT NULL,
    rounds        INTEGER NOT NULL,
    twice         BOOLEAN NOT NULL DEFAULT FALSE,
    deadline_days INTEGER NOT NULL,
    starts_at     BIGINT NOT NULL DEFAULT 0,
    creator       TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('open', 'running', 'over', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,
    reported      INTEGER NOT NULL DEFAULT 0,
    version       BIGINT NOT NULL DEFAULT 1,
    takebacks     BOOLEAN NOT NULL DEFAULT FALSE,
    pauses        BOOLEAN NOT NULL DEFAULT FALSE,
    lang          TEXT    NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_channel ON tournaments (guild_id, channel_id, status);

-- The entrants of a tournament, in the order they joined (ord). A
-- computer entrant has its level in computer. left is set for one who
-- withdrew once it ran: their finished games still count.
CREATE TABLE tournament_entrants (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    member        TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    computer      TEXT    NOT NULL DEFAULT '',
    ord           INTEGER NOT NULL,
    left_event    BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (tournament_id, member)
);

-- The games of a tournament, and its byes.
CREATE TABLE tournament_games (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    game_id       BIGINT UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    bye           TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (tournament_id, round, board)
);
