package board

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gammond/calib"
	"gammond/record/journal"
	"gammond/sensing"
	"gammond/web"
)

// TraceSuffix ends the name of a board's own trace: the match record's
// name with it in place of ".mat" (".welsh").
const TraceSuffix = ".trace.jsonl.gz"

// traceMemberEvery is how often, in the source's time, the trace's gzip
// member is finished and the file synced: a power cut loses at most the
// member under way, this much of the trace.
const traceMemberEvery = time.Second

// traceRecorder keeps the board's own trace (TRACE.md) of what its sensors
// read and which buttons were pressed: one gzipped file per match beside
// its record, the oldest traces of the state directory removed first to
// keep them all under a limit. A trace that cannot be written is given up
// with a warning: the match goes on.
//
// The file is a multi-member gzip stream, as gzip itself reads it: every
// second a member is finished and the file synced, in the background, so
// that what a power cut leaves reads to within a second of the cut, and
// the complete members (snapshot) can be read while the trace grows,
// without the board's goroutine.
type traceRecorder struct {
	log   *slog.Logger
	limit int64 // bytes for every trace of the directory

	path     string
	file     *os.File
	counted  counter
	zw       *gzip.Writer
	tw       *sensing.TraceWriter
	pending  bool      // written since the last member was finished
	finished time.Time // when the last member was finished, in the source's time
	others   int64     // bytes of the directory's other traces, at the last prune
	syncer   *fileSyncer
	// sync makes the file durable: (*os.File).Sync when nil; a test
	// watches what a power cut would leave.
	sync func(*os.File) error

	mu       sync.Mutex // guards complete, which the page's downloads read
	complete traceSnapshot
}

// traceSnapshot is the part of a trace that is whole gzip members: the
// file's first size bytes.
type traceSnapshot struct {
	path string // "" for no trace
	size int64
}

// counter counts the bytes written to the file.
type counter struct {
	f *os.File
	n int64
}

func (c *counter) Write(b []byte) (int, error) {
	n, err := c.f.Write(b)
	c.n += int64(n)
	return n, err
}

// open starts the trace of a match at path, or carries on one the board
// began before it stopped (a new gzip member, no second header).
func (r *traceRecorder) open(path string, c *calib.Calibration, m sensing.Match, epoch time.Time) error {
	r.close()
	if err := sealTornTrace(path); err != nil {
		return fmt.Errorf("board trace: %w", err)
	}
	f, err := journal.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, journal.FilePerm)
	if err != nil {
		return fmt.Errorf("board trace: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("board trace: %w", err)
	}
	r.path, r.file, r.counted = path, f, counter{f: f, n: st.Size()}
	r.zw, r.syncer, r.finished = gzip.NewWriter(&r.counted), startSyncer(f, r.sync, r.log), time.Time{}
	r.publish()
	if st.Size() > 0 {
		r.tw = sensing.ResumeTraceWriter(r, c.Board.Sensors(), epoch)
	} else if r.tw, err = sensing.NewTraceWriter(r, c, m, epoch); err != nil {
		r.close()
		return err
	} else if err = r.finishMember(); err != nil { // the header alone reads
		r.close()
		return fmt.Errorf("board trace: %w", err)
	}
	r.prune()
	return nil
}

// sealTornTrace mends the trace a crash left: its last gzip member never
// finished (or a power cut left zeros after the last synced one), so a
// member appended after it would not read. What of it reads, to the last
// whole line, is written back as one finished member (atomically);
// nothing at all if not even the header survived. A trace that reads
// whole, or none, is left alone.
func sealTornTrace(path string) error {
	data, err := readStateFile(path)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(data) == 0 {
		return nil
	}
	if err != nil {
		return err
	}
	var saved []byte
	if zr, err := gzip.NewReader(bytes.NewReader(data)); err == nil {
		if saved, err = io.ReadAll(zr); err == nil {
			return nil
		}
	}
	saved = saved[:bytes.LastIndexByte(saved, '\n')+1]
	var sealed bytes.Buffer
	if len(saved) > 0 {
		zw := gzip.NewWriter(&sealed)
		zw.Write(saved) // a bytes.Buffer takes every write
		zw.Close()
	}
	return journal.WriteFileAtomic(path, sealed.Bytes(), journal.FilePerm)
}

// readStateFile reads a file of the state directory, refusing a symbolic
// link (journal.OpenFile).
func readStateFile(path string) ([]byte, error) {
	f, err := journal.OpenFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// item records a frame or a press.
func (r *traceRecorder) item(it sensing.Item) {
	if r.tw == nil {
		return
	}
	var err error
	switch it.Kind {
	case sensing.FrameItem:
		err = r.tw.Frame(it.At, it.Frame)
	case sensing.EventItem:
		err = r.tw.Event(it.At, it.Event)
	}
	if err == nil && it.At.Sub(r.finished) >= traceMemberEvery {
		r.finished = it.At
		err = r.finishMember()
	}
	if err != nil {
		r.log.Warn("board trace given up", "path", r.path, "err", err)
		r.close()
	}
}

// Write writes to the gzip member under way: the trace writer's output.
func (r *traceRecorder) Write(b []byte) (int, error) {
	r.pending = true
	return r.zw.Write(b)
}

// finishMember finishes the gzip member under way, if anything was
// written since the last, has the file synced, and keeps the directory's
// traces under the limit.
func (r *traceRecorder) finishMember() error {
	if !r.pending {
		return nil
	}
	if err := r.zw.Close(); err != nil {
		return err
	}
	r.zw.Reset(&r.counted)
	r.pending = false
	r.publish()
	r.syncer.request()
	if r.counted.n > r.limit {
		return fmt.Errorf("the trace is %d bytes, over the limit of %d", r.counted.n, r.limit)
	}
	if r.others+r.counted.n > r.limit {
		r.prune() // only then: reading the directory every second would cost a frame's budget
	}
	return nil
}

// publish makes the file as written so far, whole members, the snapshot
// the page's downloads read.
func (r *traceRecorder) publish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.complete = traceSnapshot{path: r.path, size: r.counted.n}
}

// prune removes the oldest traces of the directory, the current one aside,
// until they all fit the limit.
func (r *traceRecorder) prune() {
	dir := filepath.Dir(r.path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		r.log.Warn("board traces", "dir", dir, "err", err)
		return
	}
	type trace struct {
		path string
		size int64
		mod  time.Time
	}
	var old []trace
	total := r.counted.n
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if !strings.HasSuffix(e.Name(), TraceSuffix) || path == r.path {
			continue
		}
		if info, err := e.Info(); err == nil {
			old = append(old, trace{path, info.Size(), info.ModTime()})
			total += info.Size()
		}
	}
	slices.SortFunc(old, func(a, b trace) int { return cmp.Or(a.mod.Compare(b.mod), cmp.Compare(a.path, b.path)) })
	r.others = total - r.counted.n
	for _, t := range old {
		if total <= r.limit {
			return
		}
		if err := os.Remove(t.path); err != nil {
			r.log.Warn("removing an old board trace", "path", t.path, "err", err)
			continue
		}
		r.log.Info("old board trace removed to keep under the limit", "path", t.path, "limit", r.limit)
		total -= t.size
		r.others -= t.size
	}
}

// close finishes the last member, syncs and closes the trace.
func (r *traceRecorder) close() {
	if r.file == nil {
		return
	}
	if err := r.finishMember(); err != nil {
		r.log.Warn("board trace", "path", r.path, "err", err)
	}
	r.syncer.stop()
	if err := r.file.Close(); err != nil {
		r.log.Warn("board trace", "path", r.path, "err", err)
	}
	r.file, r.zw, r.tw, r.syncer = nil, nil, nil, nil
	r.mu.Lock()
	r.complete = traceSnapshot{}
	r.mu.Unlock()
}

// snapshot opens the trace's complete members for reading, and names the
// file; nil when there is no trace. Safe from any goroutine: it reads
// what the recorder published, and the file only grows.
func (r *traceRecorder) snapshot() (string, *traceReader, error) {
	r.mu.Lock()
	c := r.complete
	r.mu.Unlock()
	if c.path == "" || c.size == 0 {
		return "", nil, nil
	}
	f, err := journal.OpenFile(c.path, os.O_RDONLY, 0)
	if err != nil {
		return "", nil, err
	}
	return filepath.Base(c.path), &traceReader{io.NewSectionReader(f, 0, c.size), f}, nil
}

// traceReader reads a trace's complete members.
type traceReader struct {
	*io.SectionReader
	f *os.File
}

func (t *traceReader) Close() error { return t.f.Close() }

// fileSyncer syncs a file in the background when asked: fsync on an SD
// card can take tens of milliseconds, a few frames' time, which the
// board's goroutine must not wait for.
type fileSyncer struct {
	f    *os.File
	sync func(*os.File) error
	log  *slog.Logger
	asks chan struct{}
	done chan struct{}
}

// startSyncer starts syncing f with sync, (*os.File).Sync if nil.
func startSyncer(f *os.File, sync func(*os.File) error, log *slog.Logger) *fileSyncer {
	if sync == nil {
		sync = (*os.File).Sync
	}
	s := &fileSyncer{f: f, sync: sync, log: log, asks: make(chan struct{}, 1), done: make(chan struct{})}
	go s.run()
	return s
}

func (s *fileSyncer) run() {
	defer close(s.done)
	failed := false
	for range s.asks {
		if err := s.sync(s.f); err != nil && !failed {
			failed = true // once: a failing disk would say it every second
			s.log.Warn("board trace: sync", "path", s.f.Name(), "err", err)
		}
	}
}

// request asks for a sync of everything written so far: one asked already
// and not yet begun covers it.
func (s *fileSyncer) request() {
	select {
	case s.asks <- struct{}{}:
	default:
	}
}

// stop waits for the syncs asked for, and ends the syncer.
func (s *fileSyncer) stop() {
	close(s.asks)
	<-s.done
}

// openTrace starts the trace of the match set up, when the board keeps one.
func (b *Board) openTrace() {
	if b.trace == nil {
		return
	}
	path := strings.TrimSuffix(b.matPath, filepath.Ext(b.matPath)) + TraceSuffix
	// The rules go with the trace, so that its replay judges set-up
	// deadlines and the Crawford game as the board did, or plays the Welsh
	// game.
	m := sensing.Match{Length: b.header.Length, White: b.header.White, Black: b.header.Black, Rules: b.header.Rules}
	if err := b.trace.open(path, b.opts.Calibration, m, b.header.Started); err != nil {
		b.log.Warn("no board trace for this match", "err", err)
	}
}

// TraceFile opens the current match's trace as the board has recorded it
// (gzipped, TRACE.md) up to its last whole gzip member, at most a second
// behind, and names the file; trace is nil when the board keeps none. It
// does not wait for the board's goroutine nor touch the trace being
// written. It implements web.TraceFiler.
func (b *Board) TraceFile() (name string, trace io.ReadSeekCloser, err error) {
	if b.trace == nil {
		return "", nil, nil
	}
	name, r, err := b.trace.snapshot()
	if r == nil || err != nil {
		return "", nil, err
	}
	return name, r, nil
}

var _ web.TraceFiler = (*Board)(nil)
