package welsh

import (
	"fmt"
	"slices"
	"testing"

	"gammond/engine"
)

// men is one side's men by its own point numbers (engine.Bar for the
// roof); the side's other men are checked out.
type men map[int]int

// board returns the board with mover on roll against opponent. A board
// no Welsh game can reach is a mistake in the test: it panics.
func board(mover, opponent men) engine.Board {
	var b engine.Board
	for p, n := range mover {
		b[engine.Mover][p-1] = uint8(n)
	}
	for p, n := range opponent {
		b[engine.Opponent][p-1] = uint8(n)
	}
	if err := Validate(&b); err != nil {
		panic(fmt.Sprintf("test board %v against %v: %v", mover, opponent, err))
	}
	return b
}

// after returns the board a play leaving mover and opponent as given
// (each in its own numbering) shows, the opponent on roll.
func after(mover, opponent men) engine.Board { return board(mover, opponent).Swap() }

// plays returns the plays of t from b as their notation, sorted.
func notations(plays []engine.Play) []string {
	var out []string
	for _, p := range plays {
		out = append(out, FormatPlay(p.Steps()))
	}
	slices.Sort(out)
	return out
}

// hasAfter reports whether a play leaves want.
func hasAfter(plays []engine.Play, want engine.Board) bool {
	return slices.ContainsFunc(plays, func(p engine.Play) bool { return p.After == want })
}

// wantAfters fails unless the plays leave exactly the positions want.
func wantAfters(t *testing.T, plays []engine.Play, want ...engine.Board) {
	t.Helper()
	if len(plays) != len(want) {
		t.Fatalf("%d plays %v, want %d", len(plays), notations(plays), len(want))
	}
	for i, w := range want {
		if !hasAfter(plays, w) {
			t.Errorf("no play leaves position %d (%s) among %v", i+1, w.PositionID(), notations(plays))
		}
	}
}

// hasMove reports whether some play makes the move from one point to another.
func hasMove(plays []engine.Play, from, to int) bool {
	return slices.ContainsFunc(plays, func(p engine.Play) bool {
		return slices.ContainsFunc(p.Steps(), func(m engine.Move) bool { return int(m.From) == from && int(m.To) == to })
	})
}
