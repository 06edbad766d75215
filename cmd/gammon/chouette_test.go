package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeSession writes a session file in a temporary directory.
func writeSession(t *testing.T, session string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "session.json")
	if err := os.WriteFile(name, []byte(session), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestChouetteBooks: a five-member session with passes by partners and by
// the captain, a newcomer and the box's rotations, scored by hand.
func TestChouetteBooks(t *testing.T) {
	name := writeSession(t, `{"players": ["Ann", "Bob", "Cy", "Dan"],
 "opening": {"Ann": 4, "Bob": 4, "Cy": 6, "Dan": 1, "rethrow": {"Ann": 2, "Bob": 5}},
 "games": [
   {"cube": [{"by": "box", "to": 2, "drops": ["Dan"]}], "winner": "box", "points": 1},
   {"join": ["Eve"], "cube": [{"by": "box", "to": 2, "drops": ["Ann"]}, {"by": "captain", "to": 4}], "winner": "team", "points": 2},
   {"cube": [{"by": "captain", "to": 2, "drops": ["Dan"]}]}
 ]}`)
	// Ranks: Cy 6, Bob and Ann 4 (Bob 5, Ann 2 again), Dan 1.
	// Game 1, [Cy Bob Ann Dan]: Dan passes (-1); Cy wins 2 from Bob and
	// Ann: Cy +5, Bob -2, Ann -2, Dan -1; Bob last: [Cy Ann Dan Bob].
	// Game 2, [Cy Ann Dan Bob Eve]: Ann, captain, passes (-1, Cy +1); Dan
	// captains, redoubles to 4, and wins a gammon, 8 each with Bob and
	// Eve: Cy -24; Ann loses her post, Cy retires: [Dan Bob Eve Ann Cy].
	// Game 3: Dan, in the box, passes Bob's double: 1 each to Bob, Eve,
	// Ann, Cy, and retires: [Bob Eve Ann Cy Dan].
	want := chouetteBooks{
		Scores: map[string]float64{"Ann": -2, "Bob": 7, "Cy": -17, "Dan": 3, "Eve": 9},
		Box:    "Bob", Captain: "Eve", Order: []string{"Bob", "Eve", "Ann", "Cy", "Dan"},
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"chouette", "--json", name}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, want 0: %s", code, stderr.String())
	}
	var got chouetteBooks
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("--json output %q: %v", stdout.String(), err)
	}
	if !maps.Equal(got.Scores, want.Scores) || got.Box != want.Box || got.Captain != want.Captain || !slices.Equal(got.Order, want.Order) {
		t.Fatalf("books %+v, want %+v", got, want)
	}

	stdout.Reset()
	if code := run([]string{"chouette", name}, &stdout, &stderr); code != exitOK {
		t.Fatalf("table: exit %d, want 0: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 7 || lines[0] != "after 3 game(s): box Bob, captain Eve" ||
		strings.Join(strings.Fields(lines[2]), " ") != "1 Bob box 7" ||
		strings.Join(strings.Fields(lines[4]), " ") != "3 Ann partner -2" {
		t.Fatalf("table:\n%s", stdout.String())
	}
}

func TestChouetteBadInput(t *testing.T) {
	for _, tc := range []struct{ name, session, want string }{
		{"an unknown member", `{"players": ["Ann", "Bob", "Cy"], "games": [{"winner": "box", "points": 1}, {"cube": [{"by": "box", "to": 2, "drops": ["Zed"]}], "winner": "box", "points": 1}]}`,
			"game 2: double 1 (box to 2): drops: Zed: not a member"},
		{"a drop by the wrong side", `{"players": ["Ann", "Bob", "Cy"], "games": [{"cube": [{"by": "captain", "to": 2, "drops": ["Cy"]}], "winner": "box", "points": 1}]}`,
			"game 1: double 1 (captain to 2): drops: Cy: on the wrong side to answer"},
		{"not the next double", `{"players": ["Ann", "Bob", "Cy"], "games": [{"cube": [{"by": "box", "to": 2}, {"by": "captain", "to": 8}], "winner": "box", "points": 1}]}`,
			"game 1: double 2 (captain to 8): 8 is not the next double: the cube is at 2, the next double is 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run([]string{"chouette", writeSession(t, tc.session)}, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit %d, want 2", code)
			}
			if !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
				t.Fatalf("stderr %q, stdout %q; want %q on stderr only", stderr.String(), stdout.String(), tc.want)
			}
		})
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"chouette"}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "usage: gammon chouette") {
		t.Fatalf("no argument: exit %d, %q; want 2 and the usage", code, stderr.String())
	}
	if code := run([]string{"chouette", filepath.Join(t.TempDir(), "none.json")}, &stdout, &stderr); code != exitUsage {
		t.Fatalf("a missing file: exit %d, want 2", code)
	}
}
