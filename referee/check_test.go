package referee

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/internal/testmain"
	"gammond/sensing"
	"gammond/sensing/sim"
)

// probes are inputs of every kind a player or the director gives, for
// either side, asked about at every point of a match.
var probes = func() []Input {
	var in []Input
	for _, side := range []engine.Side{engine.White, engine.Black} {
		in = append(in,
			Input{Kind: InputRoll, Side: side, Dice: engine.Dice{3, 1}}, Input{Kind: InputRoll, Side: side, Dice: engine.Dice{4, 4}},
			Input{Kind: InputDone, Side: side}, Input{Kind: InputDouble, Side: side}, Input{Kind: InputTake, Side: side},
			Input{Kind: InputDrop, Side: side}, Input{Kind: InputResign, Side: side, Points: 2}, Input{Kind: InputAccept, Side: side},
			Input{Kind: InputReject, Side: side}, Input{Kind: InputEarlyRollChoice, Side: side, Reroll: true},
			Input{Kind: InputOutOfPlay, Side: side, Points: 1}, Input{Kind: InputBeaver, Side: side},
			Input{Kind: InputNominate, Side: side, Dice: engine.Dice{5, 5}}, Input{Kind: InputConcede, Side: side, Games: 1},
			Input{Kind: InputOneDie, Side: side}, Input{Kind: InputAceyDeucey, Side: side},
			Input{Kind: InputOddsEvens, Side: side, Dice: engine.Dice{2, 3}, Odds: true})
	}
	return append(in, Input{Kind: InputLetStand}, Input{Kind: InputForceAccept}, Input{Kind: InputScore, Score: [2]int{1, 2}},
		Input{Kind: InputClockIntroduce, Clock: engine.ClockUS}, Input{Kind: InputAnnulCrawford}, Input{Kind: InputPause, Paused: true})
}()

// checkAlongside applies a match's inputs to a referee build makes,
// asking Check about each first, and about every probe at every tenth
// input: asking must change nothing, and each answer must be what
// applying the input gives, refused or not; for the probes, applied to a
// referee brought to the same point afresh, at six points of the match.
// Under -short or -race it asks about every tenth input, the probes at
// every hundredth, every fifth probe applied afresh at one point.
func checkAlongside(t *testing.T, build func() (*Referee, *sensing.VirtualClock), inputs []Input) {
	t.Helper()
	r, clock := build()
	refusals, probed := 0, 0
	// The probes are asked about every probeEvery inputs, and applied
	// afresh every afresh inputs.
	probeEvery, afresh, checkEvery, probeStep := 10, len(inputs)/6+1, 1, 1
	if testmain.Trimmed() {
		probeEvery, afresh, checkEvery, probeStep = 100, len(inputs)*2/3, 10, 5
	}
	for i, in := range inputs {
		clock.Set(in.At)
		if i%probeEvery == 0 {
			for k, q := range probes {
				q.At = in.At
				before := r.Status()
				err := r.Check(q)
				if err != nil && !errors.Is(err, ErrRefused) {
					t.Fatalf("input %d: Check(%v): %v, want ErrRefused", i, q.Kind, err)
				}
				if !reflect.DeepEqual(r.Status(), before) {
					t.Fatalf("input %d: Check(%v) changed the referee", i, q.Kind)
				}
				if i%afresh < probeEvery && i > 0 && k%probeStep == 0 {
					probed++
					fresh, freshClock := build()
					for _, done := range inputs[:i] {
						freshClock.Set(done.At)
						fresh.Apply(done)
					}
					freshClock.Set(in.At)
					fresh.refused = ""
					fresh.Apply(q)
					if (fresh.refused != "") != (err != nil) {
						t.Fatalf("input %d: Check(%v) = %v, but applying it refused %q", i, q.Kind, err, fresh.refused)
					}
				}
				if err != nil {
					refusals++
				}
			}
		}
		if i%checkEvery != 0 {
			r.Apply(in)
			continue
		}
		r.refused = ""
		err := r.Check(in)
		r.Apply(in)
		if (r.refused != "") != (err != nil) {
			t.Fatalf("input %d: Check(%v) = %v, applying it refused %q", i, in.Kind, err, r.refused)
		}
	}
	t.Logf("%d inputs; %d probes refused, %d applied afresh", len(inputs), refusals, probed)
}

// TestCheckAnswersAsApply: the referee's answer to "would you take this
// input now" is what taking it does, for a recorded standard match with
// illegal plays and a simulated Welsh one, and for inputs of every kind
// at every tenth point; and asking changes nothing.
func TestCheckAnswersAsApply(t *testing.T) {
	t.Run("standard", func(t *testing.T) {
		t.Parallel()
		p, h, err := OpenTrace(openTestdata(t, "match-002-illegal.trace.jsonl"), func(Event) {})
		if err != nil {
			t.Fatal(err)
		}
		checkAlongside(t, func() (*Referee, *sensing.VirtualClock) {
			clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
			m, err := engine.NewMatch(h.Match.Length, engine.MatchOpts{})
			if err != nil {
				t.Fatal(err)
			}
			return New(m, clock, func(Event) {}), clock
		}, pipelineInputs(t, p))
	})
	t.Run("welsh", func(t *testing.T) {
		t.Parallel()
		opts := sim.DefaultOpts
		opts.Seed, opts.IllegalRate = 3, 0.1
		var trace bytes.Buffer
		if _, err := sim.SimulateWelsh(&trace, [2]string{"Ann", "Bob"}, 3, &opts); err != nil {
			t.Fatal(err)
		}
		p, _, _, err := OpenWelshTrace(&trace, func(Event) {})
		if err != nil {
			t.Fatal(err)
		}
		checkAlongside(t, func() (*Referee, *sensing.VirtualClock) {
			clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
			return NewWelsh(welsh.NewRecorder("Ann", "Bob", 0), clock, func(Event) {}), clock
		}, pipelineInputs(t, p))
	})
}

// pipelineInputs runs the pipeline and returns the inputs it delivers,
// none of them applied.
func pipelineInputs(t *testing.T, p *Pipeline) []Input {
	var inputs []Input
	p.Deliver = func(in Input) { inputs = append(inputs, in) }
	if err := p.Run(); err != nil {
		t.Fatal(err)
	}
	return inputs
}

// TestOpeningRollCheck: the referee refuses the standard game's opening
// roll of doubles (each player throws one die, and a tie is thrown again,
// US 9.3), and takes a Welsh game's first throw of doubles (rule 7); a
// clock stopped between games takes no penalty.
func TestOpeningRollCheck(t *testing.T) {
	clock := sensing.NewVirtualClock(time.Unix(0, 0).UTC())
	m, err := engine.NewMatch(5, engine.MatchOpts{})
	if err != nil {
		t.Fatal(err)
	}
	standard := New(m, clock, func(Event) {})
	rules, err := engine.ClockRulesNamed(engine.ClockUS)
	if err != nil {
		t.Fatal(err)
	}
	c, err := engine.NewClock(rules, 5, [2]int{})
	if err != nil {
		t.Fatal(err)
	}
	standard.SetClock(c)
	welshRef := NewWelsh(welsh.NewRecorder("Ann", "Bob", 0), clock, func(Event) {})
	for _, r := range []*Referee{standard, welshRef} {
		newSensorBoard(t, r).show(engine.StartingBoard, engine.White)
	}
	doubles := Input{Kind: InputRoll, Side: engine.Black, Dice: engine.Dice{4, 4}}
	if err := standard.Check(doubles); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "US 9.3") {
		t.Errorf("the standard game's opening doubles: %v, want refused (US 9.3)", err)
	}
	if err := standard.Check(Input{Kind: InputRoll, Side: engine.Black, Dice: engine.Dice{4, 3}}); err != nil {
		t.Errorf("the standard game's opening 4-3: %v", err)
	}
	if err := welshRef.Check(doubles); err != nil {
		t.Errorf("a Welsh first throw of doubles: %v", err)
	}
	if err := standard.Check(Input{Kind: InputPenalty, Side: engine.White}); !errors.Is(err, ErrRefused) {
		t.Errorf("a penalty with no turn on the clock: %v, want refused", err)
	}
}
