package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// setUp returns a board with the side on roll's checkers on its points as
// given (Bar for its bar) and the opponent's checkers on the points where
// the side on roll sees them (Bar for the opponent's bar).
func setUp(mover, opponent map[int]uint8) Board {
	var b Board
	for p, n := range mover {
		b[Mover][p-1] = n
	}
	for p, n := range opponent {
		if p == Bar {
			b[Opponent][Bar-1] = n
		} else {
			b[Opponent][24-p] = n
		}
	}
	return b
}

func mv(from, to int8) Move  { return Move{From: from, To: to} }
func hit(from, to int8) Move { return Move{From: from, To: to, Hit: true} }

func TestParseMoves(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		want    []Move
	}{
		{"dance", "", nil},
		{"dance, spaces", "  \t ", nil},
		{"two moves", "24/18 13/11", []Move{mv(24, 18), mv(13, 11)}},
		{"enter and hit", "bar/22*", []Move{hit(25, 22)}},
		{"Bar", "Bar/22", []Move{mv(25, 22)}},
		{"b", "b/22", []Move{mv(25, 22)}},
		{"25", "25/22", []Move{mv(25, 22)}},
		{"off", "6/off", []Move{mv(6, 0)}},
		{"Off", "6/Off", []Move{mv(6, 0)}},
		{"0", "6/0", []Move{mv(6, 0)}},
		{"repeat", "13/7(2)", []Move{mv(13, 7), mv(13, 7)}},
		{"repeat four", "6/4(4)", []Move{mv(6, 4), mv(6, 4), mv(6, 4), mv(6, 4)}},
		{"both dice, one move", "24/16", []Move{mv(24, 16)}},
		{"chain with a hit", "24/20*/16", []Move{hit(24, 20), mv(20, 16)}},
		{"two hits", "8/6*/2* 4/2", []Move{hit(8, 6), hit(6, 2), mv(4, 2)}},
		{"repeat hits once", "24/23* 6/5*(2)", []Move{hit(24, 23), hit(6, 5), mv(6, 5)}},
		{"repeat a chain", "24/20*/16(2)", []Move{hit(24, 20), mv(20, 16), mv(24, 20), mv(20, 16)}},
		{"repeat then more", "13/9*(2) 11/7 6/2", []Move{hit(13, 9), mv(13, 9), mv(11, 7), mv(6, 2)}},
		{"gnubg, four moves", "bar/20* 23/18*/13 7/2", []Move{hit(25, 20), hit(23, 18), mv(18, 13), mv(7, 2)}},
		{"chain of four", "24/20/16/12/8", []Move{mv(24, 20), mv(20, 16), mv(16, 12), mv(12, 8)}},
		{"extra spaces", "  24/18   13/11 ", []Move{mv(24, 18), mv(13, 11)}},
		{"spaces inside", "24 / 18 * , 13/11 (2)", []Move{hit(24, 18), mv(13, 11), mv(13, 11)}},
		{"commas", "24/18,13/11", []Move{mv(24, 18), mv(13, 11)}},
		{"XG, one checker", "24/15", []Move{mv(24, 15)}},
		{".mat", "25/23 25/23 13/11 6/4", []Move{mv(25, 23), mv(25, 23), mv(13, 11), mv(6, 4)}},
		{".mat, off", "2/0 2/0", []Move{mv(2, 0), mv(2, 0)}},
		{"24 pips", "24/18(4)", []Move{mv(24, 18), mv(24, 18), mv(24, 18), mv(24, 18)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseMoves(tc.s)
			if err != nil {
				t.Fatalf("ParseMoves(%q): %v", tc.s, err)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("ParseMoves(%q) = %v, want %v", tc.s, got, tc.want)
			}
		})
	}
}

func TestParseMovesErrors(t *testing.T) {
	for _, tc := range []struct {
		name, s, want string // want: part of the message
	}{
		{"not a point", "13/x", `column 4: "x" is not a point`},
		{"no point 26", "26/20", "column 1: no point 26"},
		{"three digits", "100/5", "no point 100"},
		{"many digits", "99999999999999999999/5", "no point 9999"},
		{"backwards", "6/8", "6/8 moves backwards"},
		{"nowhere", "6/6", "6/6 does not move"},
		{"to the bar", "20/bar", "no move goes to the bar"},
		{"from off", "off/3", "borne off"},
		{"chain past off", "6/off/2", "borne off"},
		{"count 0", "13/7(0)", "count (0)"},
		{"count 5", "13/7(5)", "count (5)"},
		{"no count", "13/7()", "want a count"},
		{"count not a number", "13/7(x)", "want a count"},
		{"unclosed count", "13/7(2", "want ')'"},
		{"five moves", "6/5 6/5 6/5 6/5 6/5", "more than 4 moves"},
		{"five by repeat", "13/7(3) 8/2(2)", "more than 4 moves"},
		{"five in a chain", "24/23/22/21/20/19", "more than 4 moves"},
		{"more than four sixes", "24/11 13/1", "25 pips"},
		{"no slash", "24 18", "want '/' after point 24"},
		{"hit on the start", "24*/18", "want '/' after point 24"},
		{"trailing slash", "24/", "want a point, found the end"},
		{"leading slash", "/24", "column 1: want a point, found '/'"},
		{"double slash", "24//18", "want a point, found '/'"},
		{"a star alone", "*", "column 1: want a point, found '*'"},
		{"column of the second move", "24/18 13/x", `column 10: "x"`},
		{"semicolon", "24/18; 13/11", "found ';'"},
		{"point and word", "6off", `"6off" is not a point`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			moves, err := ParseMoves(tc.s)
			if !errors.Is(err, ErrNotation) {
				t.Fatalf("ParseMoves(%q) = %v, %v; want ErrNotation", tc.s, moves, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseMoves(%q) error %q, want it to say %q", tc.s, err, tc.want)
			}
		})
	}
}

func TestParseDice(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want Dice
	}{
		{"63", Dice{6, 3}},
		{"36", Dice{3, 6}},
		{"6-3", Dice{6, 3}},
		{"6 3", Dice{6, 3}},
		{"6/3", Dice{6, 3}},
		{"6,3", Dice{6, 3}},
		{" 6 - 3 ", Dice{6, 3}},
		{"11", Dice{1, 1}},
	} {
		t.Run(tc.s, func(t *testing.T) {
			got, err := ParseDice(tc.s)
			if err != nil || got != tc.want {
				t.Fatalf("ParseDice(%q) = %v, %v; want %v", tc.s, got, err, tc.want)
			}
		})
	}
}

func TestParseDiceErrors(t *testing.T) {
	for _, tc := range []struct{ name, s, want string }{
		{"empty", "", "found 0"},
		{"one die", "6", "found 1"},
		{"one die and a dash", "6-", "found 1"},
		{"seven", "73", "no die shows 7"},
		{"zero", "60", "no die shows 0"},
		{"letter", "x3", `'x' is not a die`},
		{"three dice", "633", `"3" after the two dice`},
		{"two dashes", "6--3", `'-' is not a die`},
		{"minus", "-6 3", `'-' is not a die`},
		{"full-width digits", "６３", `'６' is not a die`},
		{"a digit then a full-width one", "6３", `'３' is not a die`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseDice(tc.s)
			if !errors.Is(err, ErrDice) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseDice(%q) = %v, %v; want ErrDice saying %q", tc.s, d, err, tc.want)
			}
		})
	}
}

// The expected strings were checked with gnubg 1.07's movetupletostring.
func TestFormatPlay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board Board
		moves []Move
		want  string
	}{
		{"dance", StartingBoard, nil, ""},
		{"highest point first", StartingBoard, []Move{mv(6, 5), mv(8, 5)}, "8/5 6/5"},
		{"one checker, both dice", StartingBoard, []Move{mv(18, 13), mv(24, 18)}, "24/13"},
		{"double, any order", StartingBoard, []Move{mv(5, 2), mv(8, 5), mv(8, 5)}, "8/2 8/5"},
		{"alike", StartingBoard, []Move{mv(13, 7), mv(13, 7)}, "13/7(2)"},
		{"four alike", StartingBoard, []Move{mv(6, 4), mv(6, 4), mv(6, 4), mv(6, 4)}, "6/4(4)"},
		{"hit on the way", setUp(map[int]uint8{24: 2}, map[int]uint8{20: 1}), []Move{mv(24, 20), mv(20, 16)}, "24/20*/16"},
		{"hit at the end", setUp(map[int]uint8{24: 2}, map[int]uint8{16: 1}), []Move{mv(24, 20), mv(20, 16)}, "24/16*"},
		{"two hits on the way", setUp(map[int]uint8{24: 2}, map[int]uint8{20: 1, 16: 1}), []Move{mv(24, 20), mv(20, 16), mv(16, 12)}, "24/20*/16*/12"},
		{"a point is hit once", setUp(map[int]uint8{8: 3, 6: 5}, map[int]uint8{4: 1}), []Move{mv(6, 4), mv(8, 4)}, "8/4* 6/4"},
		{"alike with a hit", setUp(map[int]uint8{6: 5}, map[int]uint8{5: 1}), []Move{mv(6, 5), mv(6, 5)}, "6/5*(2)"},
		{"hits from the board, not Hit", setUp(map[int]uint8{6: 5}, map[int]uint8{5: 1}), []Move{mv(6, 4), hit(6, 3)}, "6/4 6/3"},
		{"bar and off", setUp(map[int]uint8{Bar: 1, 6: 2}, nil), []Move{mv(6, 0), mv(25, 22)}, "bar/22 6/off"},
		{"the longer first, as given", setUp(map[int]uint8{13: 2}, nil), []Move{mv(13, 5), mv(13, 9)}, "13/5 13/9"},
		{"a chain joins the first", setUp(map[int]uint8{13: 2, 9: 1}, nil), []Move{mv(13, 9), mv(9, 5), mv(13, 9)}, "13/5 13/9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := FormatPlay(tc.board, tc.moves); got != tc.want {
				t.Fatalf("FormatPlay(%v) = %q, want %q", tc.moves, got, tc.want)
			}
		})
	}
}

func TestFormatMat(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board Board
		moves []Move
		want  string
	}{
		{"dance", StartingBoard, nil, ""},
		{"as played", StartingBoard, []Move{mv(24, 18), mv(13, 11)}, "24/18 13/11"},
		{"one checker", setUp(map[int]uint8{Bar: 1}, nil), []Move{mv(25, 24), mv(24, 21)}, "25/24 24/21"},
		{"hit", setUp(map[int]uint8{7: 1, 6: 1}, map[int]uint8{1: 1}), []Move{mv(6, 1), mv(7, 1)}, "6/1* 7/1"},
		{"hit on the way", setUp(map[int]uint8{8: 2, 6: 1}, map[int]uint8{4: 1}), []Move{mv(8, 6), mv(6, 4), mv(6, 4)}, "8/6 6/4* 6/4"},
		{"double", setUp(map[int]uint8{13: 2, 8: 2}, map[int]uint8{5: 1}), []Move{mv(13, 10), mv(13, 10), mv(8, 5), mv(8, 5)}, "13/10 13/10 8/5* 8/5"},
		{"bear off", setUp(map[int]uint8{2: 2}, nil), []Move{mv(2, 0), mv(2, 0)}, "2/0 2/0"},
		{"enter", setUp(map[int]uint8{Bar: 2}, map[int]uint8{21: 1}), []Move{mv(25, 21), mv(25, 22)}, "25/21* 25/22"},
		{"not sorted", setUp(map[int]uint8{7: 1, 22: 1}, map[int]uint8{19: 1}), []Move{mv(7, 3), mv(22, 19)}, "7/3 22/19*"},
		{"one move, two dice", StartingBoard, []Move{mv(24, 16)}, "24/16"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := FormatMat(tc.board, tc.moves); got != tc.want {
				t.Fatalf("FormatMat(%v) = %q, want %q", tc.moves, got, tc.want)
			}
		})
	}
}

// FuzzParseMoves checks ParseMoves never panics, keeps its promises, and
// that FormatMat and FormatPlay write what reads back to the same moves.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"24/18 13/11", "bar/22*", "6/off", "13/7(2)", "24/20*/16", "8/6*/2* 4/2",
		"24/23* 6/5*(2)", "bar/20* 23/18*/13 7/2", "B/22, 6/O", "13/x", "(2)", "24/18(", "25/0"} {
		f.Add(s)
	}
	blots := setUp(map[int]uint8{Bar: 1, 24: 1, 13: 4, 8: 3, 6: 4, 4: 2},
		map[int]uint8{Bar: 1, 22: 1, 20: 1, 18: 2, 16: 1, 12: 5, 5: 1, 2: 1, 1: 2})
	boards := []Board{StartingBoard, blots}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err != nil {
			if !errors.Is(err, ErrNotation) {
				t.Fatalf("ParseMoves(%q) error %v is not ErrNotation", s, err)
			}
			return
		}
		pips := 0
		for _, m := range moves {
			if m.From <= m.To || m.From > Bar || m.To < Off || m.To == Bar {
				t.Fatalf("ParseMoves(%q) gave the move %v", s, m)
			}
			pips += int(m.From - m.To)
		}
		if len(moves) > MaxMoves || pips > maxPips {
			t.Fatalf("ParseMoves(%q) gave %d moves, %d pips", s, len(moves), pips)
		}
		for _, b := range boards {
			mat := FormatMat(b, moves)
			back, err := ParseMoves(mat)
			if err != nil || !slices.EqualFunc(back, moves, sameMove) {
				t.Fatalf("ParseMoves(%q) = %v; FormatMat wrote %q, which reads %v, %v", s, moves, mat, back, err)
			}
			played := FormatPlay(b, moves)
			back, err = ParseMoves(played)
			if err != nil || travel(back) != travel(moves) {
				t.Fatalf("ParseMoves(%q) = %v; FormatPlay wrote %q, which reads %v, %v", s, moves, played, back, err)
			}
			b.Apply(moves) // must not panic; it may fail
		}
	})
}

// sameMove compares moves but for Hit, which the writers take from the
// board.
func sameMove(a, b Move) bool { return a.From == b.From && a.To == b.To }

// travel is what a play does to the mover's checkers: how many leave each
// point and how many arrive.
func travel(moves []Move) (net [26]int) {
	for _, m := range moves {
		net[m.From]--
		net[m.To]++
	}
	return net
}

func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"63", "6-3", "6 3", "6/3", "", "7", "633"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDice(s)
		if err != nil {
			if !errors.Is(err, ErrDice) {
				t.Fatalf("ParseDice(%q) error %v is not ErrDice", s, err)
			}
			return
		}
		if !d.Valid() {
			t.Fatalf("ParseDice(%q) = %v, not dice", s, d)
		}
		if again, err := ParseDice(d.String()); err != nil || again != d {
			t.Fatalf("ParseDice(%q) = %v, but ParseDice(%q) = %v, %v", s, d, d.String(), again, err)
		}
	})
}

// TestErrorsQuoteLittle: an error quotes at most the start of a long
// input, not a whole 60 KB line.
func TestErrorsQuoteLittle(t *testing.T) {
	long := "8/5 6/5 " + strings.Repeat("x", 60000)
	if _, err := ParseMoves(long); err == nil || len(err.Error()) > 200 {
		t.Errorf("ParseMoves of a 60 KB line: a %d-byte error", len(err.Error()))
	}
	if _, err := ParseDice("63" + strings.Repeat("9", 60000)); err == nil || len(err.Error()) > 200 {
		t.Errorf("ParseDice of a 60 KB line: a %d-byte error", len(err.Error()))
	}
}
