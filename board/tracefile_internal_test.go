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

// restingBoard returns a board (keeping its trace within traceLimit bytes,
// none at 0) and a function that feeds it a frame of a board at rest 10 ms
// after the last, one reading changed by noise: the per-frame path.
func restingBoard(tb testing.TB, traceLimit int64) func() {
	tb.Helper()
	n := calib.ReferenceBoard.Sensors()
	c := &calib.Calibration{Board: calib.ReferenceBoard, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	for i := range n {
		c.Baseline[i], c.White[i], c.Black[i] = 2048, 2700, 1400
	}
	start := time.Unix(1_800_000_000, 0).UTC()
	b, err := Open(Options{StateDir: tb.TempDir(), Calibration: c, Settle: sensing.DefaultSettleWindow, TraceLimit: traceLimit,
		Match: Match{Board: "bench", Started: start, Length: 1, White: "W", Black: "B", Rules: "us"}})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { b.Close() })
	frame := slices.Clone(c.Baseline)
	at, i := start, 0
	return func() {
		at, i = at.Add(10*time.Millisecond), i+1
		frame[i%n] = 2048 + uint16(i%3)
		if err := b.step(sensing.Item{At: at, Kind: sensing.FrameItem, Frame: frame}); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkBoardFrameWithTrace is the board's per-frame path with its own
// trace kept (classify, settle, referee, trace line, a gzip flush a
// second). Budget: 0 allocations per frame.
func BenchmarkBoardFrameWithTrace(b *testing.B) {
	step := restingBoard(b, 1<<30)
	b.ReportAllocs()
	for b.Loop() {
		step()
	}
}

func TestBoardFrameWithTraceAllocatesNothing(t *testing.T) {
	step := restingBoard(t, 1<<30)
	for range 300 { // past the first frame, the settling and a flush
		step()
	}
	if a := testing.AllocsPerRun(1000, step); a != 0 {
		t.Fatalf("%v allocations per frame, want 0", a)
	}
}

// BenchmarkBoardFrame is the same path on a board that keeps no trace: the
// difference is what the trace costs a frame.
func BenchmarkBoardFrame(b *testing.B) {
	step := restingBoard(b, 0)
	b.ReportAllocs()
	for b.Loop() {
		step()
	}
}
