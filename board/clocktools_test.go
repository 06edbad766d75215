package board_test

import (
	"errors"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
	"gammond/web"
)

// TestDirectorIntroducesAndAdjustsTheClock (US 7.1, Danish 3.7.2): on an
// unclocked board the director introduces a clock between games and
// adjusts a player's time; an adjustment before there is a clock is
// refused and not journalled.
func TestDirectorIntroducesAndAdjustsTheClock(t *testing.T) {
	b := simBoard(t, engine.ClockNone)
	before := b.Status()
	if err := b.Act(web.AdjustClock{Side: engine.White, Seconds: 30}); !errors.Is(err, web.ErrConflict) {
		t.Fatalf("an adjustment with no clock = %v, want web.ErrConflict", err)
	}
	if b.Status().Seq != before.Seq {
		t.Fatal("a refused adjustment was journalled")
	}
	if err := b.Act(web.IntroduceClock{Clock: engine.ClockDanish}); err != nil {
		t.Fatal(err)
	}
	s := b.Status()
	if s.Clocks == nil {
		t.Fatal("no clock in the status after the director introduced one")
	}
	was := s.Clocks.Remaining
	if err := b.Act(web.AdjustClock{Side: engine.Black, Seconds: 30}); err != nil {
		t.Fatal(err)
	}
	if err := b.Act(web.IntroduceClock{Clock: engine.ClockUS}); !errors.Is(err, web.ErrConflict) {
		t.Fatalf("a second clock = %v, want web.ErrConflict", err)
	}
	if now := b.Status().Clocks.Remaining; now[engine.Black] != was[engine.Black]+30*time.Second {
		t.Errorf("Black's time %v, was %v: want 30 s more", now[engine.Black], was[engine.Black])
	}
}

// TestInferredDiceRefuseRoll: with the dice inferred from the plays the
// board's ROLL is refused (item 7): nobody rolls on the board.
func TestInferredDiceRefuseRoll(t *testing.T) {
	simulated := sim.NewBoard(7)
	src := sensing.NewLive(simulated.Calibration().Board.Sensors())
	o := options(t, simulated, src, engine.ClockNone)
	o.InferredDice = true
	b := run(t, o)
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); !errors.Is(err, web.ErrConflict) {
		t.Fatalf("ROLL with inferred dice = %v, want web.ErrConflict", err)
	}
}
