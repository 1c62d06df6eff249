-- Languages, for PostgreSQL: the same as sqlite/0012_languages.sql.
ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT '';
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE user_settings ADD COLUMN lang TEXT NOT NULL DEFAULT '';
