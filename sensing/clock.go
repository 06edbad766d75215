package sensing

import (
	"sync/atomic"
	"time"
)

// Clock tells the time to whatever waits: settling, debounce, game clocks.
// The daemon runs on SystemClock; replays and tests on a VirtualClock.
type Clock interface {
	Now() time.Time
}

// SystemClock is the wall clock (with Go's monotonic reading).
type SystemClock struct{}

var _ Clock = SystemClock{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// VirtualClock is a clock that moves only when told: a trace replay sets it
// to each item's time, a test to whatever time it needs. It never runs
// backwards. It is safe for concurrent use.
type VirtualClock struct {
	start time.Time
	ns    atomic.Int64 // time since start
}

var _ Clock = (*VirtualClock)(nil)

// NewVirtualClock returns a clock showing start.
func NewVirtualClock(start time.Time) *VirtualClock { return &VirtualClock{start: start} }

// Now returns the clock's time.
func (c *VirtualClock) Now() time.Time { return c.start.Add(time.Duration(c.ns.Load())) }

// Set moves the clock to t; a t before Now leaves it where it is.
func (c *VirtualClock) Set(t time.Time) {
	d := int64(t.Sub(c.start))
	for {
		old := c.ns.Load()
		if d <= old || c.ns.CompareAndSwap(old, d) {
			return
		}
	}
}

// Advance moves the clock d forward; a negative d leaves it where it is.
func (c *VirtualClock) Advance(d time.Duration) {
	if d > 0 {
		c.ns.Add(int64(d))
	}
}
