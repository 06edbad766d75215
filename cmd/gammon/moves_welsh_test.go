package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"gammond/engine"
	"gammond/engine/welsh"
)

// TestWelshMovesOpening64 lists the opening 6-4 of Welsh backgammon: the
// man across the stream and on to 8 is there, and every position after is
// a Welsh one.
func TestWelshMovesOpening64(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"moves", "--rules", "welsh", "4HPwATDgc/ABMA", "64"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	found := false
	for _, line := range lines {
		play, id, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("line %q is not <play>\\t<position ID>", line)
		}
		b, err := engine.ParsePositionID(id)
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if err := welsh.Validate(&b); err != nil {
			t.Errorf("line %q: %v", line, err)
		}
		found = found || play == "13/12 12/8"
	}
	if !found {
		t.Errorf("no 13/12 12/8 among\n%s", stdout.String())
	}
	if len(lines) == len(engine.LegalPlays(engine.StartingBoard, engine.Dice{6, 4})) {
		t.Errorf("as many plays as the standard game's: --rules welsh ignored?")
	}
}

func TestWelshMovesJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"moves", "--json", "--rules=welsh", "4HPwATDgc/ABMA", "6-4"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var plays []listedPlay
	if err := json.Unmarshal(stdout.Bytes(), &plays); err != nil {
		t.Fatalf("not a JSON array of plays: %v\n%s", err, stdout.String())
	}
	if want := len(welsh.LegalPlays(engine.StartingBoard, engine.Dice{6, 4})); len(plays) != want {
		t.Errorf("%d plays, want %d", len(plays), want)
	}
}

// TestWelshMovesBadInput: every bad input is one line on stderr, nothing on
// stdout, exit 2.
func TestWelshMovesBadInput(t *testing.T) {
	seven := engine.StartingBoard
	seven[engine.Mover][5] += 2 // 7 men on the 6-spike
	seven[engine.Mover][12] -= 2
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad position ID", []string{"4HPwATDgc/ABM", "64"}, "position ID"},
		{"bad dice", []string{"4HPwATDgc/ABMA", "74"}, "no die shows 7"},
		{"one die without a full spread", []string{"4HPwATDgc/ABMA", "4"}, "full spread"},
		{"seven men on a spike", []string{seven.PositionID(), "64"}, "more than six men"},
		{"no dice", []string{"4HPwATDgc/ABMA"}, "want 2 argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"moves", "--rules", "welsh"}, tc.args...)
			if code := run(args, &stdout, &stderr); code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			first, _, _ := strings.Cut(stderr.String(), "\n")
			if !strings.Contains(first, tc.want) || !strings.HasPrefix(first, "gammon moves: ") {
				t.Errorf("stderr %q: want a line saying %q", stderr.String(), tc.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
		})
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"moves", "--rules", "wales", "4HPwATDgc/ABMA", "64"}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), `unknown --rules "wales"`) {
		t.Errorf("--rules wales: exit %d, stderr %q", code, stderr.String())
	}
}

// TestWelshMovesOneDie: a player with a full spread may throw one die.
func TestWelshMovesOneDie(t *testing.T) {
	var b engine.Board
	for p := 7; p <= 12; p++ {
		b[engine.Mover][p-1] = 1
	}
	b[engine.Mover][5] = 2
	b[engine.Opponent][5] = 2
	var stdout, stderr bytes.Buffer
	if code := run([]string{"moves", "--rules", "welsh", b.PositionID(), "1"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if want := len(welsh.Plays(b, welsh.Throw{Dice: engine.Dice{1}, OneDie: true})); want == 0 || strings.Count(stdout.String(), "\n") != want {
		t.Errorf("one die: got\n%s, want %d plays", stdout.String(), want)
	}
}
