package board_test

import (
	"errors"
	"testing"

	"gammond/engine"
	"gammond/referee"
	"gammond/web"
)

// TestResignFromThePage (US 11.1): a resignation and its answer from the
// page; at the wrong moment each is refused, changes nothing and is not
// journalled (the event count holds).
func TestResignFromThePage(t *testing.T) {
	b := simBoard(t, engine.ClockNone)
	for _, a := range []web.Action{
		web.Resign{Side: engine.White, Points: 1},               // before a game
		web.AnswerResignation{Side: engine.Black, Accept: true}, // no offer
		web.ForceResignation{},                                  // no offer
	} {
		before := b.Status()
		if err := b.Act(a); !errors.Is(err, web.ErrConflict) {
			t.Fatalf("Act(%#v) before a game = %v, want web.ErrConflict", a, err)
		}
		if after := b.Status(); after.Seq != before.Seq {
			t.Fatalf("a refused %#v was journalled: seq %d, was %d", a, after.Seq, before.Seq)
		}
	}
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	if err := b.Act(web.Resign{Side: engine.Black, Points: 2}); err != nil {
		t.Fatal(err)
	}
	s := b.Status()
	if o := s.Resignation; o == nil || o.Side != engine.Black || o.Points != 2 || o.Worth != 2 || o.Forced {
		t.Fatalf("status offer %+v: want Black's gammon, worth 2, not forced", s.Resignation)
	}
	for _, a := range []web.Action{
		web.AnswerResignation{Side: engine.Black, Accept: true}, // its own offer
		web.Resign{Side: engine.White, Points: 1},               // the other side's waits
		web.ForceResignation{},                                  // White may still win a backgammon
	} {
		if err := b.Act(a); !errors.Is(err, web.ErrConflict) {
			t.Fatalf("Act(%#v) = %v, want web.ErrConflict", a, err)
		}
	}
	if err := b.Act(web.AnswerResignation{Side: engine.White, Accept: true}); err != nil {
		t.Fatal(err)
	}
	if s := b.Status(); s.Phase != referee.PhaseSettingUp || s.Score != [2]int{2, 0} || s.Resignation != nil {
		t.Fatalf("after White accepts: %s at %v, offer %+v; want setting up at 2-0", s.Phase, s.Score, s.Resignation)
	}
}

// TestEarlyRollRefusedWithElectronicDice (US 4.6): with the board's dice,
// the opponent's ROLL before the mover's DONE is refused and prompts the
// mover; the mover's turn goes on.
func TestEarlyRollRefusedWithElectronicDice(t *testing.T) {
	b := simBoard(t, engine.ClockNone)
	if err := b.Act(web.SimButton{Side: engine.White, Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	before := b.Status()
	mover := before.OnRoll
	if err := b.Act(web.SimButton{Side: mover.Other(), Button: web.ButtonRoll}); err != nil {
		t.Fatal(err)
	}
	after := b.Status()
	if after.Phase != referee.PhaseMoving || after.OnRoll != mover || after.Turn != before.Turn || after.Dice != before.Dice || after.EarlyRoll != nil {
		t.Fatalf("after the early ROLL: %s, %v on roll, turn %d, dice %v, held %+v; want %v's turn %d unchanged",
			after.Phase, after.OnRoll, after.Turn, after.Dice, after.EarlyRoll, mover, before.Turn)
	}
	var prompts int
	for _, e := range b.Events(0) {
		if e.Kind == referee.RollRefused.String() {
			prompts++
		}
	}
	if prompts != 1 {
		t.Fatalf("%d prompts, want 1", prompts)
	}
	if err := b.Act(web.ChooseEarlyRoll{Side: mover}); !errors.Is(err, web.ErrConflict) {
		t.Fatalf("a choice with no early roll held = %v, want web.ErrConflict", err)
	}
}
