package sim_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"testing"

	"gammond/calib"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// physics counts what a trace shows of a real board's physics.
type physics struct {
	offLevel int // readings at DONE of a resting checker off its sensor's level by 6% or more
	astray   int // frames where a slot above a lone checker reads part of the other colour
	glitches int // frames with two or more readings at the ADC's rails
	setDowns int // set-downs seen part way
}

// watchPhysics reads a trace and counts what it shows of the physics.
func watchPhysics(t *testing.T, trace []byte) physics {
	t.Helper()
	tr, err := sensing.NewTraceReader(bytes.NewReader(trace), nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &tr.Header().Calibration
	g := c.Board
	level := make([]float64, g.Sensors())
	var ph physics
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			ph.setDowns = watch(t, trace).setDowns
			return ph
		}
		if err != nil {
			t.Fatal(err)
		}
		if it.Kind == sensing.EventItem {
			if it.Event.Kind == sensing.Done {
				for _, x := range level {
					if a := math.Abs(x); a > 0.5 && math.Min(math.Abs(a-1), math.Abs(a-1.04)) > 0.06 {
						ph.offLevel++
					}
				}
			}
			continue
		}
		rails := 0
		for i, r := range it.Frame {
			level[i] = levelOf(c, i, r)
			if r == 0 || int(r) == g.MaxReading() {
				rails++
			}
		}
		if rails >= 2 {
			ph.glitches++
		}
		for p := range g.Points {
			bottom, above := level[p*g.Slots], level[p*g.Slots+1]
			if math.Abs(bottom) > 0.85 && math.Abs(level[p*g.Slots+2]) < 0.1 && bottom*above < 0 && math.Abs(above) > 0.1 && math.Abs(above) < 0.75 {
				ph.astray++
			}
		}
	}
}

// TestPhysics: each piece of a real board's physics shows in the trace
// when it is on, and not when it is off.
func TestPhysics(t *testing.T) {
	m := readMatch(t, "match-007-5pt")
	quiet := sim.DefaultOpts
	quiet.Seed = 4
	quiet.TryRate, quiet.EarlyDoneRate, quiet.SlideRate, quiet.HitterFirstRate = 0, 0, 0, 0
	quiet.ShuffleRate, quiet.SpikesPerMinute, quiet.NoiseCounts = 0, 0, 1
	for _, tc := range []struct {
		name  string
		set   func(o *sim.Opts, on bool)
		count func(ph physics) int
		on    bool // whether the habit is seen when on (else: unseen when on)
	}{
		{"magnets of their own strength", func(o *sim.Opts, on bool) { o.MagnetSpread = 0.25 * rate(on) }, func(ph physics) int { return ph.offLevel }, true},
		{"held above another point", func(o *sim.Opts, on bool) {
			o.HoverRate, o.HoverAstrayRate, o.HoverShare, o.HoverSeconds = 1, rate(on), 0.7, 3
		}, func(ph physics) int { return ph.astray }, true},
		{"bus glitches", func(o *sim.Opts, on bool) { o.GlitchesPerMinute = 30 * rate(on) }, func(ph physics) int { return ph.glitches }, true},
		{"the scan stalls", func(o *sim.Opts, on bool) { o.StallRate = rate(on) }, func(ph physics) int { return ph.setDowns }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, on := range []bool{true, false} {
				opts := quiet
				tc.set(&opts, on)
				trace, _ := simulate(t, m, opts)
				if n := tc.count(watchPhysics(t, trace)); (n > 0) != (on == tc.on) {
					t.Errorf("on %v: seen %d times", on, n)
				}
			}
		})
	}
}

// TestGlitchSensors: a glitch takes the channels one ADC reads at one
// select value, on the reference wiring: eight on the first ADC, the two
// in use on the second.
func TestGlitchSensors(t *testing.T) {
	if got, want := sim.GlitchSensors(calib.ReferenceBoard, 0, 3), []int{3, 19, 35, 51, 67, 83, 99, 115}; !slices.Equal(got, want) {
		t.Errorf("ADC 0 select 3: %v, want %v", got, want)
	}
	if got, want := sim.GlitchSensors(calib.ReferenceBoard, 1, 7), []int{135, 151}; !slices.Equal(got, want) {
		t.Errorf("ADC 1 select 7: %v, want %v", got, want)
	}
}
