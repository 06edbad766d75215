package engine

import (
	"slices"
	"strconv"
	"strings"
)

// FormatPlay writes a play the way gnubg shows it (FormatMove in gnubg's
// drawboard.c): moves from the highest point first, the moves of one checker
// joined ("24/16"; "24/20*/16" when it hits on the way), '*' once on each
// point hit, "(n)" for n checkers moved alike, "bar" and "off". b is the
// board before the play: hits are read from it, not from Move.Hit.
//
// Moves from one point keep the order given, as the moves alone cannot
// tell gnubg's order: it writes a non-double's shorter move first ("8/5 8/2"
// for 63) and a double's longer first ("8/2 8/5" for 33). So FormatPlay
// gives gnubg's string for the moves ParseMoves reads from it, and for moves
// of one die each (a Play's steps) in any order but with the shorter of two
// moves from one point first.
func FormatPlay(b Board, moves []Move) string {
	checkers := joinCheckers(&b, moves)
	var sb strings.Builder
	var marked uint32 // the points given a '*': each is hit once
	for i, c := range checkers {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(notationPoint(c.path[0]))
		for j, p := range c.path[1:] {
			sb.WriteByte('/')
			sb.WriteString(notationPoint(p))
			last := j == len(c.path)-2
			if !last || blotAt(&b, p) && marked&(1<<p) == 0 {
				sb.WriteByte('*') // every point passed on the way is a hit
				marked |= 1 << p
			}
		}
		if c.count > 1 {
			sb.WriteString("(" + strconv.Itoa(c.count) + ")")
		}
	}
	return sb.String()
}

// checkerPath is the way one checker went in a play, as gnubg writes it:
// where it started, the points it hit on the way, where it stopped; count
// checkers went the same way.
type checkerPath struct {
	path  []int8
	count int
}

// joinCheckers sorts the moves by starting point, highest first, joins the
// moves of one checker and counts the checkers that went alike, as gnubg
// does.
func joinCheckers(b *Board, moves []Move) []checkerPath {
	sorted := slices.Clone(moves)
	slices.SortStableFunc(sorted, func(x, y Move) int { return int(y.From) - int(x.From) })
	var paths []checkerPath
	used := make([]bool, len(sorted))
	for i, m := range sorted {
		if used[i] {
			continue
		}
		path := []int8{m.From, m.To}
		for j := i + 1; j < len(sorted); j++ {
			end := path[len(path)-1]
			if used[j] || sorted[j].From != end {
				continue
			}
			if !blotAt(b, end) {
				path = path[:len(path)-1] // pass over a point unhit: leave it out
			}
			path = append(path, sorted[j].To)
			used[j] = true
		}
		paths = addPath(paths, path)
	}
	return paths
}

// addPath counts path in paths if a checker went the same way before, or
// adds it.
func addPath(paths []checkerPath, path []int8) []checkerPath {
	for i := range paths {
		if slices.Equal(paths[i].path, path) {
			paths[i].count++
			return paths
		}
	}
	return append(paths, checkerPath{path: path, count: 1})
}

// FormatMat writes a play the way gnubg's .mat export does (FormatMovePlain
// in gnubg's drawboard.c): the moves in the order played, one per die as
// given, 25 for the bar and 0 for off, and '*' where a move lands on an
// opponent's checker no earlier move landed on: "25/21* 25/22", "6/1* 7/1",
// "8/6 6/4* 6/4". b is the board before the play. A Move spanning several
// dice stays one ("24/16").
func FormatMat(b Board, moves []Move) string {
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(m.From)) + "/" + strconv.Itoa(int(m.To)))
		if blotAt(&b, m.To) && !slices.ContainsFunc(moves[:i], func(e Move) bool { return e.To == m.To }) {
			sb.WriteByte('*')
		}
	}
	return sb.String()
}

// blotAt reports whether the opponent has a checker on the mover's point p:
// a move ending there hits it.
func blotAt(b *Board, p int8) bool {
	return p >= 1 && p <= 24 && b[Opponent][24-p] > 0
}

// notationPoint is a point as gnubg writes it: a number, "bar" or "off".
func notationPoint(p int8) string {
	switch p {
	case Bar:
		return "bar"
	case Off:
		return "off"
	}
	return strconv.Itoa(int(p))
}
