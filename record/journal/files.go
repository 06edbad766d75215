package journal

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// FilePerm is the mode the board's files in a state directory are created
// with (journal, .mat record, trace), less the process's umask: the owner
// writes them, its group (the tools' user) reads them, nobody else does.
const FilePerm os.FileMode = 0o640

// ErrNotRegular is wrapped by OpenFile's error for a path that is a
// symbolic link or anything else than a regular file.
var ErrNotRegular = errors.New("not a regular file (a symbolic link, a directory or a device)")

// OpenFile opens the file at path like os.OpenFile (perm, less the umask,
// for a file it creates), but refuses a symbolic link and anything else
// than a regular file: a link planted in the state directory must not
// send a write to its target. O_NONBLOCK makes opening a FIFO for writing
// fail instead of waiting for a reader; on a regular file it changes
// nothing.
func OpenFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, perm)
	if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.ENXIO) {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
