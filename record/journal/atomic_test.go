package journal

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	for _, tc := range []struct {
		name  string
		old   []byte // nil: no file before
		data  []byte
		perm  os.FileMode
		umask int
		want  os.FileMode
	}{
		{"new file", nil, []byte("; [Site \"Club Night\"]\n"), 0o644, 0o022, 0o644},
		{"replace", []byte("old game\n"), []byte("new game, longer\n"), 0o640, 0o022, 0o640},
		{"replace with shorter", []byte("a long old record\n"), []byte("x"), 0o600, 0o022, 0o600},
		{"empty", []byte("old"), nil, 0o644, 0o022, 0o644},
		{"a stricter umask", nil, []byte("game"), 0o640, 0o077, 0o600},
		{"a looser umask", []byte("old"), []byte("game"), 0o640, 0, 0o640},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setUmask(t, tc.umask)
			dir := t.TempDir()
			path := filepath.Join(dir, "match.mat")
			if tc.old != nil {
				writeFile(t, path, tc.old)
			}
			if err := WriteFileAtomic(path, tc.data, tc.perm); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); !bytes.Equal(got, tc.data) {
				t.Errorf("file holds %q, want %q", got, tc.data)
			}
			if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != tc.want {
				t.Errorf("mode %v (%v), want %v", fi.Mode(), err, tc.want)
			}
			wantEntries(t, dir, "match.mat")
		})
	}
}

// TestWriteFileAtomicReplacesLink: a symbolic link at the path is
// replaced by the file; what it pointed to is left as it was.
func TestWriteFileAtomicReplacesLink(t *testing.T) {
	dir := t.TempDir()
	target, path := filepath.Join(dir, "elsewhere"), filepath.Join(dir, "match.mat")
	writeFile(t, target, []byte("not ours"))
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("game"), FilePerm); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, target); string(got) != "not ours" {
		t.Errorf("the link's target holds %q", got)
	}
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("%s: %v (%v), want a regular file", path, fi.Mode(), err)
	}
}

// setUmask sets the process's umask for the test and restores it after.
// Tests that call it must not run in parallel with tests creating files.
func setUmask(t *testing.T, mask int) {
	old := syscall.Umask(mask)
	t.Cleanup(func() { syscall.Umask(old) })
}

// TestWriteFileAtomicFails: a failed write leaves what was there, and no
// temporary file.
func TestWriteFileAtomicFails(t *testing.T) {
	t.Run("no directory", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "missing", "match.mat")
		if err := WriteFileAtomic(path, []byte("game"), 0o644); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("WriteFileAtomic: %v, want an error naming %s", err, path)
		}
		wantEntries(t, dir)
	})
	t.Run("rename fails", func(t *testing.T) {
		// A non-empty directory at path: the data is written and synced,
		// then the rename fails (as root too).
		dir := t.TempDir()
		path := filepath.Join(dir, "match.mat")
		if err := os.Mkdir(path, 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(path, "old"), nil)
		if err := WriteFileAtomic(path, []byte("game"), 0o644); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("WriteFileAtomic: %v, want an error naming %s", err, path)
		}
		wantEntries(t, dir, "match.mat")
		wantEntries(t, path, "old")
	})
}

// wantEntries checks that dir holds exactly the named entries.
func wantEntries(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, names) {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}
