package engine

import (
	"errors"
	"fmt"
)

// ResultKind is how big a win is: single game, gammon or backgammon, worth
// that many times the cube.
type ResultKind uint8

// The kinds of win.
const (
	Single     ResultKind = 1 // the loser has borne off a checker
	Gammon     ResultKind = 2 // the loser has borne off none
	Backgammon ResultKind = 3 // a gammon with a loser's checker on the bar or in the winner's home board
)

// ErrResultKind is the error for a ResultKind other than Single, Gammon and
// Backgammon.
var ErrResultKind = errors.New("not single, gammon or backgammon")

func (k ResultKind) String() string {
	switch k {
	case Single:
		return "single"
	case Gammon:
		return "gammon"
	case Backgammon:
		return "backgammon"
	}
	return fmt.Sprintf("ResultKind(%d)", uint8(k))
}

func (k ResultKind) valid() bool { return k >= Single && k <= Backgammon }

// KindOf returns how big the win is over a loser whose checkers are left as
// in loser when the winner bears off its last checker: a gammon when the
// loser has borne off none, a backgammon when, besides, a loser's checker is
// on the bar or in the winner's home board (the loser's points 19 to 24).
// outOfPlay counts the loser's checkers missing from the board that were
// never borne off (US 4.4, 4.7): they save no gammon.
func KindOf(loser *Half, outOfPlay int) ResultKind {
	switch {
	case loser.BorneOff() > outOfPlay:
		return Single
	case loser.inZone() > 0:
		return Backgammon
	}
	return Gammon
}

// inZone counts the checkers on the bar or in the opponent's home board:
// those that make a gammon a backgammon.
func (h *Half) inZone() int {
	n := 0
	for p := 19; p <= Bar; p++ {
		n += h.On(p)
	}
	return n
}

// Result is how a game ended.
type Result struct {
	Winner Side
	// Kind is the win as the game ended or was conceded; a passed double
	// is a Single.
	Kind ResultKind
	// Points is what Winner scores: Kind times the cube, a pass the cube
	// before the double, a gammon or backgammon under the Jacoby rule with
	// the cube centred a single point.
	Points int
}

func (r Result) String() string {
	return fmt.Sprintf("%v wins %d (%v)", r.Winner, r.Points, r.Kind)
}
