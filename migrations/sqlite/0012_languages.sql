-- Languages. A game's language (games.lang, a Discord locale such as
-- "es-ES"; '' for English) is what its boards, pictures and notices are
-- said in: the server's language when the game was made. A server's
-- language (guild_settings.language) is a manager's choice that overrides
-- Discord's server language; '' follows Discord's.
ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT '';
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT '';

-- A player's language (user_settings.lang, a Discord locale; '' unknown)
-- is the one they had when they last set their digest: a direct message,
-- said outside any server or interaction, is said in it.
ALTER TABLE user_settings ADD COLUMN lang TEXT NOT NULL DEFAULT '';
