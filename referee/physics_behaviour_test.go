package referee

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"gammond/calib"
	"gammond/sensing/sim"
)

// A real board's physics (HARDWARE.md's ranges) as the simulator plays
// them and as the recorded traces are turned into them: magnets of each
// checker's own strength, a checker held above a point for up to 3 s at
// up to 70% of a field (above any point with a free slot, a lone
// opposing checker's included), dead sensors on the low slots, bus
// glitches, a scan that stalls while a checker moves. The classifier of
// today is not exact on them: TestMeasurePhysics measures how far, with
// GAMMOND_MEASURE_PHYSICS=1, and is otherwise skipped (a measurement,
// not a test).

// deadLowSlots are three sensors under the bottom checkers of the
// starting position: point 6 slot 0, point 12 slot 1, point 19 slot 0.
var deadLowSlots = []int{
	calib.ReferenceBoard.Sensor(calib.Place{Point: 6, Slot: 0}),
	calib.ReferenceBoard.Sensor(calib.Place{Point: 12, Slot: 1}),
	calib.ReferenceBoard.Sensor(calib.Place{Point: 19, Slot: 0}),
}

var (
	magnets     = behaviour{"magnets ±25%", func(o *sim.Opts) { o.MagnetSpread = 0.25 }}
	hoverLong   = behaviour{"hover 70% 3 s", func(o *sim.Opts) { o.HoverRate, o.HoverShare, o.HoverSeconds = 0.2, 0.7, 3 }}
	hoverAstray = behaviour{"hover astray", func(o *sim.Opts) {
		o.HoverRate, o.HoverShare, o.HoverSeconds, o.HoverAstrayRate = 0.2, 0.7, 3, 0.5
	}}
	deadLow  = behaviour{"dead low slots", func(o *sim.Opts) { o.Dead = deadLowSlots }}
	glitches = behaviour{"bus glitches", func(o *sim.Opts) { o.GlitchesPerMinute = 6 }}
	stalls   = behaviour{"scan stalls", func(o *sim.Opts) { o.StallRate = 0.3 }}
)

// physicsBehaviours are the new physics, alone and all together with
// drift and off-centre checkers.
var physicsBehaviours = []behaviour{magnets, hoverLong, hoverAstray, deadLow, glitches, stalls,
	all(magnets, hoverAstray, deadLow, glitches, stalls, drift, offCentre)}

// exactness counts a behaviour's replays and those exact.
type exactness struct {
	tally
	exact atomic.Int64
}

func (f *exactness) log(t *testing.T, name string) {
	t.Logf("%s: %d of %d traces exact, %d turns, %d turns ambiguous at DONE (%d never resolved), %d flags",
		name, f.exact.Load(), f.traces.Load(), f.turns.Load(), f.ambiguous.Load(), f.ambiguous.Load()-f.resolved.Load(), f.flags.Load())
}

// silent is a testing.TB whose errors are counted, not reported.
type silent struct {
	testing.TB
	failed bool
}

func (s *silent) Errorf(string, ...any) { s.failed = true }
func (s *silent) Helper()               {}

// exactReplay reports whether the replay's events are the expectation's
// match, exactly.
func exactReplay(events []Event, want *sim.Expect) bool {
	s := &silent{}
	checkReplay(s, events, want)
	return !s.failed
}

// TestMeasurePhysics replays the shared matches through the simulator,
// and the recorded traces through the transforms, with each piece of a
// real board's physics, and logs per behaviour the traces replayed
// exactly, the turns, those ambiguous and the flags.
func TestMeasurePhysics(t *testing.T) {
	if os.Getenv("GAMMOND_MEASURE_PHYSICS") == "" {
		t.Skip("a measurement: GAMMOND_MEASURE_PHYSICS=1 runs it")
	}
	t.Run("simulated", func(t *testing.T) { measureSimulated(t, physicsBehaviours) })
	t.Run("recorded", func(t *testing.T) { measureRecorded(t, physicsRecorded) })
}

// measureSimulated plays every shared match with each behaviour at
// illegal rates 0 and 0.15.
func measureSimulated(t *testing.T, bs []behaviour) {
	figures := make([]exactness, len(bs))
	t.Cleanup(func() {
		for k, b := range bs {
			figures[k].log(t, b.name)
		}
	})
	eachSimulated(t, bs, sharedMatches(t), []float64{0, 0.15}, func(t *testing.T, k int, trace []byte, want *sim.Expect) {
		figures[k].replay(t, trace, want)
	})
}

// replay replays the trace through the pipeline and counts it.
func (f *exactness) replay(t *testing.T, trace []byte, want *sim.Expect) {
	events := replay(t, bytes.NewReader(trace))
	f.add(events)
	if exactReplay(events, want) {
		f.exact.Add(1)
	}
}

// sharedMatches returns the match records of testdata/matches.
func sharedMatches(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "matches", "*.mat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no match records in testdata/matches: %v", err)
	}
	return files
}

// eachSimulated simulates each match of files with each behaviour (its
// index k) at each illegal rate, seed 11, and hands each trace and its
// expectation to use, in parallel subtests.
func eachSimulated(t *testing.T, bs []behaviour, files []string, rates []float64, use func(t *testing.T, k int, trace []byte, want *sim.Expect)) {
	for k, b := range bs {
		for _, file := range files {
			script, err := readScript(file)
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(filepath.Base(file), ".mat")
			for _, rate := range rates {
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
					use(t, k, trace.Bytes(), want)
				})
			}
		}
	}
}

// physicsRecorded are the recorded traces' transforms of the new
// physics, alone and together.
var physicsRecorded = []recordedBehaviour{
	{"magnets ±25%", []transform{spreadMagnets(0.25)}},
	{"hover 70% 3 s", []transform{holdOverWith(0.3, 0, 0.7, 3000)}},
	{"hover astray", []transform{holdOverWith(0.3, 0.5, 0.7, 3000)}},
	{"dead low slots", []transform{deadSensors(deadLowSlots...)}},
	{"bus glitches", []transform{glitchBus(6)}},
	{"scan stalls", []transform{stallScan(0.3)}},
	{"all physics", []transform{spreadMagnets(0.25), holdOverWith(0.3, 0.5, 0.7, 3000), setOffCentre(0.3), stallScan(0.3), deadSensors(deadLowSlots...), glitchBus(6), slowDrift}},
}

// measureRecorded turns each recorded trace into each behaviour with
// seeds 1 to 3 and replays it.
func measureRecorded(t *testing.T, bs []recordedBehaviour) {
	figures := make([]exactness, len(bs))
	t.Cleanup(func() {
		for k, b := range bs {
			figures[k].log(t, b.name)
		}
	})
	eachRecorded(t, bs, func(t *testing.T, k int, trace []byte, want *sim.Expect) {
		figures[k].replay(t, trace, want)
	})
}

// eachRecorded turns each recorded trace into each behaviour (its index
// k) with seeds 1 to 3 (a behaviour of no transform: the trace as
// recorded, once) and hands each trace and its expectation to use, in
// parallel subtests.
func eachRecorded(t *testing.T, bs []recordedBehaviour, use func(t *testing.T, k int, trace []byte, want *sim.Expect)) {
	for k, b := range bs {
		for _, name := range recordedNames {
			for _, seed := range []uint64{1, 2, 3} {
				if len(b.transforms) == 0 && seed > 1 {
					continue
				}
				t.Run(fmt.Sprintf("%s/%s/seed=%d", b.name, name, seed), func(t *testing.T) {
					t.Parallel()
					want, trace, _ := transformRecorded(t, name, seed, b.transforms)
					use(t, k, trace.Bytes(), want)
				})
			}
		}
	}
}

// transformRecorded reads the recorded trace name and its expectation,
// applies the transforms with a generator seeded seed and returns the
// expectation, the trace written and how many places the first
// transform changed. A transform that changes nothing fails the test.
func transformRecorded(t testing.TB, name string, seed uint64, transforms []transform) (*sim.Expect, *bytes.Buffer, int) {
	want, err := sim.ReadExpect(openTestdata(t, name+".expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := readRecording(openTestdata(t, name+".trace.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 10))
	first := 0
	for i, tf := range transforms {
		n := tf(rec, rng)
		if n == 0 {
			t.Fatalf("transform %d changed nothing", i+1)
		}
		if i == 0 {
			first = n
		}
	}
	var trace bytes.Buffer
	if err := rec.write(&trace); err != nil {
		t.Fatal(err)
	}
	return want, &trace, first
}

// spreadMagnets gives each checker set down its own magnet strength,
// uniform in 1±spread: every reading of a sensor, from the frame it
// leaves its baseline to the frame it is back, is that far from the
// baseline times the strength. The recorded traces do not say which
// checker is which: a checker draws a strength anew each time it lands.
// It counts the landings.
func spreadMagnets(spread float64) transform {
	return func(rec *recording, rng *rand.Rand) int {
		c := &rec.header.Calibration
		n := rec.header.Board.Sensors()
		strength := make([]float64, n)
		away := make([]bool, n)
		landings := 0
		maxReading := float64(rec.header.Board.MaxReading())
		for i, l := range rec.lines {
			if l.frame == nil {
				continue
			}
			for s, r := range l.frame {
				off := rec.fieldShare(s, r) >= 0.15
				if off && !away[s] {
					strength[s] = 1 + spread*(2*rng.Float64()-1)
					landings++
				}
				away[s] = off
				if off {
					base := float64(c.Baseline[s])
					rec.lines[i].frame[s] = uint16(math.Round(min(max(base+(float64(r)-base)*strength[s], 0), maxReading)))
				}
			}
		}
		return landings
	}
}

// freeSlot returns the sensor of a random point's next free slot on which
// a checker of the colour (White or not) could be set, the frame as it
// reads (a point with no checker, with the colour's checkers and a free
// slot, or with one opposing checker), and that colour's field there by
// the header's calibration; -1 when there is none.
func (rec *recording) freeSlot(frame []uint16, white bool, rng *rand.Rand) (int, float64) {
	g := rec.header.Board
	cal := &rec.header.Calibration
	var free []int
	for p := 1; p <= g.Points; p++ {
		covered, same := 0, 0
		for k := range g.Slots {
			s := g.Sensor(calib.Place{Point: p, Slot: k})
			if rec.covered(s, frame[s]) {
				covered++
				if (frame[s] > cal.Baseline[s]) == white {
					same++
				}
			}
		}
		if covered < g.Slots && (same == covered || covered == 1) {
			free = append(free, g.Sensor(calib.Place{Point: p, Slot: covered}))
		}
	}
	if len(free) == 0 {
		return -1, 0
	}
	s := free[rng.IntN(len(free))]
	if white {
		return s, float64(cal.White[s]) - float64(cal.Baseline[s])
	}
	return s, float64(cal.Black[s]) - float64(cal.Baseline[s])
}

// glitchBus inserts perMinute bus glitches a minute of trace, at random
// times: for one frame one ADC's channels at one select value read 0 or
// the ADC's top count, the next frame 10 ms later reads as before. It
// counts the glitches.
func glitchBus(perMinute float64) transform {
	return func(rec *recording, rng *rand.Rand) int {
		end := rec.lines[len(rec.lines)-1].at
		first := slices.IndexFunc(rec.lines, func(l traceLine) bool { return l.frame != nil })
		n := int(float64(end-rec.lines[first].at) / 60000 * perMinute)
		for range n {
			at := rec.lines[first].at + 10 + rng.Int64N(end-rec.lines[first].at)
			i, _ := slices.BinarySearchFunc(rec.lines, at, func(l traceLine, t int64) int { return int(l.at - t) })
			held := rec.heldBefore(i)
			if i < len(rec.lines) && rec.lines[i].at < at+10 {
				at = rec.lines[i].at - 10 // the glitch comes just before the line due then
				if i == 0 || rec.lines[i-1].at >= at {
					continue
				}
			}
			f := slices.Clone(held)
			rail := uint16(0)
			if rng.IntN(2) == 0 {
				rail = uint16(rec.header.Board.MaxReading())
			}
			for _, s := range sim.GlitchSensors(rec.header.Board, rng.IntN(2), rng.IntN(16)) {
				f[s] = rail
			}
			rec.lines = slices.Insert(rec.lines, i, traceLine{at: at, frame: f}, traceLine{at: at + 5, frame: slices.Clone(held)})
		}
		return n
	}
}

// stallScan drops, at the given rate, the part-way frames of a checker
// set down: the scan stalled while it moved, and the next frame reads it
// down. It counts the set-downs so lost.
func stallScan(rate float64) transform {
	return func(rec *recording, rng *rand.Rand) int {
		stalled := 0
		for m := 0; m < len(rec.lines); m++ {
			if rec.lines[m].frame == nil {
				continue
			}
			c := rec.changeAt(m)
			if len(c.landed) != 1 || len(c.lifted) > 0 {
				continue
			}
			start := rec.landingStart(m, c.landed[0])
			if start == m || rng.Float64() >= rate {
				continue
			}
			rec.lines = slices.Delete(rec.lines, start, m)
			m = start
			stalled++
		}
		return stalled
	}
}
