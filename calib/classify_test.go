package calib

import (
	"errors"
	"math/rand/v2"
	"testing"

	"gammond/engine"
)

func TestThresholdsValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(th *Thresholds)
		ok     bool
	}{
		{"default", func(th *Thresholds) {}, true},
		{"no hysteresis", func(th *Thresholds) { th.EmptyStay, th.CheckerStay = th.EmptyEnter, th.CheckerEnter }, true},
		{"zero empty band", func(th *Thresholds) { th.EmptyEnter = 0 }, false},
		{"stay inside enter", func(th *Thresholds) { th.EmptyStay = 0.1 }, false},
		{"empty meets checker", func(th *Thresholds) { th.EmptyStay = 0.75 }, false},
		{"checker stay above enter", func(th *Thresholds) { th.CheckerStay = 0.9 }, false},
		{"checker max below level", func(th *Thresholds) { th.CheckerMax = 0.99 }, false},
		{"stay max below max", func(th *Thresholds) { th.CheckerStayMax = 1.2 }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			th := DefaultThresholds
			tc.change(&th)
			err := th.Validate()
			if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrThresholds)) {
				t.Fatalf("Validate = %v, want ok %v", err, tc.ok)
			}
			if _, err := NewClassifier(testCalibration(), &th); (err == nil) != tc.ok {
				t.Errorf("NewClassifier = %v, want ok %v", err, tc.ok)
			}
		})
	}
}

// TestClassifySlot follows one slot through sequences of readings, given
// on the sensor's scale (1 its White level, -1 its Black level), with the
// class expected after each.
func TestClassifySlot(t *testing.T) {
	const (
		U = Unsure
		E = Empty
		W = WhiteChecker
		B = BlackChecker
	)
	for _, tc := range []struct {
		name     string
		readings []float64
		want     []Class
	}{
		{"first frame without hysteresis", []float64{0.2}, []Class{U}},
		{"empty with noise", []float64{0, 0.02, -0.02, 0.1, -0.14}, []Class{E, E, E, E, E}},
		{"White set down", []float64{0, 0.35, 0.70, 0.95, 1}, []Class{E, U, U, W, W}},
		{"Black set down", []float64{0, -0.33, -0.72, -0.95, -1}, []Class{E, U, U, B, B}},
		{"White lifted", []float64{1, 0.7, 0.3, 0.05, 0}, []Class{W, U, U, E, E}},
		{"Black lifted", []float64{-1, -0.7, -0.3, -0.05, 0}, []Class{B, U, U, E, E}},
		{"empty stays empty up to EmptyStay", []float64{0, 0.24, -0.24, 0.1}, []Class{E, E, E, E}},
		{"unsure needs EmptyEnter to be empty", []float64{0.5, 0.2, 0.16, 0.15}, []Class{U, U, U, E}},
		{"White stays down to CheckerStay", []float64{1, 0.76, 0.8, 0.84, 1.35}, []Class{W, W, W, W, W}},
		{"unsure needs CheckerEnter to be White", []float64{0.5, 0.8, 0.84, 0.86}, []Class{U, U, U, W}},
		{"Black stays down to CheckerStay", []float64{-1, -0.76, -0.8, -1.39}, []Class{B, B, B, B}},
		{"stack reads a little more", []float64{1.08, 1.1, -1.08}, []Class{W, W, B}},
		{"spike beyond any magnet", []float64{1, 2.5, 1, -3, -1, 0}, []Class{W, U, W, U, B, E}},
		{"spike beyond CheckerMax from empty", []float64{0, 1.35, 0}, []Class{E, U, E}},
		{"one-frame colour swap", []float64{1, -1, 1}, []Class{W, B, W}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := testCalibration()
			cl, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			const sensor = 37
			frame := make([]uint16, c.Board.Sensors())
			var o engine.Occupancy
			for k, u := range tc.readings {
				for i := range frame {
					frame[i] = c.Baseline[i]
				}
				frame[sensor] = reading(c, sensor, u)
				if err := cl.Classify(frame, &o); err != nil {
					t.Fatal(err)
				}
				if got := cl.Class(sensor); got != tc.want[k] {
					t.Fatalf("reading %d (%g, %d counts): class %s, want %s", k, u, frame[sensor], got, tc.want[k])
				}
			}
		})
	}
}

func TestClassifyRails(t *testing.T) {
	// A sensor whose bands would reach the ADC's rails: 0 and 4095 are
	// still faults, never a checker.
	c := testCalibration()
	c.Baseline[0], c.White[0], c.Black[0] = 2048, 3500, 600
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	frame := append([]uint16(nil), c.Baseline...)
	var o engine.Occupancy
	for _, r := range []uint16{0, 4095} {
		for _, prev := range []uint16{c.White[0], c.Black[0]} {
			frame[0] = prev
			if err := cl.Classify(frame, &o); err != nil {
				t.Fatal(err)
			}
			frame[0] = r
			if err := cl.Classify(frame, &o); err != nil {
				t.Fatal(err)
			}
			if got := cl.Class(0); got != Unsure {
				t.Errorf("reading %d after %d: class %s, want unsure", r, prev, got)
			}
		}
	}
}

// TestClassifyNoNoiseFlicker holds every slot still, at each class and at
// each threshold, under noise of ±0.04 of the gain (over three times the
// reference board's), and checks that no slot changes class more than once:
// a slot at a threshold may cross it, never come back.
func TestClassifyNoNoiseFlicker(t *testing.T) {
	t.Parallel()
	th := DefaultThresholds
	noHysteresis := th
	noHysteresis.EmptyStay, noHysteresis.CheckerStay = th.EmptyEnter, th.CheckerEnter
	for _, tc := range []struct {
		name    string
		th      Thresholds
		from    float64 // where the slot is first read
		around  float64 // where it then wanders
		flicker bool
	}{
		{"empty", th, 0, 0, false},
		{"White", th, 1, 1, false},
		{"Black", th, -1, -1, false},
		{"empty at EmptyEnter", th, 0, th.EmptyEnter, false},
		{"unsure at EmptyEnter", th, 0.5, th.EmptyEnter, false},
		{"empty at EmptyStay", th, 0, -th.EmptyStay, false},
		{"unsure at EmptyStay", th, 0.5, th.EmptyStay, false},
		{"White at CheckerEnter", th, 1, th.CheckerEnter, false},
		{"unsure at CheckerEnter", th, 0.5, th.CheckerEnter, false},
		{"Black at CheckerStay", th, -1, -th.CheckerStay, false},
		{"unsure at CheckerStay", th, -0.5, -th.CheckerStay, false},
		{"without hysteresis, empty flickers", noHysteresis, 0, th.EmptyEnter, true},
		{"without hysteresis, White flickers", noHysteresis, 1, th.CheckerEnter, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := testCalibration()
			cl, err := NewClassifier(c, &tc.th)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			frame := make([]uint16, c.Board.Sensors())
			var o engine.Occupancy
			read := func(u, noise float64) {
				for i := range frame {
					frame[i] = reading(c, i, u+noise*(2*rng.Float64()-1))
				}
				if err := cl.Classify(frame, &o); err != nil {
					t.Fatal(err)
				}
			}
			read(tc.from, 0)
			classes := append([]Class(nil), cl.class...)
			changes := make([]int, len(classes))
			flickered := false
			for range 2000 {
				read(tc.around, 0.04)
				for i, cls := range cl.class {
					if cls != classes[i] {
						classes[i] = cls
						changes[i]++
						flickered = flickered || changes[i] > 1
					}
				}
			}
			if flickered != tc.flicker {
				t.Errorf("flickered %v, want %v; changes per sensor %v", flickered, tc.flicker, changes)
			}
		})
	}
}

func TestClassifyOccupancy(t *testing.T) {
	c := testCalibration()
	g := c.Board
	type stack struct {
		side engine.Side
		n    int // checkers, from slot 0; past 6 they stack
	}
	for _, tc := range []struct {
		name   string
		points map[int]stack // board point: checkers
		bar    [2]stack      // per half
		unsure []int         // sensors reading part-way
		want   engine.Occupancy
	}{
		{
			name: "starting position",
			points: map[int]stack{
				24: {engine.White, 2}, 13: {engine.White, 5}, 8: {engine.White, 3}, 6: {engine.White, 5},
				1: {engine.Black, 2}, 12: {engine.Black, 5}, 17: {engine.Black, 3}, 19: {engine.Black, 5},
			},
			want: occ(func(o *engine.Occupancy) {
				o.Points[24-1][engine.White], o.Points[13-1][engine.White] = 2, 5
				o.Points[8-1][engine.White], o.Points[6-1][engine.White] = 3, 5
				o.Points[1-1][engine.Black], o.Points[12-1][engine.Black] = 2, 5
				o.Points[17-1][engine.Black], o.Points[19-1][engine.Black] = 3, 5
			}),
		},
		{
			name:   "tall stacks cover 6 slots",
			points: map[int]stack{6: {engine.White, 6}, 19: {engine.Black, 9}},
			want: occ(func(o *engine.Occupancy) {
				o.Points[6-1][engine.White], o.Points[19-1][engine.Black] = 6, 6
			}),
		},
		{
			name: "bar",
			bar:  [2]stack{{engine.White, 2}, {engine.Black, 5}},
			want: occ(func(o *engine.Occupancy) { o.Bar[0][engine.White], o.Bar[1][engine.Black] = 2, 4 }),
		},
		{
			name:   "checkers being set down are unsure",
			points: map[int]stack{3: {engine.Black, 2}},
			unsure: []int{g.Sensor(Place{Point: 3, Slot: 2}), g.Sensor(Place{Point: 20, Slot: 0})},
			want: occ(func(o *engine.Occupancy) {
				o.Points[3-1][engine.Black] = 2
				o.Unsure = 2
			}),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cl, err := NewClassifier(c, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			levels := make([]float64, g.Sensors())
			put := func(first, slots int, s stack) {
				u := 1.0
				if s.side == engine.Black {
					u = -1
				}
				for k := range s.n {
					// The 7th checker stacks on slot 0 and adds a few percent.
					levels[first+k%slots] += u * (1 - 0.95*float64(min(k/slots, 1)))
				}
			}
			for p, s := range tc.points {
				put(g.Sensor(Place{Point: p}), g.Slots, s)
			}
			for h, s := range tc.bar {
				put(g.Sensor(Place{Half: engine.Side(h)}), g.BarSlots, s)
			}
			for _, i := range tc.unsure {
				levels[i] = 0.5
			}
			frame := make([]uint16, g.Sensors())
			for i, u := range levels {
				frame[i] = noisy(rng, reading(c, i, u))
			}
			var o engine.Occupancy
			if err := cl.Classify(frame, &o); err != nil {
				t.Fatal(err)
			}
			if o != tc.want {
				t.Errorf("Classify:\n got %+v\nwant %+v", o, tc.want)
			}
		})
	}
}

// occ returns an empty reference board's occupancy, changed by f.
func occ(f func(o *engine.Occupancy)) engine.Occupancy {
	o := engine.Occupancy{SlotsPerPoint: 6, SlotsPerBarHalf: 4}
	f(&o)
	return o
}

func TestClassifyFrameLength(t *testing.T) {
	cl, err := NewClassifier(testCalibration(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var o engine.Occupancy
	for _, n := range []int{0, 151, 153} {
		if err := cl.Classify(make([]uint16, n), &o); !errors.Is(err, ErrFrameLength) {
			t.Errorf("Classify of %d readings = %v, want ErrFrameLength", n, err)
		}
	}
}

func TestClassifierReset(t *testing.T) {
	c := testCalibration()
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	frame := append([]uint16(nil), c.Baseline...)
	var o engine.Occupancy
	_ = cl.Classify(frame, &o)
	frame[0] = reading(c, 0, 0.2) // empty by hysteresis only
	_ = cl.Classify(frame, &o)
	if cl.Class(0) != Empty {
		t.Fatalf("class %s before Reset, want empty", cl.Class(0))
	}
	cl.Reset()
	_ = cl.Classify(frame, &o)
	if cl.Class(0) != Unsure {
		t.Errorf("class %s after Reset, want unsure: no hysteresis", cl.Class(0))
	}
	if cl.Class(-1) != Unsure || cl.Class(152) != Unsure {
		t.Errorf("Class of a sensor the board lacks is not unsure")
	}
}

// BenchmarkClassify reads noisy frames of the starting position: the
// per-frame budget is no allocation.
func BenchmarkClassify(b *testing.B) {
	c := testCalibration()
	cl, err := NewClassifier(c, nil)
	if err != nil {
		b.Fatal(err)
	}
	frames := benchFrames(c)
	var o engine.Occupancy
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		if err := cl.Classify(frames[k%len(frames)], &o); err != nil {
			b.Fatal(err)
		}
	}
}

// benchFrames returns 64 noisy frames of the starting position.
func benchFrames(c *Calibration) [][]uint16 {
	rng := rand.New(rand.NewPCG(5, 6))
	g := c.Board
	levels := make([]float64, g.Sensors())
	for p, n := range map[int]int{24: 2, 13: 5, 8: 3, 6: 5, 1: -2, 12: -5, 17: -3, 19: -5} {
		for s := range max(n, -n) {
			levels[g.Sensor(Place{Point: p, Slot: s})] = float64(n / max(n, -n))
		}
	}
	frames := make([][]uint16, 64)
	for k := range frames {
		frames[k] = make([]uint16, g.Sensors())
		for i, u := range levels {
			frames[k][i] = noisy(rng, reading(c, i, u))
		}
	}
	return frames
}
