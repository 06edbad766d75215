package mat

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gammond/engine"
)

// head is a valid start of a record; the malformed cases append to it.
const head = "; [EventDate \"2026.11.22\"]\n\n 5 point match\n\n Game 1\n White : 0                      Black : 0\n"

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, input string
		line        int
		want        string // part of the message
	}{
		{"empty", "", 1, `no "N point match" line`},
		{"header only", "; [Site \"x\"]\n", 1, `no "N point match" line`},
		{"junk header", "; [Site \"x\"]\nhello\n", 2, `found "hello" where a header line`},
		{"huge length", "99999999999999999999 point match\n", 1, `match length "99999999999999999999"`},
		{"move before game", " 5 point match\n  1) 31: 8/5 6/5\n", 2, `before the first "Game" line`},
		{"no score line", " 5 point match\n Game 1\n", 2, "game 1 has no score line"},
		{"bad score line", " 5 point match\n Game 1\n White 0 Black 0\n", 3, "where the score line"},
		{"players change", head + " Game 2\n Red : 0   Black : 1\n", 8, `players "Red" and "Black", but game 1 had "White" and "Black"`},
		{"bad dice", head + "  1) 71: 8/1\n", 7, `found "71:" where a roll`},
		{"bad move", head + "  1) 31: 8/5 6/x\n", 7, `roll 31: bad move notation "8/5 6/x"`},
		{"double without value", head + "  1)  Doubles\n", 7, `"Doubles" without "=> N"`},
		{"double to 1", head + "  1)  Doubles => 1\n", 7, "cube value 1 is less than 2"},
		{"win without points", head + "      Wins big\n", 7, `"Wins" without "N point(s)"`},
		{"win of 0", head + "      Wins 0 points\n", 7, "a win of 0 points"},
		{"three actions", head + "  1) 31: 8/5 6/5   42: 8/4 6/4  Takes\n", 7, "move 1 has 3 actions"},
		{"no action", head + "  1)\n", 7, "move 1 has no action"},
		{"roll without number", head + "     31: 8/5 6/5\n", 7, `where a numbered move or a "Wins" line belongs`},
		{"action after win", head + "  1) 31: 8/5 6/5\n      Wins 1 point\n  2) 42: 8/4 6/4\n", 9, "a roll after the game was won"},
		{"action after win on its line", head + "  1)  Wins 1 point  Takes\n", 7, "a take after the game was won"},
		{"play after ???", head + "  1) 31: ??? 8/5\n", 7, `found "??? 8/5" after "???"`},
		{"long line", head + "  1) 31: " + strings.Repeat("8/5 ", maxLine/4) + "\n", 7, "line longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.input), "match.mat")
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v, want a *SyntaxError", err)
			}
			if se.Line != tt.line || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want line %d and %q", err, tt.line, tt.want)
			}
			if prefix := "match.mat:"; !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error %q does not start with %q", err, prefix)
			}
		})
	}
}

// moves parses a play for a test's expectations.
func moves(t *testing.T, s string) []engine.Move {
	t.Helper()
	m, err := engine.ParseMoves(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestReadXG reads a record with XG's variations: a byte order mark, CRLF,
// XG's tags, a combined move, unmarked hits, "Cannot Move", a long left
// cell, "???" and "and the match". Written, it is GNU Backgammon's layout
// with the plays resolved.
func TestReadXG(t *testing.T) {
	file := filepath.Join(matDir, "xg-variants.mat")
	roll := func(d engine.Dice, play string) Action {
		a := Action{Kind: Roll, Dice: d}
		if play != "" {
			a.Moves = moves(t, play)
		}
		return a
	}
	want := &Match{
		Length: 3,
		Tags: []Tag{
			{"Site", "eXtreme Gammon"}, {"Match ID", "-246338669"},
			{"Player 1", "Anna Maria"}, {"Player 2", "Bo"},
			{"Player 1 Elo", "1600.00/0"}, {"Player 2 Elo", "1600.00/0"},
			{"EventDate", "2026.11.22"}, {"EventTime", "14.05"},
			{"Variation", "Backgammon"}, {"Unrated", "Off"}, {"Crawford", "On"},
			{"CubeLimit", "1024"}, {"Event", "Club Night"}, {"Round", "Round 2"},
			{"Transcriber", "gammond"},
		},
		Players: [2]string{"Anna Maria", "Bo"},
		Games: []Game{{
			Number: 1,
			Turns: []Turn{
				{1, [2]Action{roll(engine.Dice{3, 1}, "8/5 6/5"), roll(engine.Dice{6, 4}, "24/14")}},
				{2, [2]Action{roll(engine.Dice{6, 2}, "13/11 13/7"), roll(engine.Dice{5, 5}, "")}},
				{3, [2]Action{roll(engine.Dice{4, 4}, "24/20 24/20 20/16 20/16"), roll(engine.Dice{2, 1}, "25/23 6/5")}},
				{4, [2]Action{{Kind: Double, Cube: 2}, {Kind: Take}}},
				{5, [2]Action{{Kind: Resign, Dice: engine.Dice{6, 3}}, {Kind: Win, Points: 2}}},
			},
		}, {
			Number: 2,
			Score:  [2]int{0, 2},
			Turns: []Turn{
				{1, [2]Action{{}, roll(engine.Dice{5, 2}, "13/8 24/22")}},
				{2, [2]Action{roll(engine.Dice{4, 3}, "24/20 13/10"), roll(engine.Dice{6, 6}, "13/7 13/7 8/2 8/2")}},
				{0, [2]Action{{}, {Kind: Win, Points: 1, AndMatch: true}}},
			},
		}},
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	plain := strings.ReplaceAll(strings.TrimPrefix(string(data), "\uFEFF"), "\r\n", "\n")
	for name, input := range map[string]string{"as XG writes it": string(data), "without BOM and CR": plain} {
		t.Run(name, func(t *testing.T) {
			got, err := Read(strings.NewReader(input), file)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, want)
			}
		})
	}
	t.Run("written", func(t *testing.T) {
		golden, err := os.ReadFile(file + ".want")
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := want.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if b.String() != string(golden) {
			t.Errorf("written record differs from %s.want:\n%s", file, firstDiff(b.String(), string(golden)))
		}
	})
}
