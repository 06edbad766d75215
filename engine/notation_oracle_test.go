package engine

import (
	"slices"
	"testing"

	"gammond/internal/testmain"
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
	records, least := loadOracle(t), 100_000
	if testmain.Trimmed() { // CI reads every play (.ci/run)
		records, least = everyTenth(records), 10_000
	}
	for i, r := range records {
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
	if plays < least {
		t.Errorf("the oracle has %d plays, want over %d", plays, least)
	}
	t.Logf("FormatPlay gives gnubg's string for %d of %d plays (%.3f%%)", formatted, plays, 100*float64(formatted)/float64(plays))
}

// TestFormatPlayOneDieAtATime splits every oracle play into moves of one
// die each, as a Play holds them, reverses their order, and checks
// FormatPlay still writes gnubg's string. Moves from one point go shorter
// first, as FormatPlay asks of a non-double.
func TestFormatPlayOneDieAtATime(t *testing.T) {
	t.Parallel()
	var plays, errs int
	for i, r := range loadOracle(t) {
		for _, p := range r.Plays {
			moves, err := ParseMoves(p.Move)
			if err != nil {
				t.Fatalf("record %d: %v", i+1, err)
			}
			steps, ok := dieSteps(&r.Board, moves, Dice(r.Dice))
			if !ok {
				t.Fatalf("record %d: %s does not split into moves of %v", i+1, p.Move, r.Dice)
			}
			slices.Reverse(steps)
			for a := range steps {
				for b := a + 1; b < len(steps); b++ {
					if steps[a].From == steps[b].From && steps[a].To < steps[b].To {
						steps[a], steps[b] = steps[b], steps[a]
					}
				}
			}
			if got := FormatPlay(r.Board, steps); got != p.Move {
				if errs++; errs <= 10 {
					t.Errorf("record %d (%s, %v): FormatPlay(%v) = %q, want %q", i+1, r.Position, r.Dice, steps, got, p.Move)
				}
			}
			plays++
		}
	}
	t.Logf("FormatPlay of one-die moves gives gnubg's string for %d of %d plays", plays-errs, plays)
}

// dieSteps splits the moves of a play into moves of one die each, passing
// no opponent checker on the way (gnubg would have shown the hit).
func dieSteps(b *Board, moves []Move, d Dice) ([]Move, bool) {
	dice := []int{d[0], d[1]}
	if d.Double() {
		dice = append(dice, d[0], d[0])
	}
	used := make([]bool, len(dice))
	var steps []Move
	var split func(k int, from int8) bool
	split = func(k int, from int8) bool {
		if k == len(moves) {
			return true
		}
		m := moves[k]
		for i, die := range dice {
			if used[i] {
				continue
			}
			to := max(from-int8(die), Off)
			if to < m.To || to == Off && m.To != Off || to > m.To && b[Opponent][24-to] > 0 {
				continue
			}
			used[i] = true
			steps = append(steps, Move{From: from, To: to})
			next, nextFrom := k, to
			if to == m.To {
				next++
				if next < len(moves) {
					nextFrom = moves[next].From
				}
			}
			if split(next, nextFrom) {
				return true
			}
			used[i] = false
			steps = steps[:len(steps)-1]
		}
		return false
	}
	return steps, len(moves) == 0 || split(0, moves[0].From)
}
