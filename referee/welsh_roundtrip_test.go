package referee

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/internal/testmain"
	"gammond/sensing/sim"
)

// TestWelshSimulateRoundTrip: random Welsh matches played by the simulated
// hand onto a board trace (sim.SimulateWelsh, with noise, spikes, tries of
// illegal plays put right) transcribe exactly through the whole pipeline
// (settling, the sensor model, the Welsh referee) to the record the
// players made.
// Over the seeds the records hold stream crossings, rovers moving back,
// check-outs, dances, and every option a player takes on the board:
// doubles, nominates (the trace's nominate event), one-die throws with a
// full spread (CUBE held), offers to concede (the trace's offer event)
// accepted and rejected, and acey-deuceys thrown again.
func TestWelshSimulateRoundTrip(t *testing.T) {
	t.Parallel()
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	games, want := 25, slices.Concat(welshFeatures, welshOptions)
	if testmain.Trimmed() {
		seeds, games, want = seeds[:2], 3, welshFeatures
	}
	seen := map[string]int{}
	for _, seed := range seeds {
		opts := sim.DefaultOpts
		opts.Seed, opts.IllegalRate = seed, 0.1
		var trace bytes.Buffer
		played, err := sim.SimulateWelsh(&trace, [2]string{"Ann", "Bob"}, games, &opts)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var flags, accepted int
		p, w, h, err := OpenWelshTrace(bytes.NewReader(trace.Bytes()), func(e Event) {
			switch e.Kind {
			case IllegalPlay:
				flags++
			case IllegalAccepted:
				accepted++
			}
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if h.Match.Rules != engine.RulesWelsh {
			t.Fatalf("seed %d: the trace header's rules are %q", seed, h.Match.Rules)
		}
		if err := p.Run(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var got, wantText bytes.Buffer
		w.Record().WriteTo(&got)
		played.WriteTo(&wantText)
		if got.String() != wantText.String() {
			t.Fatalf("seed %d: transcribed:\n%s\n--- played:\n%s", seed, got.String(), wantText.String())
		}
		if accepted > 0 || len(welsh.Check(w.Record())) > 0 {
			t.Fatalf("seed %d: %d illegal plays stood, findings %v", seed, accepted, welsh.Check(w.Record()))
		}
		seen["flags"] += flags
		countWelshFeatures(played, seen)
	}
	t.Logf("over %d seeds: %v", len(seeds), seen)
	for _, feature := range want {
		if seen[feature] == 0 {
			t.Errorf("no %s in the simulated matches: %v", feature, seen)
		}
	}
}

// welshFeatures are what every run of TestWelshSimulateRoundTrip covers;
// welshOptions the options too rare for a trimmed run (two matches of
// three games: an offer to concede comes about once in thirty games, a full
// spread not much more often), which the full run (twelve matches of 25
// games, about 6.5 s) covers.
var (
	welshFeatures = []string{"flags", "crossing", "rover", "check-out", "roof", "double", "acey-deucey", "game end"}
	welshOptions  = []string{"nominate", "one die", "offer", "accept", "reject"}
)

// countWelshFeatures counts the record's stream crossings, rovers' backward
// moves, check-outs, entries from the roof, the options taken (doubles,
// nominates, one-die throws, offers to concede and their answers,
// acey-deuceys) and games ended.
func countWelshFeatures(rec *welsh.Record, seen map[string]int) {
	for _, g := range rec.Games {
		if g.End != nil {
			seen["game end"]++
		}
		for _, a := range g.Actions {
			switch a.Kind {
			case welsh.ActDouble:
				seen["double"]++
			case welsh.ActAceyDeucey:
				seen["acey-deucey"]++
			case welsh.ActNominate:
				seen["nominate"]++
			case welsh.ActOffer:
				seen["offer"]++
			case welsh.ActAccept:
				seen["accept"]++
			case welsh.ActReject:
				seen["reject"]++
			case welsh.ActThrow:
				if a.Throw.OneDie {
					seen["one die"]++
				}
			}
			for _, m := range a.Moves {
				from, to := int(m.From), int(m.To)
				switch {
				case from == engine.Bar:
					seen["roof"]++
				case to == engine.Off:
					seen["check-out"]++
				case to > from:
					seen["rover"]++
				case from >= 13 && from <= 18 && to <= 12: // across the stream
					seen["crossing"]++
				}
			}
		}
	}
}

// TestWelshSimulateBehaviours: random Welsh matches with a real board's
// and a real hand's habits (simulate_behaviour_test.go's behaviours:
// drift, checkers set down off-centre or held hovering, DONE pressed with
// the last man in the hand, dead sensors under the starting position's
// men) replay through the one referee to the record the players made.
// A play the dead sensors leave in doubt is reported ambiguous; no other
// play differs.
func TestWelshSimulateBehaviours(t *testing.T) {
	t.Parallel()
	bs := []behaviour{drift, offCentre, hover, lateDone, deadOnThem,
		all(drift, offCentre, hover, lateDone), all(drift, deadOnThem), all(drift, lateDone, deadOnThem)}
	seeds := []uint64{1, 2, 3, 4, 5, 6}
	if testmain.Trimmed() {
		bs, seeds = bs[len(bs)-3:], seeds[:1]
	}
	for _, b := range bs {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s/seed=%d", b.name, seed), func(t *testing.T) {
				t.Parallel()
				opts := sim.DefaultOpts
				opts.Seed = seed
				b.set(&opts)
				var trace bytes.Buffer
				played, err := sim.SimulateWelsh(&trace, [2]string{"Ann", "Bob"}, 3, &opts)
				if err != nil {
					t.Fatal(err)
				}
				var ambiguous int
				p, rec, _, err := OpenWelshTrace(bytes.NewReader(trace.Bytes()), func(e Event) {
					if e.Kind == PlayMade && e.Ambiguous {
						ambiguous++
					}
				})
				if err != nil {
					t.Fatal(err)
				}
				if err := p.Run(); err != nil {
					t.Fatal(err)
				}
				var got, want bytes.Buffer
				rec.Record().WriteTo(&got)
				played.WriteTo(&want)
				if got.String() != want.String() {
					t.Fatalf("%d plays ambiguous; transcribed:\n%s\n--- played:\n%s", ambiguous, got.String(), want.String())
				}
				if b.name != deadOnThem.name && !strings.Contains(b.name, deadOnThem.name) && ambiguous > 0 {
					t.Errorf("%d plays ambiguous with no dead sensor", ambiguous)
				}
			})
		}
	}
}
