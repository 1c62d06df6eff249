package bot

import (
	"context"
	"errors"
	"sync"
	"time"

	"parlor/storage"
)

// A server that removes the bot: a door that learns it (the gateway's
// GUILD_DELETE that is not an outage; over HTTP, Discord answering that
// the bot is not in the server) tells the table (GuildRemoved), which
// marks the server in the database, so that every replica leaves its
// games out of the sweeps: no reminders, deadlines, computer moves,
// replays or boards owed for them. A server that adds the bot back
// (GUILD_CREATE, or any interaction from it) is marked back (GuildBack)
// and its games carry on as they were. Once the retention period
// (Config.Retain) has passed, a sweep claims the server and deletes its
// games and everything tied only to them.

// DefaultRetain is how long the games of a server that removed the bot
// are kept, when Config.Retain is zero.
const DefaultRetain = 30 * 24 * time.Hour

// purgeHold is how long a sweep holds its claim on a server's purge: a
// process that dies purging leaves the rest to a sweep after it.
const purgeHold = 10 * time.Minute

// removed is what a process knows of the servers that removed the bot,
// so that an interaction from a server that is not marked (every
// interaction, nearly) costs no query: loaded from the database at the
// first interaction and again at every sweep, and kept up to date with the
// marks this process makes.
type removed struct {
	mu     sync.Mutex
	loaded bool
	set    map[string]bool
}

// marked reports whether the server is marked, loading the marks first
// if they were never loaded.
func (t *Table) marked(ctx context.Context, guildID string) (bool, error) {
	t.removed.mu.Lock()
	defer t.removed.mu.Unlock()
	if !t.removed.loaded {
		if err := t.loadRemovedLocked(ctx); err != nil {
			return false, err
		}
	}
	return t.removed.set[guildID], nil
}

// loadRemoved reads the marks from the database.
func (t *Table) loadRemoved(ctx context.Context) error {
	t.removed.mu.Lock()
	defer t.removed.mu.Unlock()
	return t.loadRemovedLocked(ctx)
}

func (t *Table) loadRemovedLocked(ctx context.Context) error {
	list, err := t.store.Removed(ctx)
	if err != nil {
		return err
	}
	t.removed.set = map[string]bool{}
	for _, g := range list {
		t.removed.set[g.GuildID] = true
	}
	t.removed.loaded = true
	return nil
}

// mark notes in memory that the bot was removed from the server, or is
// back in it.
func (r *removed) mark(guildID string, gone bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !gone {
		delete(r.set, guildID)
		return
	}
	if r.set == nil {
		r.set = map[string]bool{}
	}
	r.set[guildID] = true
}

// GuildRemoved records that the bot was removed from the server: its games
// stop until it is added back, and are deleted after the retention period.
func (t *Table) GuildRemoved(ctx context.Context, guildID string) error {
	return t.markGuild(ctx, guildID, true)
}

// GuildBack records that the server has the bot (again): if it had
// removed it, its games carry on as they were.
func (t *Table) GuildBack(ctx context.Context, guildID string) error {
	return t.markGuild(ctx, guildID, false)
}

// markGuild stores and keeps in memory that the bot is gone from the
// server, or back in it, and logs the change when there was one.
func (t *Table) markGuild(ctx context.Context, guildID string, gone bool) error {
	mark, say, attrs := t.store.MarkBack, "the bot is back in a server that had removed it: its games carry on", []any{"guild", guildID}
	if gone {
		mark, say = t.store.MarkRemoved, "the bot was removed from a server: its games stop, and are deleted after the retention period"
		attrs = append(attrs, "retain", t.retain)
	}
	changed, err := mark(ctx, guildID)
	if err != nil {
		return err
	}
	t.removed.mark(guildID, gone)
	if changed {
		t.log.Info(say, attrs...)
	}
	return nil
}

// backFrom marks back the server an interaction came from, if it is
// marked: an interaction from a server means the bot is in it.
func (t *Table) backFrom(ctx context.Context, req Request) {
	if req.GuildID == "" {
		return
	}
	marked, err := t.marked(ctx, req.GuildID)
	if err == nil && marked {
		err = t.GuildBack(ctx, req.GuildID)
	}
	if err != nil {
		t.log.Error("mark a server back", "guild", req.GuildID, "err", err)
	}
}

// purge deletes the games of the servers whose retention period has
// passed, each claimed first so that two sweeps never both purge one, and
// reloads the marks.
func (t *Table) purge(ctx context.Context) {
	for ctx.Err() == nil {
		guild, ok, err := t.store.ClaimPurge(ctx, t.retain, purgeHold)
		if err != nil {
			if ctx.Err() == nil {
				t.log.Error("claim a server's purge", "err", err)
			}
			break // stopping: the next sweep claims it
		}
		if !ok {
			break
		}
		r, err := t.store.PurgeRemoved(ctx, guild)
		switch {
		case errors.Is(err, storage.ErrNotRemoved):
			t.log.Info("a server's purge stopped: it has the bot again", "guild", guild, "purged", r.String())
		case err != nil && ctx.Err() != nil:
			t.log.Info("a server's purge cut short by the stop: the next sweep goes on", "guild", guild, "purged", r.String())
		case err != nil:
			t.log.Error("purge a server", "guild", guild, "purged", r.String(), "err", err)
		default:
			t.log.Info("purged a server that removed the bot", "guild", guild, "purged", r.String())
		}
	}
	if err := t.loadRemoved(ctx); err != nil && ctx.Err() == nil {
		t.log.Error("load the servers that removed the bot", "err", err)
	}
}
