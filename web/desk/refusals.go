package desk

import (
	"log/slog"
	"sync"
	"time"
)

// refusalLogEvery is how often the desk logs the messages it refuses from
// one board: a publisher flooding it must not flood the log too.
const refusalLogEvery = time.Minute

// maxRefusalLogs bounds the refusals logged a minute over all boards: a
// flood from thousands of board IDs is counted, not logged line by line.
const maxRefusalLogs = 20

// maxRefusalKeys bounds the boards whose last logged refusal is kept: past
// it the oldest are forgotten, and may be logged again within the minute.
const maxRefusalKeys = 10000

// refusals logs the messages the desk refuses, at most once per board per
// minute and maxRefusalLogs a minute in all, and counts them all for the
// page.
type refusals struct {
	logger *slog.Logger
	now    func() time.Time

	mu     sync.Mutex
	logged map[string]time.Time // by board ID ("" for a message without one)
	count  int64
	// window is when the current minute of logging began, and inWindow
	// the refusals logged in it.
	window   time.Time
	inWindow int
}

func newRefusals(log *slog.Logger, now func() time.Time) *refusals {
	return &refusals{logger: log, now: now, logged: map[string]time.Time{}}
}

// refuse counts a refused message and logs it (log).
func (r *refusals) refuse(key, msg string, args ...any) {
	r.mu.Lock()
	r.count++
	r.mu.Unlock()
	r.log(key, msg, args...)
}

// log logs a message unless one from key was logged within the minute,
// or maxRefusalLogs were in all.
func (r *refusals) log(key, msg string, args ...any) {
	r.mu.Lock()
	now := r.now()
	last, seen := r.logged[key]
	if now.Sub(r.window) >= refusalLogEvery {
		r.window, r.inWindow = now, 0
	}
	if seen && now.Sub(last) < refusalLogEvery || r.inWindow >= maxRefusalLogs {
		r.mu.Unlock()
		return
	}
	r.inWindow++
	if len(r.logged) >= maxRefusalKeys {
		r.forgetOld(now)
	}
	r.logged[key] = now
	r.mu.Unlock()
	r.logger.Warn(msg+" (logged once a minute per board, twenty a minute in all)", args...)
}

// forgetOld drops the keys logged more than a minute ago, or all of them
// if none is that old. The caller holds r.mu.
func (r *refusals) forgetOld(now time.Time) {
	for k, at := range r.logged {
		if now.Sub(at) >= refusalLogEvery {
			delete(r.logged, k)
		}
	}
	if len(r.logged) >= maxRefusalKeys {
		clear(r.logged)
	}
}

// total is how many messages have been refused.
func (r *refusals) total() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.count
}
