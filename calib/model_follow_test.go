package calib

import (
	"math"
	"testing"
	"time"

	"gammond/engine"
)

// TestModelFollowLearnsNoBaselineUnderAStillHand: a hand holds a Black
// checker still above a White blot, its field a third of a checker's on
// the blot's free slot, for a settle window, 12 s after that slot's
// baseline was last measured (uncertain by 50 counts). The point reads
// the blot decisively, but the free slot's reading is a part of a field
// as much as a drifted baseline: following the board teaches it nothing.
func TestModelFollowLearnsNoBaselineUnderAStillHand(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		b, m := calibratedModel(t, seed)
		const p = 3 // an empty point of the start
		blot := start
		blot[engine.White][6]--
		blot[engine.White][p]++
		at := time.Unix(0, 0)
		show(m, &at, b.frame(&blot))
		m.Learn(at, m.Frame(), &blot)
		free := b.geo.Sensor(Place{Point: p, Slot: 1})
		at = at.Add(12 * time.Second)
		frame := b.frame(&blot)
		frame[free] = uint16(math.Round(b.base[free] - b.gain[free][engine.Black]/3))
		show(m, &at, frame)
		m.Follow(at)
		if got, want := m.est[free].x.base, b.base[free]; math.Abs(got-want) > 30 {
			t.Errorf("seed %d: the free slot learnt its baseline as %.0f, the sensor's %.0f: a hand's field taken for drift", seed, got, want)
		}
	}
}
