package referee

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gammond/engine"
	"gammond/sensing"
)

// BenchmarkReplay replays the 5-point match-002 trace (about three minutes
// of play, illegal plays and cube actions included) through the whole
// pipeline. Target: at least 1000 times faster than real time
// (the x-realtime metric).
func BenchmarkReplay(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join(tracesDir, "match-002-illegal.trace.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	var played time.Duration
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		var last time.Time
		p, _, err := OpenTrace(bytes.NewReader(raw), func(e Event) { last = e.At })
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Run(); err != nil {
			b.Fatal(err)
		}
		played = last.Sub(time.Unix(0, 0))
	}
	perReplay := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(played)/float64(perReplay), "x-realtime")
}

// restingPipeline returns a pipeline fed the first frame of a trace, and
// a function that feeds it that frame again 10 ms later.
func restingPipeline(tb testing.TB) func() {
	raw, err := os.ReadFile(filepath.Join(tracesDir, "match-004.trace.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	p, _, err := OpenTrace(bytes.NewReader(raw), func(Event) {})
	if err != nil {
		tb.Fatal(err)
	}
	it, err := p.Source.Next()
	if err != nil || it.Kind != sensing.FrameItem {
		tb.Fatalf("first item %v, %v: want a frame", it.Kind, err)
	}
	frame := append([]uint16(nil), it.Frame...)
	at := it.At
	return func() {
		at = at.Add(10 * time.Millisecond)
		if err := p.Step(sensing.Item{At: at, Kind: sensing.FrameItem, Frame: frame}); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkPipelineFrame feeds frames of a board at rest through the
// pipeline (settling on the raw readings, the referee): the per-frame
// path.
func BenchmarkPipelineFrame(b *testing.B) {
	step := restingPipeline(b)
	b.ReportAllocs()
	for b.Loop() {
		step()
	}
}

func TestPipelineFrameAllocatesNothing(t *testing.T) {
	step := restingPipeline(t)
	if a := testing.AllocsPerRun(1000, step); a != 0 {
		t.Fatalf("%v allocations per frame, want 0", a)
	}
}

// BenchmarkDecisionsTraces times the referee's decisions on every turn of
// the shared traces: judging the play at DONE (the turn's matcher started
// on the roll, then the board after matched), and deciding the end of the
// game on the position it left (both sides' outlook, as a concession is
// decided). It reports the slowest of each (worst-judge-ns, worst-end-ns),
// a decision's time being its fastest over the sweeps (run -benchtime=5x:
// on a busy machine one time can be a preemption); ns/op is the whole
// sweep. Target: both at most 1e6 (1 ms), under qemu-aarch64 too.
func BenchmarkDecisionsTraces(b *testing.B) {
	var turns []Event
	for _, name := range []string{"match-002-illegal", "match-004", "match-007", "match-010-illegal"} {
		for _, e := range replayTrace(b, filepath.Join(tracesDir, name+".trace.jsonl")) {
			if e.Kind == PlayMade || e.Kind == IllegalAccepted {
				turns = append(turns, e)
			}
		}
	}
	matches := make([]*engine.Match, len(turns))
	for i, e := range turns {
		m, err := engine.NewMatch(0, engine.MatchOpts{})
		if err != nil {
			b.Fatal(err)
		}
		if err := m.StartGame(e.OnRoll); err != nil {
			b.Fatal(err)
		}
		matches[i] = m
	}
	var matcher engine.Matcher
	judge, end := fastest(len(turns)), fastest(len(turns))
	for b.Loop() {
		for i, e := range turns {
			start := time.Now()
			matcher.Start(e.Before, e.Side, e.Dice)
			o := engine.OccupancyOf(&e.Board, e.OnRoll, 6, 4)
			matcher.Match(&o)
			judge.time(i, start)
			start = time.Now()
			matches[i].Outlook(engine.White, e.Board, engine.Dice{})
			matches[i].Outlook(engine.Black, e.Board, engine.Dice{})
			end.time(i, start)
		}
	}
	b.ReportMetric(judge.worst(), "worst-judge-ns")
	b.ReportMetric(end.worst(), "worst-end-ns")
}

// times keeps each case's fastest time over the sweeps of a benchmark.
type times []time.Duration

func fastest(n int) times {
	t := make(times, n)
	for i := range t {
		t[i] = time.Hour
	}
	return t
}

// time notes case i's time since start.
func (t times) time(i int, start time.Time) { t[i] = min(t[i], time.Since(start)) }

// worst returns the slowest case's time, in nanoseconds.
func (t times) worst() float64 {
	var w time.Duration
	for _, d := range t {
		w = max(w, d)
	}
	return float64(w.Nanoseconds())
}

// BenchmarkDeriveMoves writes random illegal plays from random positions
// as moves, as an accepted illegal play is written; it reports the slowest
// (worst-ns, each its fastest over the sweeps, as BenchmarkDecisionsTraces).
// Target: at most 1e6 (1 ms), under qemu-aarch64 too.
func BenchmarkDeriveMoves(b *testing.B) {
	type illegal struct {
		before, after engine.Board
		d             engine.Dice
	}
	r := rand.New(rand.NewPCG(8, 1))
	var plays []illegal
	for len(plays) < 1000 {
		before, d := randomPosition(r), randomDice(r)
		if after, ok := randomIllegal(r, before, d); ok {
			plays = append(plays, illegal{before, after, d})
		}
	}
	each := fastest(len(plays))
	for b.Loop() {
		for i := range plays {
			p := &plays[i]
			start := time.Now()
			if _, err := deriveMoves(&p.before, &p.after, engine.White, p.d); err != nil {
				b.Fatal(err)
			}
			each.time(i, start)
		}
	}
	b.ReportMetric(each.worst(), "worst-ns")
}
