package peertest

import (
	"errors"
	"testing"

	"gammond/internal/testmain"
)

func TestMain(m *testing.M) { testmain.Run(m) }

// TestRequire: a missing peer skips the test, or fails it under CI; a
// present one lets it run.
func TestRequire(t *testing.T) {
	missing := errors.New("gnubg is not installed")
	for _, c := range []struct {
		ci                  string
		err                 error
		skipped, failed, ok bool
	}{
		{"", nil, false, false, true},
		{"", missing, true, false, false},
		{"true", missing, false, true, false},
		{"true", nil, false, false, true},
	} {
		t.Run("CI="+c.ci, func(t *testing.T) {
			t.Setenv("CI", c.ci)
			ok := false
			rec := &recorder{TB: t}
			func() {
				defer func() { recover() }() // the recorder's stop
				Require(rec, c.err)
				ok = true
			}()
			if rec.skipped != c.skipped || rec.failed != c.failed || ok != c.ok {
				t.Errorf("err %v: skipped %v, failed %v, went on %v", c.err, rec.skipped, rec.failed, ok)
			}
		})
	}
}

// recorder notes a skip or a fatal failure and stops there, as the test
// would, without ending the test that runs it.
type recorder struct {
	testing.TB
	skipped, failed bool
}

type stop struct{}

func (r *recorder) Helper() {}

func (r *recorder) Skip(...any) { r.skipped = true; panic(stop{}) }

func (r *recorder) Fatalf(string, ...any) { r.failed = true; panic(stop{}) }
