-- Provably fair dice, for PostgreSQL: the same as
-- sqlite/0008_fair_dice.sql. A game's secret seed (hex), whose SHA-256 its
-- first message publishes, and the public input the players' interactions
-- gave after that.
ALTER TABLE games ADD COLUMN dice_seed TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN dice_input TEXT NOT NULL DEFAULT '';
