package calib

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"gammond/engine"
)

// startLayout is the starting position.
var startLayout = engine.LayoutOf(&engine.StartingBoard, engine.White)

// framer draws frames of a reference board whose true levels are c's,
// moved by drift counts (the whole output of every sensor), with noise.
type framer struct {
	c     *Calibration
	rng   *rand.Rand
	drift float64
	dead  map[int]bool
	// partial: sensor -> reading in gains, overriding the layout's
	partial map[int]float64
}

// frame returns a noisy frame of layout l.
func (f *framer) frame(l *engine.Layout) []uint16 {
	g := f.c.Board
	levels := make([]float64, g.Sensors())
	for p := 1; p <= 24; p++ {
		for side, u := range [2]float64{1, -1} {
			for k := range l[side][p] {
				share := 1.0
				if k >= g.Slots {
					share = 0.04
				}
				levels[g.Sensor(Place{Point: p, Slot: k % g.Slots})] += u * share
			}
		}
	}
	for side, u := range [2]float64{1, -1} {
		for k := range l[side][engine.Bar] {
			levels[g.Sensor(Place{Half: engine.Side(side), Slot: k % g.BarSlots})] += u
		}
	}
	for i, u := range f.partial {
		levels[i] = u
	}
	fr := make([]uint16, g.Sensors())
	for i, u := range levels {
		if f.dead[i] {
			u = 0
		}
		r := float64(reading(f.c, i, u)) + f.drift + float64(f.rng.IntN(25)-12)
		fr[i] = uint16(math.Round(r))
	}
	return fr
}

// TestClassifyFollowsDrift drifts the whole board by 300 counts over 5000
// frames (50 s at 100 frames a second, far faster than a board warming up
// over a match), with checkers standing: the occupancy never leaves the
// position, and the levels follow.
func TestClassifyFollowsDrift(t *testing.T) {
	t.Parallel()
	for _, drift := range []float64{300, -300} {
		c := testCalibration()
		cl, err := NewClassifier(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		f := &framer{c: c, rng: rand.New(rand.NewPCG(1, 1))}
		want := engine.OccupancyOf(&engine.StartingBoard, engine.White, 6, 4)
		var o engine.Occupancy
		const frames = 5000
		for k := 0; k <= frames; k++ {
			f.drift = drift * float64(k) / frames
			if err := cl.Classify(f.frame(&startLayout), &o); err != nil {
				t.Fatal(err)
			}
			if o != want {
				t.Fatalf("drift %v, frame %d: occupancy %+v, want the starting position", f.drift, k, o)
			}
		}
		for _, i := range []int{0, 5 * 6, 151} {
			if got := cl.Drift(i); math.Abs(got-drift) > 40 {
				t.Errorf("sensor %d followed %.0f counts of drift, want about %v", i, got, drift)
			}
		}
		mon := NewMonitor(cl, nil)
		mon.Observe(tick(0), f.frame(&startLayout))
		if !hasProblem(mon.Findings(), 0, Drifted) {
			t.Errorf("drift %v: health does not report sensor 0 drifted: %v", drift, mon.Findings())
		}
	}
}

// TestClassifyTrackingIgnoresAHand holds a partial reading (a hand above an
// empty slot, coming and going, from as far as the empty band's edge)
// for a long time: the slot's levels do not follow it.
func TestClassifyTrackingIgnoresAHand(t *testing.T) {
	t.Parallel()
	c := testCalibration()
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	const s = 20
	f := &framer{c: c, rng: rand.New(rand.NewPCG(2, 2)), partial: map[int]float64{}}
	var o engine.Occupancy
	var empty engine.Layout
	for k := range 5000 {
		f.partial[s] = 0.15 + 0.5*float64(k%50)/50 // comes and goes
		_ = cl.Classify(f.frame(&empty), &o)
	}
	gain := whiteGain(c, s)
	if d := cl.Drift(s); math.Abs(d) > trackGate*gain {
		t.Errorf("a hand moved the baseline %.0f counts, more than the tracking gate of the gain %.0f", d, gain)
	}
}

// TestSelfCalibration starts from no calibration and from baselines alone:
// the first frame is an empty board; the starting position is then read
// right, and Learn from it makes the covered sensors' levels known, within
// 5% of the truth.
func TestSelfCalibration(t *testing.T) {
	truth := testCalibration()
	for _, tc := range []struct {
		name string
		cal  Calibration
	}{
		{"no calibration", Calibration{Board: truth.Board}},
		{"baselines alone", Calibration{Board: truth.Board, Baseline: truth.Baseline}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl, err := NewClassifier(&tc.cal, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !cl.SelfCalibrating() {
				t.Error("SelfCalibrating is false")
			}
			f := &framer{c: truth, rng: rand.New(rand.NewPCG(3, 3))}
			var o engine.Occupancy
			var empty engine.Layout
			for range 3 {
				_ = cl.Classify(f.frame(&empty), &o)
			}
			if want := engine.OccupancyOf(&engine.Board{}, engine.White, 6, 4); o != want {
				t.Fatalf("empty board read %+v", o)
			}
			want := engine.OccupancyOf(&engine.StartingBoard, engine.White, 6, 4)
			for range 3 {
				fr := f.frame(&startLayout)
				_ = cl.Classify(fr, &o)
				if err := cl.Learn(fr, &startLayout); err != nil {
					t.Fatal(err)
				}
			}
			if o != want {
				t.Fatalf("starting position read %+v", o)
			}
			i := truth.Board.Sensor(Place{Point: 6, Slot: 4})
			base, white, _, known := cl.Levels(i)
			gain := whiteGain(truth, i)
			if !known[engine.White] || known[engine.Black] {
				t.Errorf("point 6 slot 4: known %v, want White only", known)
			}
			if got := white - base; math.Abs(got-gain) > 0.05*gain {
				t.Errorf("point 6 slot 4: White gain %.0f, want %.0f within 5%%", got, gain)
			}
		})
	}
}

// TestLearnMasksADeadSensor kills a sensor under a stack: Learn from the
// known position masks it, and the point is counted whole again.
func TestLearnMasksADeadSensor(t *testing.T) {
	c := testCalibration()
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := c.Board
	middle, top := g.Sensor(Place{Point: 13, Slot: 2}), g.Sensor(Place{Point: 6, Slot: 4})
	f := &framer{c: c, rng: rand.New(rand.NewPCG(4, 4)), dead: map[int]bool{middle: true, top: true}}
	want := engine.OccupancyOf(&engine.StartingBoard, engine.White, 6, 4)
	var o engine.Occupancy
	fr := f.frame(&startLayout)
	_ = cl.Classify(fr, &o)
	if o.Points[13-1][engine.White] != 4 || o.Points[6-1][engine.White] != 4 {
		t.Fatalf("before masking: points 13 and 6 read %v and %v, want 4 each", o.Points[13-1], o.Points[6-1])
	}
	for range deadVotes {
		if err := cl.Learn(f.frame(&startLayout), &startLayout); err != nil {
			t.Fatal(err)
		}
	}
	if !cl.Masked(middle) || !cl.Masked(top) || cl.Masked(middle+1) {
		t.Fatalf("masked: %v %v %v, want the dead ones only", cl.Masked(middle), cl.Masked(top), cl.Masked(middle+1))
	}
	_ = cl.Classify(f.frame(&startLayout), &o)
	// The top slot of point 6 could be empty: 4 seen, 1 masked.
	want.Points[6-1][engine.White], want.Masked[6-1] = 4, 1
	if o != want {
		t.Errorf("after masking:\n got %+v\nwant %+v", o, want)
	}
	var b engine.Board = engine.StartingBoard
	if !o.Fits(&b, engine.White) {
		t.Error("the starting position does not fit")
	}
	mon := NewMonitor(cl, nil)
	mon.Observe(tick(0), fr)
	if !hasProblem(mon.Findings(), top, Dead) {
		t.Errorf("health does not report the dead sensor: %v", mon.Findings())
	}
}

// TestClassifyOffCentre sets a checker down between two slots, at several
// splits: one checker, and nothing unsure.
func TestClassifyOffCentre(t *testing.T) {
	c := testCalibration()
	g := c.Board
	for _, split := range []float64{0.5, 0.35, 0.65, 0.22, 0.8} {
		for _, side := range []engine.Side{engine.White, engine.Black} {
			cl, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			u := 1.0
			if side == engine.Black {
				u = -1
			}
			var l engine.Layout
			l[side][9] = 2
			f := &framer{c: c, rng: rand.New(rand.NewPCG(5, 5)), partial: map[int]float64{}}
			var o engine.Occupancy
			_ = cl.Classify(f.frame(&l), &o)
			f.partial[g.Sensor(Place{Point: 9, Slot: 2})] = u * split
			f.partial[g.Sensor(Place{Point: 9, Slot: 3})] = u * (1 - split)
			for range 5 {
				_ = cl.Classify(f.frame(&l), &o)
			}
			if o.Points[9-1][side] != 3 || o.Unsure != 0 {
				t.Errorf("%v split %v: point 9 %v, %d unsure; want 3 and none", side, split, o.Points[9-1], o.Unsure)
			}
		}
	}
	// A lone partial reading is not a checker.
	cl, _ := NewClassifier(c, nil)
	f := &framer{c: c, rng: rand.New(rand.NewPCG(6, 6)), partial: map[int]float64{g.Sensor(Place{Point: 9, Slot: 0}): 0.5}}
	var o engine.Occupancy
	var empty engine.Layout
	_ = cl.Classify(f.frame(&empty), &o)
	if o.Points[9-1] != [2]uint8{} || o.Unsure != 1 {
		t.Errorf("a hand above point 9: %v, %d unsure; want no checker, one unsure", o.Points[9-1], o.Unsure)
	}
}

func hasProblem(fs []Finding, sensor int, p Problem) bool {
	for _, f := range fs {
		if f.Sensor == sensor && f.Problem == p {
			return true
		}
	}
	return false
}

// TestClassifyStillHandThenChecker holds a hand still above an empty slot
// (a steady partial reading) for a long time, then sets a checker down
// there (and on the two slots below): it reads as a checker at once or,
// when the hand moved the levels far, once it has read steadily for
// autoFrames frames.
func TestClassifyStillHandThenChecker(t *testing.T) {
	c := testCalibration()
	for _, hand := range []float64{0.08, 0.11, 0.2} {
		cl, err := NewClassifier(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		const s = 50
		f := &framer{c: c, rng: rand.New(rand.NewPCG(7, 7)), partial: map[int]float64{}}
		var o engine.Occupancy
		var empty engine.Layout
		_ = cl.Classify(f.frame(&empty), &o)
		f.partial[s] = hand
		for range 500 {
			_ = cl.Classify(f.frame(&empty), &o)
		}
		delete(f.partial, s) // the hand is gone; the checker lands
		l := engine.Layout{}
		l[engine.White][9] = 3 // sensor 50 is point 9 slot 2
		for range autoFrames + 1 {
			_ = cl.Classify(f.frame(&l), &o)
		}
		if got := cl.Class(s); got != WhiteChecker {
			t.Errorf("hand held at %v: then a checker reads %v (levels moved %.0f counts)", hand, got, cl.Drift(s))
		}
	}
}

// TestClassifyOffCentreOnMasked sets a third checker down off-centre on
// point 9, whose third or fourth slot has a dead sensor (masked): the
// part the live slot reads and the dead slot beside it are one checker,
// and nothing is unsure. A part of the other colour's checker above the
// dead slot is no checker of the point's.
func TestClassifyOffCentreOnMasked(t *testing.T) {
	c := testCalibration()
	g := c.Board
	third, fourth := g.Sensor(Place{Point: 9, Slot: 2}), g.Sensor(Place{Point: 9, Slot: 3})
	for _, split := range []float64{0.35, 0.5, 0.65} { // the share on the checker's own slot
		for _, side := range []engine.Side{engine.White, engine.Black} {
			u := 1.0
			if side == engine.Black {
				u = -1
			}
			for _, tc := range []struct {
				name       string
				dead, part int
				share      float64
			}{
				{"centred on the dead slot", third, fourth, 1 - split},
				{"centred under the dead slot", fourth, third, split},
			} {
				cl, err := NewClassifier(c, nil)
				if err != nil {
					t.Fatal(err)
				}
				cl.Mask(tc.dead)
				var l engine.Layout
				l[side][9] = 2
				f := &framer{c: c, rng: rand.New(rand.NewPCG(7, 7)), dead: map[int]bool{tc.dead: true}, partial: map[int]float64{tc.part: u * tc.share}}
				var o engine.Occupancy
				for range 3 {
					_ = cl.Classify(f.frame(&l), &o)
				}
				if o.Points[9-1][side] != 3 || o.Unsure != 0 || o.Masked[9-1] != 0 {
					t.Errorf("%v %s, %v on its slot: point 9 %v, %d masked, %d unsure; want 3, none masked or unsure", side, tc.name, split, o.Points[9-1], o.Masked[9-1], o.Unsure)
				}
			}
		}
	}
	cl, _ := NewClassifier(c, nil)
	cl.Mask(third)
	var l engine.Layout
	l[engine.White][9] = 2
	f := &framer{c: c, rng: rand.New(rand.NewPCG(8, 8)), dead: map[int]bool{third: true}, partial: map[int]float64{fourth: -0.5}}
	var o engine.Occupancy
	_ = cl.Classify(f.frame(&l), &o)
	if o.Points[9-1] != [2]uint8{2, 0} || o.Masked[9-1] != 1 || o.Unsure != 1 {
		t.Errorf("part of a Black checker above White's: point 9 %v, %d masked, %d unsure; want White's 2, 1 masked, 1 unsure", o.Points[9-1], o.Masked[9-1], o.Unsure)
	}
}

// TestClassifyEmptyAfterDriftUnderAChecker: on a board calibrating itself
// (baselines only), a checker stands on a slot while the board drifts 88
// counts, a seventh of a gain: no level of the slot follows it, so once
// the checker is lifted the slot reads just past the empty band's enter
// edge. It reads empty after a few steady frames, not unsure for good.
func TestClassifyEmptyAfterDriftUnderAChecker(t *testing.T) {
	c := testCalibration()
	partial := &Calibration{Board: c.Board, Baseline: c.Baseline}
	cl, err := NewClassifier(partial, nil)
	if err != nil {
		t.Fatal(err)
	}
	var one, none engine.Layout
	one[engine.White][9] = 1
	f := &framer{c: c, rng: rand.New(rand.NewPCG(9, 9))}
	var o engine.Occupancy
	for range 5 {
		_ = cl.Classify(f.frame(&one), &o)
	}
	f.drift = -88
	_ = cl.Classify(f.frame(&one), &o)
	i := c.Board.Sensor(Place{Point: 9, Slot: 0})
	for k := range candSure + 2 {
		_ = cl.Classify(f.frame(&none), &o)
		if k == 0 && cl.Class(i) == Empty {
			t.Fatal("the drift left the reading inside the enter band: the test drifts too little")
		}
	}
	if cl.Class(i) != Empty || o.Points[9-1] != [2]uint8{} {
		t.Errorf("point 9 after the lift: %v, class %v; want empty", o.Points[9-1], cl.Class(i))
	}
}

// TestClassifyOffCentreTop slides the top checker of point 9 off-centre,
// a third of it onto the slot above: its own slot keeps it by the stay
// band, the slot above reads the rest, and it is one checker, nothing
// unsure, however long it stays (its level is not relocked to the part
// it reads). A checker being set down on a whole top checker is unsure.
func TestClassifyOffCentreTop(t *testing.T) {
	c := testCalibration()
	g := c.Board
	own, above := g.Sensor(Place{Point: 9, Slot: 2}), g.Sensor(Place{Point: 9, Slot: 3})
	for _, side := range []engine.Side{engine.White, engine.Black} {
		u := 1.0
		if side == engine.Black {
			u = -1
		}
		cl, err := NewClassifier(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		var l engine.Layout
		l[side][9] = 3
		f := &framer{c: c, rng: rand.New(rand.NewPCG(10, 10)), partial: map[int]float64{}}
		var o engine.Occupancy
		_ = cl.Classify(f.frame(&l), &o)
		base, _, _, _ := cl.Levels(own)
		f.partial[own], f.partial[above] = u*0.78, u*0.3
		for range 3 * autoFrames {
			_ = cl.Classify(f.frame(&l), &o)
		}
		if o.Points[9-1][side] != 3 || o.Unsure != 0 {
			t.Errorf("%v top off-centre: point 9 %v, %d unsure; want 3, none unsure", side, o.Points[9-1], o.Unsure)
		}
		if now, _, _, _ := cl.Levels(own); math.Abs(now-base) > 0.05*NominalGain {
			t.Errorf("%v top off-centre: the baseline moved from %.0f to %.0f", side, base, now)
		}
		f.partial[own], f.partial[above] = u, u*0.35 // another checker coming down on it
		_ = cl.Classify(f.frame(&l), &o)
		if o.Unsure != 1 {
			t.Errorf("%v a checker being set down on a whole one: %d unsure, want 1", side, o.Unsure)
		}
		// The top checker set down mostly on the slot above its own: that
		// slot holds it by the stay band once it reads steady there.
		l[side][9] = 2
		f.partial = map[int]float64{own - 1: u * 0.22, own: u * 0.78}
		for range 3 * autoFrames {
			_ = cl.Classify(f.frame(&l), &o)
		}
		if o.Points[9-1][side] != 2 || o.Unsure != 0 {
			t.Errorf("%v top off-centre upwards: point 9 %v, %d unsure; want 2, none unsure", side, o.Points[9-1], o.Unsure)
		}
	}
}

// TestClassifyOffCentreTopLearning: on a board learning its levels (a
// calibration with baselines alone), the top checker set down off-centre
// reads as a checker on its own slot and part of one on the slot above.
// The part is taken for the top checker's own only once it has held for
// partHold of the frames' time (ClassifyAt): until then it may be a
// checker being set down, and the board is unsure. Without times
// (Classify) it stays unsure.
func TestClassifyOffCentreTopLearning(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	own, above := g.Sensor(Place{Point: 9, Slot: 2}), g.Sensor(Place{Point: 9, Slot: 3})
	for _, side := range []engine.Side{engine.White, engine.Black} {
		u := 1.0
		if side == engine.Black {
			u = -1
		}
		var l engine.Layout
		l[side][9] = 3
		timed, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
		if err != nil {
			t.Fatal(err)
		}
		untimed, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
		if err != nil {
			t.Fatal(err)
		}
		f := &framer{c: truth, rng: rand.New(rand.NewPCG(12, 12)), partial: map[int]float64{}}
		at := time.Unix(0, 0)
		const tick = 10 * time.Millisecond
		var o, ou engine.Occupancy
		for range 5 {
			fr := f.frame(&l)
			_ = timed.ClassifyAt(at, fr, &o)
			_ = untimed.Classify(fr, &ou)
			at = at.Add(tick)
		}
		if o.Points[9-1][side] != 3 || o.Unsure != 0 {
			t.Fatalf("%v three checkers: point 9 %v, %d unsure", side, o.Points[9-1], o.Unsure)
		}
		// Nine tenths of the top checker's field on its own slot (a
		// checker on the provisional bands), the rest on the slot above.
		f.partial[own], f.partial[above] = u*0.9, u*0.25
		since := at
		for ; at.Sub(since) < partHold-tick; at = at.Add(tick) {
			fr := f.frame(&l)
			_ = timed.ClassifyAt(at, fr, &o)
			_ = untimed.Classify(fr, &ou)
			if o.Unsure != 1 {
				t.Fatalf("%v part above the top checker for %v: %d unsure, want 1", side, at.Sub(since), o.Unsure)
			}
		}
		for range 3 * autoFrames {
			fr := f.frame(&l)
			_ = timed.ClassifyAt(at, fr, &o)
			_ = untimed.Classify(fr, &ou)
			at = at.Add(tick)
		}
		if o.Points[9-1][side] != 3 || o.Unsure != 0 {
			t.Errorf("%v top off-centre, held: point 9 %v, %d unsure; want 3, none unsure", side, o.Points[9-1], o.Unsure)
		}
		if ou.Unsure != 1 {
			t.Errorf("%v top off-centre, frames without times: %d unsure, want 1", side, ou.Unsure)
		}
		if _, _, _, known := timed.Levels(own); known[side] {
			t.Errorf("%v top off-centre: its part learned as the level", side)
		}
	}
}

// TestReclassifyAtHeldPart: a trace sends no frame while the readings
// hold, so the part of the top checker set down off-centre on a board
// learning its levels may stop changing before it has held partHold.
// Wake says when it will have; ReclassifyAt reads the last frame again
// then, and the board reads whole without a new frame. Before Wake it
// still reads unsure, and a class or level never moves by it.
func TestReclassifyAtHeldPart(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	own, above := g.Sensor(Place{Point: 9, Slot: 2}), g.Sensor(Place{Point: 9, Slot: 3})
	c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var l engine.Layout
	l[engine.White][9] = 3
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(13, 13)), partial: map[int]float64{}}
	at := time.Unix(0, 0)
	const tick = 10 * time.Millisecond
	var o engine.Occupancy
	for range 5 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	if !c.Wake().IsZero() {
		t.Fatalf("no part anywhere: Wake %v, want zero", c.Wake())
	}
	f.partial[own], f.partial[above] = 0.9, 0.25
	last := f.frame(&l)
	_ = c.ClassifyAt(at, last, &o)
	wake := c.Wake()
	if got := wake.Sub(at); got != partHold {
		t.Fatalf("part read at %v: Wake %v later, want %v", at, got, partHold)
	}
	if o.Unsure != 1 {
		t.Fatalf("part just read: %d unsure, want 1", o.Unsure)
	}
	base, white, black, _ := c.Levels(above)
	c.ReclassifyAt(wake.Add(-time.Millisecond), &o)
	if o.Unsure != 1 || c.Wake() != wake {
		t.Errorf("read again before Wake: %d unsure, Wake %v; want 1 unsure, Wake unchanged", o.Unsure, c.Wake().Sub(at))
	}
	c.ReclassifyAt(wake, &o)
	if o.Points[9-1][engine.White] != 3 || o.Unsure != 0 {
		t.Errorf("read again at Wake: point 9 %v, %d unsure; want 3 White, none unsure", o.Points[9-1], o.Unsure)
	}
	if !c.Wake().IsZero() {
		t.Errorf("part held: Wake %v, want zero", c.Wake())
	}
	if c.Class(above) != Unsure {
		t.Errorf("read again: the part's slot is %v, want its class kept (unsure)", c.Class(above))
	}
	if b, w, k, _ := c.Levels(above); b != base || w != white || k != black {
		t.Errorf("read again: levels moved from %v %v %v to %v %v %v", base, white, black, b, w, k)
	}
}

// TestClassifyOffCentreTopMostlyAbove: on a board learning its levels, the
// top checker set down off-centre may leave more of its field on the slot
// above than on its own (here 0.60 and 0.62 of the nominal gain): its own
// slot, short of the enter band, cannot read a whole checker on any
// sensor, so once the part has held for partHold the stack is whole.
func TestClassifyOffCentreTopMostlyAbove(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	own, above := g.Sensor(Place{Point: 9, Slot: 2}), g.Sensor(Place{Point: 9, Slot: 3})
	c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(14, 14)), partial: map[int]float64{}}
	at := time.Unix(0, 0)
	const tick = 10 * time.Millisecond
	var o engine.Occupancy
	var l engine.Layout
	for n, frames := range []int{5, 1} { // two checkers, then the third lands
		l[engine.White][9] = 2 + n
		for range frames {
			_ = c.ClassifyAt(at, f.frame(&l), &o)
			at = at.Add(tick)
		}
	}
	if o.Points[9-1][engine.White] != 3 || o.Unsure != 0 {
		t.Fatalf("three checkers: point 9 %v, %d unsure", o.Points[9-1], o.Unsure)
	}
	f.partial[own], f.partial[above] = 0.60*NominalGain/whiteGain(truth, own), 0.62*NominalGain/whiteGain(truth, above)
	since := at
	for ; at.Sub(since) < partHold; at = at.Add(tick) {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		if o.Unsure != 1 {
			t.Fatalf("part above the top checker for %v: %d unsure, want 1", at.Sub(since), o.Unsure)
		}
	}
	for range 3 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	if o.Points[9-1][engine.White] != 3 || o.Unsure != 0 {
		t.Errorf("top off-centre, mostly above, held: point 9 %v, %d unsure; want 3, none unsure", o.Points[9-1], o.Unsure)
	}
}

// TestClassifyOffCentreWeakLearning: on a board learning its levels, a
// checker set down between two weak sensors (480 and 533 counts of gain)
// reads less than offCentreSum on the provisional bands. It is one
// checker once both parts have held still for partHold; a hand holding a
// checker above the same slots, whose readings come and go, never is.
func TestClassifyOffCentreWeakLearning(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	low, high := g.Sensor(Place{Point: 1, Slot: 0}), g.Sensor(Place{Point: 1, Slot: 1})
	const tick = 10 * time.Millisecond
	for _, tc := range []struct {
		name  string
		parts [][2]float64 // readings of the two slots in nominal gains, each for 5 frames in turn
		want  uint8        // White checkers on point 1 at the end
		// unsure slots at the end: both, while their readings are no checker
		unsure uint8
	}{
		{"set down", [][2]float64{{0.30, 0.33}}, 1, 0},
		{"held above", [][2]float64{{0.30, 0.33}, {0.42, 0.20}, {0.22, 0.40}, {0.35, 0.25}}, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
			if err != nil {
				t.Fatal(err)
			}
			f := &framer{c: truth, rng: rand.New(rand.NewPCG(15, 15)), partial: map[int]float64{}}
			at := time.Unix(0, 0)
			var o engine.Occupancy
			var l engine.Layout
			for range 5 {
				_ = c.ClassifyAt(at, f.frame(&l), &o)
				at = at.Add(tick)
			}
			for k := 0; k < 3*int(partHold/tick); k++ {
				p := tc.parts[k/5%len(tc.parts)]
				f.partial[low], f.partial[high] = p[0]*NominalGain/whiteGain(truth, low), p[1]*NominalGain/whiteGain(truth, high)
				_ = c.ClassifyAt(at, f.frame(&l), &o)
				at = at.Add(tick)
			}
			if got := o.Points[0][engine.White]; got != tc.want || o.Unsure != tc.unsure {
				t.Errorf("point 1: %d White, %d unsure; want %d, %d unsure", got, o.Unsure, tc.want, tc.unsure)
			}
		})
	}
}

// TestClassifyLiftAfterStillLanding: on a board learning its levels, a
// checker set down on a strong sensor and lifted again (moved on, borne
// off) may give its slot a single frame at its level, the trace sending
// none while it stands. The lift's first frame (0.70 of the level) still
// reads as a checker on the provisional bands; that the checker stood
// candHold since that frame makes it part of one: unsure, never the
// checker still there.
func TestClassifyLiftAfterStillLanding(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	point, top := 0, -1 // a point whose fourth slot's sensor is strong
	for p := 1; p <= 24 && top < 0; p++ {
		if i := g.Sensor(Place{Point: p, Slot: 3}); whiteGain(truth, i) >= 1.1*NominalGain {
			point, top = p, i
		}
	}
	if top < 0 {
		t.Fatal("no strong sensor on a fourth slot")
	}
	if lift := 0.70 * whiteGain(truth, top) / NominalGain; lift < ProvisionalThresholds.CheckerStay {
		t.Fatalf("the lift reads %.2f of the nominal gain: the stay band alone leaves it", lift)
	}
	c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(15, 15)), partial: map[int]float64{}}
	at := time.Unix(0, 0)
	const tick = 10 * time.Millisecond
	var o engine.Occupancy
	var l engine.Layout
	l[engine.White][point] = 3
	for range 5 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	for _, seat := range []float64{0.35, 0.70, 0.95, 1} { // the fourth lands
		f.partial[top] = seat
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	if o.Points[point-1][engine.White] != 4 || o.Unsure != 0 {
		t.Fatalf("fourth checker landed: point %d %v, %d unsure", point, o.Points[point-1], o.Unsure)
	}
	at = at.Add(290 * time.Millisecond) // it stands, no frame
	f.partial[top] = 0.70
	_ = c.ClassifyAt(at, f.frame(&l), &o)
	if o.Points[point-1][engine.White] != 3 || o.Unsure != 1 {
		t.Errorf("lifted after standing still: point %d %v, %d unsure; want 3 White, 1 unsure", point, o.Points[point-1], o.Unsure)
	}
}

// TestSelfCalibrationSetUpAtPowerOn starts from no calibration on a board
// already set up, with a hand held above an empty slot: the first frame
// reads the starting position, the slot under the hand reads empty once
// the hand is gone, and the baseline of a slot whose checker is lifted
// settles within 5% of a gain of the truth, with its White level known.
func TestSelfCalibrationSetUpAtPowerOn(t *testing.T) {
	t.Parallel()
	truth := testCalibration()
	g := truth.Board
	cl, err := NewClassifier(&Calibration{Board: g}, nil)
	if err != nil {
		t.Fatal(err)
	}
	underHand := g.Sensor(Place{Point: 9, Slot: 0})
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(5, 5)), partial: map[int]float64{underHand: 0.55}}
	var o engine.Occupancy
	_ = cl.Classify(f.frame(&startLayout), &o)
	delete(f.partial, underHand)
	start := engine.OccupancyOf(&engine.StartingBoard, engine.White, 6, 4)
	for range candSure + 1 {
		_ = cl.Classify(f.frame(&startLayout), &o)
	}
	if o != start {
		t.Fatalf("the board set up at power-on read %+v", o)
	}
	if err := cl.Learn(f.frame(&startLayout), &startLayout); err != nil {
		t.Fatal(err)
	}

	// White plays 6/5: the fifth checker of its 6-point leaves slot 4.
	lifted := g.Sensor(Place{Point: 6, Slot: 4})
	after := startLayout
	after[engine.White][6]--
	after[engine.White][5]++
	want := engine.OccupancyOf(&engine.Board{}, engine.White, 6, 4)
	want.Points = start.Points
	want.Points[6-1][engine.White]--
	want.Points[5-1][engine.White]++
	for range candSure + 1 {
		_ = cl.Classify(f.frame(&after), &o)
	}
	if o != want {
		t.Fatalf("after 6/5 read %+v, want %+v", o, want)
	}
	for i, s := range []int{underHand, lifted} {
		base, white, _, known := cl.Levels(s)
		gain := whiteGain(truth, s)
		if got := base - float64(truth.Baseline[s]); math.Abs(got) > 0.05*gain {
			t.Errorf("sensor %d: baseline %.0f counts off, more than 5%% of its gain %.0f", s, got, gain)
		}
		if i == 1 && (!known[engine.White] || math.Abs(white-float64(truth.White[s])) > 0.05*gain) {
			t.Errorf("sensor %d: White level %.0f (known %v), want %d", s, white, known[engine.White], truth.White[s])
		}
	}
}

// TestLearnNoLevelFromAPair: on a board learning its levels, a Black
// checker set down between slots 2 and 3 of point 12 reads 0.69 of a
// nominal gain on slot 2, a checker on the provisional bands. A known
// position that puts a checker on slot 2 (and one on slot 3) teaches
// neither slot a level: each reads a part.
func TestLearnNoLevelFromAPair(t *testing.T) {
	full := testCalibration()
	g := full.Board
	partial := &Calibration{Board: g, Baseline: full.Baseline}
	cl, err := NewClassifier(partial, nil)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := g.Sensor(Place{Point: 12, Slot: 2}), g.Sensor(Place{Point: 12, Slot: 3})
	var l engine.Layout
	l[engine.Black][12] = 3
	f := &framer{c: full, rng: rand.New(rand.NewPCG(7, 7)), partial: map[int]float64{}}
	var o engine.Occupancy
	fr := f.frame(&l)
	fr[lo] = uint16(float64(full.Baseline[lo]) - 0.69*NominalGain)
	fr[hi] = uint16(float64(full.Baseline[hi]) - 0.44*NominalGain)
	for k := range 50 { // held still for longer than partHold
		if err := cl.ClassifyAt(tick(k), fr, &o); err != nil {
			t.Fatal(err)
		}
	}
	if o.Points[12-1][engine.Black] != 3 || o.Unsure != 0 {
		t.Fatalf("point 12 %v, %d unsure; want 3 Black", o.Points[12-1], o.Unsure)
	}
	l[engine.Black][12] = 4
	if err := cl.Learn(fr, &l); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{lo, hi} {
		if _, _, _, known := cl.Levels(i); known[engine.Black] {
			t.Errorf("sensor %d learned its Black level from a part of a checker", i)
		}
	}
}

// TestNoLevelOverAGap: on a board learning its levels, a checker that
// reads whole above a slot reading empty stands partly on that slot (set
// down off-centre): holding still (selfLearn) does not make its reading
// a level. (A known position may, by Learn: the slot below may be dead.)
func TestNoLevelOverAGap(t *testing.T) {
	full := testCalibration()
	g := full.Board
	partial := &Calibration{Board: g, Baseline: full.Baseline}
	cl, err := NewClassifier(partial, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := g.Sensor(Place{Point: 20})
	var l engine.Layout
	l[engine.White][20] = 3
	f := &framer{c: full, rng: rand.New(rand.NewPCG(8, 8)), partial: map[int]float64{}}
	fr := f.frame(&l)
	fr[first+1] = uint16(float64(full.Baseline[first+1]) + 0.1*NominalGain)
	fr[first+2] = uint16(float64(full.Baseline[first+2]) + 0.75*NominalGain)
	var o engine.Occupancy
	for k := range 3 * autoFrames {
		if err := cl.ClassifyAt(tick(k), fr, &o); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, _, known := cl.Levels(first + 2); known[engine.White] {
		t.Errorf("the checker above an empty slot gave its sensor a White level")
	}
}

// TestLearnNotFromALanding: on a board learning its levels, a known
// position judged as a checker lands (its slot read as one in this very
// frame, part way down) teaches that slot no level; the same position
// once the checker has read so for candHold does.
func TestLearnNotFromALanding(t *testing.T) {
	full := testCalibration()
	g := full.Board
	partial := &Calibration{Board: g, Baseline: full.Baseline}
	cl, err := NewClassifier(partial, nil)
	if err != nil {
		t.Fatal(err)
	}
	slot := g.Sensor(Place{Point: 10})
	var empty, one engine.Layout
	one[engine.White][10] = 1
	f := &framer{c: full, rng: rand.New(rand.NewPCG(9, 9)), partial: map[int]float64{}}
	var o engine.Occupancy
	if err := cl.ClassifyAt(tick(0), f.frame(&empty), &o); err != nil {
		t.Fatal(err)
	}
	landing := f.frame(&empty)
	landing[slot] = uint16(float64(full.Baseline[slot]) + 0.7*NominalGain)
	if err := cl.ClassifyAt(tick(1), landing, &o); err != nil {
		t.Fatal(err)
	}
	if err := cl.Learn(landing, &one); err != nil {
		t.Fatal(err)
	}
	if _, _, _, known := cl.Levels(slot); known[engine.White] {
		t.Fatalf("a checker landing gave its sensor a White level")
	}
	down := f.frame(&one)
	for k := 2; k <= 20; k++ {
		if err := cl.ClassifyAt(tick(k), down, &o); err != nil {
			t.Fatal(err)
		}
	}
	if err := cl.Learn(down, &one); err != nil {
		t.Fatal(err)
	}
	if _, _, _, known := cl.Levels(slot); !known[engine.White] {
		t.Errorf("a checker down for 180 ms gave its sensor no White level")
	}
}

// TestSelfLearnBesideMaskedPart: a Learn in the set-up may mask a sensor
// whose checker has not come yet (its slot read empty under the starting
// position twice). The checker then set down off-centre on it reads part
// of one there and the rest on the slot above, steadily: that rest is no
// level for the sensor above, masked neighbour or not.
func TestSelfLearnBesideMaskedPart(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	own, above := g.Sensor(Place{Point: 6, Slot: 4}), g.Sensor(Place{Point: 6, Slot: 5})
	c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Mask(own)
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(16, 16)), partial: map[int]float64{}}
	var l engine.Layout
	l[engine.White][6] = 4
	f.partial[own], f.partial[above] = 0.33, 0.72*NominalGain/whiteGain(truth, above)
	at := time.Unix(0, 0)
	var o engine.Occupancy
	for range 3 * autoFrames {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(10 * time.Millisecond)
	}
	if c.Class(above) != WhiteChecker {
		t.Fatalf("the rest above reads %v, not a checker on the provisional bands: the test proves nothing", c.Class(above))
	}
	if _, _, _, known := c.Levels(above); known[engine.White] {
		t.Error("the part of a checker off-centre beside a masked sensor was learnt as the White level above it")
	}
}

// TestClassifyOffCentreLiftLearning: on a board learning its levels, a
// checker set down off-centre between two strong sensors reads one at
// once (its parts sum to more than offCentreSum on the provisional
// bands). The lift's first frame (0.70 of the field) still sums to that
// much; both parts falling together make it a checker being lifted:
// unsure, never the checker still there (a DONE pressed during the lift
// would judge the board with it).
func TestClassifyOffCentreLiftLearning(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	point, low, high := 0, -1, -1 // a point whose first two sensors are strong
	for p := 1; p <= 24 && low < 0; p++ {
		a, b := g.Sensor(Place{Point: p, Slot: 0}), g.Sensor(Place{Point: p, Slot: 1})
		if whiteGain(truth, a) >= 1.1*NominalGain && whiteGain(truth, b) >= 1.1*NominalGain {
			point, low, high = p, a, b
		}
	}
	if low < 0 {
		t.Fatal("no point with two strong sensors at its edge")
	}
	const lift = 0.70
	if sum := lift * (0.55*whiteGain(truth, low) + 0.45*whiteGain(truth, high)) / NominalGain; sum < offCentreSum {
		t.Fatalf("the lift's first frame sums to %.2f of the nominal gain: no pair, the test proves nothing", sum)
	}
	c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(17, 17)), partial: map[int]float64{}}
	at := time.Unix(0, 0)
	const tick = 10 * time.Millisecond
	var o engine.Occupancy
	var l engine.Layout
	for range 5 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	f.partial[low], f.partial[high] = 0.55, 0.45
	for range 3 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	if o.Points[point-1][engine.White] != 1 || o.Unsure != 0 {
		t.Fatalf("off-centre: point %d %v, %d unsure; want one White checker", point, o.Points[point-1], o.Unsure)
	}
	at = at.Add(partHold) // it stands, no frame
	f.partial[low], f.partial[high] = lift*0.55, lift*0.45
	_ = c.ClassifyAt(at, f.frame(&l), &o)
	if o.Points[point-1][engine.White] != 0 || o.Unsure == 0 {
		t.Errorf("the lift's first frame: point %d %v, %d unsure; want no checker, unsure", point, o.Points[point-1], o.Unsure)
	}
}

// TestClassifyOffCentreBothCoveredLearning: on a board learning its
// levels, a checker that lands and is at once nudged off-centre may
// leave both slots reading as a checker on the provisional bands: its own
// by the stay band alone (0.58 of the nominal gain), the slot above by
// the enter band (0.68). Once the lower part has held partHold they are
// one checker, never two; until then the board is unsure; and the share
// above is never learnt as that sensor's level.
func TestClassifyOffCentreBothCoveredLearning(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	own, above := g.Sensor(Place{Point: 21, Slot: 2}), g.Sensor(Place{Point: 21, Slot: 3})
	c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(18, 18)), partial: map[int]float64{}}
	at := time.Unix(0, 0)
	const tick = 10 * time.Millisecond
	var o engine.Occupancy
	var l engine.Layout
	l[engine.White][21] = 2
	for range 5 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	l[engine.White][21] = 3
	for _, seat := range []float64{0.35, 0.70, 0.95} { // the third lands
		f.partial[own] = seat
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	if o.Points[21-1][engine.White] != 3 || o.Unsure != 0 {
		t.Fatalf("three checkers: point 21 %v, %d unsure", o.Points[21-1], o.Unsure)
	}
	f.partial[own], f.partial[above] = 0.58*NominalGain/whiteGain(truth, own), 0.68*NominalGain/whiteGain(truth, above)
	_ = c.ClassifyAt(at, f.frame(&l), &o)
	if c.Class(own) != WhiteChecker || c.Class(above) != WhiteChecker {
		t.Fatalf("nudged off-centre: slots read %v and %v, not both White: the test proves nothing", c.Class(own), c.Class(above))
	}
	if o.Points[21-1][engine.White] == 4 || o.Unsure == 0 {
		t.Errorf("nudged off-centre, not held: point 21 %v, %d unsure; want unsure, never four", o.Points[21-1], o.Unsure)
	}
	for range 3 * autoFrames {
		at = at.Add(tick)
		_ = c.ClassifyAt(at, f.frame(&l), &o)
	}
	if o.Points[21-1][engine.White] != 3 || o.Unsure != 0 {
		t.Errorf("nudged off-centre, held: point 21 %v, %d unsure; want 3 White, none unsure", o.Points[21-1], o.Unsure)
	}
	if _, _, _, known := c.Levels(above); known[engine.White] {
		t.Error("the share above the nudged checker was learnt as its sensor's White level")
	}
}

// TestLearnSetupOffCentre: a board being set up differs from the starting
// position on a few points, and the pipeline learns from it all the same
// (a dead sensor reads its point one short). On such a point a checker
// set down off-centre reads as one on the slot with most of its field
// (0.75 to 0.80 of the nominal gain, on the provisional bands) and part
// of one on the slot beside it, above or below, which the starting
// position covers: that share is not the sensor's level.
func TestLearnSetupOffCentre(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	for _, tc := range []struct {
		name        string
		whole       int        // checkers whole on point 13's first slots
		share, part int        // the slots reading the larger share and the part
		reads       [2]float64 // what they read, in nominal gains
	}{
		{"part above", 2, 2, 3, [2]float64{0.75, 0.37}},
		{"part below", 3, 4, 3, [2]float64{0.80, 0.27}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			share, part := g.Sensor(Place{Point: 13, Slot: tc.share}), g.Sensor(Place{Point: 13, Slot: tc.part})
			c, err := NewClassifier(&Calibration{Board: g, Baseline: truth.Baseline}, nil)
			if err != nil {
				t.Fatal(err)
			}
			f := &framer{c: truth, rng: rand.New(rand.NewPCG(19, 19)), partial: map[int]float64{}}
			l := startLayout
			l[engine.White][13] = tc.whole
			f.partial[share], f.partial[part] = tc.reads[0]*NominalGain/whiteGain(truth, share), tc.reads[1]*NominalGain/whiteGain(truth, part)
			var o engine.Occupancy
			var fr []uint16
			for range 3 {
				fr = f.frame(&l)
				_ = c.Classify(fr, &o)
			}
			if c.Class(share) != WhiteChecker || c.Class(part) != Unsure {
				t.Fatalf("off-centre: slots read %v and %v, not White and unsure: the test proves nothing", c.Class(share), c.Class(part))
			}
			for range 2 {
				if err := c.Learn(fr, &startLayout); err != nil {
					t.Fatal(err)
				}
			}
			if _, _, _, known := c.Levels(share); known[engine.White] {
				t.Error("the share of a checker set down off-centre was learnt as its sensor's White level")
			}
		})
	}
}

// TestLearnCoveredDriftShiftsLevels: a sensor drifts while a checker
// covers it, and a trace sends few frames of a still checker, so it is
// mostly Learn that sees the drift. It moves the baseline with the level
// (a board warming up moves a sensor's whole output), not the gain: a
// checker of the other colour landing there after a hit reads its own
// level, not one short by the drift.
func TestLearnCoveredDriftShiftsLevels(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	c, err := NewClassifier(truth, nil)
	if err != nil {
		t.Fatal(err)
	}
	i := g.Sensor(Place{Point: 19, Slot: 0})
	_, white0, black0, _ := c.Levels(i)
	gain0 := white0 - black0
	var l engine.Layout
	l[engine.Black][19] = 1
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(20, 20)), drift: -100}
	var o engine.Occupancy
	for range 8 {
		fr := f.frame(&l)
		_ = c.Classify(fr, &o)
		if err := c.Learn(fr, &l); err != nil {
			t.Fatal(err)
		}
	}
	base, white, black, _ := c.Levels(i)
	if got := white - black; math.Abs(got-gain0) > 1 {
		t.Errorf("White to Black levels %.0f counts apart after the drift, want %.0f: the drift was taken for a gain", got, gain0)
	}
	if moved := base - float64(truth.Baseline[i]); moved > -60 {
		t.Errorf("baseline moved %.0f counts with a drift of -100, want most of it", moved)
	}
}

// TestClassifyOffCentreTopKnownHeld: on a sensor whose level is known, a
// checker set down off-centre may leave 0.87 of its level on its own
// slot, a whole checker's reading by the enter band, and 0.31 on the slot
// above. Once that part has held still for partHold it is the top
// checker's own, not a hand: one checker, the board sure; until then
// the part is unsure.
func TestClassifyOffCentreTopKnownHeld(t *testing.T) {
	truth := testCalibration()
	g := truth.Board
	own, above := g.Sensor(Place{Point: 5, Slot: 0}), g.Sensor(Place{Point: 5, Slot: 1})
	c, err := NewClassifier(truth, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := &framer{c: truth, rng: rand.New(rand.NewPCG(21, 21)), partial: map[int]float64{}}
	at := time.Unix(0, 0)
	const tick = 10 * time.Millisecond
	var o engine.Occupancy
	var l engine.Layout
	l[engine.White][5] = 1
	for range 5 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	f.partial[own], f.partial[above] = 0.87, 0.31
	since := at
	for ; at.Sub(since) < partHold; at = at.Add(tick) {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
	}
	if c.Class(own) != WhiteChecker {
		t.Fatalf("own slot reads %v, not a checker: the test proves nothing", c.Class(own))
	}
	if o.Unsure != 1 {
		t.Errorf("part above, not held yet: %d unsure, want 1", o.Unsure)
	}
	for range 5 {
		_ = c.ClassifyAt(at, f.frame(&l), &o)
		at = at.Add(tick)
	}
	if o.Points[5-1][engine.White] != 1 || o.Unsure != 0 {
		t.Errorf("part above held: point 5 %v, %d unsure; want one White checker, none unsure", o.Points[5-1], o.Unsure)
	}
}
