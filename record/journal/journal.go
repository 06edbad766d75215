package journal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"sync"
)

// Opts sets up a journal. A zero field takes its value from DefaultOpts.
type Opts struct {
	// MaxPayload is the largest payload Append takes, in bytes; a larger one
	// is refused with ErrTooLarge. 1 to PayloadLimit. Open reads records of
	// any length up to PayloadLimit, whatever this says.
	MaxPayload int
	// Perm is the permission bits of a journal file Open creates, less
	// the umask.
	Perm os.FileMode
}

// DefaultOpts is what Open uses for nil Opts and for zero fields.
var DefaultOpts = Opts{
	// An input is a few hundred bytes of JSON; 64 KiB stops a runaway
	// caller while leaving room, and bounds the append buffer.
	MaxPayload: 64 << 10,
	// Tools (export, journal verify) read the journal; only the daemon writes.
	Perm: FilePerm,
}

// ErrTooLarge is returned (wrapped) by Append for a payload over MaxPayload.
var ErrTooLarge = errors.New("payload too large")

// ErrClosed is returned (wrapped) by Append and Close after Close.
var ErrClosed = errors.New("journal closed")

// Recovery is what Open found and did.
type Recovery struct {
	Created bool   // the file did not exist; Open created it
	Records uint64 // records kept: the last one's sequence number
	Cut     int64  // bytes of a torn last record cut off the end; 0 for none
	CutAt   int64  // the file's length after the cut: where the torn record started
	Reason  string // why the cut bytes were not a record
}

// String describes the recovery in a line, for the log.
func (r *Recovery) String() string {
	s := fmt.Sprintf("%d records", r.Records)
	if r.Created {
		s = "created"
	}
	if r.Cut > 0 {
		s += fmt.Sprintf("; cut %d bytes at offset %d (%s)", r.Cut, r.CutAt, r.Reason)
	}
	return s
}

// Journal is an open journal file. Use one Journal per file, in one
// process: Append is safe for concurrent callers (they take turns), but
// two writers on one file would interleave their records.
type Journal struct {
	path string
	max  int
	data []byte // the file as Open found it, less the cut: read by Records

	mu    sync.Mutex
	f     *os.File
	chain chain
	size  int64  // of the file: where the next record goes
	buf   []byte // the next record, encoded; reused so Append does not allocate
	err   error  // not nil once Append failed or Close was called: Append returns it
}

// Open opens the journal at path, creating it if missing, and verifies
// every record. A torn last record (a write that never finished) is cut off
// and reported in the Recovery; damage before it is a *CorruptError. Nil
// opts means DefaultOpts.
func Open(path string, opts *Opts) (*Journal, *Recovery, error) {
	o := DefaultOpts
	if opts != nil {
		o = opts.withDefaults()
	}
	if o.MaxPayload < 1 || o.MaxPayload > PayloadLimit {
		return nil, nil, fmt.Errorf("journal %s: MaxPayload %d not in 1..%d", path, o.MaxPayload, PayloadLimit)
	}
	rec := &Recovery{}
	f, err := OpenFile(path, os.O_RDWR|os.O_APPEND, 0)
	if errors.Is(err, fs.ErrNotExist) {
		// Written whole and renamed into place: the file exists only with its header.
		if err = WriteFileAtomic(path, newFileHeader(), o.Perm); err != nil {
			return nil, nil, fmt.Errorf("journal: create: %w", err)
		}
		rec.Created = true
		f, err = OpenFile(path, os.O_RDWR|os.O_APPEND, 0)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	j := &Journal{path: path, max: o.MaxPayload, f: f}
	if err := j.load(rec); err != nil {
		f.Close()
		return nil, nil, err
	}
	return j, rec, nil
}

// withDefaults returns o with its zero fields set from DefaultOpts.
func (o *Opts) withDefaults() Opts {
	r := *o
	if r.MaxPayload == 0 {
		r.MaxPayload = DefaultOpts.MaxPayload
	}
	if r.Perm == 0 {
		r.Perm = DefaultOpts.Perm
	}
	return r
}

// load reads and verifies the file, cuts a torn tail and fills in rec.
func (j *Journal) load(rec *Recovery) error {
	fi, err := j.f.Stat()
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if fi.Size() != int64(int(fi.Size())) {
		return fmt.Errorf("journal %s: %d bytes, too large to read", j.path, fi.Size())
	}
	data := make([]byte, fi.Size())
	if _, err := j.f.ReadAt(data, 0); err != nil {
		return fmt.Errorf("journal %s: read %d bytes: %w", j.path, len(data), err)
	}
	s, err := scan(data)
	if err != nil {
		var ce *CorruptError
		if errors.As(err, &ce) {
			ce.Path = j.path
		}
		return err
	}
	if s.end < len(data) {
		if err := j.cut(int64(s.end)); err != nil {
			return err
		}
		rec.Cut, rec.CutAt, rec.Reason = int64(len(data)-s.end), int64(s.end), s.cut
	}
	j.data, j.chain, j.size = data[:s.end], s.chain, int64(s.end)
	rec.Records = s.seq
	return nil
}

// cut truncates the file to size and syncs it, so the torn bytes cannot
// come back after a power cut and sit under the next record.
func (j *Journal) cut(size int64) error {
	if err := j.f.Truncate(size); err != nil {
		return fmt.Errorf("journal: cut torn tail: %w", err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("journal: cut torn tail: %w", err)
	}
	return nil
}

// Records returns the records Open found, in order, by sequence number.
// Records appended since are not included. The payloads share one buffer
// kept by the Journal: read them, do not modify them.
func (j *Journal) Records() iter.Seq2[uint64, []byte] {
	return func(yield func(uint64, []byte) bool) {
		for off := fileHeaderSize; off < len(j.data); {
			n := int(binary.LittleEndian.Uint32(j.data[off+4:]))
			seq := binary.LittleEndian.Uint64(j.data[off+8:])
			start, end := off+headerSize, off+headerSize+n
			if !yield(seq, j.data[start:end:end]) {
				return
			}
			off = end
		}
	}
}

// Append writes a record holding payload, fsyncs the file, and returns the
// record's sequence number: the record is on the disk when Append returns
// without error. If writing or syncing fails, the journal is unusable:
// this and every later Append return the same error; reopen the journal to
// recover. Append allocates only to grow its buffer for a payload longer
// than any before (BenchmarkAppend: 0 allocs/op).
func (j *Journal) Append(payload []byte) (uint64, error) {
	if len(payload) > j.max {
		return 0, fmt.Errorf("journal %s: append: %w: %d bytes, limit %d", j.path, ErrTooLarge, len(payload), j.max)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return 0, j.err
	}
	var sum uint32
	j.buf, sum = appendRecord(j.buf, j.chain, payload)
	if err := j.write(); err != nil {
		j.err = fmt.Errorf("journal %s: append record %d at offset %d: %w", j.path, j.chain.seq+1, j.size, err)
		return 0, j.err
	}
	j.chain.seq++
	j.chain.prev = sum
	j.size += int64(len(j.buf))
	return j.chain.seq, nil
}

// write writes the encoded record in one call, so a crash leaves at most
// its beginning, and syncs it.
func (j *Journal) write() error {
	if _, err := j.f.Write(j.buf); err != nil {
		return err
	}
	return j.f.Sync()
}

// Close closes the file. Records stays usable.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return fmt.Errorf("journal %s: %w", j.path, ErrClosed)
	}
	err := j.f.Close()
	j.f, j.err = nil, fmt.Errorf("journal %s: %w", j.path, ErrClosed)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// String names the journal and says how far it is, for the log.
func (j *Journal) String() string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return fmt.Sprintf("journal %s (%d records, %d bytes)", j.path, j.chain.seq, j.size)
}
