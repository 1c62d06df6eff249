package rumba

import (
	"context"
	"time"

	"parlor/rules"
)

// ThinkWork is Think on a position, with the units of work it did.
func ThinkWork(ctx context.Context, p *Position, level rules.Level, think time.Duration, seed uint64) (rules.Move, int64, error) {
	return Game{}.think(ctx, p, level, think, seed)
}
