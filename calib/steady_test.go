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

// TestClassifyStaleSlotSettles: a slot that read part of a checker set
// down off-centre for longer than staleAfter followed no drift meanwhile;
// once the checker is lifted it reads its empty level a fifth of a gain
// off, and holding still there it reads empty. After a short pair the
// same reading is not read empty (unsure, or masked: a part held over a
// silent slot): the levels are fresh.
func TestClassifyStaleSlotSettles(t *testing.T) {
	c := testCalibration()
	g := c.Board
	lo := g.Sensor(Place{Point: 15})
	at := func(ms int) time.Time { return time.Unix(0, 0).Add(time.Duration(ms) * time.Millisecond) }
	for _, tc := range []struct {
		name   string
		pairMs int
		empty  bool // read empty at the end
	}{
		{"pair held 12 s", 12000, true},
		{"pair held 2 s", 2000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			f := make([]uint16, g.Sensors())
			for i := range f {
				f[i] = reading(c, i, 0)
			}
			var o engine.Occupancy
			read := func(ms int) {
				if err := cl.ClassifyAt(at(ms), f, &o); err != nil {
					t.Fatal(err)
				}
			}
			read(0)
			f[lo], f[lo+1] = reading(c, lo, 0.4), reading(c, lo+1, 0.6)
			for ms := 500; ms <= tc.pairMs; ms += 500 {
				read(ms)
				if o.Points[15-1][engine.White] != 1 || o.Unsure != 0 {
					t.Fatalf("pair at %d ms: point 15 %v, %d unsure", ms, o.Points[15-1], o.Unsure)
				}
			}
			f[lo], f[lo+1] = reading(c, lo, 0), reading(c, lo+1, 0.21) // lifted; the upper slot drifted
			for ms := tc.pairMs + 500; ms <= tc.pairMs+2000; ms += 500 {
				read(ms)
			}
			empty := o.Points[15-1] == [2]uint8{} && o.Unsure == 0 && o.Masked[15-1] == 0
			if empty != tc.empty {
				t.Errorf("lifted: point 15 %v, %d unsure, %d masked; read empty %v, want %v", o.Points[15-1], o.Unsure, o.Masked[15-1], empty, tc.empty)
			}
		})
	}
}

// TestClassifyStaleAboveOtherColour: a slot above a point's Black
// checkers that read part of a Black checker set down off-centre for
// longer than staleAfter drifted meanwhile; once the checker is lifted it
// reads 0.4 of a gain towards White, which no checker there can give:
// held for driftedHold, that is its empty level. Read towards Black it
// may be part of a Black checker, and stays unsure.
func TestClassifyStaleAboveOtherColour(t *testing.T) {
	c := testCalibration()
	g := c.Board
	first := g.Sensor(Place{Point: 24})
	at := func(ms int) time.Time { return time.Unix(0, 0).Add(time.Duration(ms) * time.Millisecond) }
	for _, tc := range []struct {
		name   string
		after  float64 // the slot's reading once the checker is lifted
		unsure uint8
	}{
		{"towards White", 0.4, 0},
		{"towards Black", -0.4, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			f := make([]uint16, g.Sensors())
			for i := range f {
				f[i] = reading(c, i, 0)
			}
			f[first], f[first+1] = reading(c, first, -1), reading(c, first+1, -1)
			var o engine.Occupancy
			read := func(ms int) {
				if err := cl.ClassifyAt(at(ms), f, &o); err != nil {
					t.Fatal(err)
				}
			}
			read(0)
			f[first+2], f[first+3] = reading(c, first+2, -0.4), reading(c, first+3, -0.6)
			for ms := 500; ms <= 12000; ms += 500 {
				read(ms)
			}
			if o.Points[24-1][engine.Black] != 3 || o.Unsure != 0 {
				t.Fatalf("checker off-centre: point 24 %v, %d unsure; want 3 Black", o.Points[24-1], o.Unsure)
			}
			f[first+2], f[first+3] = reading(c, first+2, tc.after), reading(c, first+3, 0)
			for ms := 12500; ms <= 14000; ms += 500 {
				read(ms)
			}
			if o.Points[24-1][engine.Black] != 2 || o.Unsure != tc.unsure {
				t.Errorf("lifted: point 24 %v, %d unsure; want 2 Black, %d unsure", o.Points[24-1], o.Unsure, tc.unsure)
			}
		})
	}
}

// TestClassifyGapNotRelocked: a slot that reads empty under a covered one
// holds part of the checker above, set down off-centre: its reading,
// however long it holds, never relocks its baseline.
func TestClassifyGapNotRelocked(t *testing.T) {
	c := testCalibration()
	g := c.Board
	first := g.Sensor(Place{Point: 20})
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := make([]uint16, g.Sensors())
	for i := range f {
		f[i] = reading(c, i, 0)
	}
	f[first], f[first+1] = reading(c, first, 1), reading(c, first+1, 1)
	f[first+2], f[first+3] = reading(c, first+2, 0.18), reading(c, first+3, 0.9)
	var o engine.Occupancy
	for k := range 3 * autoFrames {
		if err := cl.ClassifyAt(tick(k), f, &o); err != nil {
			t.Fatal(err)
		}
	}
	if base, _, _, _ := cl.Levels(first + 2); base != float64(c.Baseline[first+2]) {
		t.Errorf("baseline under the checker above %.0f, want %d", base, c.Baseline[first+2])
	}
}

// TestClassifyPairPartNotFollowed: a checker set down between two slots,
// one of them reading its part in the empty band, for longer than
// staleAfter: neither slot's levels follow the part, so the slot in the
// empty band is stale when the checker is gone.
func TestClassifyPairPartNotFollowed(t *testing.T) {
	c := testCalibration()
	g := c.Board
	lo := g.Sensor(Place{Point: 16})
	at := func(ms int) time.Time { return time.Unix(0, 0).Add(time.Duration(ms) * time.Millisecond) }
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := make([]uint16, g.Sensors())
	for i := range f {
		f[i] = reading(c, i, 0)
	}
	var o engine.Occupancy
	if err := cl.ClassifyAt(at(0), f, &o); err != nil {
		t.Fatal(err)
	}
	for k, parts := range [][2]float64{{0.7, 0.3}, {0.7, 0.2}, {0.7, 0.12}, {0.7, 0.04}} {
		// Pushed down the slot: the upper part ends in the empty band.
		f[lo], f[lo+1] = reading(c, lo, parts[0]), reading(c, lo+1, parts[1])
		if err := cl.ClassifyAt(at(10*(k+1)), f, &o); err != nil {
			t.Fatal(err)
		}
	}
	for ms := 50; ms <= 12000; ms += 20 {
		if err := cl.ClassifyAt(at(ms), f, &o); err != nil {
			t.Fatal(err)
		}
		if o.Points[16-1][engine.White] != 1 || o.Unsure != 0 {
			t.Fatalf("at %d ms: point 16 %v, %d unsure; want 1 White", ms, o.Points[16-1], o.Unsure)
		}
	}
	if !cl.sensors[lo+1].stale(at(12000)) {
		t.Errorf("the upper slot followed the part it read")
	}
}

// TestClassifyTracksFastDriftInFewFrames: an empty slot whose baseline
// drifts 15 counts a second (300 counts with a 20 s time constant, at its
// fastest), read in a frame every 500 ms as a trace sends them while the
// board is still, stays empty: tracking follows the frames' time, not
// their number. Read without time (Classify) it follows a frame's worth
// each, and falls behind.
func TestClassifyTracksFastDriftInFewFrames(t *testing.T) {
	c := testCalibration()
	g := c.Board
	slot := g.Sensor(Place{Point: 7, Slot: 1})
	at := func(ms int) time.Time { return time.Unix(0, 0).Add(time.Duration(ms) * time.Millisecond) }
	for _, timed := range []bool{true, false} {
		cl, err := NewClassifier(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		f := make([]uint16, g.Sensors())
		for i := range f {
			f[i] = reading(c, i, 0)
		}
		var o engine.Occupancy
		unsure := 0
		for ms := 0; ms <= 20000; ms += 500 {
			f[slot] = c.Baseline[slot] + uint16(15*ms/1000)
			if timed {
				err = cl.ClassifyAt(at(ms), f, &o)
			} else {
				err = cl.Classify(f, &o)
			}
			if err != nil {
				t.Fatal(err)
			}
			unsure += int(o.Unsure)
		}
		if timed && unsure > 0 {
			t.Errorf("timed frames: the drifting slot read unsure in %d frames", unsure)
		}
		if !timed && unsure == 0 {
			t.Errorf("untimed frames: the drifting slot never fell behind")
		}
	}
}
