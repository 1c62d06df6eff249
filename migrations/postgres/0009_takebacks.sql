-- Takebacks by agreement, for PostgreSQL: the same as
-- sqlite/0009_takebacks.sql. moves gains the kind 'takeback'; games the
-- takeback asked for (the seat asking, or -1) and the seats that agreed.
ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check CHECK (kind IN ('move', 'resign', 'draw', 'forfeit', 'skip', 'takeback'));
ALTER TABLE games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN takeback_agreed INTEGER NOT NULL DEFAULT 0;
