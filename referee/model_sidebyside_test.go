package referee

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// The side-by-side harness: every behaviour's traces through today's
// pipeline (the classifier, the referee) and through the sensor model
// (calib.Model) judging each DONE on the candidates the turn can leave,
// the turns aligned with the trace's expectation. The model is not wired
// into the referee: this compares what each would decide.

// modelTurn is one turn of a trace as its expectation has it: the mover,
// the dice, the layouts of its legal results and of the board before it,
// which of the results is the play made, and what an illegal first
// attempt left (nil for none).
type modelTurn struct {
	side    engine.Side
	dice    engine.Dice
	legal   []engine.Layout
	before  engine.Layout
	play    engine.Layout
	illegal *engine.Layout
	first   bool // the game's first turn: the board was just set up
}

// modelFigures counts the model's judgements at DONE.
type modelFigures struct {
	traces, turns, exact, ambiguous, wrongPlay, falseFlags atomic.Int64
	illegal, caught, missed                                atomic.Int64
	exactTraces                                            atomic.Int64
	withdrawn                                              atomic.Int64 // flags withdrawn at the roll
}

func (f *modelFigures) log(t *testing.T, name string) {
	t.Logf("%s: %d of %d traces exact; %d turns: %d exact, %d ambiguous, %d a different legal play, %d false flags, %d withdrawn at the roll; %d illegal first plays: %d flagged, %d missed",
		name, f.exactTraces.Load(), f.traces.Load(), f.turns.Load(), f.exact.Load(), f.ambiguous.Load(), f.wrongPlay.Load(), f.falseFlags.Load(),
		f.withdrawn.Load(), f.illegal.Load(), f.caught.Load(), f.missed.Load())
}

// expectedTurns lays out the expectation's turns, game by game, with the
// legal results of each.
func expectedTurns(want *sim.Expect) ([]modelTurn, error) {
	var gen engine.Generator
	var turns []modelTurn
	for g, game := range want.Games {
		before := engine.StartingBoard
		illegal := map[[2]int]string{}
		for _, il := range game.Illegal {
			illegal[[2]int{il.Turn, int(il.Side)}] = il.Played
		}
		for k, p := range game.Plays {
			after, err := engine.ParsePositionID(p.After)
			if err != nil {
				return nil, fmt.Errorf("game %d turn %d: %w", g+1, p.Turn, err)
			}
			mt := modelTurn{side: p.Side, dice: p.Dice, play: engine.LayoutOf(&after, p.Side.Other()), before: engine.LayoutOf(&before, p.Side), first: k == 0}
			plays := gen.Plays(before, p.Dice)
			for i := range plays {
				mt.legal = append(mt.legal, engine.LayoutOf(&plays[i].After, p.Side.Other()))
			}
			if len(plays) == 0 {
				mt.legal = append(mt.legal, mt.before)
			}
			if id, ok := illegal[[2]int{p.Turn, int(p.Side)}]; ok {
				b, err := engine.ParsePositionID(id)
				if err != nil {
					return nil, fmt.Errorf("game %d turn %d: %w", g+1, p.Turn, err)
				}
				l := engine.LayoutOf(&b, p.Side.Other())
				mt.illegal = &l
			}
			turns = append(turns, mt)
			before = after
		}
	}
	return turns, nil
}

// legalResult reports whether the judgement reads a legal result: one,
// or several alike.
func legalResult(j *calib.Judgement) bool {
	return j.Verdict == calib.Played || j.Verdict == calib.Ambiguous
}

// traceModel returns a reader of the trace and a model of the board its
// header describes.
func traceModel(tb testing.TB, trace io.Reader) (*sensing.TraceReader, *calib.Model) {
	tr, err := sensing.NewTraceReader(trace, nil)
	if err != nil {
		tb.Fatal(err)
	}
	cal := tr.Header().Calibration
	m, err := calib.NewModel(&cal)
	if err != nil {
		tb.Fatal(err)
	}
	return tr, m
}

// turn returns the turn as the model judges it: with inHand, a checker
// may still be in the hand.
func (mt *modelTurn) turn(inHand bool) *calib.Turn {
	return &calib.Turn{Legal: mt.legal, Before: mt.before, Mover: mt.side, InHand: inHand}
}

// canMove reports whether the turn has a move.
func (mt *modelTurn) canMove() bool { return len(mt.legal) > 1 || mt.legal[0] != mt.before }

// judgeWithModel replays the trace through a calib.Model and judges each
// DONE as the turn's candidates score on the first settled frame from it
// (a DONE whose frame reads a checker still in the hand waits up to the
// done grace for it), learning from the start position and each play it
// judges. With confirm, a flag is confirmed at the roll, as the referee
// does: when the opponent rolls after it, the board is judged again on
// what it reads then, and a legal result of the flagged turn withdraws
// the flag. It returns whether every judgement was the expectation's.
func judgeWithModel(t *testing.T, trace io.Reader, want *sim.Expect, f *modelFigures, confirm bool) bool {
	tr, m := traceModel(t, trace)
	turns, err := expectedTurns(want)
	if err != nil {
		t.Fatal(err)
	}
	const grace = 2 * time.Second
	// The scan may stall up to 250 ms (HARDWARE.md) as a checker moves: a
	// trace writes no frame then, so the board reads still while it is
	// not. A DONE pressed during the last motion is judged on the board
	// as it reads once the scan cannot still be stalled.
	const scanStall = 250 * time.Millisecond
	next := 0                 // the next turn to roll
	last := [2]int{-1, -1}    // each side's last turn rolled
	attempts := map[int]int{} // DONEs judged per turn
	pending, pendingSince := -1, time.Time{}
	// tentative is the verdict, with no checker in the hand, of the
	// first settled frame judged while waiting, or of the last a legal
	// result explains (one, or several alike): the board at rest after
	// DONE as a legal result left it is the turn's, unless a checker
	// lands within the grace; what moves after that is the next turn's.
	var tentative *calib.Judgement
	exact := true
	start := engine.LayoutOf(&engine.StartingBoard, engine.White)
	flagged := -1 // a turn flagged at DONE, to be confirmed at the roll
	// standing counts a flag on a legal play that stands.
	standing := func() {
		f.turns.Add(1)
		f.falseFlags.Add(1)
		exact = false
	}
	// record counts the judgement, read at at, of a turn played legally:
	// the play made (learnt from, with learn), another legal play, or
	// ambiguous. It reports false for a flag, left to the caller.
	record := func(j calib.Judgement, mt *modelTurn, at time.Time, learn bool) bool {
		switch {
		case j.Verdict == calib.Played && mt.legal[j.Play] == mt.play:
			f.turns.Add(1)
			f.exact.Add(1)
			if learn {
				m.Learn(at, m.Frame(), &mt.play)
			}
		case j.Verdict == calib.Played:
			f.turns.Add(1)
			f.wrongPlay.Add(1)
			exact = false
		case j.Verdict == calib.Ambiguous:
			f.turns.Add(1)
			f.ambiguous.Add(1)
		default:
			return false
		}
		return true
	}
	// confirmAt judges the flagged turn again on the board as it reads
	// at at, the opponent's roll: a legal result withdraws the flag.
	confirmAt := func(at time.Time) {
		mt := &turns[flagged]
		flagged = -1
		m.Evaluate(at)
		switch j := m.Judge(mt.turn(false)); {
		case !record(j, mt, at, m.Settled(at)):
			standing()
		case j.Verdict == calib.Ambiguous || mt.legal[j.Play] == mt.play:
			f.withdrawn.Add(1)
		}
	}
	judge := func(at time.Time, final bool) {
		m.Evaluate(at)
		mt := &turns[pending]
		j := m.Judge(mt.turn(!final)) // at the end, the hand is empty: the board before the turn is all that is short of it
		atRest := final && tentative != nil && legalResult(tentative) && j.Verdict != calib.Played
		if atRest {
			j = *tentative // the frame now is not the one judged: nothing to learn from it
		}
		if testing.Verbose() && os.Getenv("GAMMOND_SIDE_BY_SIDE_TRACE") != "" && !final && j.Verdict != calib.Played {
			t.Logf("turn %d at %v (DONE %v): %v lead %.1f short %.1f, waiting", pending, at.Sub(time.Unix(0, 0)), pendingSince.Sub(time.Unix(0, 0)), j.Verdict, j.Lead, j.Short)
			logRivals(t, m, mt, j)
		}
		if !final && (j.Verdict == calib.InProgress || j.Verdict == calib.Ambiguous || tentative != nil && j.Verdict != calib.Played) {
			if jt := m.Judge(mt.turn(false)); mt.canMove() && (tentative == nil || legalResult(&jt)) {
				tentative = &jt
			}
			return // wait, as the referee does, for a checker still in the hand: only its landing decides before the grace ends
		}
		tentative = nil
		attempts[pending]++
		wantIllegal := mt.illegal != nil && attempts[pending] == 1
		flag := j.Verdict == calib.Illegal || j.Verdict == calib.InProgress // at the grace's end: a checker left unplayed
		switch {
		case wantIllegal:
			f.illegal.Add(1)
			if flag {
				f.caught.Add(1)
			} else {
				f.missed.Add(1)
				exact = false
			}
		case record(j, mt, at, !atRest):
		case confirm:
			flagged = pending
		default:
			standing()
		}
		if testing.Verbose() && os.Getenv("GAMMOND_SIDE_BY_SIDE_TRACE") != "" && (j.Verdict != calib.Played || wantIllegal || mt.legal[j.Play] != mt.play) {
			t.Logf("turn %d side %v dice %v at %v: %v lead %.1f short %.1f (want illegal %v)", pending, mt.side, mt.dice, at.Sub(time.Unix(0, 0)), j.Verdict, j.Lead, j.Short, wantIllegal)
			var o engine.Occupancy
			m.Best(&o)
			t.Logf("  DONE at %v; result %v", pendingSince.Sub(time.Unix(0, 0)), layoutDiff(&mt.legal[j.Play], &start))
			t.Logf("  departs from the legal result on %v; reads %v bar %v", m.Departures(nil, &mt.legal[j.Play]), o.Points, o.Bar)
			t.Logf("  true play is legal %v of %d; the board before %.1f vs read, departs on %v", slices.Index(mt.legal, mt.play), len(mt.legal),
				m.Score(&mt.before)-m.Best(&o), m.Departures(nil, &mt.before))
			logRivals(t, m, mt, j)
		}
		pending = -1
	}
	followed := time.Time{}
	for {
		it, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if at := m.SettledAt(); pending >= 0 && !at.After(it.At) {
			// The held frame, judged when it settled, or once the scan
			// cannot still be stalled on the last motion after DONE, and
			// again at the grace's end if it was short then.
			if first := pendingSince.Add(scanStall); at.Before(first) {
				at = first
			}
			if !at.After(it.At) {
				judge(at, at.Sub(pendingSince) >= grace)
			}
			if end := pendingSince.Add(grace); pending >= 0 && (!it.At.Before(end) || it.Kind == sensing.EventItem) {
				if it.At.Before(end) {
					end = it.At
				}
				judge(end, true) // the grace is over, or a press ends the turn
			}
		}
		if it.Kind == sensing.FrameItem {
			if settled := m.Observe(it.At, it.Frame); settled && it.At.Sub(followed) > time.Second {
				m.Evaluate(it.At)
				m.Follow(it.At)
				followed = it.At
			}
			continue
		}
		if flagged >= 0 && it.Event.Kind == sensing.Done {
			standing() // judged again at this DONE, not at a roll
			flagged = -1
		}
		switch it.Event.Kind {
		case sensing.Roll:
			if flagged >= 0 && it.Event.Side != turns[flagged].side {
				confirmAt(it.At)
			}
			if next < len(turns) && turns[next].side == it.Event.Side && turns[next].dice == it.Event.Dice {
				if turns[next].first && m.Settled(it.At) {
					m.Learn(it.At, m.Frame(), &start)
				}
				last[it.Event.Side] = next
				next++
			}
		case sensing.Done:
			if k := last[it.Event.Side]; k >= 0 {
				pending, pendingSince = k, it.At
			}
		}
	}
	if pending >= 0 {
		judge(pendingSince.Add(grace), true)
	}
	if flagged >= 0 {
		standing() // no roll came: the match ended on it
	}
	if testing.Verbose() && os.Getenv("GAMMOND_SIDE_BY_SIDE_TRACE") != "" {
		for i := range m.Geometry().Sensors() {
			if m.Silent(i) {
				t.Logf("silent at the end: sensor %d (%v)", i, m.Geometry().Place(i))
			}
		}
	}
	f.traces.Add(1)
	if exact {
		f.exactTraces.Add(1)
	}
	return exact
}

// logRivals logs the turn's candidates, legal or the board before it,
// that come within FitMargin of the judgement's play.
func logRivals(t *testing.T, m *calib.Model, mt *modelTurn, j calib.Judgement) {
	best := m.Score(&mt.legal[j.Play])
	for _, c := range append(slices.Clone(mt.legal), mt.before) {
		if s := m.Score(&c); s > best-calib.FitMargin && c != mt.legal[j.Play] {
			t.Logf("  rival %.1f differs on %v; departs on %v", s-best, layoutDiff(&c, &mt.legal[j.Play]), m.Departures(nil, &c))
		}
	}
}

// TestSideBySide replays every behaviour, simulated on the shared
// matches and turned from the recorded traces, through today's pipeline
// and the sensor model, and logs both's figures. A measurement:
// GAMMOND_SIDE_BY_SIDE=1 runs it (=all: every shared match, else two).
func TestSideBySide(t *testing.T) {
	mode := os.Getenv("GAMMOND_SIDE_BY_SIDE")
	if mode == "" {
		t.Skip("a measurement: GAMMOND_SIDE_BY_SIDE=1 runs it")
	}
	sims := append([]behaviour{{"clean", func(*sim.Opts) {}}, drift, offCentre, hover, baselines, noCalib, lateDone, deadOnThem}, physicsBehaviours...)
	recs := append([]recordedBehaviour{{"as recorded", nil}}, recordedBehaviours...)
	recs = append(recs, physicsRecorded...)
	if f := os.Getenv("GAMMOND_SIDE_BY_SIDE_ONLY"); f != "" {
		sims = filterBehaviours(sims, f, func(b behaviour) string { return b.name })
		recs = filterBehaviours(recs, f, func(b recordedBehaviour) string { return b.name })
	}
	t.Run("simulated", func(t *testing.T) {
		files := sharedMatches(t)
		if mode != "all" {
			files = []string{files[3], files[10]}
		}
		sideBySide(t, "simulated", len(sims), func(k int) string { return sims[k].name }, func(use func(t *testing.T, k int, trace []byte, want *sim.Expect)) {
			eachSimulated(t, sims, files, []float64{0, 0.15}, use)
		})
	})
	t.Run("recorded", func(t *testing.T) {
		sideBySide(t, "recorded", len(recs), func(k int) string { return recs[k].name }, func(use func(t *testing.T, k int, trace []byte, want *sim.Expect)) {
			eachRecorded(t, recs, use)
		})
	})
}

// sideBySide replays each of n behaviours' traces, as each hands them,
// through today's pipeline and the model, and logs both's figures.
func sideBySide(t *testing.T, kind string, n int, name func(k int) string, each func(use func(t *testing.T, k int, trace []byte, want *sim.Expect))) {
	old, model, confirmed := make([]exactness, n), make([]modelFigures, n), make([]modelFigures, n)
	t.Cleanup(func() {
		for k := range n {
			old[k].log(t, kind+" "+name(k)+": today")
			model[k].log(t, kind+" "+name(k)+": model")
			confirmed[k].log(t, kind+" "+name(k)+": model, flags confirmed at the roll")
		}
	})
	each(func(t *testing.T, k int, trace []byte, want *sim.Expect) {
		if os.Getenv("GAMMOND_SIDE_BY_SIDE_MODEL_ONLY") == "" {
			old[k].replay(t, trace, want)
		}
		judgeWithModel(t, bytes.NewReader(trace), want, &model[k], false)
		judgeWithModel(t, bytes.NewReader(trace), want, &confirmed[k], true)
	})
}

// filterBehaviours keeps the behaviours whose name contains one of the
// comma-separated words.
func filterBehaviours[B any](bs []B, words string, name func(B) string) []B {
	var kept []B
	for _, b := range bs {
		for _, w := range strings.Split(words, ",") {
			if strings.Contains(name(b), w) {
				kept = append(kept, b)
				break
			}
		}
	}
	return kept
}

// layoutDiff returns the points where two layouts differ, with both
// counts.
func layoutDiff(a, b *engine.Layout) string {
	var d []string
	for side := range 2 {
		for p := range 26 {
			if a[side][p] != b[side][p] {
				d = append(d, fmt.Sprintf("%v@%d:%d/%d", engine.Side(side), p, a[side][p], b[side][p]))
			}
		}
	}
	return strings.Join(d, " ")
}

// BenchmarkModelDecisionWorst is the model's decision at DONE on the
// turn of the shared matches with the most legal results (2-2 with 447,
// and four thousand positions with a checker still in the hand): the
// frame at its DONE evaluated and every candidate scored. Target: 1 ms.
func BenchmarkModelDecisionWorst(b *testing.B) {
	var trace []byte
	var turns []modelTurn
	worst := -1
	for _, file := range sharedMatches(b) {
		script, err := readScript(file)
		if err != nil {
			b.Fatal(err)
		}
		opts := sim.DefaultOpts
		opts.Seed = 11
		var buf bytes.Buffer
		want, err := sim.Simulate(&buf, script, &opts)
		if err != nil {
			b.Fatal(err)
		}
		ts, err := expectedTurns(want)
		if err != nil {
			b.Fatal(err)
		}
		for k := range ts {
			if worst < 0 || len(ts[k].legal) > len(turns[worst].legal) {
				trace, turns, worst = buf.Bytes(), ts, k
			}
		}
	}
	m, at := modelAtDone(b, trace, turns, worst)
	mt := &turns[worst]
	b.ReportAllocs()
	turn := mt.turn(true)
	for b.Loop() {
		m.Evaluate(at)
		m.Judge(turn)
	}
	b.ReportMetric(float64(len(mt.legal)), "legal")
}

// modelAtDone returns a model that has read the trace up to the DONE of
// turn k, and when that DONE was pressed.
func modelAtDone(b *testing.B, trace []byte, turns []modelTurn, k int) (*calib.Model, time.Time) {
	tr, m := traceModel(b, bytes.NewReader(trace))
	next := 0
	for {
		it, err := tr.Next()
		if err != nil {
			b.Fatalf("no DONE of turn %d: %v", k, err)
		}
		switch {
		case it.Kind == sensing.FrameItem:
			m.Observe(it.At, it.Frame)
		case it.Event.Kind == sensing.Roll && next < len(turns) && turns[next].side == it.Event.Side && turns[next].dice == it.Event.Dice:
			next++
		case it.Event.Kind == sensing.Done && next == k+1 && it.Event.Side == turns[k].side:
			return m, it.At
		}
	}
}
