package record

import (
	"strings"
	"testing"

	"gammond/engine"
	"gammond/record/mat"
	"gammond/referee"
)

// crawfordGame transcribes a game's start, White's opening, Black's double
// to 2 and White's take.
func crawfordGame(tr *Transcript) {
	dice := engine.Dice{3, 1}
	play := engine.LegalPlays(engine.StartingBoard, dice)[0]
	for _, e := range []referee.Event{
		{Kind: referee.GameStarted, Side: engine.White, Dice: dice},
		{Kind: referee.PlayMade, Turn: 1, Side: engine.White, Dice: dice, Play: play},
		{Kind: referee.Doubled, Side: engine.Black, Cube: 2},
		{Kind: referee.Taken, Side: engine.White, Cube: 2},
	} {
		tr.Event(e)
	}
}

// countKinds counts the game's actions of kind.
func countKinds(g *mat.Game, kind mat.Kind) int {
	n := 0
	for _, turn := range g.Turns {
		for _, a := range turn.Actions {
			if a.Kind == kind {
				n++
			}
		}
	}
	return n
}

// TestTranscriptCrawfordAnnulledInGameDanish4_4_4: annulled during the
// game, the double and take leave the record (the game reads as played
// without the cube), White's opening stays, and a note says why.
func TestTranscriptCrawfordAnnulledInGameDanish4_4_4(t *testing.T) {
	tr := NewTranscript(5, [2]string{"Anna", "Bo"})
	crawfordGame(tr)
	tr.Event(referee.Event{Kind: referee.CrawfordAnnulled, Score: [2]int{4, 0}, Cube: 1, Reason: "Danish 4.4.4: annulled"})
	g := &tr.Match().Games[0]
	if countKinds(g, mat.Double)+countKinds(g, mat.Take) != 0 || countKinds(g, mat.Roll) != 1 {
		t.Fatalf("turns %+v: want White's opening alone", g.Turns)
	}
	notes := tr.Notes()
	if n := notes[len(notes)-1]; n.Text != "Danish 4.4.4: annulled" || n.Turn != 0 || n.Side != engine.White {
		t.Errorf("notes %+v: want the annulment on White's opening", notes)
	}
}

// TestTranscriptCrawfordAnnulledAfterTheGameDanish4_4_4: annulled after
// the game, its win scores the corrected point, and the next game starts
// at the corrected score.
func TestTranscriptCrawfordAnnulledAfterTheGameDanish4_4_4(t *testing.T) {
	tr := NewTranscript(5, [2]string{"Anna", "Bo"})
	crawfordGame(tr)
	won := engine.Result{Winner: engine.White, Kind: engine.Single, Points: 2}
	tr.Event(referee.Event{Kind: referee.GameOver, Side: engine.White, Result: won, Score: [2]int{5, 4}})
	corrected := engine.Result{Winner: engine.White, Kind: engine.Single, Points: 1}
	tr.Event(referee.Event{Kind: referee.CrawfordAnnulled, Side: engine.White, Result: corrected, Score: [2]int{4, 4}, Cube: 1, Reason: "Danish 4.4.4: corrected"})
	tr.Event(referee.Event{Kind: referee.GameStarted, Side: engine.Black, Dice: engine.Dice{3, 1}})
	if _, win, ok := tr.Match().Games[0].Result(); !ok || win.Points != 1 {
		t.Fatalf("game 1's win %+v, want 1 point", win)
	}
	if got := tr.Match().Games[1].Score; got != [2]int{4, 4} {
		t.Errorf("game 2 starts at %v, want 4-4", got)
	}
	if notes := tr.Notes(); !strings.Contains(notes[len(notes)-1].Text, "corrected") {
		t.Errorf("notes %+v: want the annulment's", notes)
	}
}
