package testmain

import (
	"errors"
	"runtime"
	"testing"
)

// NeedPeer fails a test under CI=true, skips it elsewhere, and lets it go
// on when the peer is there.
func TestNeedPeer(t *testing.T) {
	missing := errors.New("gnubg is neither in PATH nor at /usr/games/gnubg")
	for _, tc := range []struct {
		ci                  string
		err                 error
		failed, skipped, on bool
	}{
		{"true", missing, true, false, false},
		{"", missing, false, true, false},
		{"false", missing, false, true, false},
		{"true", nil, false, false, true},
	} {
		t.Setenv("CI", tc.ci)
		rec := &recorder{}
		done := make(chan bool)
		go func() {
			defer func() { done <- rec.failed == tc.failed && rec.skipped == tc.skipped }()
			NeedPeer(rec, "GNU Backgammon", tc.err)
			rec.wentOn = true
		}()
		if ok := <-done; !ok || rec.wentOn != tc.on {
			t.Errorf("CI=%q, err %v: failed %v, skipped %v, went on %v; want %v, %v, %v",
				tc.ci, tc.err, rec.failed, rec.skipped, rec.wentOn, tc.failed, tc.skipped, tc.on)
		}
	}
}

// recorder is a testing.TB that notes how a test ended; Fatalf and Skipf
// end its goroutine as the testing package's do.
type recorder struct {
	testing.TB
	failed, skipped, wentOn bool
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(string, ...any) {
	r.failed = true
	runtime.Goexit()
}

func (r *recorder) Skipf(string, ...any) {
	r.skipped = true
	runtime.Goexit()
}
