package board_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"runtime"
	"testing"
	"time"

	"gammond/board"
	"gammond/display/panel"
	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// options are a simulated board's, in a temporary state directory.
func options(t *testing.T, simulated *sim.Board, src *sensing.Live, clock engine.ClockName) board.Options {
	return board.Options{
		StateDir: t.TempDir(),
		Match: board.Match{Board: "test", Started: time.Now(), Length: 5, White: "W", Black: "B",
			Rules: engine.RulesUS, Clock: clock},
		Calibration: simulated.Calibration(),
		Hints:       true,
		Sim:         simulated,
		Presses:     src,
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

// run opens the board and runs it on the simulated board, its sensors read
// a hundred times a second, until the test ends.
func run(t *testing.T, o board.Options) *board.Board {
	t.Helper()
	b, stop := start(t, o)
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	})
	return b
}

// start opens the board, registers the outputs and runs it on the
// simulated board, its sensors read a hundred times a second; stop stops
// it and closes the board, and returns what went wrong in either.
func start(t *testing.T, o board.Options, outputs ...board.Output) (b *board.Board, stop func() error) {
	t.Helper()
	b, err := board.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range outputs {
		b.Register(out)
	}
	simulated, src := o.Sim.(*sim.Board), o.Presses.(*sensing.Live)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, src) }()
	go scan(ctx, simulated, src)
	return b, func() error {
		cancel()
		ran := <-done
		src.Close()
		return errors.Join(ran, b.Close())
	}
}

// scan reads the simulated board's sensors into src a hundred times a
// second until ctx is done.
func scan(ctx context.Context, simulated *sim.Board, src *sensing.Live) {
	simulated.Scan(ctx, src, 10*time.Millisecond)
}

// simBoard runs a simulated board with the clock named.
func simBoard(t *testing.T, clock engine.ClockName) *board.Board {
	simulated := sim.NewBoard(7)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	return run(t, options(t, simulated, src, clock))
}

func TestWebBoardActions(t *testing.T) {
	b := simBoard(t, engine.ClockNone)
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	s := b.Status()
	if s.Phase != referee.PhaseMoving || !s.Dice.Valid() || s.Sim == nil || len(b.Events(0)) < 2 {
		t.Fatalf("after ROLL: phase %s dice %v, %d events; want a game begun", s.Phase, s.Dice, len(b.Events(0)))
	}
	for _, tc := range []struct {
		name   string
		action web.Action
		want   error
	}{
		{"a new match while one is played", web.StartMatch{White: "A", Black: "B", Length: 3, Rules: "us", Clock: "none"}, web.ErrConflict},
		{"a clock penalty on a board with no clock", web.Penalty{Side: engine.White, Kind: web.PenaltyPickup}, web.ErrConflict},
		{"a pause on a board with no clock", web.PauseClocks{Paused: true}, web.ErrConflict},
		{"a ruling with no play flagged", web.Rule{LetStand: true}, web.ErrConflict},
		{"a move from an empty point", web.SimMove{Side: engine.White, From: 20, To: 15}, web.ErrConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := b.Status()
			if err := b.Act(tc.action); !errors.Is(err, tc.want) {
				t.Fatalf("Act(%+v) = %v, want %v", tc.action, err, tc.want)
			}
			if after := b.Status(); after.Seq != before.Seq || after.Position != before.Position {
				t.Fatalf("a refused action changed the board: %+v", after)
			}
		})
	}
	if err := b.Act(web.SetScore{Score: [2]int{1, 3}}); err != nil {
		t.Fatal(err)
	}
	if s := b.Status(); s.Score != [2]int{1, 3} {
		t.Fatalf("after the director's correction the score is %v, want 1-3", s.Score)
	}
	name, data := b.MatchFile(web.RecordMat)
	if name == "" || len(data) == 0 {
		t.Fatalf("MatchFile() = %q, %d bytes: want the record of the game in progress", name, len(data))
	}
}

func TestClockedBoard(t *testing.T) {
	b := simBoard(t, engine.ClockUS)
	if s := b.Status(); s.Clocks == nil || s.Clocks.Running {
		t.Fatalf("before the first game: clocks %+v, want a clock not running", s.Clocks)
	}
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	s := b.Status()
	if s.Clocks == nil || !s.Clocks.Running || s.Clocks.Turn != s.OnRoll {
		t.Fatalf("after the opening roll: clocks %+v, want the opener's running", s.Clocks)
	}
	if err := b.Act(web.PauseClocks{Paused: true}); err != nil {
		t.Fatal(err)
	}
	if s := b.Status(); !s.Clocks.Paused {
		t.Fatal("the director paused the clocks; they run")
	}
	if err := b.Act(web.Penalty{Side: engine.White, Kind: web.PenaltyPickup}); err != nil {
		t.Fatal(err)
	}
}

// TestHintsLightLandingPoints lifts one of the opener's checkers from the
// 13-point (the simulated hand sets it aside, off the board): hint mode
// lights where it may land.
func TestHintsLightLandingPoints(t *testing.T) {
	b := simBoard(t, engine.ClockNone)
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	s := b.Status()
	from := engine.BoardPoint(s.OnRoll, 13)
	if err := b.Act(web.SimMove{Side: s.OnRoll, From: from, To: engine.Off}); err != nil {
		t.Fatal(err)
	}
	hint := panel.DefaultLook.Hint
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, led := range b.Status().LEDs {
			if led.Color == hint {
				return
			}
		}
		runtime.Gosched()
	}
	t.Fatalf("no LED in the hint colour after lifting a checker from %d with %v: %+v", from, s.Dice, b.Status().LEDs)
}
