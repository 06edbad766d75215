package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// XGID is a position as eXtreme Gammon's XGID tells it, for example
// "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10": the checkers, the
// cube, whose turn, the dice, the score and the rules, ten fields.
//
// The sides are those gnubg gives an XGID it reads (set.c, SetXGID): XG's
// bottom player (upper-case checkers, turn 1, the first score) is Black,
// gnubg's player 1; the top player (lower case, turn -1) is White.
type XGID struct {
	// Board is the position with Turn's side on roll: Board[Mover] are
	// Turn's checkers.
	Board Board
	// Turn is the side on roll; with a cube turned, the side that turned
	// it, whose opponent answers.
	Turn      Side
	Cube      int // the cube's value; with a cube turned, its value before
	CubeOwner CubeOwner
	Dice      Dice // the roll to play; zero when not rolled
	// CubeAction is the dice field when the cube was just turned instead
	// of a roll: 'D' doubled, 'B' beavered, 'R' raccooned; 0 otherwise.
	CubeAction  byte
	Score       [2]int // points won, by Side
	Crawford    bool   // match play: this game is the Crawford game
	Jacoby      bool   // money play: gammons count only once the cube is turned
	Beaver      bool   // money play: beavers allowed
	MatchLength int    // points to win; 0 for money play
	MaxCube     int    // the highest cube value allowed
}

// ErrXGID is wrapped by every error of ParseXGID.
var ErrXGID = errors.New("bad XGID")

// ParseXGID reads an XGID, with or without its "XGID=" prefix.
func ParseXGID(s string) (XGID, error) {
	x, err := parseXGID(strings.TrimPrefix(strings.TrimSpace(s), "XGID="))
	if err != nil {
		return XGID{}, fmt.Errorf("%w %q: %w", ErrXGID, s, err)
	}
	return x, nil
}

func parseXGID(s string) (XGID, error) {
	f := strings.Split(s, ":")
	if len(f) != 10 {
		return XGID{}, fmt.Errorf("%d fields, want 10", len(f))
	}
	var x XGID
	n := xgNumbers{fields: f}
	cube := n.read(1, "cube", 0, 15)
	owner := n.read(2, "cube position", -1, 1)
	turn := n.read(3, "turn", -1, 1)
	x.Score[Black] = n.read(5, "first score", 0, maxXGNumber)
	x.Score[White] = n.read(6, "second score", 0, maxXGNumber)
	rules := n.read(7, "Crawford/Jacoby", 0, 3)
	x.MatchLength = n.read(8, "match length", 0, maxXGNumber)
	maxCube := n.read(9, "max cube", 0, 15)
	if n.err != nil {
		return XGID{}, n.err
	}
	if turn == 0 {
		return XGID{}, errors.New("turn 0 is not 1 or -1")
	}
	x.Turn = xgSide(turn)
	x.Cube, x.MaxCube = 1<<cube, 1<<maxCube
	if owner != 0 {
		x.CubeOwner = cubeOwnedBy(xgSide(owner))
	}
	if err := x.setRules(rules); err != nil {
		return XGID{}, err
	}
	if err := x.setDice(f[4]); err != nil {
		return XGID{}, err
	}
	board, err := parseXGPosition(f[0], x.Turn)
	x.Board = board
	return x, err
}

// maxXGNumber bounds scores and match lengths: gnubg's match ID holds 15
// bits of each.
const maxXGNumber = 1<<15 - 1

// xgNumbers reads the numeric fields of an XGID, keeping the first error.
type xgNumbers struct {
	fields []string
	err    error
}

// read returns field i, a number lo..hi, or 0 and keeps the error.
func (n *xgNumbers) read(i int, name string, lo, hi int) int {
	v, err := strconv.Atoi(n.fields[i])
	if n.err == nil && (err != nil || v < lo || v > hi) {
		n.err = fmt.Errorf("%s %q is not %d to %d", name, n.fields[i], lo, hi)
	}
	if n.err != nil {
		return 0
	}
	return v
}

// xgSide is the Side of XG's 1 (bottom player) or -1 (top player).
func xgSide(n int) Side {
	if n > 0 {
		return Black
	}
	return White
}

// setRules reads the Crawford/Jacoby field: the Crawford flag in a match,
// Jacoby (1) plus beavers (2) in money play.
func (x *XGID) setRules(rules int) error {
	if x.MatchLength > 0 {
		if rules > 1 {
			return fmt.Errorf("Crawford flag %d in a match", rules)
		}
		x.Crawford = rules == 1
		return nil
	}
	x.Jacoby, x.Beaver = rules&1 != 0, rules&2 != 0
	return nil
}

// setDice reads the dice field: "00" not rolled, "63" a roll, or the
// letter of a cube action.
func (x *XGID) setDice(f string) error {
	switch {
	case f == "D" || f == "B" || f == "R":
		x.CubeAction = f[0]
	case f == "00":
	case len(f) == 2 && f[0] >= '1' && f[0] <= '6' && f[1] >= '1' && f[1] <= '6':
		x.Dice = Dice{int(f[0] - '0'), int(f[1] - '0')}
	default:
		return fmt.Errorf("dice %q are not 00, a roll, D, B or R", f)
	}
	return nil
}

// parseXGPosition reads XG's 26 position characters: White's bar, the
// points 1 to 24 as Black counts them, Black's bar; "-" for none, 'A'..'P'
// for 1 to 16 of Black's checkers, 'a'..'p' White's.
func parseXGPosition(pos string, turn Side) (Board, error) {
	if len(pos) != 26 {
		return Board{}, fmt.Errorf("position %q: %d characters, want 26", pos, len(pos))
	}
	var halves [2]Half // by Side
	for i := range len(pos) {
		c := pos[i]
		switch {
		case c == '-':
		case c >= 'A' && c <= 'P' && i > 0:
			halves[Black][i-1] = c - 'A' + 1 // Black's point i; i = 25 its bar
		case c >= 'a' && c <= 'p' && i < 25:
			halves[White][whiteIndex(i)] = c - 'a' + 1
		default:
			return Board{}, fmt.Errorf("position %q: %q at %d", pos, c, i)
		}
	}
	b := Board{Opponent: halves[turn.Other()], Mover: halves[turn]}
	return b, b.Validate()
}

// String returns the XGID, "XGID=" and ten fields, as XG writes it.
func (x XGID) String() string {
	owner := 0
	switch x.CubeOwner {
	case CubeWhite:
		owner = -1
	case CubeBlack:
		owner = 1
	}
	turn := 1 // any Side but White is Black, as in xgSide
	if x.Turn == White {
		turn = -1
	}
	dice := "00"
	switch {
	case x.CubeAction != 0:
		dice = string(x.CubeAction)
	case x.Dice != Dice{}:
		dice = x.Dice.String()
	}
	rules := boolBit(x.Crawford)
	if x.MatchLength == 0 {
		rules = boolBit(x.Jacoby) | boolBit(x.Beaver)<<1
	}
	return fmt.Sprintf("XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:%d", xgPosition(&x.Board, xgSide(turn)), log2Cube(x.Cube),
		owner, turn, dice, x.Score[Black], x.Score[White], rules, x.MatchLength, log2Cube(x.MaxCube))
}

// xgPosition writes the board, turn's side on roll, as XG's 26 position
// characters.
func xgPosition(b *Board, turn Side) string {
	var halves [2]Half
	halves[turn], halves[turn.Other()] = b[Mover], b[Opponent]
	pos := make([]byte, 26)
	for i := range pos {
		switch {
		case i > 0 && halves[Black][i-1] > 0:
			pos[i] = 'A' + halves[Black][i-1] - 1
		case i < 25 && halves[White][whiteIndex(i)] > 0:
			pos[i] = 'a' + halves[White][whiteIndex(i)] - 1
		default:
			pos[i] = '-'
		}
	}
	return string(pos)
}

// whiteIndex is the Half index of White's checkers shown at XG's position
// character i, 0..24: White's bar at 0, then its point 25-i.
func whiteIndex(i int) int {
	if i == 0 {
		return Bar - 1
	}
	return 24 - i
}

// MatchOpts returns the rules the XGID plays by: in money play Jacoby and
// beavers, raccoons with them (XG marks a raccooned cube 'R'); in both, its
// highest cube as the cube limit, at most MaxCube.
func (x XGID) MatchOpts() MatchOpts {
	opts := MatchOpts{CubeLimit: min(x.MaxCube, MaxCube)}
	if x.MatchLength == 0 {
		opts.Jacoby, opts.Beavers, opts.Raccoons = x.Jacoby, x.Beaver, x.Beaver
	}
	return opts
}
