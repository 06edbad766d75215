package board_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/board"
	"gammond/calib"
	"gammond/record"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// matchTrace is a 5-point match with cube actions and illegal plays.
var matchTrace = filepath.Join("..", "testdata", "traces", "match-002-illegal.trace.jsonl")

// playTrace runs the board on the recorded match trace in dir, to its
// end, and returns the .mat file it wrote.
func playTrace(tb testing.TB, dir string) []byte {
	raw, err := os.ReadFile(matchTrace)
	if err != nil {
		tb.Fatal(err)
	}
	return playTraceOf(tb, dir, raw)
}

// playTraceOf runs the board on a trace in dir, to its end, and returns
// the .mat file it wrote.
func playTraceOf(tb testing.TB, dir string, trace []byte) []byte {
	tr, err := sensing.NewTraceReader(bytes.NewReader(trace), nil)
	if err != nil {
		tb.Fatal(err)
	}
	h := tr.Header()
	b, err := board.Open(board.Options{StateDir: dir, Calibration: &h.Calibration,
		Match: board.Match{Board: "test", Started: time.Unix(0, 0).UTC(), Length: h.Match.Length, White: h.Match.White, Black: h.Match.Black, Rules: "us"}})
	if err != nil {
		tb.Fatal(err)
	}
	defer b.Close()
	b.ResumeSource()
	if err := b.Run(context.Background(), tr); err != nil {
		tb.Fatal(err)
	}
	if err := b.End(); err != nil {
		tb.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.mat"))
	if err != nil || len(files) != 1 {
		tb.Fatalf("match records %v %v, want one", files, err)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// pipelineRecord returns the .mat the bare pipeline (gammon replay)
// writes for a trace, with the board's header.
func pipelineRecord(t *testing.T, trace []byte) []byte {
	var tr *record.Transcript
	p, h, err := referee.OpenTrace(bytes.NewReader(trace), func(e referee.Event) { tr.Event(e) })
	if err != nil {
		t.Fatal(err)
	}
	tr = record.NewTranscript(h.Match.Length, [2]string{h.Match.White, h.Match.Black})
	tr.Match().SetInfo(mat.Info{Date: time.Unix(0, 0).UTC(), Transcriber: "gammond", BoardID: "test"})
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if _, err := tr.Match().WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	return want.Bytes()
}

// TestTraceRecord checks that the board, journalling every input and
// writing the record at each game's end, records the match as the bare
// pipeline does (gammon replay).
func TestTraceRecord(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(matchTrace)
	if err != nil {
		t.Fatal(err)
	}
	got, want := playTrace(t, t.TempDir()), pipelineRecord(t, raw)
	if !bytes.Equal(got, want) {
		t.Fatalf("the board's record:\n%s\nthe pipeline's:\n%s", got, want)
	}
}

// TestTraceDeadSensors: a simulated match on a board with three dead
// sensors under the starting position's checkers: the board learns from
// the positions it knows (referee.Pipeline.Learn), masks them, and records
// the match the simulated players played, as the bare pipeline does.
func TestTraceDeadSensors(t *testing.T) {
	t.Parallel()
	m, err := mat.ReadFile(filepath.Join("..", "testdata", "matches", "match-010-1pt.mat"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := m.Script()
	if err != nil {
		t.Fatal(err)
	}
	opts := sim.DefaultOpts
	opts.Seed = 11
	g := calib.ReferenceBoard
	opts.Dead = []int{g.Sensor(calib.Place{Point: 6, Slot: 1}), g.Sensor(calib.Place{Point: 13, Slot: 4}), g.Sensor(calib.Place{Point: 19, Slot: 2})}
	var trace bytes.Buffer
	if _, err := sim.Simulate(&trace, script, &opts); err != nil {
		t.Fatal(err)
	}
	got := playTraceOf(t, t.TempDir(), trace.Bytes())
	if piped := pipelineRecord(t, trace.Bytes()); !bytes.Equal(got, piped) {
		t.Fatalf("the board's record:\n%s\nthe pipeline's:\n%s", got, piped)
	}
	rec, err := mat.Read(bytes.NewReader(got), "the board's record")
	if err != nil {
		t.Fatal(err)
	}
	var played []mat.Game // a note before the first game starts opens an empty one
	for _, g := range rec.Games {
		if len(g.Turns) > 0 {
			played = append(played, g)
		}
	}
	if len(played) != len(m.Games) {
		t.Fatalf("the board recorded %d games played, the players played %d:\n%s", len(played), len(m.Games), got)
	}
	for k, g := range played {
		if len(g.Turns) != len(m.Games[k].Turns) {
			t.Errorf("game %d: the board recorded %d turns, the players played %d", k+1, len(g.Turns), len(m.Games[k].Turns))
		}
	}
}

// BenchmarkTrace runs the board on a whole recorded match (4,750 lines, a
// journal write per input): the figure is the cost of a match, not of a
// frame.
func BenchmarkTrace(b *testing.B) {
	for b.Loop() {
		playTrace(b, b.TempDir())
	}
}
