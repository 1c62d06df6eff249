-- Fewer pages to write for a move, for PostgreSQL: the same as
-- sqlite/0004_fewer_pages_per_move.sql. The move log is keyed by
-- (game_id, ply); its id, which nothing read, goes with its sequence; and
-- interaction_id is no longer unique on its own (interactions, written
-- first in the same transaction, refuses an interaction already handled).
-- interactions is unchanged: PostgreSQL keeps every table as a heap beside
-- its indexes, and its primary key is the one index it has.
ALTER TABLE moves DROP COLUMN id;
ALTER TABLE moves DROP CONSTRAINT moves_interaction_id_key;
ALTER TABLE moves DROP CONSTRAINT moves_game_id_ply_key, ADD CONSTRAINT moves_pkey PRIMARY KEY (game_id, ply);
