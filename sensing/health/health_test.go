package health

import (
	"strings"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/sensing/sim"
)

// TestMain ends the tests without the race detector's exit sleep (package
// testmain).
func TestMain(m *testing.M) { testmain.Run(m) }

func tick(k int) time.Time { return time.Unix(0, 0).Add(time.Duration(k) * 10 * time.Millisecond) }

// rig runs a simulated board's frames at 100 a second through the sensor
// model, as the referee does (each time the board settles, the model
// evaluates the frame and follows it), and through a Monitor of that
// model.
type rig struct {
	board *sim.Board
	cal   *calib.Calibration
	model *calib.Model
	mon   *Monitor
	frame []uint16
	still bool
	k     int
}

func newRig(t testing.TB, opts *Opts) *rig {
	t.Helper()
	b := sim.NewBoard(7)
	cal := b.Calibration()
	m, err := calib.NewModel(cal)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{board: b, cal: cal, model: m, mon: NewMonitor(m, opts), frame: make([]uint16, cal.Board.Sensors())}
}

// run feeds n frames; edit, when set, changes frame k before it is read.
func (r *rig) run(n int, edit func(k int, frame []uint16)) {
	for range n {
		r.board.Frame(r.frame)
		if edit != nil {
			edit(r.k, r.frame)
		}
		at := tick(r.k)
		settled := r.model.Observe(at, r.frame)
		if settled && !r.still {
			r.model.Evaluate(at)
			r.model.Follow(at)
		}
		r.still = settled
		r.mon.Observe(at, r.frame)
		r.k++
	}
}

// level returns what sensor i reads at u of its calibrated gain (White's
// above the baseline, Black's below), held to the ADC's range.
func (r *rig) level(i int, u float64) uint16 {
	base, gain := float64(r.cal.Baseline[i]), float64(r.cal.White[i])-float64(r.cal.Baseline[i])
	if u < 0 {
		gain = float64(r.cal.Baseline[i]) - float64(r.cal.Black[i])
	}
	return uint16(min(max(base+u*gain, 0), float64(r.cal.Board.MaxReading())))
}

var frozenSensor = calib.ReferenceBoard.Sensor(calib.Place{Point: 7, Slot: 2}) // empty at the start

func TestMonitorHealthy(t *testing.T) {
	t.Parallel()
	r := newRig(t, nil)
	r.run(200, nil)
	r.model.Learn(tick(r.k), r.model.Frame(), new(engine.LayoutOf(&engine.StartingBoard, engine.White)))
	r.run(5800, nil)
	if fs := r.mon.Findings(); len(fs) != 0 {
		t.Errorf("a minute of a healthy board: findings %v", fs)
	}
}

func TestMonitorStuck(t *testing.T) {
	opts := &Opts{StuckChanges: 50, StuckFor: 2 * time.Second, InconsistentFor: time.Hour}
	samePoint := func(i int) bool { return i/6 == frozenSensor/6 }
	for _, tc := range []struct {
		name   string
		frames int
		stuck  func(i int) bool // the sensors stuck
		mend   int              // the frame they are mended at, 0 for never
		want   int              // frames found stuck
	}{
		{"stuck long enough", 400, func(i int) bool { return i == frozenSensor }, 0, 400 - 200},
		{"stuck under StuckFor", 150, func(i int) bool { return i == frozenSensor }, 0, 0},
		{"stuck, then alive", 400, func(i int) bool { return i == frozenSensor }, 150, 0},
		{"whole point stuck: no neighbour to compare", 400, samePoint, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, opts)
			for i := range r.cal.Board.Sensors() {
				if tc.stuck(i) {
					if err := r.board.SetFault(i, sim.Stuck); err != nil {
						t.Fatal(err)
					}
				}
			}
			r.run(tc.frames, func(k int, _ []uint16) {
				if k == tc.mend && k > 0 {
					for i := range r.cal.Board.Sensors() {
						if tc.stuck(i) {
							_ = r.board.SetFault(i, sim.Healthy)
						}
					}
				}
			})
			fs := r.mon.Findings()
			if tc.want == 0 {
				if len(fs) != 0 {
					t.Errorf("findings %v, want none", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Problem != Stuck || fs[0].Sensor != frozenSensor {
				t.Fatalf("findings %v, want sensor %d stuck", fs, frozenSensor)
			}
			if f := fs[0]; f.Frames != tc.want || !f.First.Equal(tick(200)) || !f.Last.Equal(tick(tc.frames-1)) {
				t.Errorf("finding %v, want %d frames from %v", f, tc.want, tick(200))
			}
		})
	}
}

func TestMonitorOutOfRange(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level float64 // read by frozenSensor in frames 10..12, of its gain
		raw   int     // or this reading, if not -1
		want  bool
	}{
		{"rail 0", 0, 0, true},
		{"rail 4095", 0, 4095, true},
		{"far beyond White", 2.5, -1, true},
		{"far beyond Black", -2.5, -1, true},
		{"a tall stack", 1.1, -1, false},
		{"a strong magnet", -1.3, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, nil)
			spike := r.level(frozenSensor, tc.level)
			if tc.raw >= 0 {
				spike = uint16(tc.raw)
			}
			r.run(20, func(k int, frame []uint16) {
				if k >= 10 && k < 13 {
					frame[frozenSensor] = spike
				}
			})
			fs := r.mon.Findings()
			if !tc.want {
				if len(fs) != 0 {
					t.Errorf("findings %v, want none", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Problem != OutOfRange || fs[0].Sensor != frozenSensor || fs[0].Frames != 3 ||
				!fs[0].First.Equal(tick(10)) || !fs[0].Last.Equal(tick(12)) || fs[0].Reading != spike {
				t.Fatalf("findings %v, want sensor %d out of range in frames 10..12, reading %d", fs, frozenSensor, spike)
			}
		})
	}
}

func TestMonitorInconsistent(t *testing.T) {
	g := calib.ReferenceBoard
	opts := &Opts{StuckChanges: 1 << 30, InconsistentFor: 2 * time.Second}
	at := func(p calib.Place) int { return g.Sensor(p) }
	for _, tc := range []struct {
		name   string
		frames int
		set    func(b *sim.Board) error // the board and its faults
		// part, when set, has these sensors read these shares of their
		// White gain in every frame: a checker's part.
		part  map[int]float64
		blame int // the sensor found inconsistent, -1 for none
	}{
		{
			name:   "slot 0 empty under a stack",
			frames: 300,
			set: func(b *sim.Board) error {
				b.Place(engine.Layout{engine.White: {5: 3}})
				return b.SetFault(at(calib.Place{Point: 5}), sim.Dead)
			},
			blame: at(calib.Place{Point: 5}),
		},
		{
			name:   "two colours on a point",
			frames: 300,
			set: func(b *sim.Board) error {
				b.Place(engine.Layout{engine.Black: {20: 3}})
				return b.SetFault(at(calib.Place{Point: 20, Slot: 2}), sim.Swapped)
			},
			blame: at(calib.Place{Point: 20}),
		},
		{
			name:   "gap on the bar",
			frames: 300,
			set: func(b *sim.Board) error {
				b.Place(engine.Layout{engine.Black: {engine.Off: engine.CheckersPerSide}})
				if err := b.PlaceBar(engine.Black, engine.Black, 3); err != nil {
					return err
				}
				return b.SetFault(at(calib.Place{Half: engine.Black}), sim.Dead)
			},
			blame: at(calib.Place{Half: engine.Black}),
		},
		{
			name:   "shorter than InconsistentFor",
			frames: 200,
			set: func(b *sim.Board) error {
				b.Place(engine.Layout{engine.White: {5: 3}})
				return b.SetFault(at(calib.Place{Point: 5}), sim.Dead)
			},
			blame: -1,
		},
		{
			name:   "the top checker set down off-centre",
			frames: 300,
			set:    threeOnFive,
			part:   map[int]float64{at(calib.Place{Point: 5, Slot: 2}): 0.55, at(calib.Place{Point: 5, Slot: 3}): 0.45},
			blame:  -1,
		},
		{
			name:   "a hand held above",
			frames: 300,
			set:    threeOnFive,
			part:   map[int]float64{at(calib.Place{Point: 5, Slot: 3}): 0.5},
			blame:  -1,
		},
		{
			name:   "a pile of three",
			frames: 300,
			set:    threeOnFive,
			blame:  -1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, opts)
			if err := tc.set(r.board); err != nil {
				t.Fatal(err)
			}
			r.run(tc.frames, func(_ int, frame []uint16) {
				for i, u := range tc.part {
					frame[i] = r.level(i, u)
				}
			})
			fs := r.mon.Findings()
			if tc.blame < 0 {
				if len(fs) != 0 {
					t.Errorf("findings %v, want none", fs)
				}
				return
			}
			// The board settles (the model evaluates) 150 ms in; the
			// finding comes InconsistentFor after.
			if len(fs) != 1 || fs[0].Problem != Inconsistent || fs[0].Sensor != tc.blame {
				t.Fatalf("findings %v, want %s inconsistent", fs, g.Place(tc.blame))
			}
			if f := fs[0]; f.First.Before(tick(200)) || f.First.After(tick(220)) || !f.Last.Equal(tick(tc.frames-1)) {
				t.Errorf("finding %v, want it from 2 s after the board settled to the end", f)
			}
		})
	}
}

// threeOnFive sets three White checkers on point 5, the rest of the board
// empty.
func threeOnFive(b *sim.Board) error {
	b.Place(engine.Layout{engine.White: {5: 3}})
	return nil
}

// TestMonitorDrifted: a sensor whose baseline creeps up 400 counts in 40
// s, which the model follows, has drifted; its neighbours have not.
func TestMonitorDrifted(t *testing.T) {
	r := newRig(t, nil)
	r.run(4000, func(k int, frame []uint16) { frame[frozenSensor] += uint16(k / 10) })
	fs := r.mon.Findings()
	if len(fs) != 1 || fs[0].Problem != Drifted || fs[0].Sensor != frozenSensor {
		t.Fatalf("findings %v, want sensor %d drifted", fs, frozenSensor)
	}
	if e := r.model.Estimate(frozenSensor); e.Baseline-float64(r.cal.Baseline[frozenSensor]) < calib.DriftRange {
		t.Errorf("the model's baseline %.0f, calibrated %d: it did not follow the drift", e.Baseline, r.cal.Baseline[frozenSensor])
	}
}

// TestMonitorDead: a sensor the model finds dead under a known checker,
// and one masked, are dead from then on.
func TestMonitorDead(t *testing.T) {
	r := newRig(t, nil)
	under := calib.ReferenceBoard.Sensor(calib.Place{Point: 6, Slot: 1}) // White's 6 point holds five
	if err := r.board.SetFault(under, sim.Dead); err != nil {
		t.Fatal(err)
	}
	r.run(100, nil)
	r.model.Learn(tick(r.k), r.model.Frame(), new(engine.LayoutOf(&engine.StartingBoard, engine.White)))
	if err := r.model.Mask(frozenSensor); err != nil {
		t.Fatal(err)
	}
	r.run(100, nil)
	fs := r.mon.Findings()
	if len(fs) != 2 {
		t.Fatalf("findings %v, want sensors %d and %d dead", fs, under, frozenSensor)
	}
	for k, i := range []int{under, frozenSensor} {
		if f := fs[k]; f.Sensor != i || f.Problem != Dead || f.Frames != 100 || !f.First.Equal(tick(100)) {
			t.Errorf("finding %v, want sensor %d dead for the last 100 frames", f, i)
		}
	}
}

func TestFindingString(t *testing.T) {
	f := Finding{Sensor: 38, Place: calib.Place{Point: 7, Slot: 2}, Problem: Stuck, Reading: 2034, Frames: 5, First: tick(0), Last: tick(4)}
	want := "point 7 slot 2 (sensor 38): stuck, reading 2034, 5 frames from"
	if got := f.String(); !strings.HasPrefix(got, want) {
		t.Errorf("String() = %q, want it to start %q", got, want)
	}
	for p, want := range map[Problem]string{Stuck: "stuck", OutOfRange: "out of range", Inconsistent: "inconsistent with its neighbours",
		Drifted: "drifted far", Dead: "dead (no evidence)", 9: "Problem(9)"} {
		if got := p.String(); got != want {
			t.Errorf("Problem(%d).String() = %q, want %q", p, got, want)
		}
	}
}

// BenchmarkMonitor watches a simulated board's frames of the starting
// position, the model evaluated: the per-frame budget is no allocation.
func BenchmarkMonitor(b *testing.B) {
	r := newRig(b, nil)
	r.run(100, nil)
	frames := make([][]uint16, 64)
	for k := range frames {
		frames[k] = make([]uint16, len(r.frame))
		r.board.Frame(frames[k])
	}
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		r.mon.Observe(tick(100+k), frames[k%len(frames)])
	}
}
