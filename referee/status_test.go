package referee

import (
	"path/filepath"
	"slices"
	"testing"

	"gammond/engine"
)

// TestStatusFollowsTheTrace checks the status at the end of a replayed
// match and that every checker is accounted for.
func TestStatusFollowsTheTrace(t *testing.T) {
	var r *Referee
	var flaggedSeen bool
	emit := func(e Event) {
		if e.Kind == IllegalPlay {
			s := r.Status()
			flaggedSeen = s.Phase == PhaseFlagged && slices.Equal(s.Flagged, e.Points)
		}
	}
	f := openTestdata(t, "match-010-illegal.trace.jsonl")
	p, _, err := OpenTrace(f, emit)
	if err != nil {
		t.Fatal(err)
	}
	r = p.Referee
	if s := r.Status(); s.Phase != PhaseSettingUp || s.Game != 0 {
		t.Fatalf("before the match: %+v", s)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	if !flaggedSeen {
		t.Error("at an illegal play the status was not flagged with its points")
	}
	s := r.Status()
	if s.Phase != PhaseMatchOver || s.Score != [2]int{1, 0} || s.Length != 1 {
		t.Errorf("after the match: phase %s score %v length %d, want match-over 1-0 of 1", s.Phase, s.Score, s.Length)
	}
	for side := range engine.Side(2) {
		if total := s.Checkers.Total(side); total != 15 {
			t.Errorf("%v: %d checkers accounted for, want 15", side, total)
		}
	}
	if s.Checkers[engine.White][engine.Off] != 15 {
		t.Errorf("White bore off %d, want 15", s.Checkers[engine.White][engine.Off])
	}
}

func TestSummaries(t *testing.T) {
	events := replayTrace(t, filepath.Join(tracesDir, "match-010-illegal.trace.jsonl"))
	kinds := map[string]int{}
	for _, e := range events {
		s := e.Summary()
		kinds[s.Kind]++
		if s.Text == "" || s.Kind == "" {
			t.Fatalf("summary of %v has no text or kind: %+v", e.Kind, s)
		}
		if e.Kind == PlayMade && s.Position != e.Board.PositionID() {
			t.Fatalf("play summary position %s, want %s", s.Position, e.Board.PositionID())
		}
		if e.Kind == IllegalPlay && (len(s.Points) == 0 || s.Dice == nil) {
			t.Fatalf("illegal play summary %+v: want points and dice", s)
		}
	}
	if kinds["play"] != 42 || kinds["illegal"] != 4 || kinds["game-over"] != 1 {
		t.Fatalf("summary kinds %v: want 42 plays, 4 illegal, 1 game-over", kinds)
	}
}
