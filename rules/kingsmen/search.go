package kingsmen

// This file holds the mutable board the computer player searches on: the
// same rules as Position, played and taken back in place with no
// allocation. TestSearchBoardAgrees checks it against Position move for
// move.

// cell is what stands on a square in a searchBoard: 0 for nothing, else the
// Kind in the low two bits and the Side in bit 2.
type cell uint8

func cellOf(p Piece) cell {
	if p.Empty() {
		return 0
	}
	return cell(p.Kind) | cell(p.Side)<<2
}

func (c cell) kind() Kind { return Kind(c & 3) }
func (c cell) side() Side { return Side(c >> 2) }

// smove is a move of the search: from in the low byte, to in the high one.
// The zero smove (a1 to a1) is no move.
type smove uint16

func newSmove(from, to int) smove { return smove(from) | smove(to)<<8 }
func (m smove) from() int         { return int(m & 0xff) }
func (m smove) to() int           { return int(m >> 8) }

// maxMoves is more than any position's number of moves: a side has 12
// pieces, and a Knight at most 13 squares to go to.
const maxMoves = 160

// The board's lines, computed once: ray[s][d] lists the squares from s
// outward in direction d up to the edge, rayLen[s][d] of them; arrowDirs[s]
// lists the directions printed on s.
var (
	ray       [Squares][8][Ranks - 1]int8
	rayLen    [Squares][8]uint8
	arrowDirs [Squares][]Dir
)

// zobrist keys: one per piece code and square, one for North to move, and
// one per quiet-ply count for the counts near the draw (see searchBoard.key).
var (
	zPiece [8][Squares]uint64
	zNorth uint64
	zQuiet [QuietLimit + 1]uint64
)

// quietKeyed is the quiet-ply count from which the count is part of a
// position's key: below it the search hardly reaches the draw (it would
// take 40 quiet plies), and positions reached with different counts, after
// captures in another order, share the table.
const quietKeyed = QuietLimit - 40

func init() {
	for s := Square(0); s < Squares; s++ {
		for d := N; d <= NW; d++ {
			df, dr := d.Step()
			for i := 1; SquareAt(s.File()+i*df, s.Rank()+i*dr) != NoSquare; i++ {
				ray[s][d][i-1] = int8(SquareAt(s.File()+i*df, s.Rank()+i*dr))
				rayLen[s][d] = uint8(i)
			}
			if Board[s].Has(d) {
				arrowDirs[s] = append(arrowDirs[s], d)
			}
		}
	}
	x := uint64(0x6b696e67736d656e) // "kingsmen": fixed, so keys are the same in every run
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zPiece {
		for s := range zPiece[c] {
			zPiece[c][s] = next()
		}
	}
	zNorth = next()
	for q := range zQuiet {
		zQuiet[q] = next()
	}
}

// searchBoard is a Position the search changes in place.
type searchBoard struct {
	cells  [Squares]cell
	king   [2]int8 // each side's King square, -1 once captured
	toMove Side
	quiet  int
	hash   uint64 // of the pieces and the side to move
}

// undo is what taking a move back needs.
type undo struct {
	captured cell
	quiet    int
	hash     uint64
}

func (b *searchBoard) load(p *Position) {
	*b = searchBoard{toMove: p.toMove, quiet: p.quiet, king: [2]int8{-1, -1}}
	for s, pc := range p.board {
		c := cellOf(pc)
		b.cells[s] = c
		if c != 0 {
			b.hash ^= zPiece[c][s]
			if pc.Kind == King {
				b.king[pc.Side] = int8(s)
			}
		}
	}
	if b.toMove == North {
		b.hash ^= zNorth
	}
}

// key identifies the position for the transposition table: the pieces, the
// side to move and, near the quiet-move draw, the quiet plies.
func (b *searchBoard) key() uint64 {
	if b.quiet >= quietKeyed {
		return b.hash ^ zQuiet[b.quiet]
	}
	return b.hash
}

// play plays m and returns what takes it back.
func (b *searchBoard) play(m smove) undo {
	from, to := m.from(), m.to()
	c, captured := b.cells[from], b.cells[to]
	u := undo{captured: captured, quiet: b.quiet, hash: b.hash}
	b.hash ^= zPiece[c][from] ^ zPiece[c][to] ^ zNorth
	if captured != 0 {
		b.hash ^= zPiece[captured][to]
		b.quiet = 0
		if captured.kind() == King {
			b.king[captured.side()] = -1
		}
	} else {
		b.quiet++
	}
	if c.kind() == King {
		b.king[c.side()] = int8(to)
	}
	b.cells[to], b.cells[from] = c, 0
	b.toMove = b.toMove.Other()
	return u
}

// unplay takes back m, played with undo u.
func (b *searchBoard) unplay(m smove, u undo) {
	from, to := m.from(), m.to()
	c := b.cells[to]
	b.cells[from], b.cells[to] = c, u.captured
	if c.kind() == King {
		b.king[c.side()] = int8(from)
	}
	if u.captured.kind() == King {
		b.king[u.captured.side()] = int8(to)
	}
	b.toMove = b.toMove.Other()
	b.quiet, b.hash = u.quiet, u.hash
}

// passTurn gives the move to the other side without moving (the null move
// of the search, which no rule allows); passing twice undoes it.
func (b *searchBoard) passTurn() {
	b.toMove = b.toMove.Other()
	b.hash ^= zNorth
}

// attacked reports whether a piece of side by could move to target: the
// Position's attacks, looked for from target outward.
func (b *searchBoard) attacked(target int, by Side) bool {
	for d := N; d <= NW; d++ {
		n := int(rayLen[target][d])
		back := d.Opposite()
		for i := 0; i < n; i++ {
			x := ray[target][d][i]
			c := b.cells[x]
			if c == 0 {
				continue
			}
			if c.side() == by && Board[x].Has(back) && (i == 0 || c.kind() == Knight) {
				return true
			}
			break
		}
	}
	return false
}

// inThreat reports whether side's King could be captured now.
func (b *searchBoard) inThreat(side Side) bool {
	k := b.king[side]
	return k >= 0 && b.attacked(int(k), side.Other())
}

// canTakeKing reports whether the side to move could capture the other King.
func (b *searchBoard) canTakeKing() bool {
	return b.inThreat(b.toMove.Other())
}

// generate appends to out the moves of the side to move that follow the
// arrows, without regard to Threat (Position.pseudo), only captures when
// captures is set.
func (b *searchBoard) generate(out []smove, captures bool) []smove {
	us := b.toMove
	for s := 0; s < Squares; s++ {
		c := b.cells[s]
		if c == 0 || c.side() != us {
			continue
		}
		knight := c.kind() == Knight
		for _, d := range arrowDirs[s] {
			n := int(rayLen[s][d])
			for i := 0; i < n; i++ {
				to := int(ray[s][d][i])
				t := b.cells[to]
				if t != 0 {
					if t.side() != us {
						out = append(out, newSmove(s, to))
					}
					break
				}
				if !captures {
					out = append(out, newSmove(s, to))
				}
				if !knight {
					break
				}
			}
		}
	}
	return out
}

// legalIn keeps, of the moves of a side under Threat, those the rules allow
// (Position.endsThreat): a capture of the other King, or a move after which
// the mover's King is safe.
func (b *searchBoard) legalIn(moves []smove) []smove {
	us := b.toMove
	legal := moves[:0]
	for _, m := range moves {
		if b.cells[m.to()].kind() == King {
			legal = append(legal, m)
			continue
		}
		u := b.play(m)
		safe := !b.inThreat(us)
		b.unplay(m, u)
		if safe {
			legal = append(legal, m)
		}
	}
	return legal
}

// hasLegal reports whether the side to move has a legal move.
func (b *searchBoard) hasLegal(buf []smove) bool {
	moves := b.generate(buf[:0], false)
	if !b.inThreat(b.toMove) {
		return len(moves) > 0
	}
	return len(b.legalIn(moves)) > 0
}
