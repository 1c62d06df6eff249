-- A player's choice to see each move before it counts, for PostgreSQL:
-- the same as sqlite/0011_confirm_moves.sql.
ALTER TABLE user_settings ADD COLUMN confirm_moves BOOLEAN NOT NULL DEFAULT false;
