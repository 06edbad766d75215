package board_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/board"
	"gammond/record"
	"gammond/record/mat"
	"gammond/referee"
	"gammond/sensing"
)

// matchTrace is a 5-point match with cube actions and illegal plays.
var matchTrace = filepath.Join("..", "testdata", "traces", "match-002-illegal.trace.jsonl")

// playTrace runs the board on the trace in dir, to its end, and returns
// the .mat file it wrote.
func playTrace(tb testing.TB, dir string) []byte {
	f, err := os.Open(matchTrace)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	tr, err := sensing.NewTraceReader(f, nil)
	if err != nil {
		tb.Fatal(err)
	}
	h := tr.Header()
	b, err := board.Open(board.Options{StateDir: dir, Calibration: &h.Calibration, Settle: sensing.DefaultSettleWindow,
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

// TestTraceRecord checks that the board, journalling every input and
// writing the record at each game's end, records the match as the bare
// pipeline does (gammon replay).
func TestTraceRecord(t *testing.T) {
	got := playTrace(t, t.TempDir())

	f, err := os.Open(matchTrace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tr *record.Transcript
	p, h, err := referee.OpenTrace(f, func(e referee.Event) { tr.Event(e) })
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
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the board's record:\n%s\nthe pipeline's:\n%s", got, want.Bytes())
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
