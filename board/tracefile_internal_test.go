package board

import (
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"gammond/calib"
	"gammond/record/journal"
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
	c := zeroCalibration()
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
	c := zeroCalibration()
	n := len(c.Baseline)
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

// TestTraceTornByACrashReadsAfterRestart: a crash leaves the trace's gzip
// member unfinished (flushed, no trailer); the board started again seals
// what was saved and carries on, and the whole trace reads.
func TestTraceTornByACrashReadsAfterRestart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b-1"+TraceSuffix)
	c := zeroCalibration()
	n := len(c.Baseline)
	for i := range n {
		c.Baseline[i], c.White[i], c.Black[i] = 2048, 2700, 1400
	}
	epoch := time.Unix(0, 0)
	frame := slices.Clone(c.Baseline)
	at := func(ms int) time.Time { return epoch.Add(time.Duration(ms) * time.Millisecond) }

	r := &traceRecorder{log: slog.New(slog.DiscardHandler), limit: 1 << 30}
	if err := r.open(path, c, sensing.Match{Length: 1, White: "Ann", Black: "Bob"}, epoch); err != nil {
		t.Fatal(err)
	}
	for ms := range 3 {
		frame[ms] = 2700
		r.item(sensing.Item{At: at(ms * 10), Kind: sensing.FrameItem, Frame: frame})
	}
	if err := r.flush(); err != nil {
		t.Fatal(err)
	}
	r.tw.Frame(at(40), frame) // written after the last flush: lost in the crash
	r.file.Close()            // the crash: no trailer, the gzip writer never closed
	r.file, r.zw, r.tw = nil, nil, nil

	again := &traceRecorder{log: slog.New(slog.DiscardHandler), limit: 1 << 30}
	if err := again.open(path, c, sensing.Match{Length: 1, White: "Ann", Black: "Bob"}, epoch); err != nil {
		t.Fatal(err)
	}
	again.item(sensing.Item{At: at(100), Kind: sensing.EventItem, Event: sensing.Event{Kind: sensing.Done, Side: 0}})
	again.close()

	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := sensing.NewTraceReader(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	var items []sensing.ItemKind
	for {
		it, err := tr.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatalf("after %d items: %v", len(items), err)
			}
			break
		}
		items = append(items, it.Kind)
	}
	want := []sensing.ItemKind{sensing.FrameItem, sensing.FrameItem, sensing.FrameItem, sensing.EventItem}
	if !slices.Equal(items, want) {
		t.Fatalf("items %v, want the three flushed frames and the press after the restart", items)
	}
}

// TestTraceRefusesALink: a symbolic link planted where the match's trace
// goes is not followed: no trace, the link's target untouched.
func TestTraceRefusesALink(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b-1"+TraceSuffix)
	target := filepath.Join(t.TempDir(), "victim")
	for _, existing := range []bool{true, false} { // a link to a file, and a dangling one
		os.Remove(target)
		os.Remove(path)
		if existing {
			if err := os.WriteFile(target, []byte("not ours"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Symlink(target, path); err != nil {
			t.Fatal(err)
		}
		r := &traceRecorder{log: slog.New(slog.DiscardHandler), limit: 1 << 30}
		if err := r.open(path, zeroCalibration(), sensing.Match{Length: 1}, time.Unix(0, 0)); !errors.Is(err, journal.ErrNotRegular) {
			r.close()
			t.Errorf("a link to an existing file %v: open: %v, want %v", existing, err, journal.ErrNotRegular)
		}
		data, err := os.ReadFile(target)
		if existing && string(data) != "not ours" || !existing && !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a link to an existing file %v: its target holds %q (%v)", existing, data, err)
		}
	}
}

// TestTraceKeepsAStricterUmask: the trace is created 0640 less the umask.
func TestTraceKeepsAStricterUmask(t *testing.T) {
	for _, tc := range []struct {
		umask int
		want  os.FileMode
	}{{0o022, 0o640}, {0o077, 0o600}} {
		old := syscall.Umask(tc.umask)
		path := filepath.Join(t.TempDir(), "b-1"+TraceSuffix)
		r := &traceRecorder{log: slog.New(slog.DiscardHandler), limit: 1 << 30}
		err := r.open(path, zeroCalibration(), sensing.Match{Length: 1}, time.Unix(0, 0))
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		r.close()
		if fi, err := os.Stat(path); err != nil || fi.Mode() != tc.want {
			t.Errorf("umask %03o: mode %v (%v), want %v", tc.umask, fi.Mode(), err, tc.want)
		}
	}
}

// zeroCalibration is a calibration of the reference board with every level 0.
func zeroCalibration() *calib.Calibration {
	n := calib.ReferenceBoard.Sensors()
	return &calib.Calibration{Board: calib.ReferenceBoard, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
}
