package journal

import (
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"time"
)

// Check is what Verify found in a journal file.
type Check struct {
	Path    string
	Size    int64  // the file's length
	Records uint64 // sound records at the start of the file, in an unbroken chain
	Sound   int64  // where they end: the length Salvage keeps
	// Torn says why the bytes after Sound are a write that never finished,
	// which Open cuts off by itself; "" when there are none.
	Torn string
	// Corrupt is the damage Open refuses, nil when there is none.
	Corrupt *CorruptError
	// Beyond counts the records after the damage that are sound on their
	// own: what salvaging the journal loses.
	Beyond int
}

// OK reports whether Open would take the journal (a torn tail included).
func (c *Check) OK() bool { return c.Corrupt == nil }

// String says in a line what was found, for a person.
func (c *Check) String() string {
	s := fmt.Sprintf("%s: %d records, %d bytes", c.Path, c.Records, c.Size)
	switch {
	case c.Corrupt != nil:
		s += fmt.Sprintf("; DAMAGED: %s; %d bytes after record %d would be lost, %d of them records sound on their own",
			c.Corrupt.Reason, c.Size-c.Sound, c.Records, c.Beyond)
	case c.Torn != "":
		s += fmt.Sprintf("; a torn last write of %d bytes, which the daemon cuts off (%s)", c.Size-c.Sound, c.Torn)
	default:
		s += "; sound"
	}
	return s
}

// Verify reads the journal at path and checks every record, without
// changing the file.
func Verify(path string) (*Check, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return check(path, data), nil
}

func check(path string, data []byte) *Check {
	c := &Check{Path: path, Size: int64(len(data))}
	s, err := scan(data)
	c.Records, c.Sound, c.Torn = s.seq, int64(s.end), s.cut
	var ce *CorruptError
	if errors.As(err, &ce) {
		ce.Path = path
		c.Corrupt = ce
		c.Torn = ""
		id := s.id
		if ce.Record == 0 && len(data) >= 20 { // a damaged file header may still hold the file ID
			id = crc32.Checksum(data[12:20], castagnoli)
		}
		c.Beyond = soundRecordsFrom(data, max(s.end, fileHeaderSize), id)
	}
	return c
}

// soundRecordsFrom counts the records at or after offset from that are
// sound on their own, skipping damaged bytes between them.
func soundRecordsFrom(data []byte, from int, id uint32) int {
	n := 0
	for q := nextSound(data, from, id); q >= 0; q = nextSound(data, q+1, id) {
		n++
	}
	return n
}

// Salvage repairs a damaged journal: the file is moved aside whole (to the
// returned path, nothing deleted) and replaced by its longest sound prefix,
// which Open takes. A journal that Open already takes is left as it is
// (the returned path is ""). With a damaged file header nothing is sound:
// the journal is moved aside and none is left, so the daemon starts a new
// one. now names the moved file.
func Salvage(path string, now time.Time) (c *Check, aside string, err error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, "", fmt.Errorf("journal: %w", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("journal: %w", err)
	}
	c = check(path, data)
	if c.OK() {
		return c, "", nil
	}
	aside = fmt.Sprintf("%s.damaged-%s", path, now.UTC().Format("20060102-150405"))
	if _, err := os.Stat(aside); err == nil {
		return c, "", fmt.Errorf("journal: %s already exists: move it away first", aside)
	}
	// A hard link keeps the damaged bytes under the new name before the
	// journal's name is given the prefix: a crash in between loses nothing.
	if err := os.Link(path, aside); err != nil {
		return c, "", fmt.Errorf("journal: keep the damaged file: %w", err)
	}
	if c.Sound < fileHeaderSize {
		if err := os.Remove(path); err != nil {
			return c, aside, fmt.Errorf("journal: %w", err)
		}
		return c, aside, syncDir(filepath.Dir(path))
	}
	return c, aside, WriteFileAtomic(path, data[:c.Sound], fi.Mode().Perm())
}
