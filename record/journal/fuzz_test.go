package journal

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzOpen feeds arbitrary files to scan, the reader Open runs on the
// file's bytes (the cut and the file system are TestTornTail's): it must
// not panic or hang, and either find a torn tail to cut, whose sound part
// reads back the same and takes a next record, or fail with a
// *CorruptError.
func FuzzOpen(f *testing.F) {
	good := readFile(f, build(f, 5))
	offs := starts(f, good)
	for _, seed := range [][]byte{
		good,
		good[:fileHeaderSize],
		good[:len(good)-3],
		good[:offs[4]+headerSize-1],
		flip(good, offs[4]*8+40),
		flip(good, offs[2]*8+100),
		append(bytes.Clone(good), make([]byte, 100)...),
		slicesConcat(good[:offs[1]], good[offs[2]:]),
		nil,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := scan(data)
		if err != nil {
			var ce *CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *CorruptError", err)
			}
			return
		}
		if s.end < fileHeaderSize || s.end > len(data) || (s.cut == "") != (s.end == len(data)) {
			t.Fatalf("kept %d of %d bytes, cut reason %q", s.end, len(data), s.cut)
		}
		kept := data[:s.end:s.end]
		if again, err := scan(kept); err != nil || again != (contents{chain: s.chain, end: s.end}) {
			t.Fatalf("the kept part reads back as %+v, %v; want %+v", again, err, s)
		}
		next, _ := appendRecord(nil, s.chain, []byte("next"))
		if after, err := scan(append(kept, next...)); err != nil || after.seq != s.seq+1 || after.cut != "" {
			t.Fatalf("after appending: %+v, %v; want record %d sound", after, err, s.seq+1)
		}
	})
}

// FuzzCheck feeds arbitrary files to check, what gammon journal verify and
// salvage read: it must not panic, and the sound prefix salvage would keep
// must read back whole, holding the records check counted.
func FuzzCheck(f *testing.F) {
	good := readFile(f, build(f, 4))
	offs := starts(f, good)
	for _, seed := range [][]byte{
		good,
		flip(good, offs[2]*8+40),
		flip(good, 100),
		slicesConcat(good[:offs[1]], good[offs[2]:]),
		good[:len(good)-2],
		good[:fileHeaderSize-1],
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := check("fuzz", data)
		if c.Sound < 0 || c.Sound > c.Size || c.Size != int64(len(data)) || c.Beyond < 0 {
			t.Fatalf("check: %+v of %d bytes", c, len(data))
		}
		if c.OK() || c.Sound < fileHeaderSize {
			return
		}
		s, err := scan(data[:c.Sound])
		if err != nil || s.seq != c.Records || s.cut != "" {
			t.Fatalf("the sound prefix of %d bytes reads %+v, %v; want %d records", c.Sound, s, err, c.Records)
		}
	})
}
