package referee

import (
	"testing"

	"gammond/engine"
)

// TestTouchedAfterDoneUS4_3: White moves a checker after its DONE (US
// 4.3): White's irregularity, the point lit, Black's roll refused until the
// board is put back; then Black's turn is judged from the official
// position, never flagged for White's touch.
func TestTouchedAfterDoneUS4_3(t *testing.T) {
	f := newResignFixture(t, 5)
	official := f.r.lines[0].board // Black on roll
	white := official.Swap()
	moved, err := white.Apply([]engine.Move{{From: 13, To: 11}})
	if err != nil {
		t.Fatal(err)
	}
	f.show(moved, engine.White)
	touched := f.since(0, Touched)
	if len(touched) != 1 || touched[0].Side != engine.White || len(touched[0].Points) == 0 {
		t.Fatalf("touched %+v: want White's, with the points", touched)
	}
	if s := f.r.Status(); len(s.Touched) == 0 {
		t.Fatal("status lights no point")
	}
	n := len(f.events)
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	if got := f.since(n, Rolled); len(got) != 0 {
		t.Fatalf("a roll on a touched board was accepted: %+v", got)
	}
	if got := f.since(n, Irregularity); len(got) != 1 {
		t.Fatalf("refusals %+v: want one", got)
	}
	f.show(official, engine.Black)
	if got := f.since(n, Touched); len(got) != 1 || len(got[0].Points) != 0 {
		t.Fatalf("restored %+v: want one report with no points", got)
	}
	f.r.Roll(engine.Black, engine.Dice{6, 5})
	play := engine.LegalPlays(official, engine.Dice{6, 5})[0]
	f.show(play.After, engine.White)
	f.r.Done(engine.Black)
	if got := f.since(n, IllegalPlay); len(got) != 0 {
		t.Fatalf("Black's legal play was flagged: %+v", got)
	}
	if got := f.since(n, PlayMade); len(got) != 1 || got[0].Side != engine.Black {
		t.Fatalf("plays %+v: want Black's", got)
	}
}

// TestTouchedByTheNextMover: the side to roll moving its own checker
// before rolling is its irregularity.
func TestTouchedByTheNextMover(t *testing.T) {
	f := newResignFixture(t, 5)
	official := f.r.lines[0].board // Black on roll, in Board[Mover]
	moved, err := official.Apply([]engine.Move{{From: 24, To: 23}})
	if err != nil {
		t.Fatal(err)
	}
	f.show(moved, engine.Black)
	if got := f.since(0, Touched); len(got) != 1 || got[0].Side != engine.Black {
		t.Fatalf("touched %+v: want Black's", got)
	}
}
