package record

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"gammond/engine"
	"gammond/referee"
	"gammond/sensing"
)

// TestWithdrawnFlagRecordedAsLegalAtDone: a play flagged at DONE on a
// misread board (a hand held above White's empty 4 point), the hand gone
// before Black rolls five seconds later, is recorded exactly as DONE
// judging it legal records it: the same .mat and SGF, the same notes
// (no flag, the turn's time to its DONE).
func TestWithdrawnFlagRecordedAsLegalAtDone(t *testing.T) {
	dice := engine.Dice{3, 1}
	play := engine.LegalPlays(engine.StartingBoard, dice)[0]
	record := func(atDone engine.Board) (mat, sgf string, notes []string) {
		clock := sensing.NewVirtualClock(time.Date(2026, 11, 28, 18, 0, 0, 0, time.UTC))
		m, err := engine.NewMatch(3, engine.MatchOpts{})
		if err != nil {
			t.Fatal(err)
		}
		tr := NewTranscript(3, [2]string{"Anna", "Bo"})
		r := referee.New(m, clock, tr.Event)
		show := func(b engine.Board, onRoll engine.Side) {
			clock.Set(clock.Now().Add(time.Second))
			o := engine.OccupancyOf(&b, onRoll, 6, 4)
			r.Settled(&o)
		}
		show(engine.StartingBoard, engine.White)
		r.Roll(engine.White, dice)
		show(atDone, engine.Black)
		r.Done(engine.White)
		show(play.After, engine.Black)
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
	hover := play.After
	if hover[engine.Opponent][3] != 0 {
		t.Fatalf("White's 4 point is not empty after %v", play)
	}
	hover[engine.Opponent][3]++
	legalMat, legalSGF, legalNotes := record(play.After)
	gotMat, gotSGF, gotNotes := record(hover)
	if gotMat != legalMat {
		t.Errorf(".mat with the flag withdrawn:\n%s\nwant, as judged legal at DONE:\n%s", gotMat, legalMat)
	}
	if !reflect.DeepEqual(gotNotes, legalNotes) {
		t.Errorf("notes with the flag withdrawn %q, want %q", gotNotes, legalNotes)
	}
	if gotSGF != legalSGF {
		t.Errorf("SGF with the flag withdrawn:\n%s\nwant:\n%s", gotSGF, legalSGF)
	}
}
