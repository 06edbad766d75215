package board_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"gammond/board"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// TestRestartReplaysTheJournal plays the opening roll and part of a play
// on a simulated board, stops the board and opens it again on the same
// state directory: the journal brings back the events and the status, and
// the simulated board's checkers are put where the referee believes them.
func TestRestartReplaysTheJournal(t *testing.T) {
	simulated := sim.NewBoard(7)
	o := options(t, simulated, sensing.NewLive(simulated.Calibration().Board.Sensors()), engine.ClockNone)
	b, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, o.Presses.(*sensing.Live)) }()
	go scan(ctx, simulated, o.Presses.(*sensing.Live))
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	before := b.Status()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}

	// The hand lifted a checker meanwhile: the referee's position puts it back.
	if err := simulated.Move(before.OnRoll, engine.BoardPoint(before.OnRoll, 13), engine.Off); err != nil {
		t.Fatal(err)
	}
	o.Presses = sensing.NewLive(simulated.Calibration().Board.Sensors())
	again, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	after := again.Status()
	if after.Seq != before.Seq || after.Position != before.Position || after.Phase != before.Phase || after.Dice != before.Dice {
		t.Fatalf("after a restart: event %d, %s %s %v; want event %d, %s %s %v",
			after.Seq, after.Phase, after.Position, after.Dice, before.Seq, before.Phase, before.Position, before.Dice)
	}
	start := engine.StartingBoard
	if simulated.Layout() != engine.LayoutOf(&start, engine.White) {
		t.Fatalf("after a restart the simulated board holds %v, want the starting position", simulated.Layout())
	}
}

// TestJournalErrorStopsTheBoard checks that an input the journal cannot
// take stops Run with an error, and the referee never hears it.
func TestJournalErrorStopsTheBoard(t *testing.T) {
	simulated := sim.NewBoard(7)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	b, err := board.Open(options(t, simulated, src, engine.ClockNone))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil { // the journal's file is gone from under the board
		t.Fatal(err)
	}
	seq := b.Status().Seq
	go scan(t.Context(), simulated, src)
	if err := b.Run(t.Context(), src); err == nil {
		t.Fatal("Run with a closed journal returned nil, want the journal's error")
	}
	if got := b.Status().Seq; got != seq {
		t.Fatalf("the referee acted on %d inputs the journal did not take", got-seq)
	}
	src.Close()
}

// recorder is an Output that keeps what it is told.
type recorder struct {
	begun  []board.Begin
	events []referee.Kind
	shown  []referee.Status
}

func (r *recorder) Begin(m *board.Begin) error { r.begun = append(r.begun, *m); return nil }
func (r *recorder) Event(e *board.Event) error { r.events = append(r.events, e.Kind); return nil }
func (r *recorder) Show(s *board.Shown) error  { r.shown = append(r.shown, s.Status); return nil }

// TestRegisteredOutput checks that a registered output is brought up to
// date at once, then hears the referee's events and sees the status.
func TestRegisteredOutput(t *testing.T) {
	simulated := sim.NewBoard(7)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	o := options(t, simulated, src, engine.ClockNone)
	b, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	var r recorder
	b.Register(&r)
	if len(r.begun) != 1 || !r.begun[0].Taken || r.begun[0].Match.White != "W" || len(r.shown) != 1 {
		t.Fatalf("on registering: begun %+v, shown %d; want the match taken up and shown once", r.begun, len(r.shown))
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, src) }()
	go scan(ctx, simulated, src)
	err = b.Act(web.SimButton{Side: engine.Black, Button: web.ButtonRoll})
	cancel()
	if err := errors.Join(err, <-done, b.Close()); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(r.events, referee.GameStarted) || r.shown[len(r.shown)-1].Phase != referee.PhaseMoving {
		t.Fatalf("after ROLL the output heard %v and saw %s last; want a game started, moving", r.events, r.shown[len(r.shown)-1].Phase)
	}
}

// TestEnteredDiceRefuseRoll checks that with the dice entered on the page
// a ROLL press is refused, and the entered roll starts the game.
func TestEnteredDiceRefuseRoll(t *testing.T) {
	simulated := sim.NewBoard(7)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	o := options(t, simulated, src, engine.ClockNone)
	o.EnteredDice = true
	b := run(t, o)
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); !errors.Is(err, web.ErrConflict) {
		t.Fatalf("ROLL with entered dice = %v, want web.ErrConflict", err)
	}
	if err := b.Act(web.EnterDice{Side: engine.Black, Dice: engine.Dice{5, 2}}); err != nil {
		t.Fatal(err)
	}
	if s := b.Status(); s.Phase != referee.PhaseMoving || s.OnRoll != engine.Black || s.Dice != (engine.Dice{5, 2}) {
		t.Fatalf("after entering 52 for Black: %s, %v on roll with %v", s.Phase, s.OnRoll, s.Dice)
	}
}
