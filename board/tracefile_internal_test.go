package board

import (
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"gammond/calib"
	"gammond/sensing"
)

// TestTraceLimitRemovesTheOldest: opening a match's trace removes the
// oldest traces of the directory until all fit the limit; the match
// records and the newer traces stay.
func TestTraceLimitRemovesTheOldest(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	for i, name := range []string{"b-1" + TraceSuffix, "b-2" + TraceSuffix, "b-3" + TraceSuffix, "b-1.mat"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, make([]byte, 1000), 0o644); err != nil {
			t.Fatal(err)
		}
		at := now.Add(time.Duration(i-10) * time.Hour)
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
	n := calib.ReferenceBoard.Sensors()
	c := &calib.Calibration{Board: calib.ReferenceBoard, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	r := &traceRecorder{log: slog.New(slog.DiscardHandler), limit: 2500}
	if err := r.open(filepath.Join(dir, "b-4"+TraceSuffix), c, sensing.Match{Length: 1}, now); err != nil {
		t.Fatal(err)
	}
	r.close()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"b-1.mat", "b-2" + TraceSuffix, "b-3" + TraceSuffix, "b-4" + TraceSuffix}
	if !slices.Equal(names, want) {
		t.Fatalf("files %v, want %v: the oldest trace removed, and no more", names, want)
	}
}
