package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// WriteFileAtomic writes data to the file at path, replacing it, so that
// after a crash or a power cut the path holds either the old content or
// the new, never part of either: it writes and syncs a temporary file in
// the same directory, renames it over path and syncs the directory. The
// file gets perm less the process's umask; a symbolic link at path is
// replaced, its target untouched. A crash can leave the temporary file
// (".name.*.tmp") behind.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	tmp, err := writeTemp(dir, filepath.Base(path), data, perm)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	// The rename is in the directory: without this sync a power cut can undo it.
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeTemp writes data to a new, synced temporary file in dir and returns
// its name. It removes the file if anything fails.
func writeTemp(dir, base string, data []byte, perm os.FileMode) (string, error) {
	f, err := createTemp(dir, base, perm)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// createTemp creates a new file ".base.RANDOM.tmp" in dir with perm less
// the umask (os.CreateTemp's files are 0600, and a chmod after it would
// override the umask).
func createTemp(dir, base string, perm os.FileMode) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no free temporary name for %s in %s", base, dir)
}

// syncDir fsyncs a directory, making the creations and renames in it durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
