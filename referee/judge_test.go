package referee

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine/welsh"
	"gammond/internal/testmain"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// replayByModel runs a trace through the pipeline as OpenTrace makes it,
// each play at DONE judged by the sensor model, and returns the events.
func replayByModel(t *testing.T, trace io.Reader) []Event {
	var events []Event
	p, _, err := OpenTrace(trace, func(e Event) { events = append(events, e) })
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	return events
}

// TestModelJudgeBehaviours: with the sensor model judging at DONE, the
// shared matches played with the behaviours it is exact on, alone and
// together, transcribe exactly, illegal plays flagged and put right.
// Trimmed, the behaviours together and two alone.
func TestModelJudgeBehaviours(t *testing.T) {
	together := []behaviour{all(lateDone, glitches, hoverAstray), all(deadOnThem, drift, hover), offCentre, noCalib, magnets}
	alone := []behaviour{{"clean", func(*sim.Opts) {}}, drift, hover, baselines, lateDone, deadOnThem, hoverLong, hoverAstray, glitches}
	if testmain.Trimmed() {
		alone = nil
	}
	roundTripsWith(t, append(together, alone...), replayByModel, 0, 0.15)
}

// TestModelJudgeReadsTheBoardByTheModel: checkers whose magnets spread
// ±25% (two matches), and dead sensors under the starting position's
// checkers, with the model judging. The simulated hands never move a
// checker after DONE: the model reads no touch there (a weak or strong
// magnet is no checker moved). A dead sensor gives the model no
// evidence: what it hides is ambiguous in the model's judgement alone,
// so at most 0.5% of the turns are.
func TestModelJudgeReadsTheBoardByTheModel(t *testing.T) {
	t.Parallel()
	files := sharedMatches(t)
	var turns, ambiguous, touched atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d turns, %d ambiguous, %d touches", turns.Load(), ambiguous.Load(), touched.Load())
		if touched.Load() > 0 {
			t.Errorf("%d touches read after DONE: the hands touched none", touched.Load())
		}
		if ambiguous.Load()*200 > turns.Load() {
			t.Errorf("%d of %d turns ambiguous, want at most 0.5%%", ambiguous.Load(), turns.Load())
		}
	})
	count := func(t *testing.T, _ int, trace []byte, _ *sim.Expect) {
		for _, e := range replayByModel(t, bytes.NewReader(trace)) {
			switch {
			case e.Kind == Touched:
				touched.Add(1)
			case e.Kind == PlayMade:
				turns.Add(1)
				ambiguous.Add(int64(b2i(e.Ambiguous)))
			}
		}
	}
	eachSimulated(t, []behaviour{magnets}, []string{files[5], files[6]}, []float64{0}, count)
	eachSimulated(t, []behaviour{deadLow}, []string{files[3], files[10]}, []float64{0.15}, count)
}

// TestMeasureModel replays every behaviour's traces, simulated on the
// shared matches and turned from the recorded traces, and Welsh games
// with three dead sensors (seeds 1-10), through the whole pipeline, each
// play judged by the sensor model, and logs the figures per behaviour. A
// measurement: GAMMOND_MEASURE_MODEL=1 runs it (=all: every shared
// match, else two).
func TestMeasureModel(t *testing.T) {
	mode := os.Getenv("GAMMOND_MEASURE_MODEL")
	if mode == "" {
		t.Skip("a measurement: GAMMOND_MEASURE_MODEL=1 runs it")
	}
	sims := append([]behaviour{{"clean", func(*sim.Opts) {}}, drift, offCentre, hover, baselines, noCalib, lateDone, deadOnThem}, physicsBehaviours...)
	recs := append(append([]recordedBehaviour{{"as recorded", nil}}, recordedBehaviours...), physicsRecorded...)
	t.Run("simulated", func(t *testing.T) {
		files := sharedMatches(t)
		if mode != "all" {
			files = []string{files[3], files[10]}
		}
		figures := make([]modelFigures, len(sims))
		t.Cleanup(func() { logFigures(t, "simulated", figures, func(k int) string { return sims[k].name }) })
		eachSimulated(t, sims, files, []float64{0, 0.15}, func(t *testing.T, k int, trace []byte, want *sim.Expect) {
			figures[k].replay(t, trace, want)
		})
	})
	t.Run("recorded", func(t *testing.T) {
		figures := make([]modelFigures, len(recs))
		t.Cleanup(func() { logFigures(t, "recorded", figures, func(k int) string { return recs[k].name }) })
		eachRecorded(t, recs, func(t *testing.T, k int, trace []byte, want *sim.Expect) {
			figures[k].replay(t, trace, want)
		})
	})
	t.Run("welsh dead sensors", func(t *testing.T) {
		welshDeadSensors(t, 10).log(t)
	})
}

func (f welshFigures) log(t *testing.T) {
	t.Logf("welsh, sensors 3, 40, 77 dead, model: %d of %d traces exact, %d a play judged at DONE that was not made, %d flags (%d let stand), %d turns ambiguous",
		f.exact, f.traces, f.otherPlay, f.flags, f.stood, f.ambiguous)
}

// TestModelJudgeWelshDeadSensors: Welsh games with three sensors dead
// from the start, none under a checker of the starting position: the
// sensor model never judges a play made other than it was; what a dead
// sensor hides is flagged or reported ambiguous, never guessed. Every
// play is legal: a flag raised where a checker landed on a dead sensor,
// one no field has read on, is withdrawn at the opponent's throw (or the
// game's end), never let stand.
func TestModelJudgeWelshDeadSensors(t *testing.T) {
	t.Parallel()
	seeds := uint64(10)
	if testmain.Trimmed() {
		seeds = 2
	}
	f := welshDeadSensors(t, seeds)
	f.log(t)
	if f.otherPlay > 0 {
		t.Errorf("%d traces with a play judged that was not made", f.otherPlay)
	}
	if f.stood > 0 {
		t.Errorf("%d legal plays let stand as illegal", f.stood)
	}
}

// modelFigures count a behaviour's replays: exactness's, and the games
// where a play judged at DONE, not reported ambiguous, was another than
// the one made (the first such turn of a game whose plays were right
// until then).
type modelFigures struct {
	exactness
	otherPlay atomic.Int64
}

// logFigures logs each behaviour's figures.
func logFigures(t *testing.T, kind string, figures []modelFigures, name func(k int) string) {
	for k := range figures {
		f := &figures[k]
		f.log(t, fmt.Sprintf("%s %s: model (%d games with a play judged that was not made)", kind, name(k), f.otherPlay.Load()))
	}
}

// replay replays the trace and counts it.
func (f *modelFigures) replay(t *testing.T, trace []byte, want *sim.Expect) {
	events := replayByModel(t, bytes.NewReader(trace))
	f.add(events)
	if exactReplay(events, want) {
		f.exact.Add(1)
	}
	f.otherPlay.Add(int64(otherPlays(events, want)))
}

// otherPlays counts the games where a play judged at DONE and not
// reported ambiguous leaves another position than the play made, on the
// first turn of the game the replay and the expectation part on.
func otherPlays(events []Event, want *sim.Expect) int {
	n, game, k := 0, -1, 0
	parted := true
	for _, e := range events {
		switch {
		case e.Kind == GameStarted:
			game, k, parted = game+1, 0, game+1 >= len(want.Games)
		case e.Kind != PlayMade || parted:
		case k >= len(want.Games[game].Plays):
			parted = true
		default:
			w := want.Games[game].Plays[k]
			k++
			if w.Turn != e.Turn || w.Side != e.Side || w.After != e.Play.After.PositionID() {
				parted = true
				if w.Turn == e.Turn && w.Side == e.Side && !e.Ambiguous {
					n++
				}
			}
		}
	}
	return n
}

// welshFigures count the Welsh dead-sensor traces' replays: those
// transcribed exactly, those where the judge recorded a play that was not
// made (a legal play judged at DONE, not reported ambiguous), the flags,
// those let stand (every play made is legal) and the turns reported
// ambiguous.
type welshFigures struct{ traces, exact, otherPlay, flags, stood, ambiguous int }

// welshDeadSensors plays three Welsh games a seed, seeds 1 to seeds,
// with sensors 3, 40 and 77 dead from the start (none under a checker of
// the starting position: a dead top slot hides a checker landed on it),
// as gammon simulate --rules welsh --games 3 --seed S --dead 3,40,77
// does, and replays each.
func welshDeadSensors(t *testing.T, seeds uint64) welshFigures {
	f := welshFigures{traces: int(seeds)}
	for seed := range seeds {
		opts := sim.DefaultOpts
		opts.Seed, opts.Dead = seed+1, []int{3, 40, 77}
		var trace bytes.Buffer
		played, err := sim.SimulateWelsh(&trace, [2]string{"White", "Black"}, 3, &opts)
		if err != nil {
			t.Fatal(err)
		}
		var plays [][]Event // per game, the events that record a play
		p, w, _, err := OpenWelshTrace(&trace, func(e Event) {
			switch e.Kind {
			case GameStarted:
				plays = append(plays, nil)
			case PlayMade, IllegalAccepted:
				plays[len(plays)-1] = append(plays[len(plays)-1], e)
				f.ambiguous += b2i(e.Ambiguous)
				f.stood += b2i(e.Kind == IllegalAccepted)
			case IllegalPlay:
				f.flags++
			}
		})
		if err == nil {
			err = p.Run()
		}
		if err != nil {
			t.Fatalf("seed %d: %v", seed+1, err)
		}
		var got, want bytes.Buffer
		w.Record().WriteTo(&got)
		played.WriteTo(&want)
		if got.String() == want.String() {
			f.exact++
		}
		if g, k := firstOtherPlay(w.Record(), played); g >= 0 && k < len(plays[g]) && plays[g][k].Kind == PlayMade && !plays[g][k].Ambiguous {
			f.otherPlay++
			t.Logf("seed %d game %d: the %d. play recorded is %s, not the one made", seed+1, g+1, k+1, plays[g][k].Notation)
		}
	}
	return f
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSetCalibration: a referee starts with a model of the reference
// board, so it judges from its first frame; a calibration replaces it,
// and one that is invalid is refused, the model kept.
func TestSetCalibration(t *testing.T) {
	for _, r := range []*Referee{newResignFixture(t, 1).r, NewWelsh(welsh.NewRecorder("Ann", "Bob", 0), sensing.NewVirtualClock(time.Unix(0, 0)), func(Event) {})} {
		first := r.SensorModel()
		if first == nil || first.Geometry() != calib.ReferenceBoard {
			t.Fatalf("a new referee's model %v: want one of the reference board", first)
		}
		small := calib.ReferenceBoard
		small.Slots = 5
		if err := r.SetCalibration(&calib.Calibration{Board: small}); err != nil {
			t.Fatal(err)
		}
		if m := r.SensorModel(); m == first || m.Geometry() != small {
			t.Errorf("after SetCalibration the model is of %+v, want a new one of %+v", m.Geometry(), small)
		}
		kept := r.SensorModel()
		if err := r.SetCalibration(&calib.Calibration{}); err == nil || r.SensorModel() != kept {
			t.Errorf("SetCalibration of no geometry: %v, the model changed %v: want refused, kept", err, r.SensorModel() != kept)
		}
	}
}

// firstOtherPlay returns the game and the index among its plays of the
// first play got records otherwise than want, or -1, -1.
func firstOtherPlay(got, want *welsh.Record) (game, play int) {
	for g := range min(len(got.Games), len(want.Games)) {
		a, b := playsOf(&got.Games[g]), playsOf(&want.Games[g])
		for k := range min(len(a), len(b)) {
			if a[k] != b[k] {
				return g, k
			}
		}
	}
	return -1, -1
}

// playsOf returns a game's plays, each its moves written out in order
// (a record writes a play's moves in an order of its own).
func playsOf(g *welsh.GameRecord) []string {
	var plays []string
	for _, a := range g.Actions {
		if a.Kind == welsh.ActPlay {
			moves := make([]string, len(a.Moves))
			for i, m := range a.Moves {
				moves[i] = fmt.Sprint(m)
			}
			slices.Sort(moves)
			plays = append(plays, strings.Join(moves, " "))
		}
	}
	return plays
}

// TestModelJudgeOffCentreRecordsNoOtherPlay: the recorded traces with
// checkers set down between two slots (seeds 1-3), judged by the sensor
// model: a play whose frame reads about as well as a position no legal
// play leaves is flagged, never recorded as the nearest legal play.
func TestModelJudgeOffCentreRecordsNoOtherPlay(t *testing.T) {
	t.Parallel()
	for _, name := range recordedNames {
		for _, seed := range []uint64{1, 2, 3} {
			want, trace, _ := transformRecorded(t, name, seed, []transform{setOffCentre(0.3)})
			if n := otherPlays(replayByModel(t, trace), want); n > 0 {
				t.Errorf("%s seed %d: %d games with a play judged that was not made", name, seed, n)
			}
		}
	}
}
