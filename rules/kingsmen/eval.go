package kingsmen

import "math/bits"

// The computer player's evaluation of a position, for the side to move, in
// hundredths of an Archer. It counts material, mobility (the squares each
// piece may move to), the King's safety (its ways out, and the squares from
// which the other side could announce Threat next move) and pieces left
// hanging, and fades toward the quiet-move draw. Its weights were checked
// in matches of the strong player against itself with one weight changed
// (doubled, halved or dropped): none of those changes scored better.

// pieceValue is what each kind is worth; the King's value only orders the
// captures (taking it ends the game).
var pieceValue = [...]int{NoKind: 0, King: 2000, Knight: 300, Archer: 100}

// mobilityWeight is what one square a piece may move to is worth.
var mobilityWeight = [...]int{NoKind: 0, King: 0, Knight: 4, Archer: 3}

// The King's safety, hanging pieces, the move.
const (
	// threatSquareWeight is the cost of each square from which the other
	// side could Threaten the King next move.
	threatSquareWeight = 12
	// escapeWeight is what each of the King's ways out is worth, up to
	// three of them.
	escapeWeight = 10
	// hangingShare is the part (out of 16) of a hanging piece the side to
	// move is charged when two or more of its pieces hang: it saves one.
	hangingShare = 10
	// tempo is the side to move's edge.
	tempo = 8
)

// easyNoise is the most the evaluation is off by at the easy level.
const easyNoise = 60

// evaluate scores the position for the side to move, which is not under
// Threat and cannot take the other King.
func (sr *searcher) evaluate() int {
	b := &sr.b
	var (
		score     [2]int
		reach     [2]uint64 // squares each side's pieces may move to, captures included
		knightTo  [2]uint64 // the same for its Knights
		guarded   [2]uint64 // squares of each side's pieces that another of its pieces could move to
		occupied  [2]uint64
		materials [2]int
	)
	for s := 0; s < Squares; s++ {
		c := b.cells[s]
		if c == 0 {
			continue
		}
		side, kind := c.side(), c.kind()
		occupied[side] |= 1 << s
		if kind != King {
			materials[side] += pieceValue[kind]
		}
		knight := kind == Knight
		moves := 0
		for _, d := range arrowDirs[s] {
			n := int(rayLen[s][d])
			for i := 0; i < n; i++ {
				to := ray[s][d][i]
				t := b.cells[to]
				if t != 0 && t.side() == side {
					guarded[side] |= 1 << to
					break
				}
				reach[side] |= 1 << to
				if knight {
					knightTo[side] |= 1 << to
				}
				moves++
				if t != 0 || !knight {
					break
				}
			}
		}
		score[side] += moves * mobilityWeight[kind]
	}

	for side := South; side <= North; side++ {
		other := side.Other()
		score[side] += materials[side]
		k := int(b.king[side])
		// The King's ways out: steps along its arrows to squares the
		// other side does not reach.
		escapes := 0
		for _, d := range arrowDirs[k] {
			to := ray[k][d][0]
			if occupied[side]&(1<<to) == 0 && reach[other]&(1<<to) == 0 {
				escapes++
			}
		}
		score[side] += min(escapes, 3) * escapeWeight
		// The squares from which a piece of the other side would
		// Threaten the King, and which one of its pieces can reach now.
		danger := 0
		for d := N; d <= NW; d++ {
			n := int(rayLen[k][d])
			back := d.Opposite()
			for i := 0; i < n; i++ {
				x := ray[k][d][i]
				if Board[x].Has(back) {
					if i == 0 && reach[other]&(1<<x) != 0 || knightTo[other]&(1<<x) != 0 {
						danger++
					}
				}
				if b.cells[x] != 0 {
					break
				}
			}
		}
		score[side] -= danger * threatSquareWeight * (4 - min(escapes, 3)) / 2
	}

	// The side to move saves one hanging piece; the other side's are the
	// quiescence search's.
	us := b.toMove
	hanging, worst, second := occupied[us]&reach[us.Other()]&^guarded[us], 0, 0
	for hanging != 0 {
		s := bits.TrailingZeros64(hanging)
		hanging &= hanging - 1
		v := pieceValue[b.cells[s].kind()]
		if b.cells[s].kind() == King {
			continue
		}
		switch {
		case v > worst:
			worst, second = v, worst
		case v > second:
			second = v
		}
	}
	total := score[us] - score[us.Other()] - second*hangingShare/16 + tempo
	// An edge fades as the quiet-move draw nears, so the side ahead
	// prefers captures (which start the count again) to waiting.
	total = total * (2*QuietLimit - b.quiet) / (2 * QuietLimit)
	if sr.noise != 0 {
		total += sr.noisy(b.hash)
	}
	return total
}

// noisy is Easy's error for the position with hash h: the same for the
// same position within a decision.
func (sr *searcher) noisy(h uint64) int {
	z := (h ^ sr.noise) * 0x9e3779b97f4a7c15
	z ^= z >> 29
	return int(z%(2*easyNoise+1)) - easyNoise
}
