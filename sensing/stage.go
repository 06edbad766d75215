package sensing

import (
	"time"

	"gammond/engine"
)

// SpikeMax is the longest a changed occupancy may last and still be taken
// for a spike: two frames at 100 a second. Nothing a hand does on the board
// comes and goes that fast.
const SpikeMax = 20 * time.Millisecond

// SettleStage is settling as a pipeline runs it, between classifying a
// frame and the referee: it holds back one-frame spikes, settles what is
// left with a Settler, and reports when the board starts moving and when
// it holds still again.
//
// A frame that changed the occupancy is held back until the next one: if
// that one, within SpikeMax, shows the occupancy before it again, it was a
// spike, and the Settler never sees it (else a spike would restart the
// settle window, and a DONE waiting for the board would wait past the
// opponent's roll).
//
// A SettleStage is not safe for concurrent use.
type SettleStage struct {
	settler   *Settler
	unsettled func()
	settled   func(o *engine.Occupancy)

	pending bool             // the Settler was waiting for the board to hold still
	seen    engine.Occupancy // the occupancy the Settler saw last
	held    engine.Occupancy // the frame held back, read at heldAt
	heldAt  time.Time
	holding bool
	// The occupancy passed to settled: a field, so that reporting it
	// allocates nothing.
	report engine.Occupancy
}

// NewSettleStage returns a stage settling with s. It calls unsettled when
// the board starts moving, and settled when it holds still again, on a new
// occupancy or back on the one settled before; o is valid only during the
// call.
func NewSettleStage(s *Settler, unsettled func(), settled func(o *engine.Occupancy)) *SettleStage {
	return &SettleStage{settler: s, unsettled: unsettled, settled: settled}
}

// Frame takes the occupancy read at at, holding it back if it changed until
// the next frame tells whether it was a spike. It allocates nothing
// (BenchmarkSettleStage).
func (st *SettleStage) Frame(at time.Time, o *engine.Occupancy) {
	if st.holding {
		st.holding = false
		if *o == st.seen && at.Sub(st.heldAt) <= SpikeMax {
			st.observe(at, o) // the held frame was a spike: drop it
			return
		}
		st.observe(st.heldAt, &st.held)
	}
	if *o != st.seen {
		st.held, st.heldAt, st.holding = *o, at, true
		st.tell(st.settler.Advance(at))
		return
	}
	st.observe(at, o)
}

// Advance says that time has passed until at with nothing new, as at a
// button press: a frame held back counts, and the board may settle.
func (st *SettleStage) Advance(at time.Time) {
	st.Release()
	st.tell(st.settler.Advance(at))
}

// Release passes a frame held back to the Settler, as at the end of the
// source: with no next frame, it cannot be told for a spike.
func (st *SettleStage) Release() {
	if st.holding {
		st.holding = false
		st.observe(st.heldAt, &st.held)
	}
}

// observe gives the Settler the occupancy read at at.
func (st *SettleStage) observe(at time.Time, o *engine.Occupancy) {
	st.seen = *o
	st.tell(st.settler.Advance(at))
	st.tell(st.settler.Observe(at, o))
}

// tell reports what one call of the Settler changed: the board started
// moving, or holds still again (changed: on a new occupancy).
func (st *SettleStage) tell(changed bool) {
	pending := st.settler.Pending()
	if pending && !st.pending {
		st.unsettled()
	}
	if changed || (st.pending && !pending) {
		if o, _, ok := st.settler.Settled(); ok {
			st.report = o
			st.settled(&st.report)
		}
	}
	st.pending = pending
}
