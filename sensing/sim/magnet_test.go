package sim

import (
	"io"
	"math"
	"testing"

	"gammond/calib"
	"gammond/engine"
)

// TestMagnetKeepsItsStrength: a checker moved reads, on each slot it is
// set on, the same share of its sensor's nominal field, and the side's
// checkers differ from one another.
func TestMagnetKeepsItsStrength(t *testing.T) {
	opts := DefaultOpts
	opts.MagnetSpread, opts.NoiseCounts = 0.25, 0
	r := newRun(io.Discard, &opts)
	b := r.b
	start := engine.LayoutOf(&engine.StartingBoard, engine.White)
	b.Place(start)
	share := func(p, slot int) float64 {
		b.render()
		s := b.geo.Sensor(calib.Place{Point: p, Slot: slot})
		return (float64(b.reading[s]) - b.base[s]) / b.gain[s][engine.White]
	}
	first := share(24, 1) // the top one of White's back checkers
	path := []int{24, 22, 21, 16, 15}
	for i := 1; i < len(path); i++ {
		if err := b.Move(engine.White, path[i-1], path[i]); err != nil {
			t.Fatal(err)
		}
		if got := share(path[i], 0); math.Abs(got-first) > 0.002 {
			t.Errorf("on point %d the checker reads %.3f of a checker, on point 24 %.3f", path[i], got, first)
		}
	}
	distinct := map[float64]bool{}
	for _, pile := range b.points {
		for _, c := range pile {
			if c.strength < 0.75 || c.strength > 1.25 {
				t.Errorf("a checker of strength %v, want 0.75..1.25", c.strength)
			}
			distinct[c.strength] = true
		}
	}
	if len(distinct) < 20 {
		t.Errorf("%d distinct strengths among 30 checkers", len(distinct))
	}
}
