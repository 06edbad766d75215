package engine

import (
	"errors"
	"fmt"
)

// Point numbers with a meaning of their own, from the moving side's view.
const (
	Off = 0  // borne off
	Bar = 25 // on the bar
)

// CheckersPerSide is how many checkers each side plays with.
const CheckersPerSide = 15

// The two halves of a Board.
const (
	Opponent = 0 // the side not on roll
	Mover    = 1 // the side on roll
)

// Side is a colour in a match: White (side 0, the left column of a .mat
// file) or Black (side 1).
type Side uint8

// The sides of a match.
const (
	White Side = 0
	Black Side = 1
)

// Other returns the opponent of s.
func (s Side) Other() Side { return 1 - s }

func (s Side) String() string {
	switch s {
	case White:
		return "White"
	case Black:
		return "Black"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Half is one side's checkers seen from that side: Half[p-1] checkers on its
// point p (1..24), Half[Bar-1] on the bar. Borne-off checkers are not kept:
// they are the rest of the 15 (see BorneOff).
type Half [25]uint8

// On returns how many checkers the side has on its point p (1..24) or on the
// bar (p = Bar).
func (h *Half) On(p int) int { return int(h[p-1]) }

// Total returns how many checkers the side has on the board, bar included.
func (h *Half) Total() int {
	n := 0
	for _, c := range h {
		n += int(c)
	}
	return n
}

// AllHome reports whether every checker the side has on the board is in
// its home board (points 1-6), none on the bar: only then may it bear off.
func (h *Half) AllHome() bool { return h.highest() <= 6 }

// BorneOff returns how many of the side's checkers are off the board.
func (h *Half) BorneOff() int { return CheckersPerSide - h.Total() }

// Pips returns the side's pip count: how far its checkers have to travel to
// bear off.
func (h *Half) Pips() int {
	n := 0
	for i, c := range h {
		n += (i + 1) * int(c)
	}
	return n
}

// Board is a position as gnubg keeps it: Board[Opponent] and Board[Mover],
// each from its own side's view (see the package doc).
type Board [2]Half

// StartingBoard is the position every game starts from (either side on roll).
var StartingBoard = Board{startingHalf, startingHalf}

var startingHalf = Half{5: 5, 7: 3, 12: 5, 23: 2}

// Swap returns the board with the other side on roll.
func (b Board) Swap() Board { return Board{b[Mover], b[Opponent]} }

// Errors Validate reports, wrapped with the details.
var (
	ErrTooManyCheckers = errors.New("more than 15 checkers")
	ErrSharedPoint     = errors.New("both sides on one point")
)

// Validate reports a board no game can reach: a side with more than 15
// checkers, or checkers of both sides on one point.
func (b *Board) Validate() error {
	for side, name := range [2]string{"side not on roll", "side on roll"} {
		if n := b[side].Total(); n > CheckersPerSide {
			return fmt.Errorf("%s has %d checkers: %w", name, n, ErrTooManyCheckers)
		}
	}
	for p := 1; p <= 24; p++ {
		if b[Mover].On(p) > 0 && b[Opponent].On(25-p) > 0 {
			return fmt.Errorf("point %d of the side on roll: %w", p, ErrSharedPoint)
		}
	}
	return nil
}

// PointName names a point of a side's numbering for people: "point 13",
// "the bar", "off".
func PointName(p int) string {
	switch p {
	case Bar:
		return "the bar"
	case Off:
		return "off"
	}
	return fmt.Sprintf("point %d", p)
}
