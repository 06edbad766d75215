package calib

import (
	"fmt"
	"math"

	"gammond/engine"
)

// Learn refines every sensor's levels from a frame read while the board
// showed a known position: a settled position the referee has judged, or
// the starting position once it is set up: frame is the frame Classify
// read last. Call it now and then (at each judged position), never per
// frame.
//
// Each slot the position leaves empty pulls its sensor's baseline (and,
// with it, the checker levels: the board drifting) a quarter of the way
// to its reading; each slot one checker covers pulls all three levels
// the same way (a drift, which a still checker hides from tracking: a
// trace sends few frames of it), the gain kept, or, on a sensor whose
// level for that colour is not known yet (a partial calibration), sets
// it; not while the empty slot above reads part of a
// checker, nor, for a level not known yet, while a slot beside it does
// (the checker set down off-centre). A reading far from what the position implies (a
// hand in the way, a checker being moved) teaches nothing. A slot the
// position covers that reads empty, at two Learns in a row, has a dead
// sensor: it is masked, and reads "unknown" from then on (Masked), until a
// Learn finds it reading the checker a position puts on it.
//
// The bar is learned only when the position has no checker on it: which
// half a player puts a checker on is the player's choice.
func (c *Classifier) Learn(frame []uint16, known *engine.Layout) error {
	if len(frame) != len(c.class) {
		return fmt.Errorf("%w: %d readings, want %d", ErrFrameLength, len(frame), len(c.class))
	}
	if c.needBase {
		return nil // no baselines yet: Classify takes them from the first frame
	}
	g := c.board
	for p := 1; p <= g.Points; p++ {
		white, black := known[engine.White][p], known[engine.Black][p]
		side, n := engine.White, white
		if black > 0 {
			side, n = engine.Black, black
		}
		if white > 0 && black > 0 {
			continue // no position has that
		}
		for s := range g.Slots {
			i := g.Sensor(Place{Point: p, Slot: s})
			k := onSlot(n, s, g.Slots)
			if k == 1 && !c.sensors[i].masked && (s+1 < g.Slots && onSlot(n, s+1, g.Slots) == 0 && !c.clearlyEmpty(i+1) || !c.sensors[i].known[side] && c.besidePart(i, s, g.Slots)) {
				// Part of its field may be on the slot above:
				// off-centre. A slot beside it reading part of a
				// checker holds no whole one, whatever the position
				// says (a board being set up differs from it on a few
				// points): a checker is off-centre between the two,
				// and the share this slot reads is no level to set (a
				// known level's refinement is gated: learnLevel).
				continue
			}
			c.learnSlot(i, frame[i], side, k)
		}
	}
	if known[engine.White][engine.Bar] == 0 && known[engine.Black][engine.Bar] == 0 {
		for i := g.Points * g.Slots; i < g.Sensors(); i++ {
			c.learnSlot(i, frame[i], engine.White, 0)
		}
	}
	return nil
}

// besidePart reports whether a slot beside sensor i's, slot s of a
// point's slots, reads part of a checker (readsPart).
func (c *Classifier) besidePart(i, s, slots int) bool {
	return s > 0 && c.readsPart(i-1, Unsure) || s+1 < slots && c.readsPart(i+1, Unsure)
}

// clearlyEmpty reports whether sensor i's slot reads empty, and no part
// of a checker either: a checker below it is whole on its own slot.
func (c *Classifier) clearlyEmpty(i int) bool {
	return c.class[i] == Empty && math.Abs(c.frac[i]) <= offCentreMin
}

// onSlot returns how many of a point's n checkers sit on slot s of its
// slots, capped at 2: the k-th goes on slot (k-1) mod slots.
func onSlot(n, s, slots int) int {
	switch {
	case n <= s:
		return 0
	case n-s > slots:
		return 2
	}
	return 1
}

// learnSlot learns from sensor i's reading r, with k of side's checkers
// on its slot (0: empty; more than 1: a stack, whose level is not one
// checker's).
func (c *Classifier) learnSlot(i int, r uint16, side engine.Side, k int) {
	s := &c.sensors[i]
	if r == 0 || float64(r) >= c.max {
		return
	}
	d := float64(r) - s.base
	if c.inPair(i) {
		// One of two slots that read a checker set down between them:
		// its reading is a part, no level.
		return
	}
	if s.masked {
		// Masked wrongly (a checker not yet set down when it was judged
		// dead): under a checker the position puts there it reads more
		// than empty again, if only part of it (set down off-centre).
		// Reading empty, it is dead still, and its baseline (all it
		// reads) follows the board's drift, so that drift is not taken
		// for a checker.
		switch {
		case k >= 1 && math.Abs(d) > c.t.EmptyEnter*s.gain(d):
			s.masked, s.votes = false, 0
		case math.Abs(d) <= c.t.EmptyEnter*s.gain(d):
			s.shift(d * learnRate)
		}
		return
	}
	switch {
	case k <= 0:
		// Only while it reads empty: part of a checker (set down
		// off-centre below it, held above it) is not the baseline.
		switch {
		case c.class[i] != Empty || math.Abs(d) > learnGate*s.gain(d):
		case s.guessed:
			c.settleBase(i, float64(r))
		default:
			s.shift(d * learnRate)
			s.votes = 0
		}
	case math.Abs(d) <= c.t.EmptyEnter*s.gain(d):
		// Covered, and reading empty: dead, or a checker just lifted.
		if s.votes++; s.votes >= deadVotes {
			s.masked = true
		}
	case k == 1:
		s.votes = 0
		if got, ok := c.class[i].Side(); ok && got == side {
			c.learnLevel(s, side, r) // read whole, as a checker of its colour
		}
	default:
		s.votes = 0
	}
}

// settleBase makes r, read while a known position leaves the slot empty,
// the baseline of sensor i, whose baseline was guessed (baseFromFirstFrame).
// A level learnt under a checker meanwhile stays, if it is still a
// gain of MinGain from the baseline.
func (c *Classifier) settleBase(i int, r float64) {
	s := &c.sensors[i]
	minGain := MinGain * c.max / 4095
	s.guessed, s.votes = false, 0
	if s.white-r < minGain {
		s.known[engine.White] = false
	}
	if r-s.black < minGain {
		s.known[engine.Black] = false
	}
	c.setBase(i, r)
}

// learnLevel refines (or, unknown, sets) s's level for a checker of side
// from a reading r of one: a known level moves with the baseline and the
// other level (shift), as a drifting sensor's whole output does.
func (c *Classifier) learnLevel(s *sensor, side engine.Side, r uint16) {
	level, sign := &s.white, 1.0
	if side == engine.Black {
		level, sign = &s.black, -1
	}
	gain := sign * (float64(r) - s.base)
	if !s.known[side] {
		// Farther than the provisional band's edge: a checker, not a
		// hand; and read so for candHold, not one landing as the board
		// settled.
		if nominal := sign * (*level - s.base); (c.now.IsZero() || c.now.Sub(s.classAt) >= candHold) && gain >= c.tp.CheckerEnter*nominal && gain <= c.tp.CheckerMax*nominal {
			c.setLevel(s, side, float64(r))
		}
		return
	}
	if math.Abs(float64(r)-*level) <= learnGate*sign*(*level-s.base) && gain >= MinGain*c.max/4095 {
		s.shift((float64(r) - *level) * learnRate)
	}
}

// Mask marks sensor i dead or stuck (as health found it): its slot reads
// "unknown" from the next frame on. A sensor the board lacks is ignored.
func (c *Classifier) Mask(i int) {
	if i >= 0 && i < len(c.sensors) {
		c.sensors[i].masked = true
	}
}

// Masked reports whether sensor i is masked.
func (c *Classifier) Masked(i int) bool {
	return i >= 0 && i < len(c.sensors) && c.sensors[i].masked
}

// Levels returns sensor i's levels now, in counts: what its calibration
// says they are after the drift followed and what Learn found. known says
// whether the White and Black levels were calibrated or learned, rather
// than assumed.
func (c *Classifier) Levels(i int) (base, white, black float64, known [2]bool) {
	if i < 0 || i >= len(c.sensors) {
		return 0, 0, 0, known
	}
	s := &c.sensors[i]
	return s.base, s.white, s.black, s.known
}

// Drift returns how far sensor i's baseline has moved since the
// Classifier started, in counts.
func (c *Classifier) Drift(i int) float64 {
	if i < 0 || i >= len(c.sensors) {
		return 0
	}
	return c.sensors[i].base - c.sensors[i].start
}
