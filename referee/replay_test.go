package referee

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"gammond/engine"
)

// expectation is a trace's .expect.json: what a correct replay produces.
type expectation struct {
	MatchLength int `json:"match_length"`
	Games       []struct {
		Plays []struct {
			Turn  int         `json:"turn"`
			Side  engine.Side `json:"side"`
			Dice  engine.Dice `json:"dice"`
			After string      `json:"after"`
		} `json:"plays"`
		Cube    [][3]any `json:"cube"`
		Illegal []struct {
			Turn int         `json:"turn"`
			Side engine.Side `json:"side"`
		} `json:"illegal"`
		Winner engine.Side `json:"winner"`
		Points int         `json:"points"`
	} `json:"games"`
}

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
	for _, name := range []string{"match-004", "match-007", "match-010-illegal", "match-002-illegal"} {
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile("testdata/" + name + ".expect.json")
			if err != nil {
				t.Fatal(err)
			}
			var want expectation
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			got := summarize(replayTrace(t, "testdata/"+name+".trace.jsonl"))
			if len(got) != len(want.Games) {
				t.Errorf("%d games, want %d", len(got), len(want.Games))
			}
			for g := range min(len(got), len(want.Games)) {
				w := want.Games[g]
				var wantPlays, wantCube, wantIllegal []string
				for _, p := range w.Plays {
					wantPlays = append(wantPlays, fmt.Sprintf("turn %d side %d %v %s", p.Turn, p.Side, p.Dice, p.After))
				}
				for _, c := range w.Cube {
					wantCube = append(wantCube, fmt.Sprintf("%v %v %v", c[0], c[1], c[2]))
				}
				for _, i := range w.Illegal {
					wantIllegal = append(wantIllegal, fmt.Sprintf("turn %d side %d", i.Turn, i.Side))
				}
				compare(t, fmt.Sprintf("game %d plays", g+1), got[g].plays, wantPlays)
				compare(t, fmt.Sprintf("game %d cube", g+1), got[g].cube, wantCube)
				compare(t, fmt.Sprintf("game %d illegal", g+1), got[g].illegal, wantIllegal)
				if got[g].result != fmt.Sprintf("winner %d points %d", w.Winner, w.Points) {
					t.Errorf("game %d: %s, want winner %d points %d", g+1, got[g].result, w.Winner, w.Points)
				}
			}
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

func compare(t *testing.T, what string, got, want []string) {
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

// openTestdata opens a file of testdata, closed when the test ends.
func openTestdata(tb testing.TB, name string) *os.File {
	tb.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}
