package engine

import "math/bits"

// position is the board a Generator searches, changed in place move by move
// and restored on the way back, with what makes the next move quick to find.
type position struct {
	board Board
	hash  uint64 // zobrist sum of every checker of both sides

	// checkers has bit p set when the mover has a checker on point p
	// (1..24) or on the bar (Bar).
	checkers uint32

	// held has bit p set when the opponent holds the mover's point p with
	// two or more checkers. It stays put during a search: the mover only
	// ever hits blots, never a held point.
	held uint32
}

// undo is what play changed and takeBack restores.
type undo struct {
	move     Move
	hash     uint64
	checkers uint32
}

// reset sets up b for a search.
func (p *position) reset(b Board) {
	p.board = b
	p.hash = zobristHash(&b)
	p.checkers, p.held = 0, 0
	// (n+255)>>8 is 1 when n >= 1 and (n+254)>>8 when n >= 2, for n up to
	// 255: no branch to mispredict.
	for i, n := range b[Mover] {
		p.checkers |= (uint32(n) + 255) >> 8 << (i + 1)
	}
	for i, n := range b[Opponent][:Bar-1] {
		// The opponent's point i+1 is the mover's point 24-i.
		p.held |= (uint32(n) + 254) >> 8 << (Bar - 1 - i)
	}
}

// movers returns the points (bit p for point p) from which a checker may
// move by die, looking only at points up to top. A checker on the bar must
// enter first; bearing off needs every checker home and the exact die, or a
// larger die from the highest point (gnubg's LegalMove).
func (p *position) movers(die, top int) uint32 {
	if p.checkers&(1<<Bar) != 0 {
		if p.held&(1<<(Bar-die)) != 0 {
			return 0
		}
		return 1 << Bar
	}
	if p.checkers == 0 {
		return 0
	}
	upToTop := uint32(2)<<top - 1
	aboveDie := ^(uint32(2)<<die - 1)
	m := p.checkers & upToTop & aboveDie &^ (p.held << die)
	back := bits.Len32(p.checkers) - 1
	if back > 6 {
		return m
	}
	if die <= top {
		m |= p.checkers & (1 << die)
	}
	if back < die && back <= top {
		m |= 1 << back
	}
	return m
}

// play moves a checker of the mover from point from by die, hitting a blot
// where it lands, and returns what takeBack needs to restore the position.
func (p *position) play(from, die int) undo {
	u := undo{hash: p.hash, checkers: p.checkers}
	mover, opp := &p.board[Mover], &p.board[Opponent]
	to := max(from-die, Off)
	if mover[from-1]--; mover[from-1] == 0 {
		p.checkers &^= 1 << from
	}
	p.hash -= zobrist[Mover][from-1]
	hit := false
	if to != Off {
		// The opponent's point 25-to is at index 24-to of its half.
		if opp[Bar-1-to] == 1 {
			opp[Bar-1-to], opp[Bar-1] = 0, opp[Bar-1]+1
			p.hash += zobrist[Opponent][Bar-1] - zobrist[Opponent][Bar-1-to]
			hit = true
		}
		mover[to-1]++
		p.hash += zobrist[Mover][to-1]
		p.checkers |= 1 << to
	}
	u.move = Move{From: int8(from), To: int8(to), Hit: hit}
	return u
}

// takeBack undoes the play that returned u; plays are taken back in the
// reverse order they were made.
func (p *position) takeBack(u undo) {
	mover, opp := &p.board[Mover], &p.board[Opponent]
	from, to := int(u.move.From), int(u.move.To)
	mover[from-1]++
	if to != Off {
		mover[to-1]--
		if u.move.Hit {
			opp[Bar-1-to], opp[Bar-1] = 1, opp[Bar-1]-1
		}
	}
	p.hash, p.checkers = u.hash, u.checkers
}

// zobrist holds a random number per side and point: a board's hash is the
// sum over its checkers, so moving one checker is one subtraction and one
// addition.
var zobrist = newZobrist()

func newZobrist() (z [2]halfHashes) {
	// splitmix64 with a fixed seed: the same hashes in every run.
	x := uint64(0x6a09e667f3bcc908)
	for side := range z {
		for i := range z[side] {
			x += 0x9e3779b97f4a7c15
			v := (x ^ x>>30) * 0xbf58476d1ce4e5b9
			v = (v ^ v>>27) * 0x94d049bb133111eb
			z[side][i] = v ^ v>>31
		}
	}
	return z
}

// halfHashes is one zobrist number per point and bar of a Half.
type halfHashes [25]uint64

// zobristHash returns the hash of b: the sum of zobrist over its checkers.
func zobristHash(b *Board) uint64 {
	var h uint64
	for side := range b {
		for i, n := range b[side] {
			h += uint64(n) * zobrist[side][i]
		}
	}
	return h
}
