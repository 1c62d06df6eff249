-- A player's choice to see each move before it counts (/parlor me
-- confirm:on): 1 when a move shows a preview with Confirm and Cancel.
ALTER TABLE user_settings ADD COLUMN confirm_moves INTEGER NOT NULL DEFAULT 0;
