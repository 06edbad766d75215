package board

import (
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/internal/gnubgtest"
	"gammond/record/analysis"
	"gammond/referee"
)

// TestAnalysisOutput: the board's own gnubg analyses the match the board
// finishes, once however often it is told, and leaves a game's end alone.
func TestAnalysisOutput(t *testing.T) {
	program := gnubgtest.Need(t)
	record, err := os.ReadFile(filepath.Join("..", "record", "analysis", "testdata", "galaxy-2974214.mat"))
	if err != nil {
		t.Fatal(err)
	}
	shown := make(chan *analysis.Report, 2)
	o := AnalysisOutput(program, 0, slog.New(slog.DiscardHandler), func(r *analysis.Report) { shown <- r })
	gameOver := &Event{Event: referee.Event{Kind: referee.GameOver}, Record: record}
	matchOver := &Event{Event: referee.Event{Kind: referee.MatchOver}, Record: record, Over: true}
	for _, e := range []*Event{gameOver, matchOver, matchOver} {
		if err := o.Event(e); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case r := <-shown:
		if len(r.Players) != 2 || r.Players[0].Name != "lasse" || r.Players[0].OverallErrorRate >= 0 {
			t.Errorf("analysis %+v", r.Players)
		}
	case <-time.After(time.Minute):
		t.Fatal("no analysis shown")
	}
	// Another match: its analysis comes next, the first told twice was
	// analysed once (the repeat would have started before it).
	other, err := os.ReadFile(filepath.Join("..", "examples", "match.mat"))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Event(&Event{Event: referee.Event{Kind: referee.MatchOver}, Record: other, Over: true}); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-shown:
		if r.Players[0].Name != "Alice" {
			t.Errorf("analysed %s's match again, want Alice's next", r.Players[0].Name)
		}
	case <-time.After(time.Minute):
		t.Fatal("the second match not analysed")
	}
}
