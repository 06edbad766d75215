package referee

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"gammond/calib"
	"gammond/engine/welsh"
	"gammond/internal/testmain"
	"gammond/sensing/sim"
)

// replayJudged runs a trace through the pipeline as OpenTrace makes it,
// each play at DONE judged by judging.
func replayJudged(t *testing.T, trace io.Reader, judging Judging) []Event {
	var events []Event
	p, h, err := OpenTrace(trace, func(e Event) { events = append(events, e) })
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Referee.SetJudging(judging, &h.Calibration); err != nil {
		t.Fatal(err)
	}
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	return events
}

// replayByModel is replay with the sensor model judging.
func replayByModel(t *testing.T, trace io.Reader) []Event { return replayJudged(t, trace, JudgeModel) }

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
// ±25% (two matches the classifier's occupancy read touches on), and
// dead sensors under the starting position's checkers, with the model
// judging. The simulated hands never move a checker after DONE: the
// model reads no touch there (the classifier reads weak or strong
// magnets as checkers moved). A dead sensor gives the model no evidence:
// what it hides is ambiguous in the model's judgement alone, not every
// play the classifier's masked slots could hide, so at most 0.5% of the
// turns are.
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

// TestMeasureJudges replays every behaviour's traces, simulated on the
// shared matches and turned from the recorded traces, and Welsh games
// with three dead sensors (seeds 1-10), through the whole pipeline with
// each judge, and logs the figures per behaviour and judge. A
// measurement: GAMMOND_MEASURE_JUDGES=1 runs it (=all: every shared
// match, else two).
func TestMeasureJudges(t *testing.T) {
	mode := os.Getenv("GAMMOND_MEASURE_JUDGES")
	if mode == "" {
		t.Skip("a measurement: GAMMOND_MEASURE_JUDGES=1 runs it")
	}
	sims := append([]behaviour{{"clean", func(*sim.Opts) {}}, drift, offCentre, hover, baselines, noCalib, lateDone, deadOnThem}, physicsBehaviours...)
	recs := append(append([]recordedBehaviour{{"as recorded", nil}}, recordedBehaviours...), physicsRecorded...)
	judges := []Judging{JudgeClassifier, JudgeModel}
	t.Run("simulated", func(t *testing.T) {
		files := sharedMatches(t)
		if mode != "all" {
			files = []string{files[3], files[10]}
		}
		figures := make([][2]judgeFigures, len(sims))
		t.Cleanup(func() { logJudges(t, "simulated", figures, func(k int) string { return sims[k].name }) })
		eachSimulated(t, sims, files, []float64{0, 0.15}, func(t *testing.T, k int, trace []byte, want *sim.Expect) {
			for i, j := range judges {
				figures[k][i].replayJudged(t, trace, want, j)
			}
		})
	})
	t.Run("recorded", func(t *testing.T) {
		figures := make([][2]judgeFigures, len(recs))
		t.Cleanup(func() { logJudges(t, "recorded", figures, func(k int) string { return recs[k].name }) })
		eachRecorded(t, recs, func(t *testing.T, k int, trace []byte, want *sim.Expect) {
			for i, j := range judges {
				figures[k][i].replayJudged(t, trace, want, j)
			}
		})
	})
	t.Run("welsh dead sensors", func(t *testing.T) {
		for _, j := range judges {
			welshDeadSensors(t, j, 10).log(t, j)
		}
	})
}

func (f welshFigures) log(t *testing.T, j Judging) {
	t.Logf("welsh, sensors 3, 40, 77 dead, %s: %d of %d traces exact, %d a play judged at DONE that was not made, %d flags (%d let stand), %d turns ambiguous",
		j, f.exact, f.traces, f.otherPlay, f.flags, f.stood, f.ambiguous)
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
	f := welshDeadSensors(t, JudgeModel, seeds)
	f.log(t, JudgeModel)
	if f.otherPlay > 0 {
		t.Errorf("%d traces with a play judged that was not made", f.otherPlay)
	}
	if f.stood > 0 {
		t.Errorf("%d legal plays let stand as illegal", f.stood)
	}
}

// judgeFigures count a behaviour's replays with one judge: exactness's,
// and the games where a play judged at DONE, not reported ambiguous, was
// another than the one made (the first such turn of a game whose plays
// were right until then).
type judgeFigures struct {
	exactness
	otherPlay atomic.Int64
}

// logJudges logs each behaviour's figures with each judge.
func logJudges(t *testing.T, kind string, figures [][2]judgeFigures, name func(k int) string) {
	for k := range figures {
		for i, j := range []Judging{JudgeClassifier, JudgeModel} {
			f := &figures[k][i]
			f.log(t, fmt.Sprintf("%s %s: %s (%d games with a play judged that was not made)", kind, name(k), j, f.otherPlay.Load()))
		}
	}
}

// replayJudged replays the trace with each play judged by judging and
// counts it.
func (f *judgeFigures) replayJudged(t *testing.T, trace []byte, want *sim.Expect, judging Judging) {
	events := replayJudged(t, bytes.NewReader(trace), judging)
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
// does, and replays each with every play judged by judging.
func welshDeadSensors(t *testing.T, judging Judging, seeds uint64) welshFigures {
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
		p, w, h, err := OpenWelshTrace(&trace, func(e Event) {
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
			err = p.Referee.SetJudging(judging, &h.Calibration)
		}
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
			t.Logf("%s, seed %d game %d: the %d. play recorded is %s, not the one made", judging, seed+1, g+1, k+1, plays[g][k].Notation)
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

// TestModelJudgeJournal: the sensor model judges on the frames the
// settled inputs carry, so the journal of the inputs rebuilds the same
// match.
func TestModelJudgeJournal(t *testing.T) {
	t.Parallel()
	inputsReplayToTheSameMatch(t, "match-010-illegal.trace.jsonl", JudgeModel)
}

// TestSetJudging: the judges by name, and a name that is none.
func TestSetJudging(t *testing.T) {
	r, _ := newClockToolsReferee(t, 1)
	cal := calib.Calibration{Board: calib.ReferenceBoard} // levels to learn
	for _, j := range []Judging{JudgeModel, JudgeClassifier, ""} {
		if err := r.SetJudging(j, &cal); err != nil {
			t.Fatalf("SetJudging(%q): %v", j, err)
		}
		if want := cmp.Or(j, JudgeModel); r.Judging() != want {
			t.Errorf("SetJudging(%q): judging %q", j, r.Judging())
		}
	}
	if err := r.SetJudging("oracle", &cal); err == nil {
		t.Error("SetJudging(oracle) took it")
	}
	if _, err := ParseJudging("oracle"); err == nil {
		t.Error("ParseJudging(oracle) took it")
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
