package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// payload is the test payload of record seq: JSON like the daemon's, its
// length varying with seq so records end at many different offsets.
func payload(seq uint64) []byte {
	return fmt.Appendf(nil, `{"seq":%d,"pad":"%s"}`, seq, strings.Repeat("x", int(seq%37)))
}

// build creates a journal holding records 1 to n and returns its path.
func build(t testing.TB, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "match.jnl")
	j, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	appendN(t, j, 1, n)
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// appendN appends records from to from+n-1 and checks their sequence numbers.
func appendN(t testing.TB, j *Journal, from uint64, n int) {
	t.Helper()
	for seq := from; seq < from+uint64(n); seq++ {
		got, err := j.Append(payload(seq))
		if err != nil {
			t.Fatal(err)
		}
		if got != seq {
			t.Fatalf("Append: seq %d, want %d", got, seq)
		}
	}
}

// reopen opens the journal at path, checks that it holds records 1 to n
// with their payloads, closes it and returns the Recovery.
func reopen(t *testing.T, path string, n uint64) *Recovery {
	t.Helper()
	j, rec, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	checkRecords(t, j, n)
	if rec.Records != n {
		t.Errorf("Recovery.Records %d, want %d", rec.Records, n)
	}
	return rec
}

// checkRecords checks that j's records are 1 to n with their payloads.
func checkRecords(t *testing.T, j *Journal, n uint64) {
	t.Helper()
	want := uint64(1)
	for seq, p := range j.Records() {
		if seq != want || !bytes.Equal(p, payload(seq)) {
			t.Fatalf("record %d: seq %d, %d bytes of payload, want %d bytes", want, seq, len(p), len(payload(want)))
		}
		want++
	}
	if want-1 != n {
		t.Fatalf("%d records, want %d", want-1, n)
	}
}

// starts returns where each record of a journal file starts, and after
// them the file's length, reading the layout of the package doc.
func starts(t testing.TB, data []byte) []int {
	t.Helper()
	var offs []int
	off := fileHeaderSize
	for ; off < len(data); off += headerSize + int(binary.LittleEndian.Uint32(data[off+4:])) {
		offs = append(offs, off)
	}
	if off != len(data) {
		t.Fatalf("records end at %d, file at %d", off, len(data))
	}
	return append(offs, off)
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name    string
		batches []int // records appended between reopens
	}{
		{"empty", []int{0}},
		{"one", []int{1}},
		{"many", []int{500}},
		{"reopen and append", []int{100, 0, 1, 50, 7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "match.jnl")
			var n uint64
			for i, batch := range tc.batches {
				j, rec, err := Open(path, nil)
				if err != nil {
					t.Fatal(err)
				}
				if rec.Created != (i == 0) || rec.Records != n || rec.Cut != 0 {
					t.Fatalf("open %d: Recovery %+v, want %d records", i, rec, n)
				}
				checkRecords(t, j, n)
				appendN(t, j, n+1, batch)
				n += uint64(batch)
				if err := j.Close(); err != nil {
					t.Fatal(err)
				}
			}
			reopen(t, path, n)
		})
	}
}

func TestPayloadSizes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.jnl")
	j, _, err := Open(path, &Opts{MaxPayload: 100000})
	if err != nil {
		t.Fatal(err)
	}
	sizes := []int{0, 1, 23, 24, 25, 4095, 4096, 100000}
	for _, n := range sizes {
		if _, err := j.Append(bytes.Repeat([]byte{byte(n)}, n)); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	j, _, err = Open(path, nil) // a smaller MaxPayload still reads them
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	i := 0
	for _, p := range j.Records() {
		if !bytes.Equal(p, bytes.Repeat([]byte{byte(sizes[i])}, sizes[i])) {
			t.Errorf("record %d: %d bytes, want %d bytes of %#x", i+1, len(p), sizes[i], sizes[i])
		}
		if cap(p) != len(p) {
			t.Errorf("record %d: cap %d, want %d: an append would overwrite the next record", i+1, cap(p), len(p))
		}
		i++
	}
	if i != len(sizes) {
		t.Errorf("%d records, want %d", i, len(sizes))
	}
}

// TestFormat checks the bytes against the layout of the package doc.
func TestFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.jnl")
	j, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"hi", ""} {
		if _, err := j.Append([]byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	data := readFile(t, path)
	id := data[12:20]
	crc := func(b ...[]byte) []byte {
		var sum uint32
		for _, b := range b {
			sum = crc32.Update(sum, crc32.MakeTable(crc32.Castagnoli), b)
		}
		return binary.LittleEndian.AppendUint32(nil, sum)
	}
	fileHeader := slicesConcat([]byte("GMNDJRNL"), []byte{1, 0, 0, 0}, id)
	fileHeader = append(fileHeader, crc(fileHeader)...)
	rec1 := slicesConcat([]byte{0xB1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}, fileHeader[20:24])
	rec1 = slicesConcat(rec1, crc(id, rec1, []byte("hi")), []byte("hi"))
	rec2 := slicesConcat([]byte{0xB1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0}, rec1[20:24])
	rec2 = append(rec2, crc(id, rec2)...)
	if want := slicesConcat(fileHeader, rec1, rec2); !bytes.Equal(data, want) {
		t.Errorf("file:\n got % x\nwant % x", data, want)
	}
}

func slicesConcat(b ...[]byte) []byte { return bytes.Join(b, nil) }

func TestTornTail(t *testing.T) {
	const n = 5
	path := build(t, n)
	good := readFile(t, path)
	offs := starts(t, good)
	last, end := offs[n-1], offs[n]
	for size := last; size < end; size++ {
		t.Run(fmt.Sprintf("length %d", size), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "match.jnl")
			writeFile(t, path, good[:size])
			rec := reopenAndAppend(t, path, n-1)
			if size == last && *rec != (Recovery{Records: n - 1}) {
				t.Errorf("Recovery %+v, want no cut", rec)
			}
			if size > last && (rec.Cut != int64(size-last) || rec.CutAt != int64(last)) {
				t.Errorf("Recovery %+v, want %d bytes cut at %d", rec, size-last, last)
			}
			if rec.Cut > 0 && !strings.Contains(rec.String(), "record 5: incomplete") {
				t.Errorf("Recovery %q, want the record and why", rec)
			}
		})
	}
}

// reopenAndAppend opens a journal whose last sound record is n, checks that
// its file is cut back to that record, appends record n+1 and checks it
// comes back on the next open.
func reopenAndAppend(t *testing.T, path string, n uint64) *Recovery {
	t.Helper()
	j, rec, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkRecords(t, j, n)
	if rec.Cut > 0 {
		if fi, err := os.Stat(path); err != nil || fi.Size() != rec.CutAt {
			t.Errorf("file after the cut: %v, want %d bytes", err, rec.CutAt)
		}
	}
	appendN(t, j, n+1, 1)
	j.Close()
	reopen(t, path, n+1)
	return rec
}

// TestPowerCutTail: after a power cut the file's length can cover a record
// whose bytes never reached the disk.
func TestPowerCutTail(t *testing.T) {
	const n = 5
	path := build(t, n)
	good := readFile(t, path)
	last := starts(t, good)[n-1]
	zeroPayload := bytes.Clone(good)
	clear(zeroPayload[last+headerSize:])
	for _, tc := range []struct {
		name string
		data []byte
		kept uint64
	}{
		{"zeros after the records", append(bytes.Clone(good), make([]byte, 4096)...), n},
		{"last record zeros", append(bytes.Clone(good[:last]), make([]byte, len(good)-last)...), n - 1},
		{"last record's payload zeros", zeroPayload, n - 1},
		{"last record's header only", good[:last+headerSize], n - 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "match.jnl")
			writeFile(t, path, tc.data)
			rec := reopenAndAppend(t, path, tc.kept)
			if rec.Cut == 0 {
				t.Errorf("Recovery %+v, want a cut", rec)
			}
		})
	}
}

func TestBitFlip(t *testing.T) {
	const n = 5
	path := build(t, n)
	good := readFile(t, path)
	offs := starts(t, good)
	t.Run("last record", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "match.jnl")
		for bit := offs[n-1] * 8; bit < offs[n]*8; bit++ {
			writeFile(t, path, flip(good, bit))
			if rec := reopenAndAppend(t, path, n-1); rec.Cut != int64(offs[n]-offs[n-1]) {
				t.Fatalf("bit %d: Recovery %+v, want the last record cut", bit, rec)
			}
		}
	})
	for k := 1; k < n; k++ {
		t.Run(fmt.Sprintf("record %d", k), func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "match.jnl")
			for bit := offs[k-1] * 8; bit < offs[k]*8; bit++ {
				wantCorrupt(t, path, flip(good, bit), uint64(k), offs[k-1])
			}
		})
	}
	t.Run("file header", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "match.jnl")
		for bit := 0; bit < fileHeaderSize*8; bit++ {
			wantCorrupt(t, path, flip(good, bit), 0, 0)
		}
	})
}

func flip(data []byte, bit int) []byte {
	d := bytes.Clone(data)
	d[bit/8] ^= 1 << (bit % 8)
	return d
}

// wantCorrupt writes data to path and checks that Open refuses it with a
// *CorruptError naming record (0: the file header) at offset, and leaves
// the file as it was.
func wantCorrupt(t *testing.T, path string, data []byte, record uint64, offset int) {
	t.Helper()
	writeFile(t, path, data)
	j, _, err := Open(path, nil)
	if err == nil {
		j.Close()
		t.Fatalf("Open: no error, want record %d at offset %d corrupt", record, offset)
	}
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.Record != record || ce.Offset != int64(offset) || ce.Path != path {
		t.Fatalf("Open: %v, want a CorruptError for record %d at offset %d", err, record, offset)
	}
	if !bytes.Equal(readFile(t, path), data) {
		t.Fatalf("Open changed a corrupt file")
	}
}

// TestChain moves whole, sound records: only the chain can tell.
func TestChain(t *testing.T) {
	const n = 6
	path := build(t, n)
	good := readFile(t, path)
	offs := starts(t, good)
	rec := func(k int) []byte { return good[offs[k-1]:offs[k]] } // record k, 1-based
	other := readFile(t, build(t, n))                            // another match, same inputs, other file ID
	otherOffs := starts(t, other)
	for _, tc := range []struct {
		name    string
		records [][]byte
		corrupt uint64 // the record Open must name
	}{
		{"swap 2 and 3", [][]byte{rec(1), rec(3), rec(2), rec(4), rec(5), rec(6)}, 2},
		{"swap the last two", [][]byte{rec(1), rec(2), rec(3), rec(4), rec(6), rec(5)}, 5},
		{"drop the first", [][]byte{rec(2), rec(3), rec(4), rec(5), rec(6)}, 1},
		{"drop 3", [][]byte{rec(1), rec(2), rec(4), rec(5), rec(6)}, 3},
		{"drop the one before the last", [][]byte{rec(1), rec(2), rec(3), rec(4), rec(6)}, 5},
		{"repeat 2", [][]byte{rec(1), rec(2), rec(2), rec(3), rec(4), rec(5), rec(6)}, 3},
		{"repeat the last", [][]byte{rec(1), rec(2), rec(3), rec(4), rec(5), rec(6), rec(6)}, 7},
		{"record 3 from another journal", [][]byte{rec(1), rec(2), other[otherOffs[2]:otherOffs[3]], rec(4), rec(5), rec(6)}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := slicesConcat(append([][]byte{good[:fileHeaderSize]}, tc.records...)...)
			offset := fileHeaderSize
			for _, r := range tc.records[:tc.corrupt-1] {
				offset += len(r)
			}
			wantCorrupt(t, filepath.Join(t.TempDir(), "match.jnl"), data, tc.corrupt, offset)
		})
	}
	t.Run("the last record from another journal", func(t *testing.T) {
		// Sound only with the other file ID: to this journal it is damage, and the last record.
		path := filepath.Join(t.TempDir(), "match.jnl")
		writeFile(t, path, slicesConcat(good[:offs[n-1]], other[otherOffs[n-1]:]))
		if rec := reopenAndAppend(t, path, n-1); rec.Cut == 0 {
			t.Errorf("Recovery %+v, want a cut", rec)
		}
	})
}

func TestFileHeader(t *testing.T) {
	good := readFile(t, build(t, 1))
	version2 := bytes.Clone(good)
	version2[8] = 2
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "0 bytes, want 24"},
		{"short", good[:fileHeaderSize-1], "23 bytes, want 24"},
		{"not a journal", []byte("; [Site \"Club Night\"]\n\n 5 point match\n"), "magic"},
		{"newer version", version2, "format version 2, want 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "match.jnl")
			writeFile(t, path, tc.data)
			_, _, err := Open(path, nil)
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Record != 0 || !strings.Contains(err.Error(), "file header: "+tc.want) {
				t.Errorf("Open: %v, want a file header error %q", err, tc.want)
			}
		})
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		path string
		opts *Opts
	}{
		{"no directory", filepath.Join(dir, "missing", "match.jnl"), nil},
		{"a directory", dir, nil},
		{"MaxPayload too large", filepath.Join(dir, "match.jnl"), &Opts{MaxPayload: PayloadLimit + 1}},
		{"MaxPayload negative", filepath.Join(dir, "match.jnl"), &Opts{MaxPayload: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j, _, err := Open(tc.path, tc.opts)
			if err == nil {
				j.Close()
				t.Fatal("Open: no error")
			}
			if !strings.Contains(err.Error(), tc.path) {
				t.Errorf("Open: %v, want the path named", err)
			}
		})
	}
}

func TestAppendTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.jnl")
	j, _, err := Open(path, &Opts{MaxPayload: 10})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, err := j.Append(make([]byte, 11)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Append of 11 bytes: %v, want ErrTooLarge", err)
	}
	if seq, err := j.Append(make([]byte, 10)); err != nil || seq != 1 {
		t.Errorf("Append of 10 bytes after: %d, %v, want 1 and no error", seq, err)
	}
}

// TestAppendFails: a failed write poisons the journal; reopening recovers.
func TestAppendFails(t *testing.T) {
	path := build(t, 3)
	j, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	readOnly, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	j.f.Close()
	j.f = readOnly // writes fail, as on a dead disk
	_, err1 := j.Append(payload(4))
	_, err2 := j.Append(payload(4))
	if err1 == nil || err2 != err1 || !strings.Contains(err1.Error(), "record 4 at offset") {
		t.Errorf("Append: %v, then %v; want a write error naming record 4, twice", err1, err2)
	}
	j.Close()
	reopenAndAppend(t, path, 3)
}

func TestClose(t *testing.T) {
	path := build(t, 2)
	j, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Append(nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Append after Close: %v, want ErrClosed", err)
	}
	if err := j.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Close: %v, want ErrClosed", err)
	}
	checkRecords(t, j, 2) // Records reads memory, not the file
}

func TestConcurrentAppend(t *testing.T) {
	const writers, each = 8, 40
	path := filepath.Join(t.TempDir(), "match.jnl")
	j, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]map[uint64]string, writers) // by writer: seq -> payload
	for w := range writers {
		got[w] = map[uint64]string{}
		wg.Go(func() {
			for i := range each {
				p := fmt.Sprintf("writer %d record %d", w, i)
				seq, err := j.Append([]byte(p))
				if err != nil {
					t.Error(err)
					return
				}
				got[w][seq] = p
			}
		})
	}
	wg.Wait()
	j.Close()
	j, _, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	n := 0
	for seq, p := range j.Records() {
		n++
		var w, i int
		if _, err := fmt.Sscanf(string(p), "writer %d record %d", &w, &i); err != nil || got[w][seq] != string(p) {
			t.Errorf("record %d: %q, not what Append returned %d for", seq, p, seq)
		}
	}
	if n != writers*each {
		t.Errorf("%d records, want %d", n, writers*each)
	}
}

func TestRecordsBreak(t *testing.T) {
	j, _, err := Open(build(t, 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var seen []uint64
	for seq := range j.Records() {
		if seq == 3 {
			break
		}
		seen = append(seen, seq)
	}
	if fmt.Sprint(seen) != "[1 2]" {
		t.Errorf("records before the break: %v, want [1 2]", seen)
	}
}

func TestStrings(t *testing.T) {
	for _, tc := range []struct {
		got  fmt.Stringer
		want string
	}{
		{&Recovery{Created: true}, "created"},
		{&Recovery{Records: 42}, "42 records"},
		{&Recovery{Records: 42, Cut: 17, CutAt: 1234, Reason: "record 43: bad checksum"},
			"42 records; cut 17 bytes at offset 1234 (record 43: bad checksum)"},
		{&Journal{path: "m.jnl"}, "journal m.jnl (0 records, 0 bytes)"},
	} {
		if got := tc.got.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}

// BenchmarkAppend appends a typical input, fsync included: the time from
// a settled board to the LEDs saying "accepted" that the journal costs.
func BenchmarkAppend(b *testing.B) {
	j, _, err := Open(filepath.Join(b.TempDir(), "match.jnl"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	p := []byte(`{"t":"2026-11-22T19:04:05.123Z","kind":"settled","points":[[0,2],[0,0],[0,0],[0,0],[0,0],[1,5],[0,0],[1,3],[0,0],[0,0],[0,0],[0,5],[1,5]]}`)
	b.SetBytes(int64(len(p)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := j.Append(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen opens and verifies a journal of 10,000 records: the
// daemon's start after a crash, before the replay.
func BenchmarkOpen(b *testing.B) {
	path := build(b, 10000)
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	for b.Loop() {
		j, _, err := Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		j.Close()
	}
}
