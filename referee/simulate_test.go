package referee

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"gammond/internal/testmain"
	"gammond/record/mat"
	"gammond/sensing/sim"
)

// TestSimulateRoundTrip plays every match of ../testdata/matches through the
// hand simulator, with and without illegal plays (when testmain.Trimmed: one seed,
// with illegal plays), replays each trace
// through the whole pipeline and gets the match back: every play and the
// position it leaves, the cube actions, the results, and exactly the turns
// first played illegally flagged. With illegal plays come early rolls (US
// 4.6) at the same rate, and every resignation ends its game by the
// trace's resign and accept (US 11.1).
func TestSimulateRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "matches", "*.mat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no match records in ../testdata/matches: %v", err)
	}
	seeds, rates := []uint64{1, 2, 3}, []float64{0, 0.15}
	if testmain.Trimmed() { // CI runs every match, seed and rate (.ci/run)
		files, seeds, rates = shortMatches(files), seeds[:1], rates[1:]
	}
	var runs, illegal, early atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d traces, %d turns first played illegally, %d early rolls", runs.Load(), illegal.Load(), early.Load())
		if early.Load() == 0 {
			t.Error("no early roll was simulated")
		}
	})
	for _, file := range files {
		script, err := readScript(file)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".mat")
		for _, rate := range rates {
			for _, seed := range seeds {
				t.Run(fmt.Sprintf("%s/illegal=%v/seed=%d", name, rate, seed), func(t *testing.T) {
					t.Parallel()
					opts := sim.DefaultOpts
					opts.Seed, opts.IllegalRate, opts.EarlyRollRate = seed, rate, rate
					var trace bytes.Buffer
					want, err := sim.Simulate(&trace, script, &opts)
					if err != nil {
						t.Fatal(err)
					}
					written := trace.String()
					var events []Event
					p, _, err := OpenTrace(&trace, func(e Event) { events = append(events, e) })
					if err != nil {
						t.Fatal(err)
					}
					if err := p.Run(); err != nil {
						t.Fatal(err)
					}
					checkReplay(t, events, want)
					checkResignations(t, written, events)
					early.Add(countEarlyRolls(t, events))
					runs.Add(1)
					for _, g := range want.Games {
						illegal.Add(int64(len(g.Illegal)))
					}
				})
			}
		}
	}
}

// checkResignations checks that every resignation the simulator wrote
// (US 11.1: the record's game ended by one) ended its game by the trace's
// resign and accept, never by the set-up inference.
func checkResignations(t *testing.T, trace string, events []Event) {
	t.Helper()
	written, resigned := strings.Count(trace, `"event":"resign"`), 0
	for _, e := range events {
		switch {
		case e.Kind == Resigned:
			resigned++
		case e.Kind == Irregularity && strings.HasPrefix(e.Reason, "game abandoned"):
			t.Errorf("game %d scored by inference: %s", e.Game, e.Reason)
		}
	}
	if resigned != written {
		t.Errorf("%d resignations accepted, the trace offers %d", resigned, written)
	}
}

// countEarlyRolls counts the early rolls held (US 4.6), each of which
// must stand as the next turn's roll: never an irregularity.
func countEarlyRolls(t *testing.T, events []Event) int64 {
	t.Helper()
	var n int64
	for i, e := range events {
		switch {
		case e.Kind == EarlyRoll:
			n++
			if !standsLater(events[i+1:], e) {
				t.Errorf("game %d turn %d: %v's early roll %v does not stand", e.Game, e.Turn, e.Side, e.Dice)
			}
		case e.Kind == Irregularity && strings.Contains(e.Reason, "rolled"),
			e.Kind == Touched: // the hands touch nothing after DONE (US 4.3)
			t.Errorf("game %d turn %d: %s", e.Game, e.Turn, e.Reason)
		}
	}
	return n
}

// standsLater reports whether the roll held in early is the next Rolled.
func standsLater(events []Event, early Event) bool {
	for _, e := range events {
		if e.Kind == Rolled {
			return e.Side == early.Side && e.Dice == early.Dice && e.Turn == early.Turn+1
		}
	}
	return false
}

// checkReplay compares a replay's events with what the simulator says a
// correct replay gives.
func checkReplay(t testing.TB, events []Event, want *sim.Expect) {
	t.Helper()
	got := summarizeResolved(events)
	if len(got) != len(want.Games) {
		t.Errorf("%d games, want %d", len(got), len(want.Games))
	}
	for g := range min(len(got), len(want.Games)) {
		w := want.Games[g]
		var plays, cube, illegal []string
		for _, p := range w.Plays {
			plays = append(plays, fmt.Sprintf("turn %d side %d %v %s", p.Turn, p.Side, p.Dice, p.After))
		}
		for _, c := range w.Cube {
			cube = append(cube, fmt.Sprintf("%s %d %d", c.Kind, c.Side, c.Turns))
		}
		for _, i := range w.Illegal {
			illegal = append(illegal, fmt.Sprintf("turn %d side %d", i.Turn, i.Side))
		}
		compare(t, fmt.Sprintf("game %d plays", g+1), got[g].plays, plays)
		compare(t, fmt.Sprintf("game %d cube", g+1), got[g].cube, cube)
		compare(t, fmt.Sprintf("game %d illegal", g+1), got[g].illegal, illegal)
		result := ""
		if w.Winner != nil {
			result = fmt.Sprintf("winner %d points %d", *w.Winner, w.Points)
		}
		if got[g].result != result {
			t.Errorf("game %d: %q, want %q", g+1, got[g].result, result)
		}
	}
}

// summarizeResolved is summarize with the plays of ambiguous turns as a
// later position resolved them.
func summarizeResolved(events []Event) []gameSummary {
	games := summarize(events)
	g := -1
	for _, e := range events {
		switch e.Kind {
		case GameStarted:
			g++
		case Resolved:
			for _, p := range e.Plays {
				line := fmt.Sprintf("turn %d side %d %v %s", p.Turn, p.Side, p.Dice, p.Play.After.PositionID())
				if i := p.Turn - 1; i < len(games[g].plays) && strings.HasPrefix(games[g].plays[i], fmt.Sprintf("turn %d ", p.Turn)) {
					games[g].plays[i] = line
				}
			}
		}
	}
	return games
}

// readScript reads the match record at file as the simulator's script.
func readScript(file string) (*sim.Script, error) {
	m, err := mat.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return m.Script()
}

// simulateShared plays the shared match of that name (testdata/matches)
// through the simulator with illegal plays at 0.15, the seed and the
// options set gives, and returns the trace and what its replay must give.
func simulateShared(t *testing.T, match string, seed uint64, set func(*sim.Opts)) (*bytes.Buffer, *sim.Expect) {
	t.Helper()
	script, err := readScript(filepath.Join("..", "testdata", "matches", match+".mat"))
	if err != nil {
		t.Fatal(err)
	}
	opts := sim.DefaultOpts
	opts.Seed, opts.IllegalRate = seed, 0.15
	set(&opts)
	var trace bytes.Buffer
	want, err := sim.Simulate(&trace, script, &opts)
	if err != nil {
		t.Fatal(err)
	}
	return &trace, want
}

// shortMatches is the matches played when testmain.Trimmed: the shared
// matches of under 4 KB, the 1-point ones and a 5-point one with its cube
// actions (the longer matches cost most under the race detector); CI's
// full run plays them all.
func shortMatches(files []string) []string {
	var short []string
	for _, f := range files {
		if info, err := os.Stat(f); err == nil && info.Size() < 4<<10 {
			short = append(short, f)
		}
	}
	return short
}
