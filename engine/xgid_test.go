package engine

import (
	"errors"
	"strings"
	"testing"
)

// xgidCases are XGIDs with the position and match IDs gnubg 1.07 gives them
// ("set xgid", then gnubg.positionid() and gnubg.matchid()). The positions
// of the second group are oracle positions, each with either side on roll.
var xgidCases = []struct{ xgid, positionID, matchID string }{
	{"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "4HPwATDgc/ABMA", "cIkKAAAAAAAA"},
	{"XGID=a-B---D-C---dC---c-eb---AB:1:1:1:31:2:4:0:7:10", "sM/BA0CG5+AAaA", "UYnlAEAAEAAE"},
	{"XGID=a-B---D-C---dC---c-eb---AB:0:0:-1:64:3:6:1:7:10", "hufgAGiwz8EDQA", "8AnzADAAMAAE"},
	{"XGID=a-B---D-C---dC---c-eb---AB:1:1:1:D:1:2:0:5:10", "sM/BA0CG5+AAaA", "UQmgACAACAAE"},
	{"XGID=a-B---D-C---dC---c-eb---AB:0:0:-1:00:0:0:1:0:10", "hufgAGiwz8EDQA", "cAkAAAAAAAAA"},
	{"XGID=a-B---D-C---dC---c-eb---AB:3:-1:1:55:0:0:2:0:8", "sM/BA0CG5+AAaA", "Q4kWAAAAAAAE"},
	{"XGID=a-B---D-C---dC---c-eb---AB:2:-1:-1:D:0:0:3:0:10", "hufgAGiwz8EDQA", "UgkAAAAAAAAA"},
	{"XGID=a-B---D-C---dC---c-eb---AB:0:0:1:00:4:4:0:9:10", "sM/BA0CG5+AAaA", "cAkgAUAAIAAE"},

	{"XGID=aBB-aAa-AAa----caB-cbCAbAA:1:-1:1:54:3:1:0:5:10", "xo4OQkIbUYDhUg", "QYmyABAAGAAE"},
	{"XGID=aaBacBC-bAC----Aaa-AaA-bbA:1:1:-1:54:3:1:0:5:10", "xo4OQkIbUYDhUg", "QYmyADAACAAE"},
	{"XGID=a-Aaa-EaB-A-AA-a-c-eaAAAaA:1:-1:1:52:3:1:0:5:10", "oc8JEEXCZ1KASg", "QYmqABAAGAAE"},
	{"XGID=aAaaaAE-C-A-aa-a-bAe-AAa-A:1:1:-1:52:3:1:0:5:10", "oc8JEEXCZ1KASg", "QYmqADAACAAE"},
	{"XGID=-G-------------------bddc-:1:-1:1:31:3:1:0:5:10", "994AAMAfAAAAAA", "QYmlABAAGAAE"},
	{"XGID=-CDDB-------------------g-:1:1:-1:31:3:1:0:5:10", "994AAMAfAAAAAA", "QYmlADAACAAE"},
	{"XGID=-CDDB-------------------e-:1:-1:1:15:3:1:0:5:10", "HwAAwL03AAAAAA", "QYmmABAAGAAE"},
	{"XGID=-E-------------------bddc-:1:1:-1:15:3:1:0:5:10", "HwAAwL03AAAAAA", "QYmmADAACAAE"},
	{"XGID=-CFB---B---------AA-----j-:1:-1:1:35:3:1:0:5:10", "/wMAALjfMAAFAA", "QYmuABAAGAAE"},
	{"XGID=-J-----aa---------b---bfc-:1:1:-1:35:3:1:0:5:10", "/wMAALjfMAAFAA", "QYmuADAACAAE"},
}

// TestXGIDGnubg reads each XGID and compares it with gnubg's IDs of it.
// gnubg puts the side on roll at the bottom (it swaps the players when XG's
// top player is on roll), and its match ID drops a double offered, so the
// match IDs are compared as the side on roll sees them, doubles aside.
func TestXGIDGnubg(t *testing.T) {
	for _, tc := range xgidCases {
		t.Run(tc.xgid, func(t *testing.T) {
			x, err := ParseXGID(tc.xgid)
			if err != nil {
				t.Fatal(err)
			}
			if got := x.String(); got != tc.xgid {
				t.Errorf("String() = %q", got)
			}
			if got := x.Board.PositionID(); got != tc.positionID {
				t.Errorf("position ID %s, gnubg %s", got, tc.positionID)
			}
			k, err := ParseMatchID(tc.matchID)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := fromRoller(x.Turn, x.Cube, x.CubeOwner, x.Score, x.Dice), fromRoller(k.OnRoll, k.Cube, k.CubeOwner, k.Score, k.Dice); got != want {
				t.Errorf("side on roll sees %+v, in gnubg %+v", got, want)
			}
			if x.MatchLength != k.MatchLength || x.Crawford != k.Crawford || x.MatchLength == 0 && x.Jacoby != k.Jacoby {
				t.Errorf("%d-point match, Crawford %v, Jacoby %v; gnubg: %d, %v, %v", x.MatchLength, x.Crawford, x.Jacoby, k.MatchLength, k.Crawford, k.Jacoby)
			}
		})
	}
}

// rollerView is the cube, score and dice as the side on roll sees them.
type rollerView struct {
	cube, cubeOwner      int // cubeOwner: 0 centred, 1 the side on roll, 2 its opponent
	score, opponentScore int
	highDie, lowDie      int
}

func fromRoller(onRoll Side, cube int, owner CubeOwner, score [2]int, d Dice) rollerView {
	v := rollerView{cube: cube, score: score[onRoll], opponentScore: score[onRoll.Other()],
		highDie: max(d[0], d[1]), lowDie: min(d[0], d[1])}
	switch owner {
	case cubeOwnedBy(onRoll):
		v.cubeOwner = 1
	case cubeOwnedBy(onRoll.Other()):
		v.cubeOwner = 2
	}
	return v
}

func TestParseXGID(t *testing.T) {
	got, err := ParseXGID(" -b----E-C---eE---c-e----B-:1:-1:-1:D:2:5:1:7:6 ")
	want := XGID{
		Board: StartingBoard, Turn: White, Cube: 2, CubeOwner: CubeWhite, CubeAction: 'D',
		Score: [2]int{White: 5, Black: 2}, Crawford: true, MatchLength: 7, MaxCube: 64,
	}
	if err != nil || got != want {
		t.Fatalf("ParseXGID = %+v, %v; want %+v", got, err, want)
	}
	got, err = ParseXGID("XGID=aA------------------------:0:0:-1:00:0:0:1:0:10")
	want = XGID{Turn: White, Cube: 1, Jacoby: true, MaxCube: 1024}
	want.Board[Mover][Bar-1], want.Board[Opponent][0] = 1, 1 // White on its bar; Black on its 1 point
	if err != nil || got != want {
		t.Fatalf("ParseXGID = %+v, %v; want %+v", got, err, want)
	}
}

func TestParseXGIDErrors(t *testing.T) {
	const pos = "-b----E-C---eE---c-e----B-"
	for _, tc := range []struct{ name, xgid, want string }{
		{"nine fields", pos + ":0:0:1:52:0:0:3:0", "9 fields"},
		{"eleven fields", pos + ":0:0:1:52:0:0:3:0:10:0", "11 fields"},
		{"short position", pos[1:] + ":0:0:1:52:0:0:3:0:10", "25 characters"},
		{"not a checker", "-b----E-C---eE---c-e---qB-:0:0:1:52:0:0:3:0:10", `'q' at 23`},
		{"Black on White's bar", "Ab----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", `'A' at 0`},
		{"White on Black's bar", "-b----E-C---eE---c-e----Ba:0:0:1:52:0:0:3:0:10", `'a' at 25`},
		{"sixteen checkers", "-b----E-C---eE---c-e----BA:0:0:1:52:0:0:3:0:10", "more than 15"},
		{"cube 2^16", pos + ":16:0:1:52:0:0:3:0:10", `cube "16" is not 0 to 15`},
		{"cube position 2", pos + ":0:2:1:52:0:0:3:0:10", "cube position"},
		{"turn 0", pos + ":0:0:0:52:0:0:3:0:10", "turn 0"},
		{"turn 2", pos + ":0:0:2:52:0:0:3:0:10", `turn "2"`},
		{"die 7", pos + ":0:0:1:72:0:0:3:0:10", `dice "72"`},
		{"one die", pos + ":0:0:1:5:0:0:3:0:10", `dice "5"`},
		{"three dice", pos + ":0:0:1:521:0:0:3:0:10", `dice "521"`},
		{"lower-case d", pos + ":0:0:1:d:0:0:3:0:10", `dice "d"`},
		{"negative score", pos + ":0:0:1:52:-1:0:0:7:10", `first score "-1"`},
		{"score not a number", pos + ":0:0:1:52:0:x:0:7:10", `second score "x"`},
		{"Crawford 2 in a match", pos + ":0:0:1:52:0:0:2:7:10", "Crawford flag 2"},
		{"rules 4 in money", pos + ":0:0:1:52:0:0:4:0:10", `Crawford/Jacoby "4"`},
		{"match length", pos + ":0:0:1:52:0:0:0:-5:10", `match length "-5"`},
		{"max cube", pos + ":0:0:1:52:0:0:3:0:16", `max cube "16"`},
		{"empty", "", "1 fields"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, err := ParseXGID(tc.xgid)
			if !errors.Is(err, ErrXGID) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseXGID(%q) = %+v, %v; want ErrXGID saying %q", tc.xgid, x, err, tc.want)
			}
		})
	}
}

func FuzzParseXGID(f *testing.F) {
	for _, tc := range xgidCases {
		f.Add(tc.xgid)
	}
	f.Add("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseXGID(s)
		if err != nil {
			if !errors.Is(err, ErrXGID) {
				t.Fatalf("ParseXGID(%q) error %v is not ErrXGID", s, err)
			}
			return
		}
		if err := x.Board.Validate(); err != nil {
			t.Fatalf("ParseXGID(%q) gave a board no game reaches: %v", s, err)
		}
		again, err := ParseXGID(x.String())
		if err != nil || again != x {
			t.Fatalf("ParseXGID(%q) = %+v, whose String %q reads %+v, %v", s, x, x.String(), again, err)
		}
	})
}

func TestXGIDStringOfOddSide(t *testing.T) {
	x := XGID{Board: StartingBoard, Turn: Side(7), Cube: 1, MaxCube: 1}
	got, err := ParseXGID(x.String())
	if err != nil || got.Turn != Black {
		t.Fatalf("XGID with turn Side(7) wrote %q, which reads %+v, %v; want Black's turn", x.String(), got, err)
	}
}
