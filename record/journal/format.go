package journal

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// The byte layout; the package doc draws it.
const (
	fileMagic      = "GMNDJRNL"
	fileVersion    = 1
	fileHeaderSize = 24
	recordMagic    = 0xB1
	headerSize     = 24
)

// PayloadLimit is the format's limit on a record's payload, in bytes. It
// keeps lengths within an int on 32-bit ARM.
const PayloadLimit = 16 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// CorruptError reports a journal damaged where no write can have been cut
// short: in the file header, or in a record that a sound record follows.
type CorruptError struct {
	Path   string
	Offset int64  // where the damaged record (or the file header) starts
	Record uint64 // the sequence number the record should have; 0 for the file header
	Reason string
}

func (e *CorruptError) Error() string {
	if e.Record == 0 {
		return fmt.Sprintf("journal %s: file header: %s", e.Path, e.Reason)
	}
	return fmt.Sprintf("journal %s: record %d at offset %d: %s", e.Path, e.Record, e.Offset, e.Reason)
}

// newFileHeader returns the header of a new journal, with a fresh file ID.
func newFileHeader() []byte {
	h := make([]byte, fileHeaderSize)
	copy(h, fileMagic)
	binary.LittleEndian.PutUint16(h[8:], fileVersion)
	rand.Read(h[12:20]) // never fails (crypto/rand, Go 1.24+)
	binary.LittleEndian.PutUint32(h[20:], crc32.Checksum(h[:20], castagnoli))
	return h
}

// chain is where the next record's checksums start from.
type chain struct {
	id   uint32 // CRC-32C of the file ID: every record's checksum starts from it
	prev uint32 // checksum of the last record, or of the file header
	seq  uint64 // sequence number of the last record; 0 for none
}

// readFileHeader verifies the file header at the start of data.
func readFileHeader(data []byte) (chain, error) {
	bad := func(format string, a ...any) (chain, error) {
		return chain{}, &CorruptError{Reason: fmt.Sprintf(format, a...)}
	}
	switch {
	case len(data) < fileHeaderSize:
		return bad("%d bytes, want %d", len(data), fileHeaderSize)
	case string(data[:8]) != fileMagic:
		return bad("magic %q, want %q", data[:8], fileMagic)
	case binary.LittleEndian.Uint16(data[8:]) != fileVersion:
		return bad("format version %d, want %d", binary.LittleEndian.Uint16(data[8:]), fileVersion)
	case data[10]|data[11] != 0:
		return bad("nonzero reserved bytes")
	}
	sum := binary.LittleEndian.Uint32(data[20:])
	if got := crc32.Checksum(data[:20], castagnoli); got != sum {
		return bad("checksum %08x, want %08x", got, sum)
	}
	return chain{id: crc32.Checksum(data[12:20], castagnoli), prev: sum}, nil
}

// appendRecord encodes the record after c holding payload into buf[:0] and
// returns it and its checksum. It allocates only when buf is too small.
func appendRecord(buf []byte, c chain, payload []byte) ([]byte, uint32) {
	buf = append(buf[:0], make([]byte, headerSize)...) // no allocation: the compiler clears in place
	buf[0] = recordMagic
	binary.LittleEndian.PutUint32(buf[4:], uint32(len(payload)))
	binary.LittleEndian.PutUint64(buf[8:], c.seq+1)
	binary.LittleEndian.PutUint32(buf[16:], c.prev)
	sum := crc32.Update(crc32.Update(c.id, castagnoli, buf[:20]), castagnoli, payload)
	binary.LittleEndian.PutUint32(buf[20:], sum)
	return append(buf, payload...), sum
}

// header is a record's header, decoded.
type header struct {
	n    int // payload length
	seq  uint64
	prev uint32
	sum  uint32
}

// readRecord decodes the record at data[off:] and verifies it on its own
// (not its place in the chain). problem says what is wrong, "" if nothing.
func readRecord(data []byte, off int, id uint32) (h header, problem string) {
	r := data[off:]
	switch {
	case len(r) < headerSize:
		return h, fmt.Sprintf("incomplete header (%d of %d bytes)", len(r), headerSize)
	case r[0] != recordMagic:
		return h, fmt.Sprintf("record magic %#02x, want %#02x", r[0], recordMagic)
	case r[1]|r[2]|r[3] != 0:
		return h, "nonzero reserved bytes"
	}
	n := binary.LittleEndian.Uint32(r[4:])
	if n > PayloadLimit {
		return h, fmt.Sprintf("payload length %d over the limit %d", n, PayloadLimit)
	}
	h = header{
		n:    int(n),
		seq:  binary.LittleEndian.Uint64(r[8:]),
		prev: binary.LittleEndian.Uint32(r[16:]),
		sum:  binary.LittleEndian.Uint32(r[20:]),
	}
	if len(r)-headerSize < h.n {
		return h, fmt.Sprintf("incomplete payload (%d of %d bytes)", len(r)-headerSize, h.n)
	}
	if crc32.Update(crc32.Update(id, castagnoli, r[:20]), castagnoli, r[headerSize:headerSize+h.n]) != h.sum {
		return h, "bad checksum"
	}
	return h, ""
}

// contents is what scan found in a journal file.
type contents struct {
	chain        // after the last sound record
	end   int    // where the sound records end
	cut   string // why data[end:] is not kept; "" when end == len(data)
}

// scan verifies a whole journal file. A bad record that no sound record
// follows is a torn tail, to be cut; any other damage is a *CorruptError
// (its Path left for the caller).
func scan(data []byte) (contents, error) {
	c, err := readFileHeader(data)
	if err != nil {
		return contents{}, err
	}
	s := contents{chain: c, end: fileHeaderSize}
	for s.end < len(data) {
		h, problem := readRecord(data, s.end, s.id)
		switch {
		case problem != "":
			if q := nextSound(data, s.end+1, s.id); q >= 0 {
				return s, s.corrupt(fmt.Sprintf("%s, and a sound record follows at offset %d", problem, q))
			}
			s.cut = fmt.Sprintf("record %d: %s", s.seq+1, problem)
			return s, nil
		case h.seq != s.seq+1:
			return s, s.corrupt(fmt.Sprintf("sequence number %d", h.seq))
		case h.prev != s.prev:
			return s, s.corrupt(fmt.Sprintf("chain broken: previous checksum %08x, want %08x", h.prev, s.prev))
		}
		s.seq, s.prev, s.end = h.seq, h.sum, s.end+headerSize+h.n
	}
	return s, nil
}

// corrupt reports damage in the record that should come next.
func (s *contents) corrupt(reason string) error {
	return &CorruptError{Offset: int64(s.end), Record: s.seq + 1, Reason: reason}
}

// nextSound returns the offset of the first record at or after from that
// is sound on its own, or -1. A damaged record with one after it is not a
// torn write, whatever its own damage.
func nextSound(data []byte, from int, id uint32) int {
	for q := from; q+headerSize <= len(data); q++ {
		if data[q] != recordMagic {
			continue // most offsets: skip without decoding
		}
		if _, problem := readRecord(data, q, id); problem == "" {
			return q
		}
	}
	return -1
}
