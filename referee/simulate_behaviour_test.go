package referee

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"gammond/calib"
	"gammond/record/mat"
	"gammond/sensing/sim"
)

// behaviour is one way a real board or a real hand differs from the clean
// simulated board: the options that turn it on.
type behaviour struct {
	name string
	set  func(o *sim.Opts)
}

// deadOnCheckers are three sensors under checkers of the starting
// position, in the middle and at the top of stacks.
var deadOnCheckers = []int{
	calib.ReferenceBoard.Sensor(calib.Place{Point: 6, Slot: 1}),
	calib.ReferenceBoard.Sensor(calib.Place{Point: 13, Slot: 4}),
	calib.ReferenceBoard.Sensor(calib.Place{Point: 19, Slot: 2}),
}

var (
	drift      = behaviour{"drift", func(o *sim.Opts) { o.DriftCounts, o.DriftMinutes = 300, 8 }}
	offCentre  = behaviour{"off-centre", func(o *sim.Opts) { o.OffCentreRate = 0.3 }}
	hover      = behaviour{"hover", func(o *sim.Opts) { o.HoverRate = 0.2 }}
	baselines  = behaviour{"baselines only", func(o *sim.Opts) { o.Header = sim.BaselinesOnly }}
	noCalib    = behaviour{"no calibration", func(o *sim.Opts) { o.Header = sim.NoCalibration }}
	lateDone   = behaviour{"late DONE", func(o *sim.Opts) { o.LateDoneRate = 0.15 }}
	deadOnThem = behaviour{"dead sensors", func(o *sim.Opts) { o.Dead = deadOnCheckers }}
)

// all turns every behaviour in bs on.
func all(bs ...behaviour) behaviour {
	var names []string
	for _, b := range bs {
		names = append(names, b.name)
	}
	return behaviour{strings.Join(names, "+"), func(o *sim.Opts) {
		for _, b := range bs {
			b.set(o)
		}
	}}
}

// TestSimulateBehaviours plays the shared matches with each behaviour the
// classifier handles on its own (drift, off-centre and hovering checkers, a
// header with baselines alone), alone and together, with illegal plays
// corrected, and gets every match back exactly.
func TestSimulateBehaviours(t *testing.T) {
	roundTrips(t, []behaviour{drift, offCentre, hover, baselines, all(drift, offCentre, hover), all(drift, hover, baselines)})
}

// TestSimulateOffCentreSelfCalibrating: checkers set down off-centre on a
// board that is learning its levels (a header with baselines alone).
func TestSimulateOffCentreSelfCalibrating(t *testing.T) {
	t.Skip("open: self-calibration can take an off-centre checker's part for a sensor's level; Learn from known positions must check the slot above first: next round")
	roundTrips(t, []behaviour{all(offCentre, baselines), all(drift, offCentre, hover, baselines)})
}

// TestSimulateBehavioursNeedLearn: a header without any calibration (the
// levels must be learned from the starting position) and dead sensors
// under the checkers (masked when a known position shows them dead) need
// the pipeline to pass each judged position to calib.Learn.
func TestSimulateBehavioursNeedLearn(t *testing.T) {
	t.Skip("needs the pipeline to call calib.Learn: next round")
	roundTrips(t, []behaviour{noCalib, deadOnThem, all(drift, offCentre, hover, noCalib, deadOnThem)})
}

// TestSimulateLateDone: DONE pressed with the last checker still in hand
// needs the referee to wait for it (issue 10, item 6).
func TestSimulateLateDone(t *testing.T) {
	t.Skip("needs the referee's grace period for a checker in hand (issue 10 item 6): next round")
	roundTrips(t, []behaviour{lateDone})
}

// roundTrips simulates every match of testdata/matches with each
// behaviour, at illegal rates 0 and 0.15, replays each trace through the
// whole pipeline and checks the replay against the simulator's Expect.
func roundTrips(t *testing.T, bs []behaviour) {
	files, err := filepath.Glob("testdata/matches/*.mat")
	if err != nil || len(files) == 0 {
		t.Fatalf("no match records in testdata/matches: %v", err)
	}
	if testing.Short() {
		files = files[:3]
	}
	for _, b := range bs {
		for _, file := range files {
			m, err := mat.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			script, err := m.Script()
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(filepath.Base(file), ".mat")
			for _, rate := range []float64{0, 0.15} {
				t.Run(fmt.Sprintf("%s/%s/illegal=%v", b.name, name, rate), func(t *testing.T) {
					t.Parallel()
					opts := sim.DefaultOpts
					opts.Seed, opts.IllegalRate = 11, rate
					b.set(&opts)
					var trace bytes.Buffer
					want, err := sim.Simulate(&trace, script, &opts)
					if err != nil {
						t.Fatal(err)
					}
					var events []Event
					p, _, err := OpenTrace(&trace, func(e Event) { events = append(events, e) })
					if err != nil {
						t.Fatal(err)
					}
					if err := p.Run(); err != nil {
						t.Fatal(err)
					}
					checkReplay(t, events, want)
				})
			}
		}
	}
}
