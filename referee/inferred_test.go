package referee

import (
	"strings"
	"testing"

	"gammond/engine"
)

func newInferredFixture(t *testing.T) *resignFixture {
	t.Helper()
	f := newFixture(t, 5, engine.MatchOpts{})
	f.r.SetInferredDice()
	f.show(engine.StartingBoard, engine.White)
	return f
}

// played returns the board after White's moves from the start, Black on
// roll.
func played(t *testing.T, moves ...engine.Move) engine.Board {
	t.Helper()
	b, err := engine.StartingBoard.Apply(moves)
	if err != nil {
		t.Fatal(err)
	}
	return b.Swap()
}

// TestInferredDiceTheRollThePlayShows (item 7): with no roll given, White's
// opening 8/5 6/5 is a 3-1, recorded with the inferred roll and said so.
func TestInferredDiceTheRollThePlayShows(t *testing.T) {
	f := newInferredFixture(t)
	f.show(played(t, engine.Move{From: 8, To: 5}, engine.Move{From: 6, To: 5}), engine.Black)
	f.r.Done(engine.White)
	plays := f.since(0, PlayMade)
	if len(plays) != 1 || plays[0].Side != engine.White || plays[0].Dice != (engine.Dice{3, 1}) {
		t.Fatalf("plays %+v: want White's 3-1", plays)
	}
	inferred := f.since(0, DiceInferred)
	if len(inferred) != 1 || inferred[0].Ambiguous || !strings.Contains(inferred[0].Reason, "dice inferred") {
		t.Fatalf("inferred %+v: want one, not ambiguous", inferred)
	}
	if got := f.since(0, Irregularity, IllegalPlay); len(got) != 0 {
		t.Fatalf("irregular %+v", got)
	}
	if s := f.r.Status(); s.Phase != PhaseRolling || s.OnRoll != engine.Black {
		t.Errorf("status %s, %v on roll: want Black's turn", s.Phase, s.OnRoll)
	}
}

// TestInferredDiceSmallestOfSeveral (item 7): 13/7 shows 4-2 or 5-1: the
// smallest, 4-2, is recorded and the ambiguity reported.
func TestInferredDiceSmallestOfSeveral(t *testing.T) {
	f := newInferredFixture(t)
	f.show(played(t, engine.Move{From: 13, To: 7}), engine.Black)
	f.r.Done(engine.White)
	plays, inferred := f.since(0, PlayMade), f.since(0, DiceInferred)
	if len(plays) != 1 || plays[0].Dice != (engine.Dice{4, 2}) {
		t.Fatalf("plays %+v: want a 4-2", plays)
	}
	if len(inferred) != 1 || !inferred[0].Ambiguous || !strings.Contains(inferred[0].Reason, "51") {
		t.Fatalf("inferred %+v: want 4-2, 5-1 fitting too", inferred)
	}
}

// TestInferredDiceOnlyImpossiblePlaysFlagged (item 7): 24/11 is no roll's
// play: flagged; corrected to 8/5 6/5 it stands as a 3-1. The turn order
// is still checked: Black's DONE on White's turn is out of turn.
func TestInferredDiceOnlyImpossiblePlaysFlagged(t *testing.T) {
	f := newInferredFixture(t)
	f.show(played(t, engine.Move{From: 24, To: 11}), engine.Black)
	f.r.Done(engine.White)
	if got := f.since(0, IllegalPlay); len(got) != 1 || got[0].Side != engine.White {
		t.Fatalf("illegal %+v: want White's play flagged", got)
	}
	f.show(played(t, engine.Move{From: 8, To: 5}, engine.Move{From: 6, To: 5}), engine.Black)
	f.r.Done(engine.White)
	plays := f.since(0, PlayMade)
	if len(plays) != 1 || plays[0].Dice != (engine.Dice{3, 1}) || len(f.since(0, Corrected)) != 1 {
		t.Fatalf("plays %+v: want the correction as a 3-1", plays)
	}
	n := len(f.events)
	f.r.Done(engine.White) // Black's turn
	if got := f.since(n, Irregularity); len(got) != 1 {
		t.Fatalf("White's DONE on Black's turn: %+v, want an irregularity", f.events[n:])
	}
}
