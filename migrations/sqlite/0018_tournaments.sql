-- Tournaments (issue 34). A manager opens one in a channel (its sign-up
-- message there, its thread from that message); members join and leave
-- while it is open; once it runs, Parlor makes its rounds of games. Every
-- change bumps version, and a round's games are made in the transaction
-- that moves round forward from the round before, so that two sweeps or
-- two replicas making the same round store it once. reported is the last
-- round whose standings were posted in the thread. Times are unix ms;
-- starts_at 0 means the creator starts it.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      TEXT    NOT NULL,
    channel_id    TEXT    NOT NULL,
    thread_id     TEXT    NOT NULL DEFAULT '',
    message_id    TEXT    NOT NULL DEFAULT '',
    kind          TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN ('round-robin', 'swiss')),
    per_game      INTEGER NOT NULL,
    rounds        INTEGER NOT NULL,
    twice         INTEGER NOT NULL DEFAULT 0,
    deadline_days INTEGER NOT NULL,
    starts_at     INTEGER NOT NULL DEFAULT 0,
    creator       TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('open', 'running', 'over', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,
    reported      INTEGER NOT NULL DEFAULT 0,
    version       INTEGER NOT NULL DEFAULT 1,
    takebacks     INTEGER NOT NULL DEFAULT 0,
    pauses        INTEGER NOT NULL DEFAULT 0,
    lang          TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_channel ON tournaments (guild_id, channel_id, status);

-- The entrants of a tournament, in the order they joined (ord). A
-- computer entrant has its level in computer. left is set for one who
-- withdrew once it ran: their finished games still count.
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    member        TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    computer      TEXT    NOT NULL DEFAULT '',
    ord           INTEGER NOT NULL,
    left_event    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, member)
);

-- The games of a tournament: each is an ordinary game, marked with its
-- tournament, round and table (tables are numbered from 1 in each round,
-- and each is made once), or a bye: no game, and the entrant who has it.
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    game_id       INTEGER UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    bye           TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (tournament_id, round, board)
);
