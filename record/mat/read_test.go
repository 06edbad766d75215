package mat

import (
	"bytes"
	"errors"
	"io"
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
		{"junk only", "; [Site \"x\"]\nhello\n", 2, `no "N point match" line`},
		{"huge length", "99999999999999999999 point match\n", 1, `match length "99999999999999999999"`},
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

// TestReadSkipsLines checks that a line a reader cannot place is skipped
// with a warning naming the file and the line, as GNU Backgammon goes on
// past an "Unrecognised move", and that the lines around it are read.
func TestReadSkipsLines(t *testing.T) {
	const next = "  2) 42: 8/4 6/4\n"
	tests := []struct {
		name, line string
		want       string // part of the warning
		kept       int    // the line's turns kept (other cells than the skipped)
	}{
		{"bad dice", "  1) 71: 8/1\n", `found "71:" where a roll`, 0},
		{"bad move", "  1) 31: 8/5 6/x\n", `roll 31: bad move notation "8/5 6/x"`, 0},
		{"double without value", "  1)  Doubles\n", `"Doubles" without "=> N"`, 0},
		{"double to 1", "  1)  Doubles => 1\n", "cube value 1 is less than 2", 0},
		{"win without points", "      Wins big\n", `"Wins" without "N point(s)"`, 0},
		{"win of 0", "      Wins 0 points\n", "a win of 0 points", 0},
		{"three actions", "  1) 31: 8/5 6/5   42: 8/4 6/4  Takes\n", "move 1 has 3 actions", 0},
		{"roll without number", "     31: 8/5 6/5\n", `a line without a move number holds a "Wins"`, 0},
		{"action after win on its line", "  1)  Wins 1 point  Takes\n", "a take after the game was won", 0},
		{"play after ???", "  1) 31: ??? 8/5\n", `found "??? 8/5" after "???"`, 0},
		{"another move number inside", "  1) 31: 8/5 6/5  7)  Losses 1 point\n", `skipped "7)": move number 7 inside another move`, 1},
		{"words", "  hello world\n", `found "hello" where a roll`, 0},
		{"a cell of a line", "  1) 31: Illegal play            42: 8/4 6/4\n", `skipped "31: Illegal play": roll 31: bad move notation`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(head+tt.line+next), "match.mat")
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Warnings) != 1 {
				t.Fatalf("warnings %v, want one", m.Warnings)
			}
			w := m.Warnings[0]
			if w.File != "match.mat" || w.Line != 7 || !strings.Contains(w.String(), tt.want) || !strings.HasPrefix(w.String(), "match.mat:7: skipped") {
				t.Errorf("warning %q, want match.mat line 7 skipped and %q", w, tt.want)
			}
			if g := m.Games[0]; len(g.Turns) != tt.kept+1 || g.Turns[tt.kept].Number != 2 {
				t.Errorf("turns %+v, want %d of line 7 and move 2", g.Turns, tt.kept)
			}
		})
	}
}

// TestReadSkipsSiteLines: a site's own line before the header and more
// after a game's number are skipped, as GNU Backgammon skips them; a file
// of junk keeps a bounded list of warnings.
func TestReadSkipsSiteLines(t *testing.T) {
	m, err := Read(strings.NewReader("Exported by a site\n 1 point match\n\n Game 1 (Crawford)\n A : 0   B : 0\n  1) 31: 8/5 6/5\n"), "site.mat")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Warnings) != 1 || m.Warnings[0].Line != 1 || len(m.Games) != 1 || m.Games[0].Number != 1 || len(m.Games[0].Turns) != 1 {
		t.Errorf("warnings %v and games %+v, want line 1 skipped and game 1 read", m.Warnings, m.Games)
	}
	// Galaxy's record of a game resigned before the first roll.
	m, err = Read(strings.NewReader(" 2 point match\n\n Game 1\n  1)                              Losses 1 point\n      Wins 1 point\n"), "stub.mat")
	if err != nil {
		t.Fatal(err)
	}
	want := Game{Number: 1, Unscored: true, Turns: []Turn{{Actions: [2]Action{{Kind: Win, Points: 1}}}}}
	if len(m.Warnings) != 1 || !strings.Contains(m.Warnings[0].String(), "stub.mat:4: game 1 has no score line") || !reflect.DeepEqual(m.Games, []Game{want}) {
		t.Errorf("warnings %v, games %+v; want game 1 unscored, won by White", m.Warnings, m.Games)
	}
	m, err = Read(strings.NewReader(" 5 point match\n; a comment\n  1) 31: 8/5 6/5\n"), "early.mat")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Warnings) != 1 || !strings.Contains(m.Warnings[0].String(), `early.mat:3: skipped "1) 31: 8/5 6/5" before the first "Game" line`) || len(m.Comments) != 1 {
		t.Errorf("warnings %v, comments %q; want line 3 skipped and the comment kept", m.Warnings, m.Comments)
	}
	m, err = Read(strings.NewReader(head+" Game 2\n Red : 0   Black : 1\n"), "renamed.mat")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Warnings) != 1 || !strings.Contains(m.Warnings[0].String(), `renamed.mat:8: players "Red" and "Black", but the first game had "White" and "Black"`) || m.Players[0] != "White" {
		t.Errorf("warnings %v, players %q; want line 8 and the first game's names", m.Warnings, m.Players)
	}
	junk := strings.Repeat("junk\n", 3*maxWarnings) + " 1 point match\n"
	m, err = Read(strings.NewReader(junk), "junk.mat")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Warnings) != maxWarnings+1 || !strings.Contains(m.Warnings[maxWarnings].Msg, "the rest are not listed") {
		t.Errorf("%d warnings, the last %v; want %d and a last saying the rest are not listed", len(m.Warnings), m.Warnings[len(m.Warnings)-1], maxWarnings+1)
	}
}

// TestReadGalaxyAndStudio reads what Backgammon Galaxy and Backgammon
// Studio add to the format: the loser's "Losses" cell, after a play, alone
// and after the move number written again; an empty numbered line; a
// comment inside a game; an empty player name. None is a warning.
func TestReadGalaxyAndStudio(t *testing.T) {
	const start = " 5 point match\n\n Game 1\n lasse : 0                       : 0\n  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
	win := func(s engine.Side, points int, andMatch bool) Turn {
		t := Turn{}
		t.Actions[s] = Action{Kind: Win, Points: points, AndMatch: andMatch}
		return t
	}
	roll := Turn{1, [2]Action{{Kind: Roll, Dice: engine.Dice{3, 1}, Moves: moves(t, "8/5 6/5")}, {Kind: Roll, Dice: engine.Dice{4, 2}, Moves: moves(t, "8/4 6/4")}}}
	dbl := Turn{Number: 2, Actions: [2]Action{{Kind: Double, Cube: 2}}}
	for _, tt := range []struct {
		name, lines string
		want        []Turn
		comments    []string
	}{
		{"losses after a play", "  2) 52: 13/8 13/11                Losses 1 point\n      Wins 1 point\n",
			[]Turn{roll, {2, [2]Action{{Kind: Roll, Dice: engine.Dice{5, 2}, Moves: moves(t, "13/8 13/11")}}}, win(engine.White, 1, false)}, nil},
		{"losses alone", "  2)  Doubles => 2                 Drops\n  3)  Losses 1 point               Wins 1 point\n",
			[]Turn{roll, {2, [2]Action{{Kind: Double, Cube: 2}, {Kind: Drop}}}, win(engine.Black, 1, false)}, nil},
		{"move number again", "  2)  Doubles => 2   2)  Losses 1 point\n      Wins 1 point and the match\n",
			[]Turn{roll, dbl, win(engine.White, 1, true)}, nil},
		{"empty numbered line", "  2)  Doubles => 2\n  3)\n", []Turn{roll, dbl}, nil},
		{"comment", "; match aborted by tournament server\n  2)  Doubles => 2\n", []Turn{roll, dbl}, []string{"match aborted by tournament server"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(start+tt.lines), "galaxy.mat")
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Warnings) > 0 {
				t.Errorf("warnings %v, want none", m.Warnings)
			}
			if m.Players != [2]string{"lasse", ""} {
				t.Errorf("players %q, want lasse and no name", m.Players)
			}
			want := Game{Number: 1, Turns: tt.want, Comments: tt.comments}
			if !reflect.DeepEqual(m.Games[0], want) {
				t.Errorf("got\n%+v\nwant\n%+v", m.Games[0], want)
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

// TestReaderGameByGame: Reader gives the header, then each game once the
// line after it is read, then io.EOF; its warnings grow as it reads.
func TestReaderGameByGame(t *testing.T) {
	rec := head + "  1) 31: 8/5 6/5\n  2) junk\n\n Game 2\n White : 1   Black : 0\n  1) 42: 8/4 6/4\n"
	r := NewReader(strings.NewReader(rec), "two.mat")
	h, err := r.Header()
	if err != nil {
		t.Fatal(err)
	}
	if h.Length != 5 || h.Players != [2]string{"White", "Black"} || len(h.Games) != 0 || h.Tag(TagEventDate) != "2026.11.22" {
		t.Fatalf("header %+v", h)
	}
	for n := 1; n <= 2; n++ {
		g, err := r.Next()
		if err != nil || g.Number != n || len(g.Turns) != 1 {
			t.Fatalf("game %d: %+v, %v", n, g, err)
		}
		if len(r.Warnings()) != 1 {
			t.Errorf("after game %d, warnings %v, want line 8's", n, r.Warnings())
		}
	}
	if g, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last game: %+v, %v; want io.EOF", g, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("again: %v, want io.EOF", err)
	}
}

// "Resigns" and "Concedes", in either column, alone or after a roll, and
// with the points a writer may add, are a resignation: nothing skipped.
func TestReadResignations(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		side       int
		rolled     bool
	}{
		{"after a play", "  1) 31: 8/5 6/5                 Resigns", 1, false},
		{"studio's word", "  1) 31: 8/5 6/5                 Concedes", 1, false},
		{"with its points", "  1) 31: 8/5 6/5                 Resigns 2 points", 1, false},
		{"alone in the left column", "  1) Concedes", 0, false},
		{"after a roll", "  1) 52: Resigns", 0, true},
		{"lower case", "  1) 31: 8/5 6/5                 resigns", 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := " 1 point match\n\n Game 1\n A : 0                          B : 0\n" + tc.line + "\n"
			m, err := Read(strings.NewReader(rec), "r.mat")
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Warnings) > 0 || len(m.Games) != 1 || len(m.Games[0].Turns) != 1 {
				t.Fatalf("warnings %v, games %+v", m.Warnings, m.Games)
			}
			a := m.Games[0].Turns[0].Actions[tc.side]
			if a.Kind != Resign || a.Rolled() != tc.rolled {
				t.Errorf("%v's action %+v, want a resignation, rolled %v", tc.side, a, tc.rolled)
			}
		})
	}
}
