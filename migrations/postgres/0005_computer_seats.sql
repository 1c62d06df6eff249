-- Computer players, for PostgreSQL: the same as
-- sqlite/0005_computer_seats.sql. A seat's computer is the level of the
-- computer player that sits in it ('easy' or 'strong'), '' for a person.
ALTER TABLE seats ADD COLUMN computer TEXT NOT NULL DEFAULT '';
