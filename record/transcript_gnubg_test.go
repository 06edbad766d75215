package record

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/internal/gnubgtest"
	"gammond/record/mat"
	"gammond/referee"
)

// TestTranscriptIsGnubgsExport replays the board traces through the
// referee into a Transcript, writes the record as the board does (its
// header from SetInfo), and has GNU Backgammon import and export it: the
// bytes must be ours, illegal plays flagged and corrected included.
func TestTranscriptIsGnubgsExport(t *testing.T) {
	t.Parallel()
	gnubg := gnubgtest.Need(t)
	traces, err := filepath.Glob(filepath.Join("..", "testdata", "traces", "*.trace.jsonl"))
	if err != nil || len(traces) == 0 {
		t.Fatalf("no traces (%v)", err)
	}
	for _, trace := range traces {
		t.Run(filepath.Base(trace), func(t *testing.T) {
			t.Parallel() // each in its own directory, gnubg's HOME
			m := transcribe(t, trace)
			m.SetInfo(mat.Info{
				Event: "Club Night", Date: time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
				Transcriber: "gammond", BoardID: "table-1",
			})
			var ours bytes.Buffer
			if _, err := m.WriteTo(&ours); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			written := filepath.Join(dir, "ours.mat")
			if err := os.WriteFile(written, ours.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			exported, messages := gnubgtest.Export(t, gnubg, dir, "import mat "+written)
			if w := gnubgtest.Warnings(messages); w != "" {
				t.Fatalf("gnubg did not import our record:\n%s", w)
			}
			if string(exported) != ours.String() {
				t.Errorf("gnubg exports our record otherwise:\ngnubg:\n%s\nours:\n%s", exported, ours.String())
			}
		})
	}
}

// transcribe replays a board trace through the referee into a Transcript.
func transcribe(t *testing.T, trace string) *mat.Match {
	t.Helper()
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tr *Transcript
	p, h, err := referee.OpenTrace(f, func(e referee.Event) { tr.Event(e) })
	if err != nil {
		t.Fatal(err)
	}
	tr = NewTranscript(h.Match.Length, [2]string{h.Match.White, h.Match.Black})
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	return tr.Match()
}
