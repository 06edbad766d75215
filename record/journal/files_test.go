package journal

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// plantLink puts a symbolic link at dir/name to a file holding "not ours"
// and returns the target's path.
func plantLink(t *testing.T, dir, name string) string {
	t.Helper()
	target := filepath.Join(t.TempDir(), "victim")
	writeFile(t, target, []byte("not ours"))
	if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
	return target
}

// wantNotRegular fails t unless err is ErrNotRegular; what was opened
// instead is closed with closeIt.
func wantNotRegular(t *testing.T, what string, err error, opened bool, closeIt func()) {
	t.Helper()
	if opened {
		closeIt()
	}
	if !errors.Is(err, ErrNotRegular) {
		t.Fatalf("%s: %v, want %v", what, err, ErrNotRegular)
	}
}

// wantUntouched checks that a planted link's target still holds what it held.
func wantUntouched(t *testing.T, target string) {
	t.Helper()
	if got := readFile(t, target); string(got) != "not ours" {
		t.Errorf("the link's target was written: it holds %q", got)
	}
}

func TestOpenFileRefuses(t *testing.T) {
	dir := t.TempDir()
	target := plantLink(t, dir, "link")
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		path string
		flag int
	}{
		{"a link, to write", "link", os.O_WRONLY | os.O_CREATE | os.O_TRUNC},
		{"a link, to append", "link", os.O_WRONLY | os.O_APPEND},
		{"a link, to read", "link", os.O_RDONLY},
		{"a FIFO, to write", "fifo", os.O_WRONLY | os.O_APPEND | os.O_CREATE},
		{"a FIFO, to read and write", "fifo", os.O_RDWR},
		{"a directory", ".", os.O_RDONLY},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := OpenFile(filepath.Join(dir, tc.path), tc.flag, FilePerm)
			wantNotRegular(t, "OpenFile", err, f != nil, func() { f.Close() })
		})
	}
	wantUntouched(t, target)
}

func TestOpenFileCreates(t *testing.T) {
	setUmask(t, 0o027)
	path := filepath.Join(t.TempDir(), "trace")
	f, err := OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, FilePerm)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("frame\n"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode() != 0o640 {
		t.Errorf("mode %v (%v), want -rw-r-----", fi.Mode(), err)
	}
}

func TestLockRefusesALink(t *testing.T) {
	dir := t.TempDir()
	target := plantLink(t, dir, LockName)
	l, err := Lock(dir)
	wantNotRegular(t, "Lock", err, l != nil, func() { l.Unlock() })
	wantUntouched(t, target)
}

func TestOpenRefusesALinkedJournal(t *testing.T) {
	dir := t.TempDir()
	target := plantLink(t, dir, "journal")
	j, _, err := Open(filepath.Join(dir, "journal"), nil)
	wantNotRegular(t, "Open", err, j != nil, func() { j.Close() })
	wantUntouched(t, target)
}

func TestOpenCreatesWithFilePerm(t *testing.T) {
	setUmask(t, 0o022)
	path := filepath.Join(t.TempDir(), "journal")
	j, _, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if fi, err := os.Stat(path); err != nil || fi.Mode() != FilePerm {
		t.Errorf("mode %v (%v), want %v", fi.Mode(), err, FilePerm)
	}
}
