package referee

import (
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// newMoneyFixture is a referee in the first game of a money session with
// opts, after White's opening 3-1 and DONE: Black on roll.
func newMoneyFixture(t *testing.T, opts engine.MatchOpts) *resignFixture {
	t.Helper()
	f := newFixture(t, 0, opts)
	f.open()
	return f
}

// cubeIs fails unless the cube is at value, held by owner.
func cubeIs(t *testing.T, r *Referee, value int, owner engine.Side) {
	t.Helper()
	s := r.Status()
	if s.Cube != value || s.CubeOwner == nil || *s.CubeOwner != owner {
		t.Fatalf("cube %d held by %v, want %d held by %v", s.Cube, s.CubeOwner, value, owner)
	}
}

// TestBeaverAndRaccoonByButtons: Black doubles (CUBE), White takes (CUBE)
// and beavers with a second press before Black rolls, Black raccoons
// (CUBE) and rolls: the cube goes 2, 4, 8, the beaverer's, then Black's.
func TestBeaverAndRaccoonByButtons(t *testing.T) {
	f := newMoneyFixture(t, engine.MatchOpts{Beavers: true, Raccoons: true})
	f.r.Cube(engine.Black, false)
	f.r.Cube(engine.White, false)
	cubeIs(t, f.r, 2, engine.White)
	f.r.Cube(engine.White, false)
	cubeIs(t, f.r, 4, engine.White)
	f.r.Cube(engine.Black, false)
	cubeIs(t, f.r, 8, engine.Black)
	if got := f.since(0, Beavered, Raccooned, CubeRefused); len(got) != 2 || got[0].Kind != Beavered || got[0].Cube != 4 ||
		got[1].Kind != Raccooned || got[1].Cube != 8 {
		t.Fatalf("events %+v, want a beaver to 4 and a raccoon to 8", got)
	}
	f.r.Roll(engine.Black, engine.Dice{6, 4})
	if s := f.r.Status(); s.Phase != PhaseMoving || s.OnRoll != engine.Black {
		t.Errorf("after the raccoon Black rolls: phase %s, %v on roll", s.Phase, s.OnRoll)
	}
}

// TestBeaverFromThePage: the page's beaver answers the double at once;
// the doubler's DOUBLE after it is refused (the beaverer owns the cube).
func TestBeaverFromThePage(t *testing.T) {
	f := newMoneyFixture(t, engine.MatchOpts{Beavers: true})
	f.r.Apply(Input{Kind: InputDouble, Side: engine.Black})
	f.r.Apply(Input{Kind: InputBeaver, Side: engine.White})
	cubeIs(t, f.r, 4, engine.White)
	f.r.Apply(Input{Kind: InputRaccoon, Side: engine.Black})
	refused := f.since(0, CubeRefused)
	if len(refused) != 1 || refused[0].Side != engine.Black {
		t.Fatalf("refusals %+v, want Black's raccoon refused without Raccoons", refused)
	}
	cubeIs(t, f.r, 4, engine.White)
}

// TestBeaverRefusedWithoutBeavers: without the option the taker's second
// CUBE is a double out of turn, refused; the cube stays at 2.
func TestBeaverRefusedWithoutBeavers(t *testing.T) {
	f := newMoneyFixture(t, engine.MatchOpts{})
	f.r.Cube(engine.Black, false)
	f.r.Cube(engine.White, false)
	f.r.Cube(engine.White, false)
	f.r.Apply(Input{Kind: InputBeaver, Side: engine.White})
	if got := f.since(0, CubeRefused, Beavered); len(got) != 2 || got[0].Kind != CubeRefused || got[1].Kind != CubeRefused {
		t.Fatalf("events %+v, want both beavers refused", got)
	}
	cubeIs(t, f.r, 2, engine.White)
}

// TestJacobyAtScoring: with Jacoby a gammon at a centred cube scores a
// single; once the cube is turned it scores in full.
func TestJacobyAtScoring(t *testing.T) {
	f := newMoneyFixture(t, engine.MatchOpts{Jacoby: true})
	f.r.Resign(engine.Black, 2)
	f.r.Accept(engine.White)
	over := f.since(0, GameOver)
	if len(over) != 1 || over[0].Result.Points != 1 || over[0].Score != [2]int{1, 0} {
		t.Fatalf("game over %+v: want White's gammon counted 1 (Jacoby)", over)
	}

	f = newMoneyFixture(t, engine.MatchOpts{Jacoby: true})
	f.r.Cube(engine.Black, false)
	f.r.Cube(engine.White, false)
	f.r.Resign(engine.Black, 2)
	f.r.Accept(engine.White)
	over = f.since(0, GameOver)
	if len(over) != 1 || over[0].Result.Points != 4 {
		t.Fatalf("game over %+v: want a gammon at a cube of 2, 4 points", over)
	}
}

// TestAutomaticDoublesAtTheOpening: each tie of the opening throw doubles
// the cube up to the cap; the status shows it before the game and the
// game starts with it, centred.
func TestAutomaticDoublesAtTheOpening(t *testing.T) {
	m, err := engine.NewMatch(0, engine.MatchOpts{AutomaticDoubles: 1})
	if err != nil {
		t.Fatal(err)
	}
	var events []Event
	r := New(m, sensing.NewVirtualClock(time.Unix(0, 0)), func(e Event) { events = append(events, e) })
	newSensorBoard(t, r).show(engine.StartingBoard, engine.White)
	r.Apply(Input{Kind: InputOpeningTie})
	if s := r.Status(); s.Cube != 2 {
		t.Errorf("after a tie the status shows cube %d, want 2", s.Cube)
	}
	r.Apply(Input{Kind: InputOpeningTie})
	r.Roll(engine.White, engine.Dice{3, 1})
	s := r.Status()
	if s.Cube != 2 || s.CubeOwner != nil || s.Phase != PhaseMoving {
		t.Errorf("game starts with cube %d owner %v phase %s, want 2 centred, moving (the cap is 1)", s.Cube, s.CubeOwner, s.Phase)
	}
	ties := 0
	for _, e := range events {
		if e.Kind == OpeningTied {
			ties++
		}
	}
	if ties != 2 {
		t.Errorf("%d tie events, want 2", ties)
	}
	r.Apply(Input{Kind: InputOpeningTie})
	if events[len(events)-1].Kind != Irregularity {
		t.Errorf("a tie during the game: %v, want an irregularity", events[len(events)-1].Kind)
	}
}
