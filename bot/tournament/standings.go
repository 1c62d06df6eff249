package tournament

import (
	"cmp"
	"slices"
)

// Standing is an entrant's line in the table of an event.
type Standing struct {
	Entrant string
	// Place is 1 for the first; entrants equal in points and every
	// tie-break share a place, and the next place is skipped.
	Place  int
	Points Points
	// Games is how many games the entrant has finished (byes included),
	// and Wins how many of them they won alone (a bye is a win).
	Games, Wins int
	// Tie-breaks. A Swiss event ranks by Buchholz, then SonnebornBerger;
	// a round robin by HeadToHead, then Wins. At a table of three or four
	// the opponents' points are their mean, so Buchholz is in 216ths of a
	// point (36ths times 6, which keeps a mean of two or three whole),
	// SonnebornBerger in 216ths times 36ths, HeadToHead in 36ths.
	Buchholz, SonnebornBerger, HeadToHead int64
	// Left is set for an entrant who withdrew.
	Left bool
}

// tieScale turns a sum of Points over the others at a table of n into a
// mean over them, in 216ths: 6/(n-1) is whole for n of 2 to 4.
func tieScale(n int) int64 { return int64(6 / (n - 1)) }

// points are each entrant's points over the games that are over.
func (e Event) points() map[string]Points {
	points := map[string]Points{}
	for _, g := range e.Games {
		if !g.Over() {
			continue
		}
		for i, id := range g.Seats {
			points[id] += g.PointsOf(i)
		}
	}
	return points
}

// Standings ranks e's entrants: by points, then by the format's
// tie-breaks (see the package comment).
func (e Event) Standings() []Standing {
	points := e.points()
	by := map[string]*Standing{}
	out := make([]Standing, len(e.Entrants))
	for i, id := range e.Entrants {
		out[i] = Standing{Entrant: id, Points: points[id], Left: slices.Contains(e.Left, id)}
		by[id] = &out[i]
	}
	for _, g := range e.Games {
		if !g.Over() {
			continue
		}
		for i, id := range g.Seats {
			s := by[id]
			s.Games++
			mine := g.PointsOf(i)
			if g.Bye() || (g.Places[i] == 1 && mine == Point) {
				s.Wins++
			}
			if g.Bye() {
				continue
			}
			var others Points
			for j, o := range g.Seats {
				if j != i {
					others += points[o]
				}
			}
			k := tieScale(len(g.Seats))
			s.Buchholz += int64(others) * k
			s.SonnebornBerger += int64(mine) * int64(others) * k
		}
	}
	// Head to head: the points each scored in games shared with another
	// of the entrants it is level with on points.
	level := func(a, b string) bool { return points[a] == points[b] }
	for _, g := range e.Games {
		if !g.Over() || g.Bye() {
			continue
		}
		for i, id := range g.Seats {
			for j, o := range g.Seats {
				if j != i && level(id, o) {
					by[id].HeadToHead += int64(g.PointsOf(i))
					break
				}
			}
		}
	}
	compare := func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if e.Format == Swiss {
			return cmp.Or(cmp.Compare(b.Buchholz, a.Buchholz), cmp.Compare(b.SonnebornBerger, a.SonnebornBerger))
		}
		return cmp.Or(cmp.Compare(b.HeadToHead, a.HeadToHead), cmp.Compare(b.Wins, a.Wins))
	}
	slices.SortStableFunc(out, compare)
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && compare(out[i-1], out[i]) == 0 {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}
