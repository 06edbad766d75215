package calib

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"gammond/engine"
)

// monitorRun feeds a Monitor noisy frames at 100 a second: sensor i reads
// level(k, i) on its scale in frame k, or exactly raw(k, i) when that says
// ok.
type monitorRun struct {
	frames int
	level  func(k, i int) float64
	raw    func(k, i int) (uint16, bool)
}

const frozenSensor = 38 // point 7 slot 2

func (r monitorRun) findings(t testing.TB, opts *HealthOpts) []Finding {
	t.Helper()
	c := testCalibration()
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMonitor(cl, opts)
	rng := rand.New(rand.NewPCG(7, 8))
	frame := make([]uint16, c.Board.Sensors())
	var o engine.Occupancy
	for k := range r.frames {
		for i := range frame {
			frame[i] = noisy(rng, reading(c, i, r.level(k, i)))
			if r.raw == nil {
				continue
			}
			if raw, ok := r.raw(k, i); ok {
				frame[i] = raw
			}
		}
		if err := cl.Classify(frame, &o); err != nil {
			t.Fatal(err)
		}
		m.Observe(tick(k), frame)
	}
	return m.Findings()
}

// frozen reads 2050 on the sensors and frames when it reports true.
func frozen(when func(k, i int) bool) func(k, i int) (uint16, bool) {
	return func(k, i int) (uint16, bool) { return 2050, when(k, i) }
}

// startingLevels reads the starting position.
func startingLevels(_, i int) float64 { return startLevels[i] }

var startLevels = func() []float64 {
	g := ReferenceBoard
	l := make([]float64, g.Sensors())
	for p, n := range map[int]int{24: 2, 13: 5, 8: 3, 6: 5, 1: -2, 12: -5, 17: -3, 19: -5} {
		for s := range max(n, -n) {
			l[g.Sensor(Place{Point: p, Slot: s})] = float64(n / max(n, -n))
		}
	}
	return l
}()

func TestMonitorHealthy(t *testing.T) {
	t.Parallel()
	r := monitorRun{frames: 6000, level: startingLevels}
	if fs := r.findings(t, nil); len(fs) != 0 {
		t.Errorf("a minute of a healthy board: findings %v", fs)
	}
}

func TestMonitorStuck(t *testing.T) {
	opts := &HealthOpts{StuckChanges: 50, StuckFor: time.Second, InconsistentFor: time.Hour}
	for _, tc := range []struct {
		name   string
		frames int
		when   func(k, i int) bool // the sensors frozen
		want   int                 // frames found stuck
	}{
		{"frozen long enough", 300, func(k, i int) bool { return i == frozenSensor }, 300 - 100},
		{"frozen under StuckFor", 100, func(k, i int) bool { return i == frozenSensor }, 0},
		{"frozen, then alive", 300, func(k, i int) bool { return i == frozenSensor && k < 100 }, 0},
		{"whole point frozen: no neighbour to compare", 300, func(k, i int) bool { return i/6 == frozenSensor/6 }, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := monitorRun{frames: tc.frames, level: startingLevels, raw: frozen(tc.when)}
			fs := r.findings(t, opts)
			if tc.want == 0 {
				if len(fs) != 0 {
					t.Errorf("findings %v, want none", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Problem != Stuck || fs[0].Sensor != frozenSensor {
				t.Fatalf("findings %v, want sensor %d stuck", fs, frozenSensor)
			}
			if f := fs[0]; f.Frames != tc.want || !f.First.Equal(tick(100)) || !f.Last.Equal(tick(tc.frames-1)) {
				t.Errorf("finding %v, want %d frames from %v", f, tc.want, tick(100))
			}
		})
	}
}

func TestMonitorOutOfRange(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level float64 // read by frozenSensor in frames 10..12
		raw   int     // or this reading, if not -1
		want  bool
	}{
		{"rail 0", 0, 0, true},
		{"rail 4095", 0, 4095, true},
		{"far beyond White", 1.6, -1, true},
		{"far beyond Black", -2.5, -1, true},
		{"a tall stack", 1.1, -1, false},
		{"a spike within the stay band", -1.3, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spike := func(k, i int) bool { return i == frozenSensor && k >= 10 && k < 13 }
			r := monitorRun{frames: 20, level: func(k, i int) float64 {
				if spike(k, i) {
					return tc.level
				}
				return startLevels[i]
			}}
			if tc.raw >= 0 {
				r.raw = func(k, i int) (uint16, bool) { return uint16(tc.raw), spike(k, i) }
			}
			fs := r.findings(t, nil)
			if !tc.want {
				if len(fs) != 0 {
					t.Errorf("findings %v, want none", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Problem != OutOfRange || fs[0].Sensor != frozenSensor || fs[0].Frames != 3 ||
				!fs[0].First.Equal(tick(10)) || !fs[0].Last.Equal(tick(12)) {
				t.Fatalf("findings %v, want sensor %d out of range in frames 10..12", fs, frozenSensor)
			}
			if tc.raw >= 0 && fs[0].Reading != uint16(tc.raw) {
				t.Errorf("reading %d, want %d", fs[0].Reading, tc.raw)
			}
		})
	}
}

func TestMonitorInconsistent(t *testing.T) {
	g := ReferenceBoard
	opts := &HealthOpts{StuckChanges: 1 << 30, InconsistentFor: 2 * time.Second}
	at := func(p Place) int { return g.Sensor(p) }
	for _, tc := range []struct {
		name   string
		frames int
		levels map[int]float64 // on an empty board
		blame  int             // the sensor found inconsistent, -1 for none
	}{
		{
			name:   "empty slot 0 under a stack",
			frames: 300,
			levels: map[int]float64{at(Place{Point: 5, Slot: 1}): 1, at(Place{Point: 5, Slot: 2}): 1},
			blame:  at(Place{Point: 5, Slot: 0}),
		},
		{
			name:   "gap in a stack",
			frames: 300,
			levels: map[int]float64{at(Place{Point: 9, Slot: 0}): -1, at(Place{Point: 9, Slot: 2}): -1},
			blame:  at(Place{Point: 9, Slot: 1}),
		},
		{
			name:   "two colours on a point",
			frames: 300,
			levels: map[int]float64{at(Place{Point: 20}): -1, at(Place{Point: 20, Slot: 1}): -1, at(Place{Point: 20, Slot: 2}): 1},
			blame:  at(Place{Point: 20, Slot: 2}),
		},
		{
			name:   "gap on the bar",
			frames: 300,
			levels: map[int]float64{at(Place{Half: engine.Black, Slot: 3}): -1},
			blame:  at(Place{Half: engine.Black, Slot: 0}),
		},
		{
			name:   "gap shorter than InconsistentFor",
			frames: 200,
			levels: map[int]float64{at(Place{Point: 5, Slot: 1}): 1},
			blame:  -1,
		},
		{
			name:   "unsure slots tell nothing",
			frames: 300,
			levels: map[int]float64{at(Place{Point: 5, Slot: 0}): 0.5, at(Place{Point: 5, Slot: 1}): 1},
			blame:  -1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := monitorRun{frames: tc.frames, level: func(k, i int) float64 { return tc.levels[i] }}
			fs := r.findings(t, opts)
			if tc.blame < 0 {
				if len(fs) != 0 {
					t.Errorf("findings %v, want none", fs)
				}
				return
			}
			// Frame 200 is the first 2 s after frame 0.
			if len(fs) != 1 || fs[0].Problem != Inconsistent || fs[0].Sensor != tc.blame || fs[0].Frames != tc.frames-200 {
				t.Fatalf("findings %v, want %s inconsistent for %d frames", fs, g.Place(tc.blame), tc.frames-200)
			}
		})
	}
}

func TestFindingString(t *testing.T) {
	f := Finding{Sensor: 38, Place: Place{Point: 7, Slot: 2}, Problem: Stuck, Reading: 2034, Frames: 5, First: tick(0), Last: tick(4)}
	want := "point 7 slot 2 (sensor 38): stuck, reading 2034, 5 frames from"
	if got := f.String(); !strings.HasPrefix(got, want) {
		t.Errorf("String() = %q, want it to start %q", got, want)
	}
	for p, want := range map[Problem]string{Stuck: "stuck", OutOfRange: "out of range", Inconsistent: "inconsistent with its neighbours", 9: "Problem(9)"} {
		if got := p.String(); got != want {
			t.Errorf("Problem(%d).String() = %q, want %q", p, got, want)
		}
	}
}

// BenchmarkMonitor watches noisy frames of the starting position: the
// per-frame budget is no allocation.
func BenchmarkMonitor(b *testing.B) {
	c := testCalibration()
	cl, err := NewClassifier(c, nil)
	if err != nil {
		b.Fatal(err)
	}
	m := NewMonitor(cl, nil)
	frames := benchFrames(c)
	var o engine.Occupancy
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		f := frames[k%len(frames)]
		if err := cl.Classify(f, &o); err != nil {
			b.Fatal(err)
		}
		m.Observe(tick(k), f)
	}
}

// TestMonitorFailed: Failed names a frozen sensor once, in the frame that
// found it stuck, and nothing in the other frames.
func TestMonitorFailed(t *testing.T) {
	c := testCalibration()
	cl, err := NewClassifier(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := NewMonitor(cl, &HealthOpts{StuckChanges: 50, StuckFor: time.Second, InconsistentFor: time.Hour})
	rng := rand.New(rand.NewPCG(7, 8))
	frame := make([]uint16, c.Board.Sensors())
	var o engine.Occupancy
	var failedAt []int
	for k := range 300 {
		for i := range frame {
			frame[i] = noisy(rng, reading(c, i, startLevels[i]))
		}
		frame[frozenSensor] = 2050
		if err := cl.Classify(frame, &o); err != nil {
			t.Fatal(err)
		}
		m.Observe(tick(k), frame)
		for _, i := range m.Failed() {
			if i != frozenSensor {
				t.Errorf("frame %d: sensor %d failed, want only %d", k, i, frozenSensor)
			}
			failedAt = append(failedAt, k)
		}
	}
	if len(failedAt) != 1 || failedAt[0] != 100 {
		t.Errorf("sensor %d named failed at frames %v, want once at 100", frozenSensor, failedAt)
	}
}
