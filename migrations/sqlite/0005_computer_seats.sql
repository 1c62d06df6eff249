-- Computer players: a seat's computer is the level of the computer player
-- that sits in it ('easy' or 'strong'), '' for a person.
ALTER TABLE seats ADD COLUMN computer TEXT NOT NULL DEFAULT '';
