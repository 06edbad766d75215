package referee

import (
	"bytes"
	"testing"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/internal/testmain"
	"gammond/sensing/sim"
)

// TestWelshSimulateRoundTrip: random Welsh matches played by the simulated
// hand onto a board trace (sim.SimulateWelsh, with noise, spikes, tries of
// illegal plays put right) transcribe exactly through the whole pipeline
// (classify, settle, the Welsh referee) to the record the players made.
// Over the seeds the records hold stream crossings, rovers moving back,
// check-outs, dances, doubles and acey-deuceys.
func TestWelshSimulateRoundTrip(t *testing.T) {
	t.Parallel()
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	if testmain.Trimmed() {
		seeds = seeds[:3]
	}
	seen := map[string]int{}
	for _, seed := range seeds {
		opts := sim.DefaultOpts
		opts.Seed, opts.IllegalRate = seed, 0.1
		var trace bytes.Buffer
		want, err := sim.SimulateWelsh(&trace, [2]string{"Ann", "Bob"}, 4, &opts)
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
		want.WriteTo(&wantText)
		if got.String() != wantText.String() {
			t.Fatalf("seed %d: transcribed:\n%s\n--- played:\n%s", seed, got.String(), wantText.String())
		}
		if accepted > 0 || len(welsh.Check(w.Record())) > 0 {
			t.Fatalf("seed %d: %d illegal plays stood, findings %v", seed, accepted, welsh.Check(w.Record()))
		}
		seen["flags"] += flags
		countWelshFeatures(want, seen)
	}
	t.Logf("over %d seeds: %v", len(seeds), seen)
	for _, want := range []string{"flags", "crossing", "rover", "check-out", "roof", "double", "acey-deucey", "game end"} {
		if seen[want] == 0 {
			t.Errorf("no %s in the simulated matches: %v", want, seen)
		}
	}
}

// countWelshFeatures counts the record's stream crossings, rovers' backward
// moves, check-outs, entries from the roof, doubles, acey-deuceys and
// games ended.
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
