package board

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
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
	c := levelCalibration()
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
	c := levelCalibration()
	n := len(c.Baseline)
	start := time.Unix(1_800_000_000, 0).UTC()
	b, err := Open(Options{StateDir: tb.TempDir(), Calibration: c, TraceLimit: traceLimit,
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
// trace kept (settle, referee, trace line, a gzip flush a
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

// TestTraceTornByACrashReadsAfterRestart: a crash leaves the trace's last
// gzip member unfinished (flushed, no trailer); the board started again
// seals what was saved and carries on, and the whole trace reads.
func TestTraceTornByACrashReadsAfterRestart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b-1"+TraceSuffix)
	c := levelCalibration()
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
	if err := r.finishMember(); err != nil {
		t.Fatal(err)
	}
	r.tw.Frame(at(40), frame) // written after the last member: lost in the crash
	r.zw.Flush()              // and torn: the member begun, never finished
	r.syncer.stop()
	r.file.Close()
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
		if err := r.open(path, levelCalibration(), sensing.Match{Length: 1}, time.Unix(0, 0)); !errors.Is(err, journal.ErrNotRegular) {
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
		err := r.open(path, levelCalibration(), sensing.Match{Length: 1}, time.Unix(0, 0))
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

// levelCalibration is a calibration of the reference board, every sensor
// alike: baseline 2048, White 2700, Black 1400.
func levelCalibration() *calib.Calibration {
	n := calib.ReferenceBoard.Sensors()
	c := &calib.Calibration{Board: calib.ReferenceBoard, Baseline: make([]uint16, n), White: make([]uint16, n), Black: make([]uint16, n)}
	for i := range n {
		c.Baseline[i], c.White[i], c.Black[i] = 2048, 2700, 1400
	}
	return c
}

// tracedItem is an item written to a trace, and where the complete
// members ended after it.
type tracedItem struct {
	at       time.Time
	complete int64
}

// recordPlay writes to r a board's 100 frames a second for the duration,
// a reading changing in each, and a press every 700 ms, and returns what
// it wrote.
func recordPlay(r *traceRecorder, sensors int, from time.Time, d time.Duration) []tracedItem {
	frame := make([]uint16, sensors)
	var items []tracedItem
	for ms := time.Duration(0); ms < d; ms += 10 * time.Millisecond {
		at := from.Add(ms)
		frame[int(ms/time.Millisecond)%sensors] = 2048 + uint16(ms/time.Millisecond)%300
		r.item(sensing.Item{At: at, Kind: sensing.FrameItem, Frame: frame})
		items = append(items, tracedItem{at, r.complete.size})
		if ms%(700*time.Millisecond) == 0 {
			r.item(sensing.Item{At: at, Kind: sensing.EventItem, Event: sensing.Event{Kind: sensing.Done, Side: engine.White}})
			items = append(items, tracedItem{at, r.complete.size})
		}
	}
	return items
}

// readItems counts the items a trace reader reads of data before its end
// or an error.
func readItems(data []byte) int {
	tr, err := sensing.NewTraceReader(bytes.NewReader(data), nil)
	if err != nil {
		return 0
	}
	n := 0
	for {
		if _, err := tr.Next(); err != nil {
			return n
		}
		n++
	}
}

// memberEnds returns, for each item, where the gzip member holding it
// ends in the file; -1 for the items of the member still under way. before
// is where the complete members ended before the first item.
func memberEnds(items []tracedItem, before int64) []int64 {
	ends := make([]int64, len(items))
	end := int64(-1)
	for i := len(items) - 1; i >= 0; i-- {
		prev := before
		if i > 0 {
			prev = items[i-1].complete
		}
		if items[i].complete != prev {
			end = items[i].complete // item i finished a member, and is in it
		}
		ends[i] = end
	}
	return ends
}

// recordedTrace opens a trace in a new directory, with sync (nil: the
// file's own) to make it durable, and records d of play in it
// (recordPlay); it returns the recorder, still open, the trace's path,
// the items and where the member holding each ends (memberEnds).
func recordedTrace(t *testing.T, sync func(*os.File) error, d time.Duration) (r *traceRecorder, path string, items []tracedItem, ends []int64) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "b-1"+TraceSuffix)
	c := levelCalibration()
	epoch := time.Unix(1_800_000_000, 0)
	r = &traceRecorder{log: slog.New(slog.DiscardHandler), limit: 1 << 30, sync: sync}
	if err := r.open(path, c, sensing.Match{Length: 1, White: "Ann", Black: "Bob"}, epoch); err != nil {
		t.Fatal(err)
	}
	header := r.complete.size
	items = recordPlay(r, len(c.Baseline), epoch, d)
	return r, path, items, memberEnds(items, header)
}

// TestTraceCutAnywhereReads: a cut at any byte of the trace, or zeros
// after it, leaves a file whose whole gzip members read.
func TestTraceCutAnywhereReads(t *testing.T) {
	r, path, items, ends := recordedTrace(t, nil, 3550*time.Millisecond)
	defer r.close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for cut := 0; cut <= len(data); cut += 1 + len(data)/97 {
		want := 0 // the items of the members whole before the cut
		for want < len(items) && ends[want] >= 0 && ends[want] <= int64(cut) {
			want++
		}
		for _, tail := range [][]byte{nil, make([]byte, 4096)} { // the file ends, or zeros follow
			if got := readItems(append(data[:cut:cut], tail...)); got < want {
				t.Errorf("cut at byte %d of %d, %d zeros after: %d items read, want %d or more", cut, len(data), len(tail), got, want)
			}
		}
	}
}

// TestTraceCutLosesAtMostASecond: the trace is synced at least once a
// second of the source's time, so a power cut, which loses what was not
// synced, loses only the last second of it.
func TestTraceCutLosesAtMostASecond(t *testing.T) {
	var mu sync.Mutex
	var synced int64 // the file's size at its last sync: what a power cut leaves
	r, path, items, _ := recordedTrace(t, func(f *os.File) error {
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		synced = max(synced, fi.Size())
		return f.Sync()
	}, 5550*time.Millisecond)
	r.syncer.stop() // the syncs asked for are done; then the power is cut
	r.file.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	left := append(data[:synced:synced], make([]byte, 4096)...) // the page cache lost
	// The items a second or more before the cut.
	want := 0
	for want < len(items) && items[len(items)-1].at.Sub(items[want].at) >= traceMemberEvery {
		want++
	}
	if got := readItems(left); got < want || want == 0 {
		t.Errorf("after a power cut, %d items of %d read, want the %d a second or more before it", got, len(items), want)
	}
}

// TestTraceSnapshotLeavesTheTraceAlone: a download reads the complete
// members as a whole gzip stream, and writes nothing to the trace: the
// member under way stays as it was, and the file's size too.
func TestTraceSnapshotLeavesTheTraceAlone(t *testing.T) {
	r, path, _, ends := recordedTrace(t, nil, 2500*time.Millisecond)
	defer r.close()
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	name, snap, err := r.snapshot()
	if err != nil || name != filepath.Base(path) || snap == nil {
		t.Fatalf("snapshot: %q, %v, %v", name, snap, err)
	}
	defer snap.Close()
	got, err := io.ReadAll(snap)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(got))
	if err == nil {
		_, err = io.Copy(io.Discard, zr)
	}
	if err != nil {
		t.Errorf("the snapshot does not read as gzip: %v", err)
	}
	kept := slices.IndexFunc(ends, func(end int64) bool { return end < 0 })
	if n := readItems(got); n != kept || n == 0 {
		t.Errorf("the snapshot of %d bytes reads %d items, want %d", len(got), n, kept)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if after.Size() != before.Size() || !r.pending {
		t.Errorf("the download changed the trace: %d bytes before, %d after, member under way %v", before.Size(), after.Size(), r.pending)
	}
}
