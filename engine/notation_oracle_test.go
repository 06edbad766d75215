package engine

import (
	"testing"
)

// TestNotationOracle reads every play of the oracle as gnubg wrote it and
// checks, for each: the moves lead to the position gnubg gives; FormatPlay
// writes gnubg's string back; FormatMat's form reads back to the same
// position.
func TestNotationOracle(t *testing.T) {
	var plays, formatted, errs int
	fail := func(format string, args ...any) {
		t.Helper()
		if errs++; errs <= 10 {
			t.Errorf(format, args...)
		}
	}
	for i, r := range loadOracle(t) {
		for _, p := range r.Plays {
			plays++
			moves, err := ParseMoves(p.Move)
			if err != nil {
				fail("record %d: %v", i+1, err)
				continue
			}
			after, err := r.Board.Apply(moves)
			if err != nil {
				fail("record %d, %s: %v", i+1, p.Move, err)
				continue
			}
			if got := after.Swap(); got.PositionID() != p.After {
				fail("record %d (%s), %s: after %s, want %s", i+1, r.Position, p.Move, got.PositionID(), p.After)
			}
			if got := FormatPlay(r.Board, moves); got == p.Move {
				formatted++
			} else {
				fail("record %d (%s): FormatPlay(%v) = %q, want %q", i+1, r.Position, moves, got, p.Move)
			}
			mat := FormatMat(r.Board, moves)
			back, err := ParseMoves(mat)
			if err != nil {
				fail("record %d, %s: FormatMat wrote %q: %v", i+1, p.Move, mat, err)
				continue
			}
			if again, err := r.Board.Apply(back); err != nil || again != after {
				fail("record %d, %s: FormatMat wrote %q, which does not play the same (%v)", i+1, p.Move, mat, err)
			}
		}
	}
	if plays < 100_000 {
		t.Errorf("the oracle has %d plays, want over 100,000", plays)
	}
	t.Logf("FormatPlay gives gnubg's string for %d of %d plays (%.3f%%)", formatted, plays, 100*float64(formatted)/float64(plays))
}
