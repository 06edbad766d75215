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
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/internal/testmain"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// A real board's physics (HARDWARE.md's ranges) as the simulator plays
// them and as the recorded traces are turned into them: magnets of each
// checker's own strength, a checker held above a point for up to 3 s at
// up to 70% of a field (above any point with a free slot, a lone
// opposing checker's included), dead sensors on the low slots, bus
// glitches, a scan that stalls while a checker moves. TestMeasurePhysics
// measures how exact the pipeline is on them, with
// GAMMOND_MEASURE_PHYSICS=1, and is otherwise skipped (a measurement, not
// a test).

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

// physicsBehaviours are the new physics, alone, late DONE with the
// hovers and stalls that misread a board at DONE, and all together with
// drift and off-centre checkers.
var physicsBehaviours = []behaviour{magnets, hoverLong, hoverAstray, deadLow, glitches, stalls,
	all(lateDone, hoverAstray, stalls), all(magnets, hoverAstray, deadLow, glitches, stalls, drift, offCentre)}

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
	{"landed after DONE", []transform{landAfterDone(0.3)}},
	{"hand above at DONE", []transform{handAboveAtDone(0.3)}},
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

// landAfterDone presses, at the given rate, a turn's DONE while its last
// checker rests on another point's free slot (a lone opposing checker's
// included), where the hand set it down on its way: 0.3-0.7 s after it
// was set there, and 1-2.5 s after that the hand moves it to its own
// point. The board at DONE reads the checker on the wrong point; by the
// opponent's roll it reads the play made. It counts the DONEs so pressed.
func landAfterDone(rate float64) transform {
	return func(rec *recording, rng *rand.Rand) int {
		moved := 0
		turnStart := 0 // the line after the last press
		for j := 0; j < len(rec.lines); j++ {
			if rec.lines[j].frame != nil {
				continue
			}
			from := turnStart
			turnStart = j + 1
			if rec.lines[j].event.Kind != sensing.Done || rng.Float64() >= rate {
				continue
			}
			m, lift := lastLanding(rec, from, j)
			if m < 0 || lift < 0 {
				continue
			}
			s := rec.changeAt(m).landed[0]
			start := rec.landingStart(m, s)
			in := rec.heldBefore(start) // the checker in the hand
			if start <= lift || in == nil {
				continue
			}
			over, field := rec.freeSlot(in, rec.lines[m].frame[s] > in[s], rng)
			if over < 0 || rec.header.Board.Place(over).Point == rec.header.Board.Place(s).Point {
				continue
			}
			done := rec.lines[j]
			rec.lines = slices.Delete(rec.lines, j, j+1)
			t0 := rec.lines[start-1].at + 50 // set down on the other point
			span := 1300 + rng.Int64N(1501)
			astray := slices.Clone(in)
			astray[over] = uint16(math.Round(float64(in[over]) + field))
			if late := t0 + span + 20 - rec.lines[start].at; late > 0 {
				rec.delay(start, late)
			}
			done.at = t0 + 300 + rng.Int64N(401)
			rec.lines = slices.Insert(rec.lines, start, traceLine{at: t0, frame: astray}, done, traceLine{at: t0 + span, frame: slices.Clone(in)})
			j = m + 3 // past the landing, which the DONE's turn ends with
			turnStart = j + 1
			moved++
		}
		return moved
	}
}

// handAboveAtDone holds, at the given rate, a hand over a free slot of
// a point (a lone opposing checker's included) as DONE goes down, close
// enough to read as a checker of the mover's: from 250 ms before the
// DONE to 600 ms after it, the turn's next presses 800 ms later. The
// board at DONE reads a checker too many; by the next roll it reads the
// play made. It counts the DONEs so pressed.
func handAboveAtDone(rate float64) transform {
	return func(rec *recording, rng *rand.Rand) int {
		held := 0
		for j := 1; j < len(rec.lines); j++ {
			done := rec.lines[j]
			if done.frame != nil || done.event.Kind != sensing.Done || rec.lines[j-1].at > done.at-400 || rng.Float64() >= rate {
				continue
			}
			frame := rec.heldBefore(j)
			over, field := rec.freeSlot(frame, done.event.Side == engine.White, rng)
			if over < 0 {
				continue
			}
			rec.delay(j+1, 800)
			above := slices.Clone(frame)
			above[over] = uint16(math.Round(float64(frame[over]) + field))
			rec.lines = slices.Insert(rec.lines, j+1, traceLine{at: done.at + 600, frame: slices.Clone(frame)})
			rec.lines = slices.Insert(rec.lines, j, traceLine{at: done.at - 250, frame: above})
			j += 2
			held++
		}
		return held
	}
}

// TestFlagConfirmedAtTheRollRecorded: the recorded traces with DONE
// pressed while the last checker rests on another point on its way
// (landAfterDone), or while a hand is held over a point (handAboveAtDone),
// are flagged at DONE; by the opponent's roll the board reads the play
// made, the flag is withdrawn and every play, cube action, result and
// flag is the .expect.json's.
func TestFlagConfirmedAtTheRollRecorded(t *testing.T) {
	t.Parallel()
	var withdrawn atomic.Int64
	t.Cleanup(func() {
		if !t.Failed() && withdrawn.Load() == 0 {
			t.Error("no flag withdrawn at an opponent's roll: the transform raised none")
		}
	})
	names, seeds := recordedNames, []uint64{1, 2, 3}
	if testmain.Trimmed() { // the two 1-point traces, one seed; CI's full run plays them all
		names, seeds = []string{"match-004", "match-010-illegal"}, seeds[:1]
	}
	for _, b := range []recordedBehaviour{{"landed after DONE", []transform{landAfterDone(0.3)}}, {"hand above at DONE", []transform{handAboveAtDone(0.3)}}} {
		for _, name := range names {
			for _, seed := range seeds {
				t.Run(fmt.Sprintf("%s/%s/seed=%d", b.name, name, seed), func(t *testing.T) {
					t.Parallel()
					want, trace, _ := transformRecorded(t, name, seed, b.transforms)
					events := replay(t, trace)
					checkReplay(t, events, want)
					withdrawn.Add(int64(withdrawnAtRoll(events)))
				})
			}
		}
	}
}

// withdrawnAtRoll counts the flags withdrawn at a roll, a double or an
// offer to resign: judged at that input, so at its time.
func withdrawnAtRoll(events []Event) int {
	return withdrawnAt(events, func(_, next Event) bool {
		return next.Kind == Rolled || next.Kind == Doubled || next.Kind == ResignOffered
	})
}

// withdrawnAt counts the flags withdrawn at an input for which at
// reports true of the flag's Withdrawn and an event that input brought
// about (at the same time).
func withdrawnAt(events []Event, at func(withdrawn, next Event) bool) int {
	n := 0
	for i, e := range events {
		if e.Kind != Withdrawn {
			continue
		}
		for _, next := range events[i+1:] {
			if !next.At.Equal(e.At) {
				break
			}
			if at(e, next) {
				n++
				break
			}
		}
	}
	return n
}

// TestIllegalPlayStandsAtTheRollRecorded: each play the recorded traces
// flag, the trace cut after the flag and the opponent's next roll made
// 1.5 s later on the board as the flag left it (nobody put it right),
// stands at that roll as the position the board showed at DONE: the flag
// is confirmed, never withdrawn.
func TestIllegalPlayStandsAtTheRollRecorded(t *testing.T) {
	t.Parallel()
	names := []string{"match-002-illegal", "match-010-illegal"}
	if testmain.Trimmed() { // the 1-point trace's four flags; CI's full run plays both
		names = names[1:]
	}
	for _, name := range names {
		want, trace, _ := transformRecorded(t, name, 1, nil)
		rec, err := readRecording(bytes.NewReader(trace.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		for _, flag := range eventsOf(replay(t, trace), IllegalPlay) {
			t.Run(fmt.Sprintf("%s/game=%d/turn=%d", name, flag.Game, flag.Turn), func(t *testing.T) {
				t.Parallel()
				events := replay(t, rollOnFlag(t, rec, flag))
				stood := eventsOf(events, IllegalAccepted)
				if n := len(eventsOf(events, Withdrawn)); n > 0 || len(stood) == 0 {
					t.Fatalf("%d withdrawn, %d let stand: want the flag confirmed at the roll", n, len(stood))
				}
				i := slices.IndexFunc(want.Games[flag.Game-1].Illegal, func(it sim.IllegalTurn) bool { return it.Turn == flag.Turn && it.Side == flag.Side })
				if i < 0 {
					t.Fatalf("%v's turn %d flagged, played legally in the .expect.json", flag.Side, flag.Turn)
				}
				played, last := want.Games[flag.Game-1].Illegal[i].Played, stood[len(stood)-1]
				if last.Side != flag.Side || last.Turn != flag.Turn || last.Board.PositionID() != played {
					t.Errorf("stood: %v's turn %d leaving %s, want %v's turn %d leaving %s, as at DONE",
						last.Side, last.Turn, last.Board.PositionID(), flag.Side, flag.Turn, played)
				}
			})
		}
	}
}

// rollOnFlag returns rec up to the flag's time, then the opponent's next
// roll 1.5 s later, as a trace.
func rollOnFlag(t *testing.T, rec *recording, flag Event) *bytes.Buffer {
	t.Helper()
	at := flag.At.Sub(time.Unix(0, 0)).Milliseconds()
	cut := &recording{header: rec.header}
	for _, l := range rec.lines {
		if l.at <= at {
			cut.lines = append(cut.lines, l)
			continue
		}
		if l.frame == nil && l.event.Kind == sensing.Roll && l.event.Side != flag.Side {
			l.at = at + 1500
			cut.lines = append(cut.lines, l)
			break
		}
	}
	var trace bytes.Buffer
	if err := cut.write(&trace); err != nil {
		t.Fatal(err)
	}
	return &trace
}

func eventsOf(events []Event, k Kind) []Event {
	var out []Event
	for _, e := range events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// TestWelshFlagConfirmedAtTheThrowTraced: simulated Welsh matches turned
// by landAfterDone (DONE pressed while the last man rests on another
// spike on its way) or handAboveAtDone (a hand over a spike as DONE goes
// down) transcribe exactly: each flag is withdrawn at the next throw, the
// opponent's, or the mover's own after a bonus throw or a triangle, as
// in the standard game.
func TestWelshFlagConfirmedAtTheThrowTraced(t *testing.T) {
	t.Parallel()
	var opponents, movers int
	seeds, games, transforms := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 5, []transform{landAfterDone(0.3), handAboveAtDone(1)}
	if testmain.Trimmed() { // a bonus throw after a flag, a double before one, in their first two games; CI's full run plays all
		seeds, games, transforms = []uint64{6, 8}, 2, transforms[1:]
	}
	for _, tf := range transforms {
		for _, seed := range seeds {
			events := replayWelshTransformed(t, seed, games, tf)
			if n := len(eventsOf(events, IllegalAccepted)); n > 0 {
				t.Fatalf("seed %d: %d plays let stand", seed, n)
			}
			all, own := withdrawnAtRoll(events), withdrawnAtOwnRoll(events)
			opponents, movers = opponents+all-own, movers+own
		}
	}
	if opponents == 0 || movers == 0 {
		t.Fatalf("flags withdrawn at the opponent's throw %d, at the mover's own throw or double %d: want some of each", opponents, movers)
	}
	t.Logf("flags withdrawn at the opponent's throw %d, at the mover's own throw or double %d", opponents, movers)
}

// replayWelshTransformed simulates Welsh games with seed, turns the
// trace by tf and replays it, checking that the record is the one
// played; it returns the referee's events.
func replayWelshTransformed(t *testing.T, seed uint64, games int, tf transform) []Event {
	t.Helper()
	opts := sim.DefaultOpts
	opts.Seed = seed
	var simulated bytes.Buffer
	played, err := sim.SimulateWelsh(&simulated, [2]string{"Ann", "Bob"}, games, &opts)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	rec, err := readRecording(&simulated)
	if err != nil {
		t.Fatal(err)
	}
	if tf(rec, rand.New(rand.NewPCG(seed, 10))) == 0 {
		t.Fatalf("seed %d: the transform changed nothing", seed)
	}
	var trace bytes.Buffer
	if err := rec.write(&trace); err != nil {
		t.Fatal(err)
	}
	var events []Event
	p, w, _, err := OpenWelshTrace(&trace, func(e Event) { events = append(events, e) })
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	w.Record().WriteTo(&got)
	played.WriteTo(&want)
	if got.String() != want.String() {
		t.Fatalf("seed %d: transcribed:\n%s\n--- played:\n%s", seed, got.String(), want.String())
	}
	return events
}

// withdrawnAtOwnRoll counts the flags withdrawn at the mover's own roll
// or double in the same game.
func withdrawnAtOwnRoll(events []Event) int {
	return withdrawnAt(events, func(w, next Event) bool {
		return (next.Kind == Rolled || next.Kind == Doubled) && next.Side == w.Side && next.Game == w.Game
	})
}
