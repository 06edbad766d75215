package record

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/record/mat"
	"gammond/referee"
)

// TestTranscriptWritesAsGnubg: a play is recorded with the dice in the
// order the referee has them and the moves in GNU Backgammon's order,
// whatever order the engine's play lists them in.
func TestTranscriptWritesAsGnubg(t *testing.T) {
	dice := engine.Dice{1, 3} // rolled 1 then 3
	var play engine.Play
	for _, p := range engine.LegalPlays(engine.StartingBoard, dice) {
		if s := p.Steps(); len(s) == 2 && s[0].From == 6 && s[1].From == 8 { // 6/5 8/5, unsorted
			play = p
		}
	}
	if play.N == 0 {
		t.Fatal("no legal play 6/5 8/5 listed from the 6 first")
	}
	tr := NewTranscript(3, [2]string{"Anna", "Bo"})
	tr.Event(referee.Event{Kind: referee.GameStarted})
	tr.Event(referee.Event{Kind: referee.PlayMade, Turn: 1, Side: engine.White, Dice: dice, Play: play})
	got := tr.Match().Games[0].Turns[0].Actions[engine.White]
	want := []engine.Move{{From: 8, To: 5}, {From: 6, To: 5}}
	if got.Kind != mat.Roll || got.Dice != dice || len(got.Moves) != 2 || got.Moves[0] != want[0] || got.Moves[1] != want[1] {
		t.Errorf("recorded %+v, want dice %v and moves %v", got, dice, want)
	}
}

// TestTranscriptNotes: a flagged and corrected play's notes land on the
// play recorded, and Note on the last action.
func TestTranscriptNotes(t *testing.T) {
	dice := engine.Dice{3, 1}
	play := engine.LegalPlays(engine.StartingBoard, dice)[0]
	tr := NewTranscript(3, [2]string{"Anna", "Bo"})
	start := time.Date(2026, 11, 22, 19, 30, 0, 0, time.UTC)
	tr.Event(referee.Event{Kind: referee.GameStarted, Side: engine.White, Dice: dice, At: start})
	tr.Note("director: match started")
	for _, e := range []referee.Event{
		{Kind: referee.IllegalPlay, Side: engine.White, Fault: "illegal", At: start.Add(20 * time.Second)},
		{Kind: referee.Corrected, Side: engine.White, At: start.Add(30 * time.Second)},
		{Kind: referee.PlayMade, Turn: 1, Side: engine.White, Dice: dice, Play: play, At: start.Add(41 * time.Second)},
	} {
		tr.Event(e)
	}
	tr.Note("clock: White 4:58, Black 5:00")
	want := []mat.Note{
		{Game: 0, Turn: -1, Text: "director: match started"},
		{Game: 0, Turn: 0, Side: engine.White, Text: "White's play was flagged illegal at DONE (illegal)"},
		{Game: 0, Turn: 0, Side: engine.White, Text: "the illegal play was put right"},
		{Game: 0, Turn: 0, Side: engine.White, Text: "White's turn took 41s"},
		{Game: 0, Turn: 0, Side: engine.White, Text: "clock: White 4:58, Black 5:00"},
	}
	if got := tr.Notes(); !reflect.DeepEqual(got, want) {
		t.Errorf("notes\n%+v\nwant\n%+v", got, want)
	}
}

// TestTranscriptNotesResignation (US 11.1): the record's "Wins" line says
// the points; a note says the game ended by a resignation accepted.
func TestTranscriptNotesResignation(t *testing.T) {
	dice := engine.Dice{3, 1}
	play := engine.LegalPlays(engine.StartingBoard, dice)[0]
	tr := NewTranscript(3, [2]string{"Anna", "Bo"})
	tr.Event(referee.Event{Kind: referee.GameStarted, Side: engine.White, Dice: dice})
	tr.Event(referee.Event{Kind: referee.PlayMade, Turn: 1, Side: engine.White, Dice: dice, Play: play})
	res := engine.Result{Winner: engine.White, Kind: engine.Gammon, Points: 2}
	tr.Event(referee.Event{Kind: referee.Resigned, Side: engine.Black, Result: res, Reason: "White accepts Black's resignation of a gammon"})
	tr.Event(referee.Event{Kind: referee.GameOver, Side: engine.White, Result: res, Score: [2]int{2, 0}})
	g := tr.Match().Games[0]
	if win := g.Turns[len(g.Turns)-1].Actions[engine.White]; win.Kind != mat.Win || win.Points != 2 {
		t.Errorf("last action %+v, want White's win of 2", win)
	}
	notes := tr.Notes()
	if len(notes) == 0 || notes[len(notes)-1].Text != "White accepts Black's resignation of a gammon" {
		t.Errorf("notes %+v: want the resignation's", notes)
	}
}

// TestTranscriptNoteBeforeTheFirstGame: an irregularity before the first
// game (a game started on a wrong set-up) opens no empty game of its own;
// its note goes on the game's first action.
func TestTranscriptNoteBeforeTheFirstGame(t *testing.T) {
	dice := engine.Dice{3, 1}
	play := engine.LegalPlays(engine.StartingBoard, dice)[0]
	tr := NewTranscript(3, [2]string{"Anna", "Bo"})
	tr.Event(referee.Event{Kind: referee.Irregularity, Reason: "the game starts with the board not in the starting position (points [6])"})
	tr.Event(referee.Event{Kind: referee.GameStarted, Side: engine.White, Dice: dice})
	tr.Event(referee.Event{Kind: referee.PlayMade, Turn: 1, Side: engine.White, Dice: dice, Play: play})
	if n := len(tr.Match().Games); n != 1 {
		t.Fatalf("%d games, want the one played", n)
	}
	notes := tr.Notes()
	if len(notes) == 0 || notes[0].Game != 0 || notes[0].Turn != 0 || !strings.Contains(notes[0].Text, "starting position") {
		t.Errorf("notes %+v, want the irregularity on the first play", notes)
	}
}
