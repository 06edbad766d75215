// Package check reads a config file and collects the problems of its
// settings, each with its file, line and key ("gammond.toml:12: scan.rate:
// 0: want 1 to 1000"), in plain words, so that a file reports every
// problem at once. The packages that own a config section check it with a
// Problems for that section; cmd/gammond joins them, and InFile says where
// the file sets each key.
package check

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"
)

// Problems collects problems under a key prefix. Its Sections share one
// list.
type Problems struct {
	prefix string
	errs   *[]error
}

// New returns an empty list of problems for top-level keys.
func New() *Problems { return &Problems{errs: new([]error)} }

// Section returns the problems of the section name: its keys are name.key.
func (p *Problems) Section(name string) *Problems {
	return &Problems{prefix: p.prefix + name + ".", errs: p.errs}
}

// Err returns every problem, one line each, in the order found; nil for
// none.
func (p *Problems) Err() error { return errors.Join(*p.errs...) }

// Add reports a problem with key.
func (p *Problems) Add(key, format string, a ...any) {
	*p.errs = append(*p.errs, fmt.Errorf("%s: "+format, append([]any{p.prefix + key}, a...)...))
}

// Check reports a problem with key unless ok.
func (p *Problems) Check(key string, ok bool, format string, a ...any) {
	if !ok {
		p.Add(key, format, a...)
	}
}

// Error reports err, the owning package's verdict on key's value, if it is
// not nil.
func (p *Problems) Error(key string, err error) {
	if err != nil {
		p.Add(key, "%v", err)
	}
}

// IntRange reports n outside lo..hi.
func (p *Problems) IntRange(key string, n, lo, hi int) {
	p.Check(key, n >= lo && n <= hi, "%d: want %d to %d", n, lo, hi)
}

// DurationRange reports d outside lo..hi.
func (p *Problems) DurationRange(key string, d, lo, hi time.Duration) {
	p.Check(key, d >= lo && d <= hi, "%v: want %v to %v", d, lo, hi)
}

// OneOf reports s not among allowed.
func (p *Problems) OneOf(key, s string, allowed ...string) {
	if !slices.Contains(allowed, s) {
		p.Add(key, "%q: want one of %q", s, allowed)
	}
}

// AbsPath reports a path that is not absolute.
func (p *Problems) AbsPath(key, path string) {
	p.Check(key, filepath.IsAbs(path), "%q: want an absolute path", path)
}
