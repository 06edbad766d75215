package journal

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var salvageTime = time.Date(2026, 11, 23, 20, 15, 0, 0, time.UTC)

func TestVerify(t *testing.T) {
	const n = 6
	path := build(t, n)
	good := readFile(t, path)
	offs := starts(t, good)
	torn := good[:len(good)-3]
	cases := []struct {
		name          string
		data          []byte
		records       uint64
		sound         int
		torn, corrupt bool
		beyond        int
	}{
		{"sound", good, n, len(good), false, false, 0},
		{"torn tail", torn, n - 1, offs[n-1], true, false, 0},
		{"record 3 damaged", flip(good, offs[2]*8+8*headerSize+3), 2, offs[2], false, true, n - 3},
		{"record 3 damaged and a torn tail", flip(torn, offs[2]*8+8*headerSize+3), 2, offs[2], false, true, n - 4},
		{"file header damaged", flip(good, 3), 0, 0, false, true, n},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "journal")
			writeFile(t, p, c.data)
			got, err := Verify(p)
			if err != nil {
				t.Fatal(err)
			}
			if got.Records != c.records || got.Sound != int64(c.sound) || (got.Torn != "") != c.torn ||
				(got.Corrupt != nil) != c.corrupt || got.Beyond != c.beyond || got.OK() == c.corrupt {
				t.Errorf("Verify = %+v\nwant %d records ending at %d, torn %v, corrupt %v, %d sound beyond", got, c.records, c.sound, c.torn, c.corrupt, c.beyond)
			}
			if !bytes.Equal(readFile(t, p), c.data) {
				t.Error("Verify changed the file")
			}
			if got.String() == "" {
				t.Error("empty String")
			}
		})
	}
}

func TestVerifyMissing(t *testing.T) {
	_, err := Verify(filepath.Join(t.TempDir(), "journal"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Verify of a missing file: %v, want ErrNotExist", err)
	}
}

func TestSalvageKeepsTheSoundPrefix(t *testing.T) {
	const n = 8
	good := readFile(t, build(t, n))
	offs := starts(t, good)
	for k := 1; k <= n-1; k++ { // damage record k; a sound record follows
		t.Run(fmt.Sprintf("record %d", k), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "journal")
			damaged := flip(good, offs[k-1]*8+8*headerSize) // the payload's first byte
			writeFile(t, path, damaged)
			c, aside, err := Salvage(path, salvageTime)
			if err != nil {
				t.Fatal(err)
			}
			if c.Records != uint64(k-1) || c.Beyond != n-k {
				t.Errorf("kept %d records, %d lost: want %d and %d", c.Records, c.Beyond, k-1, n-k)
			}
			if !bytes.Equal(readFile(t, aside), damaged) {
				t.Error("the damaged file was not kept whole")
			}
			reopenAndAppend(t, path, uint64(k-1)) // Open takes it, and it grows
		})
	}
}

func TestSalvageLeavesASoundJournal(t *testing.T) {
	path := build(t, 4)
	torn := readFile(t, path)
	torn = torn[:len(torn)-1]
	writeFile(t, path, torn)
	c, aside, err := Salvage(path, salvageTime)
	if err != nil || aside != "" || !c.OK() {
		t.Fatalf("Salvage of a journal Open takes: %+v, %q, %v", c, aside, err)
	}
	if !bytes.Equal(readFile(t, path), torn) {
		t.Error("Salvage changed a journal Open takes (Open cuts its torn tail itself)")
	}
}

func TestSalvageDamagedFileHeader(t *testing.T) {
	path := build(t, 3)
	damaged := flip(readFile(t, path), 8*21) // the header's checksum: the file ID is intact
	writeFile(t, path, damaged)
	c, aside, err := Salvage(path, salvageTime)
	if err != nil {
		t.Fatal(err)
	}
	if c.Records != 0 || c.Beyond != 3 {
		t.Errorf("Salvage: %+v, want nothing kept and 3 records lost", c)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a journal with no sound file header is still there: %v", err)
	}
	if !bytes.Equal(readFile(t, aside), damaged) {
		t.Error("the damaged file was not kept whole")
	}
}

func TestSalvageRefusesToOverwrite(t *testing.T) {
	path := build(t, 3)
	good := readFile(t, path)
	damaged := flip(good, fileHeaderSize*8+8*headerSize)
	writeFile(t, path, damaged)
	if _, _, err := Salvage(path, salvageTime); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, damaged)
	if _, _, err := Salvage(path, salvageTime); err == nil {
		t.Fatal("Salvage at the same second twice: no error, want the kept file left alone")
	}
	if !bytes.Equal(readFile(t, path), damaged) {
		t.Error("a refused Salvage changed the journal")
	}
}
