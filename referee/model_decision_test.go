package referee

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"gammond/calib"
	"gammond/engine"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// modelTurn is one turn of a trace as its expectation has it: the mover,
// the dice, and the layouts of its legal results and of the board before
// it.
type modelTurn struct {
	side   engine.Side
	dice   engine.Dice
	legal  []engine.Layout
	before engine.Layout
}

// expectedTurns lays out the expectation's turns, game by game, with the
// legal results of each.
func expectedTurns(want *sim.Expect) ([]modelTurn, error) {
	var gen engine.Generator
	var turns []modelTurn
	for g, game := range want.Games {
		before := engine.StartingBoard
		for _, p := range game.Plays {
			after, err := engine.ParsePositionID(p.After)
			if err != nil {
				return nil, fmt.Errorf("game %d turn %d: %w", g+1, p.Turn, err)
			}
			mt := modelTurn{side: p.Side, dice: p.Dice, before: engine.LayoutOf(&before, p.Side)}
			plays := gen.Plays(before, p.Dice)
			for i := range plays {
				mt.legal = append(mt.legal, engine.LayoutOf(&plays[i].After, p.Side.Other()))
			}
			if len(plays) == 0 {
				mt.legal = append(mt.legal, mt.before)
			}
			turns = append(turns, mt)
			before = after
		}
	}
	return turns, nil
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
