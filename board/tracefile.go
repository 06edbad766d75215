package board

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gammond/calib"
	"gammond/record/journal"
	"gammond/sensing"
	"gammond/web"
)

// TraceSuffix ends the name of a board's own trace: the match record's
// name with it in place of ".mat" (".welsh").
const TraceSuffix = ".trace.jsonl.gz"

// traceFlushEvery is how often the trace is flushed to its file: a crash
// loses at most this much of it.
const traceFlushEvery = time.Second

// traceRecorder keeps the board's own trace (TRACE.md) of what its sensors
// read and which buttons were pressed: one gzipped file per match beside
// its record, flushed every second, the oldest traces of the state
// directory removed first to keep them all under a limit. A trace that
// cannot be written is given up with a warning: the match goes on.
type traceRecorder struct {
	log   *slog.Logger
	limit int64 // bytes for every trace of the directory

	path    string
	file    *os.File
	counted counter
	zw      *gzip.Writer
	tw      *sensing.TraceWriter
	flushed time.Time
	others  int64 // bytes of the directory's other traces, at the last prune
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
	r.zw = gzip.NewWriter(&r.counted)
	if st.Size() > 0 {
		r.tw = sensing.ResumeTraceWriter(r.zw, c.Board.Sensors(), epoch)
	} else if r.tw, err = sensing.NewTraceWriter(r.zw, c, m, epoch); err != nil {
		r.close()
		return err
	}
	r.prune()
	return nil
}

// sealTornTrace mends the trace a crash left: its last gzip member never
// finished, so a member appended after it would not read. What the last
// flushes saved, to the last whole line, is written back as one finished
// member (atomically); nothing at all if not even the header survived.
// A trace that reads whole, or none, is left alone.
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
	if err == nil && it.At.Sub(r.flushed) >= traceFlushEvery {
		r.flushed = it.At
		err = r.flush()
	}
	if err != nil {
		r.log.Warn("board trace given up", "path", r.path, "err", err)
		r.close()
	}
}

// flush writes what is buffered to the file and keeps the directory's
// traces under the limit.
func (r *traceRecorder) flush() error {
	if err := r.zw.Flush(); err != nil {
		return err
	}
	if r.counted.n > r.limit {
		return fmt.Errorf("the trace is %d bytes, over the limit of %d", r.counted.n, r.limit)
	}
	if r.others+r.counted.n > r.limit {
		r.prune() // only then: reading the directory every second would cost a frame's budget
	}
	return nil
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

// close flushes and closes the trace.
func (r *traceRecorder) close() {
	if r.file == nil {
		return
	}
	if err := r.zw.Close(); err != nil {
		r.log.Warn("board trace", "path", r.path, "err", err)
	}
	if err := r.file.Close(); err != nil {
		r.log.Warn("board trace", "path", r.path, "err", err)
	}
	r.file, r.zw, r.tw = nil, nil, nil
}

// contents returns the trace so far, flushed, and its file name.
func (r *traceRecorder) contents() (string, []byte, error) {
	if r.file == nil {
		return "", nil, nil
	}
	if err := r.zw.Flush(); err != nil {
		return "", nil, err
	}
	data, err := os.ReadFile(r.path)
	return filepath.Base(r.path), data, err
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

// TraceFile returns the current match's trace as the board has recorded it
// so far (gzipped, TRACE.md) and its file name; data is nil when the board
// keeps no trace. It implements web.TraceFiler.
func (b *Board) TraceFile() (name string, data []byte) {
	err := b.Do(context.Background(), func() error {
		if b.trace == nil {
			return nil
		}
		var err error
		name, data, err = b.trace.contents()
		return err
	})
	if err != nil {
		b.log.Warn("board trace for the page", "err", err)
		return "", nil
	}
	return name, data
}

var _ web.TraceFiler = (*Board)(nil)
