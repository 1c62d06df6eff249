-- Provably fair dice: a game's secret seed (hex), whose SHA-256 its first
-- message publishes, and the public input the players' interactions gave
-- after that (set when the game begins). '' for games made before: their
-- dice came from crypto/rand alone.
ALTER TABLE games ADD COLUMN dice_seed TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN dice_input TEXT NOT NULL DEFAULT '';
