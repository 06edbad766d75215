package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gammond/internal/testmain"
	"gammond/sensing/sim"
)

// tracesDir holds the board traces recorded on R1 and their .expect.json.
var tracesDir = filepath.Join("..", "testdata", "traces")

// replayTrace runs a trace through the whole pipeline and returns the
// referee's events.
func replayTrace(tb testing.TB, name string) []Event {
	tb.Helper()
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var events []Event
	p, _, err := OpenTrace(f, func(e Event) { events = append(events, e) })
	if err != nil {
		tb.Fatal(err)
	}
	if err := p.Run(); err != nil {
		tb.Fatal(err)
	}
	return events
}

func TestReplayTraces(t *testing.T) {
	names := []string{"match-004", "match-007", "match-010-illegal", "match-002-illegal"}
	if testmain.Trimmed() { // the two short ones, a fifth of the frames: CI's full run replays all
		names = []string{"match-004", "match-010-illegal"}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, err := sim.ReadExpect(openTestdata(t, name+".expect.json"))
			if err != nil {
				t.Fatal(err)
			}
			events := replayTrace(t, filepath.Join(tracesDir, name+".trace.jsonl"))
			checkReplay(t, events, want)
			checkUntouched(t, events)
		})
	}
}

// gameSummary is a game's events in the form of an .expect.json.
type gameSummary struct {
	plays, cube, illegal []string
	result               string
}

func summarize(events []Event) []gameSummary {
	var games []gameSummary
	for _, e := range events {
		if e.Kind == GameStarted {
			games = append(games, gameSummary{})
		}
		if len(games) == 0 {
			continue
		}
		g := &games[len(games)-1]
		switch e.Kind {
		case PlayMade:
			g.plays = append(g.plays, fmt.Sprintf("turn %d side %d %v %s", e.Turn, e.Side, e.Dice, e.Play.After.PositionID()))
		case IllegalPlay:
			g.illegal = append(g.illegal, fmt.Sprintf("turn %d side %d", e.Turn, e.Side))
		case Withdrawn: // the flag never stood
			g.illegal = g.illegal[:len(g.illegal)-1]
		case Doubled:
			g.cube = append(g.cube, fmt.Sprintf("double %d %d", e.Side, e.Turn))
		case Taken:
			g.cube = append(g.cube, fmt.Sprintf("take %d %d", e.Side, e.Turn))
		case Dropped:
			g.cube = append(g.cube, fmt.Sprintf("drop %d %d", e.Side, e.Turn))
		case GameOver:
			g.result = fmt.Sprintf("winner %d points %d", e.Side, e.Result.Points)
		}
	}
	return games
}

func compare(t testing.TB, what string, got, want []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("%s: first difference at %d:\n got %q\nwant %q\n(%d got, %d want)", what, i, g, w, len(got), len(want))
			return
		}
	}
}

// openTestdata opens a file of ../testdata/traces, closed when the test ends.
func openTestdata(tb testing.TB, name string) *os.File {
	tb.Helper()
	f, err := os.Open(filepath.Join(tracesDir, name))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}

// checkUntouched checks that the recorded hands touch nothing after DONE
// (US 4.3) but to set the board up again after a game given up.
func checkUntouched(t *testing.T, events []Event) {
	t.Helper()
	abandoned := map[int]bool{}
	for _, e := range events {
		if e.Kind == Irregularity && strings.HasPrefix(e.Reason, "game abandoned") {
			abandoned[e.Game] = true
		}
	}
	for _, e := range events {
		if e.Kind == Touched && !abandoned[e.Game] {
			t.Errorf("game %d turn %d: %s", e.Game, e.Turn, e.Reason)
		}
	}
}
