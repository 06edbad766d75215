package journal

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockName is the lock file Lock keeps in a state directory.
const LockName = "lock"

// ErrLocked is wrapped by Lock's error when another process holds the lock.
var ErrLocked = errors.New("in use by another process")

// DirLock is a lock on a state directory, held until Unlock or the
// process's end.
type DirLock struct{ f *os.File }

// Lock takes the lock on the state directory dir for this process: two
// daemons on one directory would interleave their journals' records and
// ruin them. The lock is an flock on dir/lock, which the kernel releases
// when the process ends however it ends, so a crash leaves no stale lock;
// the file holds the holder's pid, which the error of a second Lock names.
// A symbolic link in the lock file's place is refused, its target left
// alone.
func Lock(dir string) (*DirLock, error) {
	name := filepath.Join(dir, LockName)
	f, err := OpenFile(name, os.O_RDWR|os.O_CREATE, FilePerm)
	if err != nil {
		return nil, fmt.Errorf("state directory %s: %w", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder := readPid(f)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("state directory %s: %w (pid %s): one daemon per state directory", dir, ErrLocked, holder)
		}
		return nil, fmt.Errorf("state directory %s: lock: %w", dir, err)
	}
	if err := writePid(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("state directory %s: %w", dir, err)
	}
	return &DirLock{f: f}, nil
}

// Unlock releases the lock.
func (l *DirLock) Unlock() error { return l.f.Close() }

func writePid(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return err
}

// readPid returns the pid written in the lock file, or "unknown".
func readPid(f *os.File) string {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	if pid := strings.TrimSpace(string(b[:n])); pid != "" {
		return pid
	}
	return "unknown"
}
