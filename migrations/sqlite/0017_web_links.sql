-- The web page's personal links. A link is a signed token that carries
-- the member, the game and a generation; it opens the game only while its
-- generation is the member's stored one for that game (0 when there is no
-- row). /<game> web revoke bumps the generation, so every link the member
-- was given for the game stops opening it at once, on every replica.
CREATE TABLE web_links (
    user_id     TEXT    NOT NULL,
    game_id     INTEGER NOT NULL,
    generation  INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
-- The key the links are signed with when the operator sets none: made once
-- by whichever replica first needs it, then read by all, so that a link
-- made by one replica opens on another. id is always 1.
CREATE TABLE web_secret (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    secret  TEXT    NOT NULL
);
