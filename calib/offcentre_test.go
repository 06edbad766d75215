package calib

import (
	"testing"
	"time"

	"gammond/engine"
)

// TestClassifyOffCentreDrifting: a checker set down between two slots
// stays one checker while the board drifts under it, though what its
// slots read together leaves offCentreSum..CheckerMax (pairStep); read so
// at once, or after a jump, it is part of a checker, unsure.
func TestClassifyOffCentreDrifting(t *testing.T) {
	c := testCalibration()
	g := c.Board
	bottom := g.Sensor(Place{Point: 24, Slot: 0})
	lo, hi := g.Sensor(Place{Point: 24, Slot: 1}), g.Sensor(Place{Point: 24, Slot: 2})
	frame := func(a, b float64) []uint16 {
		f := make([]uint16, g.Sensors())
		for i := range f {
			f[i] = reading(c, i, 0)
		}
		f[bottom], f[lo], f[hi] = reading(c, bottom, 1), reading(c, lo, a), reading(c, hi, b)
		return f
	}
	read := func(cl *Classifier, k int, a, b float64) engine.Occupancy {
		var o engine.Occupancy
		if err := cl.ClassifyAt(tick(k), frame(a, b), &o); err != nil {
			t.Fatal(err)
		}
		return o
	}
	for _, tc := range []struct {
		name                 string
		loStep, hiStep       float64 // per frame, in gains
		endLo, endHi, endSum float64
	}{
		{name: "up", loStep: 0.016, endLo: 0.72, endHi: 0.6, endSum: 1.32},
		{name: "down", hiStep: -0.015, endLo: 0.4, endHi: 0.3, endSum: 0.7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k <= 20; k++ {
				a, b := 0.4+tc.loStep*float64(k), 0.6+tc.hiStep*float64(k)
				if o := read(cl, k, a, b); o.Points[24-1][engine.White] != 2 || o.Unsure != 0 {
					t.Fatalf("frame %d, parts %.3f and %.3f: point 24 %v, %d unsure; want 2 White checkers", k, a, b, o.Points[24-1], o.Unsure)
				}
			}
			fresh, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			if o := read(fresh, 0, tc.endLo, tc.endHi); o.Unsure == 0 {
				t.Errorf("parts reading %.2f together at once: no slot unsure", tc.endSum)
			}
			jumped, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			read(jumped, 0, 0.4, 0.6)
			if o := read(jumped, 1, tc.endLo, tc.endHi); o.Unsure == 0 {
				t.Errorf("parts jumping to %.2f together in a frame: no slot unsure", tc.endSum)
			}
		})
	}
}

// TestClassifyPartOverSilentSlot: part of a checker held still above an
// empty slot right over a point's top checker stands on a slot whose
// sensor reads nothing (dead, not known so yet): the slot is counted
// masked (either) once the part has held for partHold, while a part that
// comes and goes, a hand held above the point, stays unsure.
func TestClassifyPartOverSilentSlot(t *testing.T) {
	c := testCalibration()
	g := c.Board
	first := g.Sensor(Place{Point: 13})
	part := g.Sensor(Place{Point: 13, Slot: 5})
	frame := func(share float64) []uint16 {
		f := make([]uint16, g.Sensors())
		for i := range f {
			f[i] = reading(c, i, 0)
		}
		for k := range 4 {
			f[first+k] = reading(c, first+k, 1)
		}
		f[part] = reading(c, part, share)
		return f
	}
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	var o engine.Occupancy
	for k := 0; k <= 50; k += 5 { // a hand above the point: 0.30, 0.45, 0.30...
		if err := cl.ClassifyAt(tick(k), frame(0.3+0.15*float64(k/5%2)), &o); err != nil {
			t.Fatal(err)
		}
		if o.Unsure != 1 || o.Masked[13-1] != 0 {
			t.Fatalf("a part coming and going at %v: %d unsure, %d masked; want 1 and 0", tick(k), o.Unsure, o.Masked[13-1])
		}
	}
	for k := 55; k <= 100; k += 5 { // held still from frame 55
		if err := cl.ClassifyAt(tick(k), frame(0.45), &o); err != nil {
			t.Fatal(err)
		}
	}
	want := occ(func(o *engine.Occupancy) { o.Points[13-1][engine.White], o.Masked[13-1] = 4, 1 })
	if o != want {
		t.Errorf("a part held still 450 ms:\n got %+v\nwant %+v", o, want)
	}
}

// TestClassifyOffCentrePartDriftsOut: the smaller part of a checker set
// down off-centre drifts below offCentreMin and across its baseline, then
// holds still for longer than a relock takes: still one checker, never
// an empty slot's drift (relock).
func TestClassifyOffCentrePartDriftsOut(t *testing.T) {
	c := testCalibration()
	g := c.Board
	bottom := g.Sensor(Place{Point: 4, Slot: 0})
	lo, hi := bottom+1, bottom+2
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := make([]uint16, g.Sensors())
	for i := range f {
		f[i] = reading(c, i, 0)
	}
	f[bottom], f[lo] = reading(c, bottom, 1), reading(c, lo, 0.6)
	var o engine.Occupancy
	for k := 0; k <= 100; k++ {
		upper := max(0.35-0.01*float64(k), -0.05) // down to -0.05 by frame 40, then still
		f[hi] = reading(c, hi, upper)
		if err := cl.ClassifyAt(tick(k), f, &o); err != nil {
			t.Fatal(err)
		}
		if o.Points[4-1][engine.White] != 2 || o.Unsure != 0 {
			t.Fatalf("frame %d, upper part %.2f: point 4 %v, %d unsure; want 2 White checkers", k, upper, o.Points[4-1], o.Unsure)
		}
	}
}

// TestClassifyOffCentreMostlyAbove: a checker set down on an empty
// point's first slot but mostly on the second reads 0.25 there (in the
// empty band) and 0.7 above; held still for longer than partHold it is
// still one checker between the two, not a part standing on a dead
// sensor (partOverSilent), and neither slot's baseline relocks to its
// part.
func TestClassifyOffCentreMostlyAbove(t *testing.T) {
	c := testCalibration()
	g := c.Board
	lo := g.Sensor(Place{Point: 12})
	f := make([]uint16, g.Sensors())
	for i := range f {
		f[i] = reading(c, i, 0)
	}
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	var o engine.Occupancy
	if err := cl.ClassifyAt(tick(0), f, &o); err != nil {
		t.Fatal(err)
	}
	f[lo], f[lo+1] = reading(c, lo, 0.25), reading(c, lo+1, 0.7)
	want := occ(func(o *engine.Occupancy) { o.Points[12-1][engine.White] = 1 })
	for k := 1; k <= 400; k += 10 { // 4 s, a frame every 100 ms
		if err := cl.ClassifyAt(tick(k), f, &o); err != nil {
			t.Fatal(err)
		}
		if o != want {
			t.Fatalf("at %v:\n got %+v\nwant %+v", tick(k), o, want)
		}
	}
	if base, _, _, _ := cl.Levels(lo); base != float64(c.Baseline[lo]) {
		t.Errorf("first slot's baseline %.0f, want %d: relocked to the part it reads", base, c.Baseline[lo])
	}
}

// TestClassifyPartOverDeadProvisional: on a board learning its levels, a
// checker set down off-centre on a dead sensor's slot reads above it a
// part that the provisional bands take for a whole checker (0.82 of a
// nominal gain): both slots are counted masked (either), so the point
// fits one checker or two there, and the part never becomes the upper
// sensor's level. A reading only a whole checker gives (1.0) is one.
func TestClassifyPartOverDeadProvisional(t *testing.T) {
	full := testCalibration()
	g := full.Board
	first := g.Sensor(Place{Point: 13})
	dead, above := first+4, first+5
	partial := &Calibration{Board: g, Baseline: full.Baseline}
	for _, tc := range []struct {
		name          string
		share         float64 // of a nominal gain, read above the dead slot
		covered, mask uint8
	}{
		{"part", 0.82, 4, 2},
		{"whole", 1.0, 6, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl, err := NewClassifier(partial, nil)
			if err != nil {
				t.Fatal(err)
			}
			cl.Mask(dead)
			f := make([]uint16, g.Sensors())
			for i := range f {
				f[i] = reading(full, i, 0)
			}
			for k := range 4 {
				f[first+k] = reading(full, first+k, 1)
			}
			f[above] = uint16(float64(full.Baseline[above]) + tc.share*NominalGain)
			var o engine.Occupancy
			for k := range 3 * autoFrames {
				if err := cl.ClassifyAt(tick(k), f, &o); err != nil {
					t.Fatal(err)
				}
			}
			if got := o.Points[13-1][engine.White]; got != tc.covered || o.Masked[13-1] != tc.mask || o.Unsure != 0 {
				t.Errorf("point 13: %d covered, %d masked, %d unsure; want %d, %d, 0", got, o.Masked[13-1], o.Unsure, tc.covered, tc.mask)
			}
			if _, _, _, known := cl.Levels(above); tc.mask > 0 && known[engine.White] {
				t.Errorf("the part above the dead slot became its sensor's White level")
			}
		})
	}
}

// TestClassifySilentSlotStaysEither: a checker set down off-centre on a
// slot whose sensor reads nothing, not known dead, leaves its part on the
// slot above: either, as masked (partOverSilent). Pushed whole onto the
// silent slot, its part above gone, the slot stays either: it read
// nothing since the frames began, so its sensor is likely dead.
func TestClassifySilentSlotStaysEither(t *testing.T) {
	c := testCalibration()
	g := c.Board
	first := g.Sensor(Place{Point: 13})
	above := first + 5 // over the silent slot, first+4
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := make([]uint16, g.Sensors())
	for i := range f {
		f[i] = reading(c, i, 0)
	}
	for k := range 4 {
		f[first+k] = reading(c, first+k, 1)
	}
	at := func(ms int) time.Time { return time.Unix(0, 0).Add(time.Duration(ms) * time.Millisecond) }
	var o engine.Occupancy
	for ms := 0; ms <= 12000; ms += 500 { // the silent slot reads nothing for 12 s
		if err := cl.ClassifyAt(at(ms), f, &o); err != nil {
			t.Fatal(err)
		}
	}
	f[above] = reading(c, above, 0.3)
	for ms := 12100; ms <= 12600; ms += 100 {
		if err := cl.ClassifyAt(at(ms), f, &o); err != nil {
			t.Fatal(err)
		}
	}
	want := occ(func(o *engine.Occupancy) { o.Points[13-1][engine.White], o.Masked[13-1] = 4, 1 })
	if o != want {
		t.Fatalf("part above held:\n got %+v\nwant %+v", o, want)
	}
	f[above] = reading(c, above, 0)
	if err := cl.ClassifyAt(at(13000), f, &o); err != nil {
		t.Fatal(err)
	}
	if o != want {
		t.Errorf("part above gone:\n got %+v\nwant %+v", o, want)
	}
}
