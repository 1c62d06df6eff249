-- The web page's personal links, for PostgreSQL: the same as
-- sqlite/0017_web_links.sql. A link opens its game only while its
-- generation is the member's stored one (0 without a row); revoking bumps
-- it. web_secret holds the key links are signed with when the operator
-- sets none, made once for every replica.
CREATE TABLE web_links (
    user_id     TEXT   NOT NULL,
    game_id     BIGINT NOT NULL,
    generation  BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE TABLE web_secret (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    secret  TEXT    NOT NULL
);
