package desk

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// pagePolicy lets the desk's page run its own script and style and talk
// to the desk alone: HTML a board sends is text on it, never code.
const pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
	"frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// recordPolicy runs nothing of a record even if a browser were to render
// it: a record is whatever a board (or whoever publishes as one) sent.
const recordPolicy = "default-src 'none'; sandbox"

// secured sets the headers every answer of the desk carries.
func secured(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("X-Frame-Options", "DENY")
		h.ServeHTTP(w, r)
	})
}

// serveRecord serves one collected record as plain text to save: only a
// name the desk collected, only a regular file, never through a symbolic
// link planted in the directory.
func (d *Desk) serveRecord(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !d.isCollected(name) {
		http.NotFound(w, r)
		return
	}
	d.serveAttachment(w, r, d.opts.Dir, name)
}

// serveAttachment serves dir's file name as plain text to save, under the
// sandbox policy: a regular file only, never through a symbolic link
// planted in dir. The caller has checked that the desk wrote name.
func (d *Desk) serveAttachment(w http.ResponseWriter, r *http.Request, dir, name string) {
	f, err := openRegular(filepath.Join(dir, name))
	if err != nil {
		d.log.Warn("desk: file not served", "file", name, "err", err)
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	w.Header().Set("Content-Security-Policy", recordPolicy)
	io.Copy(w, f)
}

// isCollected says whether name is a record the desk holds.
func (d *Desk) isCollected(name string) bool {
	hash, ok := recordFileHash(name)
	if !ok {
		return false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.collected[hash].name == name
}

// Records returns the names of the records collected, in order: all of
// them, or board's alone.
func (d *Desk) Records(board string) []string {
	d.mu.Lock()
	out := make([]string, 0, len(d.collected))
	for _, r := range d.collected {
		if board == "" || ofBoard(r.name, board) {
			out = append(out, r.name)
		}
	}
	d.mu.Unlock()
	slices.Sort(out)
	return out
}

// openRegular opens name for reading if it is a regular file, not
// following a symbolic link in its last element.
func openRegular(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = errors.New("not a regular file")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
