package calib

import (
	"testing"
	"time"

	"gammond/engine"
)

// TestClassifySteadyInFewFrames: a checker that reads short of the enter
// band (its sensor's levels behind a drift) counts once its reading has
// held for steadyHold of the frames' time, however few frames a trace
// sent meanwhile; without the frames' time (Classify) it needs
// autoFrames frames; a hand whose reading moves never counts.
func TestClassifySteadyInFewFrames(t *testing.T) {
	c := testCalibration()
	g := c.Board
	slot := g.Sensor(Place{Point: 9, Slot: 0})
	frame := func(u float64) []uint16 {
		f := make([]uint16, g.Sensors())
		for i := range f {
			f[i] = reading(c, i, 0)
		}
		f[slot] = reading(c, slot, u)
		return f
	}
	at := func(ms int) time.Time { return time.Unix(0, 0).Add(time.Duration(ms) * time.Millisecond) }
	for _, tc := range []struct {
		name    string
		timed   bool
		readAt  []int     // ms
		reading []float64 // gains, one per frame
		want    uint8     // White checkers on point 9 at the last frame
	}{
		{"held 250 ms in 3 frames", true, []int{0, 120, 250}, []float64{0.8, 0.8, 0.81}, 1},
		{"held 150 ms", true, []int{0, 70, 150}, []float64{0.8, 0.8, 0.81}, 0},
		{"untimed, 3 frames", false, []int{0, 0, 0}, []float64{0.8, 0.8, 0.81}, 0},
		{"a hand moving", true, []int{0, 120, 250, 400}, []float64{0.76, 0.84, 0.77, 0.83}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			var o engine.Occupancy
			if err := cl.ClassifyAt(at(-500), frame(0), &o); err != nil {
				t.Fatal(err)
			}
			for k, u := range tc.reading {
				if tc.timed {
					err = cl.ClassifyAt(at(tc.readAt[k]), frame(u), &o)
				} else {
					err = cl.Classify(frame(u), &o)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if got := o.Points[9-1][engine.White]; got != tc.want || tc.want == 0 && o.Unsure != 1 {
				t.Errorf("point 9: %d White checkers, %d slots unsure; want %d", got, o.Unsure, tc.want)
			}
		})
	}
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	var o engine.Occupancy
	for k := range autoFrames + 1 {
		if err := cl.Classify(frame(0.8), &o); err != nil {
			t.Fatal(err)
		}
		if got := o.Points[9-1][engine.White]; k < autoFrames && got != 0 || k == autoFrames && got != 1 {
			t.Fatalf("untimed frame %d: %d White checkers on point 9", k, got)
		}
	}
}
