// Package storage keeps Parlor's games in a database, a SQLite file (the
// default) or a PostgreSQL server (a postgres:// URL, shared by replicas):
// one row per game with its current position text and a version, its
// seats, and a move log that is the truth of every game (replaying it from
// the start gives the stored position). Both engines hold the same things
// and answer the same; where they differ, this comment says so.
//
// Storage knows a game only as a kind, a position text and a log of move
// texts; what they mean is the rules engines' business.
//
// Every change of a game (a move, a vote to pause, a seat, a draw offer)
// goes through Apply, which in one transaction records the
// interaction that caused it (so a redelivered interaction is refused with
// ErrDuplicate), bumps the version only if it is still the one the caller
// loaded (else ErrConflict: someone else moved first), and appends the new
// entries to the move log:
//
//	db, err := storage.Open(ctx, "parlor.db")
//	if err != nil {
//		return err
//	}
//	defer db.Close()
//	g, err := db.Game(ctx, id)
//	if err != nil {
//		return err
//	}
//	// ... ask the rules engine for the new position ...
//	_, err = db.Apply(ctx, storage.Change{
//		GameID:        g.ID,
//		Version:       g.Version,
//		Position:      next.String(),
//		Status:        storage.StatusActive,
//		DrawOffer:     storage.NoDrawOffer,
//		Entries:       []storage.Entry{{Seat: 0, Kind: storage.EntryMove, Text: "e2e4"}},
//		InteractionID: interactionID,
//	})
//	switch {
//	case errors.Is(err, storage.ErrConflict):
//		// the board changed: reload and ask again
//	case errors.Is(err, storage.ErrDuplicate):
//		// already handled this interaction
//	}
//
// Of changes made at once from the same version exactly one is stored; the
// others get ErrConflict and are the caller's to try again on the game as it
// is then. Game.BoardVersion tells which versions a board drawn earlier is
// still good for: changes that leave the position and status as they were
// do not move it.
//
// A change after which the players must see the board also records, in
// the same transaction, that its board is owed (Change.Board): the outbox
// of a game's boards. Recording the board as posted (SwapLive with
// Live.Owed) pays the debt; a board its holder did not post in time is
// listed by Due and claimed by one sweep (ClaimBoard), so that a process
// dying between a commit and its post loses no board.
//
// A server that removed the bot is a row (MarkRemoved): Due leaves its
// games out until it is marked back (MarkBack). Past the retention
// period one sweep claims it (ClaimPurge) and deletes its games and all
// tied only to them (PurgeRemoved), a batch of games a transaction; Purge
// does it at once for an operator.
//
// Commits are durable (synchronous=FULL in WAL mode). With SQLite, every
// write of a DB (Apply, Create, the settings, the claims) goes through one
// writer, so that this process's writes never wait for each other in
// SQLite's busy handler: the writes waiting are committed together in one
// transaction and one sync of the disk (group commit), each in its own
// savepoint, so that one refused by its version guard, or failing, is
// undone alone and gets its own error while the others are stored. A
// caller is answered once the commit that holds its write has returned; if
// that commit fails, every write in it fails. A lone write waits for no
// company. PostgreSQL runs each write in its own transaction.
//
// Errors are classified for the caller: ErrBusy (locked too long),
// ErrUnwritable (the disk, file or directory refuses the write; with
// ErrFull, ErrReadOnly, ErrNoDirectory or ErrIO), ErrCorrupt and
// ErrNewerSchema (from Open). Nothing is written by a call that fails.
//
// Backup copies a SQLite database that is in use, consistently, without
// changing or migrating it (PostgreSQL is backed up with pg_dump).
//
// The schema lives in the migrations package and is applied by Open, each
// migration once and in order. Times are stored as unix milliseconds and returned in UTC.
package storage
