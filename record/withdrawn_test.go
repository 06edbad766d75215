package record

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/referee/refereetest"
	"gammond/sensing"
)

// TestWithdrawnFlagRecordedAsLegalAtDone: a play flagged at DONE on a
// misread board (a hand held above White's empty 4 point, past the
// grace), the hand gone before Black rolls five seconds later, is
// recorded exactly as DONE
// judging it legal records it: the same .mat and SGF, the same notes
// (no flag, the turn's time to its DONE).
func TestWithdrawnFlagRecordedAsLegalAtDone(t *testing.T) {
	play := engine.LegalPlays(engine.StartingBoard, firstDice)[0]
	hover := play.After
	if hover[engine.Opponent][3] != 0 {
		t.Fatalf("White's 4 point is not empty after %v", play)
	}
	hover[engine.Opponent][3]++
	doneOn := func(atDone engine.Board) func(*referee.Referee, func(engine.Board, engine.Side)) {
		return func(r *referee.Referee, show func(engine.Board, engine.Side)) {
			show(atDone, engine.Black)
			refereetest.Done(r, engine.White)
			show(play.After, engine.Black)
		}
	}
	legalMat, legalSGF, legalNotes := recordFirstTurn(t, doneOn(play.After))
	gotMat, gotSGF, gotNotes := recordFirstTurn(t, doneOn(hover))
	wantSameRecord(t, "with the flag withdrawn", gotMat, gotSGF, gotNotes, legalMat, legalSGF, legalNotes)
}

// TestEveryFlagOfTheTurnWithdrawn: DONE pressed twice with a checker in
// the hand, past the grace each time, raises two flags; the checker
// landed, Black's roll withdraws both, and the record is as DONE judging
// the play legal leaves it.
func TestEveryFlagOfTheTurnWithdrawn(t *testing.T) {
	play := engine.LegalPlays(engine.StartingBoard, firstDice)[0]
	legalMat, legalSGF, legalNotes := recordFirstTurn(t, func(r *referee.Referee, show func(engine.Board, engine.Side)) {
		show(play.After, engine.Black)
		r.Done(engine.White)
	})
	short := play.After
	short[engine.Opponent][play.Moves[0].To-1]--
	gotMat, gotSGF, gotNotes := recordFirstTurn(t, func(r *referee.Referee, show func(engine.Board, engine.Side)) {
		show(short, engine.Black)
		for range 2 {
			r.Done(engine.White)
			r.Apply(referee.Input{Kind: referee.InputDoneGrace})
		}
		show(play.After, engine.Black)
	})
	wantSameRecord(t, "with both flags withdrawn", gotMat, gotSGF, gotNotes, legalMat, legalSGF, legalNotes)
}

// firstDice is White's opening roll in recordFirstTurn.
var firstDice = engine.Dice{3, 1}

// recordFirstTurn records a 3-point match whose first turn, White's
// firstDice, ends as turn has it, a second a step; Black rolls five seconds
// later. It returns the record as .mat, SGF and notes.
func recordFirstTurn(t *testing.T, turn func(r *referee.Referee, show func(engine.Board, engine.Side))) (mat, sgf string, notes []string) {
	t.Helper()
	clock := sensing.NewVirtualClock(time.Date(2026, 11, 28, 18, 0, 0, 0, time.UTC))
	m, err := engine.NewMatch(3, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTranscript(3, [2]string{"Anna", "Bo"})
	r := referee.New(m, clock, tr.Event)
	sensors, err := refereetest.New(r, clock)
	if err != nil {
		t.Fatal(err)
	}
	show := func(b engine.Board, onRoll engine.Side) {
		clock.Set(clock.Now().Add(time.Second))
		sensors.Show(b, onRoll)
	}
	show(engine.StartingBoard, engine.White)
	r.Roll(engine.White, firstDice)
	turn(r, show)
	clock.Set(clock.Now().Add(5 * time.Second))
	r.Roll(engine.Black, engine.Dice{6, 5})
	var out, s bytes.Buffer
	if _, err := tr.Match().WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	if err := tr.Match().WriteSGF(&s, tr.Notes()); err != nil {
		t.Fatal(err)
	}
	for _, n := range tr.Notes() {
		notes = append(notes, n.Text)
	}
	return out.String(), s.String(), notes
}

// wantSameRecord fails t unless the record got is the record want.
func wantSameRecord(t *testing.T, what, gotMat, gotSGF string, gotNotes []string, wantMat, wantSGF string, wantNotes []string) {
	t.Helper()
	if gotMat != wantMat {
		t.Errorf(".mat %s:\n%s\nwant, as judged legal at DONE:\n%s", what, gotMat, wantMat)
	}
	if !reflect.DeepEqual(gotNotes, wantNotes) {
		t.Errorf("notes %s %q, want %q", what, gotNotes, wantNotes)
	}
	if gotSGF != wantSGF {
		t.Errorf("SGF %s:\n%s\nwant:\n%s", what, gotSGF, wantSGF)
	}
}
