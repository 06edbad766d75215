package sensing

import (
	"time"

	"gammond/engine"
)

// DefaultSettleWindow is how long an occupancy must hold before it is
// passed on: 15 frames at 100 frames a second, far longer than a one- or
// two-frame spike (10..20 ms) and the few frames of a checker being set
// down, and short enough that the board answers a finished move at once.
const DefaultSettleWindow = 150 * time.Millisecond

// Settler passes an occupancy on only once the board has shown it, free of
// unsure slots, for the whole settle window: spikes shorter than the window
// and checkers being set down or lifted never get through.
//
// Readings are sample and hold: an occupancy observed at t holds until the
// next Observe, so the board may settle between two frames (a trace writes
// a line only when a reading changes). Advance says that time has passed
// with nothing new, as at a button press.
//
// At DONE the referee calls Advance(press time), then:
//   - if Pending is false, the board has held still for the window: Settled
//     is what the mover left;
//   - if Pending is true (a hand still on the board, a spike, or a checker
//     half set down), it waits until Pending turns false after an Observe
//     or Advance, and judges Settled then: a new occupancy (Observe or
//     Advance reported it) or, if the board came back to it, the one
//     settled before.
//
// A Settler is not safe for concurrent use.
type Settler struct {
	window time.Duration
	// The occupancy seen last and since when it has held.
	cand      engine.Occupancy
	candSince time.Time
	seen      bool
	// Whether cand has held for the window (so it is the settled one).
	still bool
	// The occupancy settled last and when it settled.
	settled   engine.Occupancy
	settledAt time.Time
	any       bool
}

// NewSettler returns a Settler with the given window; a window of 0 passes
// every occupancy free of unsure slots at once.
func NewSettler(window time.Duration) *Settler { return &Settler{window: max(window, 0)} }

// Observe takes the occupancy read at time at, and reports whether an
// occupancy other than the one settled before has settled, by at: the one
// held until now (then o starts holding), or o itself when the window is 0.
// Settled returns it. It allocates nothing (BenchmarkSettler).
func (s *Settler) Observe(at time.Time, o *engine.Occupancy) bool {
	if s.seen && *o == s.cand {
		return s.Advance(at)
	}
	settled := s.Advance(at)
	s.cand, s.candSince, s.seen, s.still = *o, at, true, false
	return s.Advance(at) || settled
}

// Advance tells the Settler that the board has shown the same occupancy
// until at, and reports, as Observe does, whether a new occupancy has
// settled.
func (s *Settler) Advance(at time.Time) bool {
	if !s.seen || s.still || s.cand.Unsure > 0 || at.Sub(s.candSince) < s.window {
		return false
	}
	s.still = true
	if s.any && s.cand == s.settled {
		return false
	}
	s.settled, s.settledAt, s.any = s.cand, s.candSince.Add(s.window), true
	return true
}

// Settled returns the occupancy settled last and the time it settled (when
// it had held for the window); ok is false while none has.
func (s *Settler) Settled() (o engine.Occupancy, at time.Time, ok bool) {
	return s.settled, s.settledAt, s.any
}

// Pending reports whether the board is unsettled as of the last Observe or
// Advance: what it shows now has not held for the window, or has unsure
// slots. While it is false, the board shows Settled.
func (s *Settler) Pending() bool { return !s.still }
